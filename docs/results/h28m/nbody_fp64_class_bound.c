// The honest error of cs_nbody_fp64's reference loop against the measured fp64 class bound
// (docs/reliability.md, "A declared class is measured"): the sequential FP64 sum of the
// reference (tests/corpus/cs_nbody_fp64/reference.cu) against the same sum in long double, for
// the first 1,024 of 16,384 bodies at positions uniform in [0.1, 1). Run:
//   gcc -O2 -o /tmp/nbody nbody_fp64_class_bound.c -lm && /tmp/nbody
// Output on the 2-core box (2026-12-04): max err 1.78e-10, min |a| 5.85,
// worst err/(1e-8 + 2^-32 |a|) = 8.82e-05
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
static uint64_t s=12345; static double u(){ s=s*6364136223846793005ULL+1442695040888963407ULL; return (s>>11)*(1.0/9007199254740992.0);}
int main(){ int n=16384, ni=1024; double*p=malloc(sizeof(double)*4*n);
 for(int i=0;i<4*n;i++) p[i]=0.1+0.9*u();
 double c=ldexp(1,-32), worst=0, maxerr=0, mina=1e30;
 for(int i=0;i<ni;i++){ double a[3]={0,0,0}; long double al[3]={0,0,0};
  for(int j=0;j<n;j++){ double r[3]; long double rl[3]; for(int k=0;k<3;k++){r[k]=p[4*j+k]-p[4*i+k]; rl[k]=(long double)p[4*j+k]-p[4*i+k];}
   double d2=r[0]*r[0]+r[1]*r[1]+r[2]*r[2]+0.01, inv=1.0/sqrt(d2), sc=p[4*j+3]*inv*inv*inv;
   long double d2l=rl[0]*rl[0]+rl[1]*rl[1]+rl[2]*rl[2]+0.01L, invl=1.0L/sqrtl(d2l), sl=p[4*j+3]*invl*invl*invl;
   for(int k=0;k<3;k++){a[k]+=r[k]*sc; al[k]+=rl[k]*sl;} }
  for(int k=0;k<3;k++){ double e=fabs(a[k]-(double)al[k]); double b=1e-8+c*fabs((double)al[k]); if(e/b>worst)worst=e/b; if(e>maxerr)maxerr=e; if(fabs(a[k])<mina)mina=fabs(a[k]);} }
 printf("max err %.3g, min |a| %.3g, worst err/(1e-8 + 2^-32 |a|) = %.3g\n",maxerr,mina,worst); }
