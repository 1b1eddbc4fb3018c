// The CUDA names the worker's own kernel sources use (derive_source, compare_source,
// share_source), defined for host C++, so an emulation test can compile a source's kernels as
// functions and run them as a grid of one-thread blocks: each block's atomics merge into the
// sums in turn, as the device's would in some order. Included INSIDE the test's own namespace
// (emulated), after <cmath> and <cstring>, immediately before the source's .inc file;
// cuda_emulation_end.h after it undoes the macros. No include guard: one use per test.
struct Dim {
  unsigned x = 0;
};
inline Dim blockIdx, threadIdx, gridDim{1}, blockDim{1};
#define __device__
#define __global__
#define __shared__ static
#define __forceinline__ inline
inline void __syncthreads() {}
inline unsigned __float_as_uint(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float __uint_as_float(unsigned u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double __longlong_as_double(long long x) {
  double d;
  std::memcpy(&d, &x, 8);
  return d;
}
inline long long __double_as_longlong(double d) {
  long long x;
  std::memcpy(&x, &d, 8);
  return x;
}
inline float __double2float_rn(double d) { return float(d); }
inline double __dmul_rn(double a, double b) {
  volatile double t = a * b;  // never fused with an add, as on the device (-fmad=false)
  return t;
}
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) {
  unsigned long long old = *p;
  *p += v;
  return old;
}
inline unsigned long long atomicMin(unsigned long long* p, unsigned long long v) {
  unsigned long long old = *p;
  if (v < old) *p = v;
  return old;
}
inline unsigned long long atomicMax(unsigned long long* p, unsigned long long v) {
  unsigned long long old = *p;
  if (v > old) *p = v;
  return old;
}
using std::fabs;
using std::frexp;
using std::ldexp;
using std::fmax;
using std::isfinite;
using std::isinf;
using std::ldexp;
using std::sqrt;
