// control_redteam11_f16x2_red_declared child (honest, faster): redteam11_f16x2_red_scatter's
// kernel, the scatter-add accumulated in an FP16 scratch with red.global.add.noftz.f16x2 and
// widened at the end, declaring precision fp16 under an fp16 tolerance class: the same code,
// honest about what it computes in. The fix of that cheat (red/atom/multimem/cp.reduce adds in a
// half format counted as half arithmetic, generators/ptx_precision.cpp) must keep it, and so
// must the floor (an FP16 buffer already holds it to the FP16 rates).
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
