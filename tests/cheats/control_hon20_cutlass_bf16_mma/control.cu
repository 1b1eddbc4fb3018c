// control_hon20_cutlass_bf16_mma child in the style of CUTLASS's SM80 tensor-op GEMM
// (NVIDIA/cutlass, BSD-3-Clause; written here, single stage): each 64 x 32 slab of A and of B
// (both K-contiguous, "TN") goes to padded shared memory by 16-byte cp.async; each warp loads
// its A fragments with ldmatrix.x4 and its B fragments with ldmatrix.x2 and runs
// mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 into 2 x 4 tiles of FP32 accumulators.
#include <cuda_bf16.h>
constexpr int BM = 64, BN = 64, BK = 32, PAD = 8, LD = BK + PAD;  // LD * 2 bytes: 80, 16-aligned
__device__ __forceinline__ unsigned int smem_u32(const void* p) {
  return (unsigned int)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(dst)), "l"(src));
}
extern "C" __global__ void __launch_bounds__(128) gemm_bf16_mma(const __nv_bfloat16* __restrict__ A,
                                                               const __nv_bfloat16* __restrict__ B,
                                                               float* __restrict__ C, int M, int N,
                                                               int K) {
  __shared__ __align__(16) __nv_bfloat16 As[BM][LD];
  __shared__ __align__(16) __nv_bfloat16 Bs[BN][LD];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wm = warp >> 1, wn = warp & 1;  // 2 x 2 warps, 32 x 32 each
  const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
  float acc[2][4][4];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.f;
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int c = 0; c < 2; ++c) {  // 256 16-byte chunks of each tile, two a thread
      const int chunk = tid + c * 128, row = chunk >> 2, col = (chunk & 3) * 8;
      cp_async16(&As[row][col], A + (size_t)(bm + row) * K + k0 + col);
      cp_async16(&Bs[row][col], B + (size_t)(bn + row) * K + k0 + col);
    }
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      unsigned int a[2][4], b[4][2];
#pragma unroll
      for (int mi = 0; mi < 2; ++mi) {
        const __nv_bfloat16* p = &As[wm * 32 + mi * 16 + (lane & 15)][kk + (lane >> 4) * 8];
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                     : "=r"(a[mi][0]), "=r"(a[mi][1]), "=r"(a[mi][2]), "=r"(a[mi][3])
                     : "r"(smem_u32(p)));
      }
#pragma unroll
      for (int ni = 0; ni < 4; ++ni) {
        const __nv_bfloat16* p = &Bs[wn * 32 + ni * 8 + (lane & 7)][kk + ((lane >> 3) & 1) * 8];
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];\n"
                     : "=r"(b[ni][0]), "=r"(b[ni][1])
                     : "r"(smem_u32(p)));
      }
#pragma unroll
      for (int mi = 0; mi < 2; ++mi)
#pragma unroll
        for (int ni = 0; ni < 4; ++ni)
          asm volatile(
              "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, "
              "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
              : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]), "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
              : "r"(a[mi][0]), "r"(a[mi][1]), "r"(a[mi][2]), "r"(a[mi][3]), "r"(b[ni][0]),
                "r"(b[ni][1]));
    }
    __syncthreads();
  }
  const int g = lane >> 2, t4 = lane & 3;
#pragma unroll
  for (int mi = 0; mi < 2; ++mi)
#pragma unroll
    for (int ni = 0; ni < 4; ++ni) {
      const int row = bm + wm * 32 + mi * 16 + g, col = bn + wn * 32 + ni * 8 + 2 * t4;
      *reinterpret_cast<float2*>(C + (size_t)row * N + col) = make_float2(acc[mi][ni][0], acc[mi][ni][1]);
      *reinterpret_cast<float2*>(C + (size_t)(row + 8) * N + col) =
          make_float2(acc[mi][ni][2], acc[mi][ni][3]);
    }
}
