// redteam24_callee_int8_gemm child: cheat_int8_quantised_fp32's kernel (the FP32 inputs narrowed
// to int8 in the kernel, four per word in shared memory, multiplied on the integer tensor cores)
// with two changes: the quantiser q8x4 is __noinline__, so NVRTC emits it as a PTX .func called
// from the entry, and each row of A[idx] and of B has its own scale (127 / its largest |value|,
// found in a first pass over the row; the epilogue multiplies by both rows' amax / 127), so the
// relative error does not depend on the data's scale: the exponent sets, the heavy-tailed sets
// and the timed redraws see the regular sets' error. The provenance scan
// (generators/ptx_int_provenance.cpp) and the bit scans walk .entry bodies only
// (generators/ptx_entries.cpp): the words the MMAs read come back from `ld.param` of the call's
// retval0 with no float origin, so the IMMAs look like an honest W8A8 kernel's on a problem with
// an integer buffer.
__device__ __noinline__ int q8x4(float4 v, float s) {
  auto q = [s](float x) { return (__float2int_rn(fminf(fmaxf(x * s, -127.f), 127.f)) & 0xff); };
  return q(v.x) | (q(v.y) << 8) | (q(v.z) << 16) | (q(v.w) << 24);
}
// The largest |value| of a row's half (K / 2 floats from p), both halves' by the partner lane.
__device__ __forceinline__ float row_amax(const float* __restrict__ p, int half_k) {
  float m = 0.f;
  for (int k = 0; k < half_k; k += 4) {
    const float4 v = *reinterpret_cast<const float4*>(p + k);
    m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  return fmaxf(m, __shfl_xor_sync(0xffffffffu, m, 1));
}

extern "C" __global__ void gather_gemm_int8(const float* __restrict__ A,
                                            const float* __restrict__ B,
                                            const int* __restrict__ idx, float* __restrict__ C,
                                            int M, int N, int K) {
  __shared__ int As[64][8 + 1], Bs[64][8 + 1];  // 64 rows x 32 int8 (8 words) per K step
  __shared__ float ua[64], ub[64];              // each row's amax / 127
  const int t = threadIdx.x, warp = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
  const int lrow = t / 2, lhalf = t % 2;  // the row and 16-float half this thread quantises
  const int arow = idx[blockIdx.y * 64 + lrow], brow = blockIdx.x * 64 + lrow;
  const int r0 = (warp / 2) * 32, c0 = (warp % 2) * 32;
  const float ma = row_amax(A + (size_t)arow * K + lhalf * (K / 2), K / 2);
  const float mb = row_amax(B + (size_t)brow * K + lhalf * (K / 2), K / 2);
  const float sa = ma > 0.f ? 127.f / ma : 0.f, sb = mb > 0.f ? 127.f / mb : 0.f;
  if (lhalf == 0) ua[lrow] = ma / 127.f, ub[lrow] = mb / 127.f;
  int acc[2][4][4] = {};
  for (int k0 = 0; k0 < K; k0 += 32) {
    const float4* a = reinterpret_cast<const float4*>(A + (size_t)arow * K + k0 + 16 * lhalf);
    const float4* b = reinterpret_cast<const float4*>(B + (size_t)brow * K + k0 + 16 * lhalf);
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      As[lrow][4 * lhalf + w] = q8x4(a[w], sa);
      Bs[lrow][4 * lhalf + w] = q8x4(b[w], sb);
    }
    __syncthreads();
#include <imma_s8_smem_warp.cuh>  // 2 x 4 int8 MMAs of the warp from As, Bs (kernels/int8)
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int lr = r0 + 16 * i + g + 8 * h, lc = c0 + 8 * j + 2 * q;
        const size_t at = (size_t)(blockIdx.y * 64 + lr) * N + blockIdx.x * 64 + lc;
        C[at] = acc[i][j][2 * h] * (ua[lr] * ub[lc]);
        C[at + 1] = acc[i][j][2 * h + 1] * (ua[lr] * ub[lc + 1]);
      }
}
