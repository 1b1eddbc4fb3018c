// Float64 reference: O[bh][i] = softmax_j(Q[bh][i]·K[bh][j] / sqrt(64)) · V[bh][j], one
// 256-thread block per query row: the row's 64-dimensional q and all S scores live in shared
// memory as doubles, max and sum are block reductions, and each output dimension sums its
// S products in four interleaved partial sums. CAUSAL masks keys j > i. Layout [B, H, S, 64].
#ifndef CAUSAL
#define CAUSAL 0
#endif
#define RD 64
#define RMAX_S 4096
#define RB 256
#include <ref_block_sum.cuh>
extern "C" __global__ void attn_ref(const float* Q, const float* K, const float* V, double* O,
                                    int S) {
#include <attn_ref_row.cuh>
  const float* Kh = K + bh * S * RD;
  const float* Vh = V + bh * S * RD;
  const int t = threadIdx.x;
  if (t < RD) q[t] = (double)Q[row * RD + t];
  __syncthreads();
  double mx = -1e300;
  for (int j = t; j < S; j += 256) {
    double a = 0.0;
    for (int d = 0; d < RD; ++d) a = fma(q[d], (double)Kh[(long long)j * RD + d], a);
    a *= 0.125;
    if (CAUSAL && j > i) a = -1e300;
    sc[j] = a;
    mx = a > mx ? a : mx;
  }
  mx = ref_block_max(mx, red);
  double sum = 0.0;
  for (int j = t; j < S; j += 256) {
    const double e = (CAUSAL && j > i) ? 0.0 : exp(sc[j] - mx);
    sc[j] = e;
    sum += e;
  }
  sum = ref_block_sum(sum, red);
  const int d = t % RD, part = t / RD;  // 4 partial sums per output dimension
  double acc = 0.0;
  for (int j = part; j < S; j += 4) acc = fma(sc[j], (double)Vh[(long long)j * RD + d], acc);
  red[t] = acc;
  __syncthreads();
  if (t < RD) O[row * RD + t] = (red[t] + red[t + 64] + red[t + 128] + red[t + 192]) / sum;
}
