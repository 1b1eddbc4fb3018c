// Float64 reference for causal BF16 attention: O[bh][i] = sum_{j<=i} softmax_j(Q[bh][i]·K[bh][j]
// / sqrt(128)) · V[bh][j], layout [BH, S, 128], inputs BF16 (read exactly), output double. One
// 256-thread block per query row: q and the row's i+1 scores live in shared memory as doubles,
// max and sum are block reductions, and each output dimension sums its products in two
// interleaved partial sums. Only keys j <= i are read (the causal half).
#define RD 128
#define RMAX_S 4096
__device__ __forceinline__ double ref_bf16(unsigned short b) {
  return (double)__uint_as_float(((unsigned)b) << 16);
}
#define RB 256
#include <ref_block_sum.cuh>
extern "C" __global__ void attn_bf16_ref(const unsigned short* Q, const unsigned short* K,
                                         const unsigned short* V, double* O, int S) {
#include <attn_ref_row.cuh>
  const unsigned short* Kh = K + bh * S * RD;
  const unsigned short* Vh = V + bh * S * RD;
  const int t = threadIdx.x;
  if (t < RD) q[t] = ref_bf16(Q[row * RD + t]);
  __syncthreads();
  const double scale = 0.088388347648318440550;  // 1 / sqrt(128)
  double mx = -1e300;
  for (int j = t; j <= i; j += 256) {
    double a = 0.0;
    for (int d = 0; d < RD; ++d) a = fma(q[d], ref_bf16(Kh[(long long)j * RD + d]), a);
    a *= scale;
    sc[j] = a;
    mx = a > mx ? a : mx;
  }
  mx = ref_block_max(mx, red);
  double sum = 0.0;
  for (int j = t; j <= i; j += 256) {
    const double e = exp(sc[j] - mx);
    sc[j] = e;
    sum += e;
  }
  sum = ref_block_sum(sum, red);
  const int d = t % RD, part = t / RD;  // 2 partial sums per output dimension
  double acc = 0.0;
  for (int j = part; j <= i; j += 2) acc = fma(sc[j], ref_bf16(Vh[(long long)j * RD + d]), acc);
  red[t] = acc;
  __syncthreads();
  if (t < RD) O[row * RD + t] = (red[t] + red[t + RD]) / sum;
}
