# Run: python3 tests/cheats/redteam5_pair_sabotage/schedule_sim.py (about 2 minutes, pure Python).
# The incumbent's times are modelled as 1.0 clean, 3.0 sabotaged; the child's as 1.05, or 20 when
# it is slow on purpose. It prints how the 300 simulated (gate, pairs) rounds end: the verdict, the
# look it came at and whether every slot was clean when the sequence ended (it must always be).
# Simulates redteam5_pair_sabotage's state machine against the harness's schedule (sequence_plan,
# time_sequence's check copy/restore, paired_order, stop_after looks at 8/12/15, decide's CI).
import random, math
M=(1<<64)-1
def mix(z):
    z=(z+0x9e3779b97f4a7c15)&M
    z=((z^(z>>30))*0xbf58476d1ce4e5b9)&M
    z=((z^(z>>27))*0x94d049bb133111eb)&M
    return z^(z>>31)
def draw(seed,i): return mix(seed^mix(i&M))
SCR=16384; SEED=0x6a7ba6e5^SCR
G=bytearray(SCR+4096)
for i in range(0,len(G),8): G[i:i+8]=draw(SEED,i//8).to_bytes(8,'little')
def goff(run): return (mix(run)%1024)*4
# decode table: 8 bytes at each multiple of 4 -> offset
tab={}
for o in range(0,4096,4):
    w=int.from_bytes(G[o:o+8],'little'); tab.setdefault(w,o)
KMAX=1<<18
offk={}
def off_of(k): return goff(k)
from math import comb
def ranks(n,alpha):
    cdf=lambda k: sum(comb(n,i) for i in range(k+1))/2**n
    k=-1
    while k+1<n and cdf(k+1)<=alpha/2: k+=1
    if k<0: return 0,n-1
    return k,n-1-k
def decide(r,alpha,g=0.01):
    s=sorted(r); n=len(s)
    if 2.0**-n>alpha/2: return 'amb'
    med=(s[n//2] if n%2 else 0.5*(s[n//2-1]+s[n//2]))
    lo,hi=ranks(n,alpha)
    up=1+g; dn=1/up
    if med>=up and s[lo]>1: return 'faster'
    if med<=dn and s[hi]<1: return 'slower'
    if dn<med<up and s[lo]>=dn*dn and s[hi]<=up*up: return 'same'
    return 'amb'
class B:
    def __init__(s): s.runs=0; s.slotp={}; s.cand=[]; s.pairs=0; s.mut=[]; s.er=0; s.plan=0
    def pre(s,slot,W,mem,fp_now):
        found=tab.get(W)
        run=s.runs
        if found is not None and run<=3:
            if run==0: s.cand=[k for k in range(KMAX) if off_of(k)==found][:1024]
            else:
                new=[];d1=d2=0
                for k in s.cand:
                    if off_of(k+1)==found: new.append(k+1); d1=1
                    elif run==3 and off_of(k+2)==found: new.append(k+2); d2=1
                s.cand=new[:1024]
                if run==3: s.pairs=1 if (d2 and not d1) else 0
        s.runs=run+1; s.slotp[run%3]=slot
        if run<3: s.fps=getattr(s,'fps',{}); s.fps[run]=fp_now
        own = run>=4 and fp_now!=s.fps[run%3]
        if own: s.seen=True
        for (sl,orig,mut,kind,fp) in s.mut:
            if mem[sl]['p1']==mut: mem[sl]['p1']=orig
            elif kind==0: s.er+=1
            elif mem[sl]['p1']==orig and mem[sl]['fp']==fp:
                if sl!=0: s.er+=1
                else: s.pend=getattr(s,'pend',0)+1
        s.mut=[]
        plan=0; j=run-4
        if s.pairs:
            if run==3: plan=2
            if j>=0 and j%2==1 and j<=13:
                plan=2
                if not own and (j!=5 or getattr(s,'seen',False)): plan|=1
                else: s.er+=1
            if j==11 and s.er+(getattr(s,'pend',0) if getattr(s,'seen',False) else 0)<2: plan|=4
        s.plan=plan
    def post(s,slot,mem):
        run=s.runs-1
        for t,sl in ((0,slot),(1,(run+1)%3)):
            if not (s.plan>>t)&1: continue
            orig=mem[sl]['p1']; mem[sl]['p1']=orig+2048
            s.mut.append((sl,orig,orig+2048,t,mem[sl]['fp']))
        return bool(s.plan&4)
def sequence(mode,pairs,runs0,rng):
    # sets: slot content p1 (ptr[1]) and fp; set 0's fresh copy has set 0's values
    base=[{'p1':rng.randint(10,22),'fp':rng.getrandbits(60)} for _ in range(3)]
    mem=[dict(b) for b in base]
    b=B(); runs=[runs0]
    def prep():
        o=goff(runs[0]); runs[0]+=1
        return int.from_bytes(G[o:o+8],'little')
    if mode=='gate':
        order=[1]*6; nr=1
    else:
        order=[]
        for i in range(pairs): order+= [0,1] if i%2==0 else [1,0]
        nr=2
    sched=[]; cnt=[0]*2; smp=[0]*2
    def nxt(r,timed):
        sl=cnt[r]%3; cnt[r]+=1; s=-1
        if timed: s=smp[r]; smp[r]+=1
        sched.append((r,sl,s))
    rs=[0,1] if nr==2 else [1]
    for r in rs:
        for i in range(3): nxt(r,False)
    for r in rs: nxt(r,False)
    for r in order: nxt(r,True)
    chk={1:rng.randrange(8)} if mode=='gate' else {0:rng.randrange(8),1:rng.randrange(8)}
    ratios=[]; inc=[]; cand=[]
    looks=[8,12,15]
    for (r,sl,s) in sched:
        check = s>=0 and chk.get(r)==s
        if check: mem[sl]={'p1':base[0]['p1'],'fp':base[0]['fp']}  # fresh = set 0's ptr
        W=prep()
        if r==1:
            b.pre(sl,W,mem,mem[sl]['fp']); slow=b.post(sl,mem)
            if s>=0: cand.append(20.0 if slow else 1.05)
        else:
            if s>=0: inc.append(1.0 if mem[sl]['p1']==base[sl]['p1'] or (check) else 3.0)
        if check:
            if mem[sl]!={'p1':base[0]['p1'],'fp':base[0]['fp']}: return ('input_mutated',s,False)
            mem[sl]=dict(base[sl])
        if mode!='gate' and s>=0 and len(inc)==len(cand):
            n=len(inc)
            if n in looks:
                d=decide([a/c for a,c in zip(inc,cand)],0.05/3)
                if d!='amb' or n==15:
                    clean = all(mem[i]==base[i] for i in range(3))
                    return d,n,clean
    clean = all(mem[i]==base[i] for i in range(3))
    return ('gate',6,clean)
rng=random.Random(5)
from collections import Counter
c=Counter()
for t in range(300):
    r0=rng.randrange(0,2000)
    g=sequence('gate',0,r0,rng); assert g[2], g
    d,n,clean=sequence('pairs',15,r0+rng.randrange(50,500),rng)
    c[(d,n,clean)]+=1
print(c)
