// corpus_fresh23: hecb_expdist_bhattacharyya -- HeCBench (zjin-lcf/HeCBench), src/expdist-cuda:
// the distance kernel (distance_tiled<float, 2>), the cross term of the Bhattacharyya cost
// between two 2-D point sets with per-point uncertainties, as used to register localisation
// microscopy particles: every pair (i, j) adds exp(-|a_i - b_j|^2 / (s_i + t_j)). A 2-D grid of
// 32 x 8 blocks, each thread a 4 x 4 tile of pairs from shared-memory copies of the points; each
// thread's partial sum goes into one shared float with atomicAdd, and thread (0, 0) writes the
// block's sum.
// Rewritten for the problem format (see README.md): the template fixed at T = float and
// dim = 2, extern "C"; the tiling (block 32 x 8, tiles 4 x 4), the shared copies, the pair loop,
// the division and exp, the shared atomicAdd and the launch (size / 128 x size / 32 blocks) as
// the origin's.

#define ED_BX 32
#define ED_BY 8
#define ED_TX 4
#define ED_TY 4
#define ED_DIM 2

template <int tile_size, int stride>
__device__ __forceinline__ void ed_fill_tiled(float (&sh_mem)[tile_size * stride],
                                              const float* __restrict__ d_mem, int sh_offset,
                                              int d_offset) {
#pragma unroll
  for (int ti = 0; ti < tile_size; ti++) sh_mem[sh_offset + ti * stride] = d_mem[d_offset + ti * stride];
}

extern "C" __global__ void distance(const float* __restrict__ A, const float* __restrict__ B,
                                    int m, int n, const float* __restrict__ scale_A,
                                    const float* __restrict__ scale_B,
                                    float* __restrict__ cross_term) {
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int i = tx + blockIdx.x * ED_BX * ED_TX;
  int j = ty + blockIdx.y * ED_BY * ED_TY;

  __shared__ float sh_A[ED_DIM][ED_BX * ED_TX];
  __shared__ float sh_B[ED_DIM][ED_BY * ED_TY];
  __shared__ float sh_scale_A[ED_BX * ED_TX];
  __shared__ float sh_scale_B[ED_BY * ED_TY];
  __shared__ float sum;

  if (tx == 0 && ty == 0) sum = 0;

#pragma unroll
  for (int d = 0; d < ED_DIM; d++) {
    ed_fill_tiled<ED_TX, ED_BX>(sh_A[d], A + d * m, tx, i);
    if (tx == 0) ed_fill_tiled<ED_TY, ED_BY>(sh_B[d], B + d * n, ty, j);
  }
  ed_fill_tiled<ED_TX, ED_BX>(sh_scale_A, scale_A, tx, i);
  if (tx == 0) ed_fill_tiled<ED_TY, ED_BY>(sh_scale_B, scale_B, ty, j);

  __syncthreads();

  float s_cross_term = 0.0f;
#pragma unroll
  for (int ti = 0; ti < ED_TX; ti++) {
#pragma unroll
    for (int tj = 0; tj < ED_TY; tj++) {
      if ((i + ti * ED_BX < m) && (j + tj * ED_BY < n)) {
        float dist_ij = 0;
#pragma unroll
        for (int d = 0; d < ED_DIM; d++) {
          dist_ij += (sh_A[d][tx + ti * ED_BX] - sh_B[d][ty + tj * ED_BY]) *
                     (sh_A[d][tx + ti * ED_BX] - sh_B[d][ty + tj * ED_BY]);
        }
        s_cross_term += exp(-dist_ij / (sh_scale_A[tx + ti * ED_BX] + sh_scale_B[ty + tj * ED_BY]));
      }
    }
  }

  atomicAdd(&sum, s_cross_term);
  __syncthreads();

  // the block's partial cross term
  if (tx == 0 && ty == 0) cross_term[blockIdx.y * gridDim.x + blockIdx.x] = sum;
}
