// corpus_fresh6: llmc_trimat_naive -- karpathy/llm.c, dev/cuda/trimat_forward.cu (kernel 1:
// trimul_global<matmul_tri_naive>, the causal attention scores Q K^T / sqrt(HS) on the lower
// triangle only), rewritten for the problem format (see README.md). Blocks of 16 x 16 threads
// cover 128 x 128 tiles of the T x T score matrix of one (batch, head), blocks above the diagonal
// exit, and each thread computes an 8 x 8 sub-block with a plain triple loop: every multiply-add
// loads one element of a query row and one of a key row from global memory.
__device__ void matmul_tri_naive(float* p, int PS, const float* k, int KS, const float* q, int QS,
                                 int T, int HS, float alpha) {
  // thread (x, y) owns rows i_base..i_base+7 (queries) and columns j_base..j_base+7 (keys)
  int i_base = 128 * blockIdx.x + 8 * threadIdx.x;
  int j_base = 128 * blockIdx.y + 8 * threadIdx.y;
  // skip the sub-blocks above the diagonal; the jagged diagonal sub-blocks are computed whole
  if (j_base > i_base) return;
  for (int io = 0; io < 8; ++io) {
    int i = i_base + io;
    for (int jo = 0; jo < 8; ++jo) {
      int j = j_base + jo;
      float val = 0;
      for (int s = 0; s < HS; ++s) val += q[i * QS + s] * k[j * KS + s];
      p[i * PS + j] = val * alpha;
    }
  }
}

// llm.c passes matmul_tri_naive as a template argument of trimul_global; here it is called
// directly (the same code after instantiation).
extern "C" __global__ void __launch_bounds__(256, 2)
    trimul_global_naive(float* out, const float* inp, int T, int C, int NH) {
  if (blockIdx.y > blockIdx.x) return;  // tiles above the diagonal
  int C3 = C * 3;
  int HS = C / NH;
  float scale = 1.0 / sqrtf(HS);
  int b = blockIdx.z / NH;
  int nh = blockIdx.z % NH;
  // inp is (B, T, 3, NH, HS): Q[b][nh][t] = inp[b][t][0][nh], K[b][nh][t] = inp[b][t][1][nh]
  const float* q = inp + b * T * C3 + nh * HS;
  const float* k = inp + b * T * C3 + nh * HS + C;
  float* r = out + (b * NH + nh) * T * T;
  matmul_tri_naive(r, T, k, C3, q, C3, T, HS, scale);
}
