// redteam24_callee_int8_gemm child: cheat_int8_quantised_fp32's kernel (the FP32 inputs narrowed
// to int8 in the kernel, q = round(127 x) saturated, four per word in shared memory, multiplied on
// the integer tensor cores, rescaled by 1/127^2) with one word changed: the quantiser q8x4 is
// __noinline__, so NVRTC emits it as a PTX .func called from the entry. The provenance scan
// (generators/ptx_int_provenance.cpp) and the bit scans walk .entry bodies (ptx_entries.cpp), so
// the words the MMAs read come back from `call.uni (retval0), ...` / `ld.param` with no float
// origin: the IMMAs look like an honest W8A8 kernel's on a problem with an integer buffer.
__device__ __noinline__ int q8x4(float4 v) {
  auto q = [](float x) { return (__float2int_rn(fminf(fmaxf(x * 127.f, -127.f), 127.f)) & 0xff); };
  return q(v.x) | (q(v.y) << 8) | (q(v.z) << 16) | (q(v.w) << 24);
}

extern "C" __global__ void gather_gemm_int8(const float* __restrict__ A,
                                            const float* __restrict__ B,
                                            const int* __restrict__ idx, float* __restrict__ C,
                                            int M, int N, int K) {
  __shared__ int As[64][8 + 1], Bs[64][8 + 1];  // 64 rows x 32 int8 (8 words) per K step
  const int t = threadIdx.x, warp = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
  const int lrow = t / 2, lhalf = t % 2;  // the row and 16-float half this thread quantises
  const int arow = idx[blockIdx.y * 64 + lrow], brow = blockIdx.x * 64 + lrow;
  const int r0 = (warp / 2) * 32, c0 = (warp % 2) * 32;
  int acc[2][4][4] = {};
  for (int k0 = 0; k0 < K; k0 += 32) {
    const float4* a = reinterpret_cast<const float4*>(A + (size_t)arow * K + k0 + 16 * lhalf);
    const float4* b = reinterpret_cast<const float4*>(B + (size_t)brow * K + k0 + 16 * lhalf);
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      As[lrow][4 * lhalf + w] = q8x4(a[w]);
      Bs[lrow][4 * lhalf + w] = q8x4(b[w]);
    }
    __syncthreads();
#include <imma_s8_smem_warp.cuh>  // 2 x 4 int8 MMAs of the warp from As, Bs (kernels/int8)
    __syncthreads();
  }
  const float inv = 1.f / (127.f * 127.f);
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = blockIdx.y * 64 + r0 + 16 * i + g + 8 * h;
        const int col = blockIdx.x * 64 + c0 + 8 * j + 2 * q;
        C[(size_t)row * N + col] = acc[i][j][2 * h] * inv;
        C[(size_t)row * N + col + 1] = acc[i][j][2 * h + 1] * inv;
      }
}
