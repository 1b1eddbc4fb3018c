// The block with regtile_rt's best attention (attn_flash_rt.cuh at TM = 8, one block an SM,
// heavy and light query tiles paired) and the six projections on the kernel library's
// warp-tiled cp.async GEMM (kernels/gemm/warptile_gemm.cuh, the sgemm_2048 pool's best design):
// block tile BM x BN, K step BK and pipeline depth STAGES are this variant's knobs, the warp
// tile is 32 x 64 (64 accumulators a lane), A copied 4 bytes at a time into a transposed tile.
// The library GEMM writes C = A.B only, so the two residual adds (y1 = x + o.Wo, out = y1 +
// a.Wd) are a float4 pass of their own (add_residual) after the projection.
#define CAUSAL 1
#define TM 8
#define MINB 1
#define PREFETCH 0
#define BALANCE 1
#include <attn_flash_rt.cuh>
#undef MINB
#define RMSNORM_WARP 1
#include <block_ops.cuh>

#define WM 32
#define WN 64
#define VEC 1
// Two 256-thread blocks an SM (at most 128 registers a lane) for the 128 x 128 tile; the
// 128-thread tiles fit four blocks an SM without a cap.
#define MINB ((BM / WM) * (BN / WN) == 8 ? 2 : 1)
#define GEMM_ENTRY gemm_wt
#include <warptile_gemm.cuh>

// C += R over rows x cols floats (rows * cols % 4 == 0, both 16-byte aligned), four a thread.
extern "C" __global__ void add_residual(float* __restrict__ C, const float* __restrict__ R,
                                        int rows, int cols) {
  const long long i = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i >= (long long)rows * cols) return;
  float4 c = *reinterpret_cast<const float4*>(C + i);
  const float4 r = *reinterpret_cast<const float4*>(R + i);
  c.x += r.x, c.y += r.y, c.z += r.z, c.w += r.w;
  *reinterpret_cast<float4*>(C + i) = c;
}
