// Red team 11's FP16 scatter-add: the child of tests/cheats/redteam11_f16x2_red_scatter (a cheat:
// declared fp32) and of control_redteam11_f16x2_red_declared (honest: the same code declared
// fp16 under an fp16 tolerance class, which the fix of that cheat and the floor must keep).
// Launch 1 zeroes an FP16 scratch accumulator; launch 2 adds two neighbouring FP16 values of a
// row at once with one packed half-precision reduction, `red.global.add.noftz.f16x2`, straight
// from the 32-bit word it loaded (no conversion: the inputs are FP16 already); launch 3 widens
// the accumulator into the FP32 output (`cvt.f32.f16`). Every sum is rounded to 11 bits at every
// one of its ~16 additions, at half the atomics of the seed.
//
// Under a declared fp32 this was the hole: generators/ptx_precision.cpp (classify) counted FP16
// arithmetic only for the opcodes of kArith (add sub mul fma mad div rcp sqrt rsqrt ex2 tanh),
// and `red` and `atom` are none of them, so `red.global.add.noftz.f16x2` was not read as FP16
// arithmetic (the cheat's README.md and expect say how it is refused now).
#include <cuda_fp16.h>

extern "C" __global__ void zero_acc(unsigned* acc, int R, int D) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < R * D / 2) acc[t] = 0u;  // +0.0 in both halves
}

extern "C" __global__ void scatter_f16x2(const unsigned* src, const int* idx, unsigned* acc,
                                         int E, int D, int R) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;  // a word: two values
  const int D2 = D / 2;
  if (t >= (long long)E * D2) return;
  const int i = (int)(t / D2), w = (int)(t % D2);
  const unsigned v = src[t];
  unsigned* dst = acc + (size_t)idx[i] * D2 + w;
  asm volatile("red.global.add.noftz.f16x2 [%0], %1;" ::"l"(dst), "r"(v) : "memory");
}

extern "C" __global__ void widen(const __half* acc, float* out, int R, int D) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < R * D) out[t] = __half2float(acc[t]);
}
