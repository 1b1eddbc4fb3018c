// Naive attention, three kernels through a materialised score matrix P[bh][i][j] (S x S per
// head): scores, row softmax, P·V. Q, K, V and O are addressed by strides (batch, head, row) so
// the same kernels serve a [B, H, S, D] layout and a fused QKV activation [B*S, 3*H*D]. Head
// dimension 64. CAUSAL (0 or 1) masks keys j > i. The naive mappings: the score kernel's lanes
// walk j, reading K rows 256 bytes apart; the softmax kernel gives a whole row to one thread.
// Shared by problems/attention and problems/decoder_block (`kernels: [attention]`).
#pragma once
#ifndef CAUSAL
#define CAUSAL 0
#endif
#define HD 64

struct AttnStrides {
  long long b;  // elements between batches
  int h;        // elements between heads
  int s;        // elements between rows (tokens)
};

extern "C" __global__ void attn_scores(const float* __restrict__ Q, const float* __restrict__ K,
                                       float* __restrict__ P, int H, int S, long long qb, int qh,
                                       int qs) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;  // (bh, i, j)
  const int j = int(idx % S), i = int((idx / S) % S);
  const long long bh = idx / ((long long)S * S);
  const int b = int(bh / H), h = int(bh % H);
  const float* q = Q + b * qb + (long long)h * qh + (long long)i * qs;
  const float* k = K + b * qb + (long long)h * qh + (long long)j * qs;
  float acc = 0.0f;
  for (int d = 0; d < HD; ++d) acc += q[d] * k[d];
  float v = acc * 0.125f;  // 1/sqrt(64)
  if (CAUSAL && j > i) v = -__int_as_float(0x7f800000);
  P[idx] = v;
}

extern "C" __global__ void attn_softmax(float* __restrict__ P, long long rows, int S) {
  const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float* p = P + r * S;
  float m = -__int_as_float(0x7f800000);
  for (int j = 0; j < S; ++j) m = fmaxf(m, p[j]);
  float sum = 0.0f;
  for (int j = 0; j < S; ++j) sum += expf(p[j] - m);
  const float inv = 1.0f / sum;
  for (int j = 0; j < S; ++j) p[j] = expf(p[j] - m) * inv;
}

extern "C" __global__ void attn_pv(const float* __restrict__ P, const float* __restrict__ V,
                                   float* __restrict__ O, int H, int S, long long vb, int vh,
                                   int vs, long long ob, int oh, int os) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;  // (bh, i, d)
  const int d = int(idx % HD), i = int((idx / HD) % S);
  const long long bh = idx / ((long long)HD * S);
  const int b = int(bh / H), h = int(bh % H);
  const float* p = P + (bh * S + i) * S;
  const float* v = V + b * vb + (long long)h * vh + d;
  float acc = 0.0f;
  for (int j = 0; j < S; ++j) acc += p[j] * v[(long long)j * vs];
  O[b * ob + (long long)h * oh + (long long)i * os + d] = acc;
}
