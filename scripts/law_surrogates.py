#!/usr/bin/env python3
# Helper h29l (issue 28, red team 27's redteam27_law_taylor_sum): where per-element polynomial
# surrogates of f(x) = log B(x + 4, x + 2) over the law uniform [0.5, 1.5) are wrong. For least-
# squares fits (Legendre projection over the law, midpoint rule) and Taylor expansions about 1:
# the worst element's error in units of rtol |E f| (the error, in tolerances, of a sum whose every
# value sits at the residual's peak: n cancels), the bias on the law in tolerances, and the error
# per 1% of the values moved into the outer W of the support at one end. Pure Python (math.lgamma);
# ~1 min. docs/reliability.md "Red team 27's law model". Usage: scripts/law_surrogates.py
import math
def f(x): return math.lgamma(x+4)+math.lgamma(x+2)-math.lgamma(2*x+6)
def leg(j,t):
    p0,p1=1.0,t
    if j==0: return p0
    for k in range(1,j):
        p0,p1=p1,((2*k+1)*t*p1-k*p0)/(k+1)
    return p1
N=20000
ts=[-1+(i+0.5)*2/N for i in range(N)]   # midpoint rule on t in [-1,1], x = 1 + t/2
fx=[f(1+t/2) for t in ts]
Ef=sum(fx)/N
rtol=6e-7
print("E f = %.6f" % Ef)
def slab_avg(r, w, top):
    # average of r over the outer w (in u) at one end
    k=int(round(w*N)); sel = r[N-k:] if top else r[:k]
    return sum(sel)/len(sel)
for deg in range(1,10):
    cs=[(2*j+1)/2*sum(fx[i]*leg(j,ts[i]) for i in range(N))*2/N for j in range(deg+1)]
    r=[fx[i]-sum(cs[j]*leg(j,ts[i]) for j in range(deg+1)) for i in range(N)]
    mx=max(abs(v) for v in r)
    line="LS deg %d: max|r| %.3g (%.1f rtol rel)" % (deg, mx, mx/abs(Ef)/rtol)
    for w in (1/64,1/32,1/16):
        a=max(abs(slab_avg(r,w,1)),abs(slab_avg(r,w,0)))
        line+="  w=1/%d: slab|r| %.3g -> tol per 1%% mass %.2f" % (round(1/w), a, 0.01*a/(rtol*abs(Ef)))
    print(line)
# Taylor about x=1 (t=0), derivatives by finite differences in x
h=1e-3
def deriv(k, x0=1.0):
    # central differences via mpmath-free Richardson: use small polynomial fit
    import itertools
    pts=[x0+(i-6)*0.02 for i in range(13)]
    # fit degree 12 polynomial through points by Newton divided differences -> derivatives at x0
    vals=[f(p) for p in pts]
    # solve Vandermonde in (p-x0)
    n=len(pts); A=[[ (pts[i]-x0)**j for j in range(n)] for i in range(n)]; b=vals[:]
    for c in range(n):
        piv=max(range(c,n),key=lambda r_:abs(A[r_][c])); A[c],A[piv]=A[piv],A[c]; b[c],b[piv]=b[piv],b[c]
        for r_ in range(c+1,n):
            fac=A[r_][c]/A[c][c]
            for cc in range(c,n): A[r_][cc]-=fac*A[c][cc]
            b[r_]-=fac*b[c]
    co=[0]*n
    for c in range(n-1,-1,-1):
        co[c]=(b[c]-sum(A[c][cc]*co[cc] for cc in range(c+1,n)))/A[c][c]
    return co
co=deriv(0)
for deg in range(1,8):
    r=[fx[i]-sum(co[j]*(ts[i]/2)**j for j in range(deg+1)) for i in range(N)]
    mx=max(abs(v) for v in r); bias=sum(r)/N
    a=max(abs(slab_avg(r,1/32,1)-0),abs(slab_avg(r,1/32,0)))
    print("Taylor deg %d: max|r| %.3g (%.1f rtol) law bias %.3g -> %.2f tol on the law; slab1/32 |r| %.3g" % (deg,mx,mx/abs(Ef)/rtol,bias,abs(bias)/(rtol*abs(Ef)),a))
