// corpus_fresh9: llmc_attention_fwd2_flash -- karpathy/llm.c, dev/cuda/attention_forward.cu:
// attention_forward_kernel2, the first FlashAttention port of llm.c's attention study (causal
// softmax(Q K^T / sqrt(d)) V with an online softmax over 32-key tiles held in shared memory). One
// block of Br = 32 threads per (batch, head), one query row per thread per row tile; Kj, Vj, Qi and
// S tiles in dynamic shared memory. Rewritten for the problem format (see README.md).
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif

extern "C" __global__ void attention_forward_kernel2(const float* Q, const float* K,
                                                     const float* V, const int N, const int d,
                                                     const int Tc, const int Tr, const int Bc,
                                                     const int Br, const float softmax_scale,
                                                     float* l, float* m, float* O) {
  int tx = threadIdx.x;
  int bx = blockIdx.x;
  int by = blockIdx.y;  // batch and head index

  // offsets into Q, K, V, O and into l, m for this batch and head (gridDim.y = nh)
  int qkv_offset = (bx * gridDim.y * N * d) + (by * N * d);
  int lm_offset = (bx * gridDim.y * N) + (by * N);

  // shared tiles: Qi, Kj, Vj (Bc x d each) and S (Bc x Br)
  extern __shared__ float sram[];
  int tile_size = Bc * d;
  float* Qi = sram;
  float* Kj = &sram[tile_size];
  float* Vj = &sram[tile_size * 2];
  float* S = &sram[tile_size * 3];

  for (int j = 0; j < Tc; j++) {
    // each thread copies one key row and one value row of the tile
    for (int x = 0; x < d; x++) {
      Kj[(tx * d) + x] = K[qkv_offset + (tile_size * j) + (tx * d) + x];
      Vj[(tx * d) + x] = V[qkv_offset + (tile_size * j) + (tx * d) + x];
    }
    __syncthreads();

    for (int i = 0; i < Tr; i++) {
      if (i * Br + tx >= N) break;

      // this thread's query row, and its running max and sum
      for (int x = 0; x < d; x++) {
        Qi[(tx * d) + x] = Q[qkv_offset + (tile_size * i) + (tx * d) + x];
      }
      float row_m_prev = m[lm_offset + (Br * i) + tx];
      float row_l_prev = l[lm_offset + (Br * i) + tx];

      // S = Qi Kj^T (scaled, causally masked) and its row maximum
      float row_m = -INFINITY;
      for (int y = 0; y < Bc; y++) {
        if (j * Bc + y >= N) break;
        float sum = 0;
        for (int x = 0; x < d; x++) {
          sum += Qi[(tx * d) + x] * Kj[(y * d) + x];
        }
        sum *= softmax_scale;
        if (i * Br + tx < j * Bc + y) sum = -INFINITY;
        S[(Bc * tx) + y] = sum;

        if (sum > row_m) row_m = sum;
      }

      // P = exp(S - row_m) with the mask, and its row sum
      float row_l = 0;
      for (int y = 0; y < Bc; y++) {
        if (j * Bc + y >= N) break;
        if (i * Br + tx < j * Bc + y)
          S[(Bc * tx) + y] = 0;
        else
          S[(Bc * tx) + y] = __expf(S[(Bc * tx) + y] - row_m);
        row_l += S[(Bc * tx) + y];
      }

      // the new running max and sum
      float row_m_new = max(row_m_prev, row_m);
      float row_l_new =
          (__expf(row_m_prev - row_m_new) * row_l_prev) + (__expf(row_m - row_m_new) * row_l);

      // O, l and m back to global memory
      for (int x = 0; x < d; x++) {
        float pv = 0;  // Pij * Vj
        for (int y = 0; y < Bc; y++) {
          if (j * Bc + y >= N) break;
          pv += S[(Bc * tx) + y] * Vj[(y * d) + x];
        }
        O[qkv_offset + (tile_size * i) + (tx * d) + x] =
            (1 / row_l_new) *
            ((row_l_prev * __expf(row_m_prev - row_m_new) *
              O[qkv_offset + (tile_size * i) + (tx * d) + x]) +
             (__expf(row_m - row_m_new) * pv));
      }
      m[lm_offset + (Br * i) + tx] = row_m_new;
      l[lm_offset + (Br * i) + tx] = row_l_new;
    }
    __syncthreads();
  }
}
