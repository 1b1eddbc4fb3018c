// Fused attention with an online softmax (the flash-attention recurrence), one kernel: each
// thread owns one query row (q pre-scaled by log2(e)/sqrt(64) and an output accumulator of 64
// floats, in registers); the block stages 64-key tiles of K and V in shared memory and walks
// them in chunks of 16 keys: 16 scores, the chunk's max, one rescale of the accumulator and the
// running sum, then the 16 weighted V rows. Scores never touch device memory. All lanes read the
// same K/V element at a time (shared-memory broadcast). BR query rows per block (a knob).
// CAUSAL (0 or 1) masks keys j > i and stops at the block's last row. Strides as in
// attn_naive.cuh; requires S % 64 == 0 and S % BR == 0.
// Shared by problems/attention and problems/decoder_block (`kernels: [attention]`).
#pragma once
#ifndef CAUSAL
#define CAUSAL 0
#endif
#ifndef BR
#define BR 128
#endif
#define HD 64
#define KT 64   // keys per shared-memory tile
#define CH 16   // keys per online-softmax step

extern "C" __global__ void __launch_bounds__(BR)
    attn_flash(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
               float* __restrict__ O, int H, int S, long long qb, int qh, int qs, long long ob,
               int oh, int os) {
  __shared__ __align__(16) float Ks[KT][HD];
  __shared__ __align__(16) float Vs[KT][HD];
  const int b = blockIdx.y / H, h = blockIdx.y % H;
  const int i0 = blockIdx.x * BR, i = i0 + threadIdx.x;
  const long long base = b * qb + (long long)h * qh;
  const float NEG_INF = -__int_as_float(0x7f800000);
  const float qscale = 0.125f * 1.4426950408889634f;  // 1/sqrt(64) * log2(e): exp2 below

  float q[HD], o[HD];
  {
    const float4* qp = reinterpret_cast<const float4*>(Q + base + (long long)i * qs);
#pragma unroll
    for (int d4 = 0; d4 < HD / 4; ++d4) {
      const float4 v = qp[d4];
      q[4 * d4 + 0] = v.x * qscale, q[4 * d4 + 1] = v.y * qscale;
      q[4 * d4 + 2] = v.z * qscale, q[4 * d4 + 3] = v.w * qscale;
    }
  }
#pragma unroll
  for (int d = 0; d < HD; ++d) o[d] = 0.0f;
  float m = NEG_INF, l = 0.0f;

  const int kend = CAUSAL ? i0 + BR : S;  // keys past the block's last row are all masked
  for (int j0 = 0; j0 < kend; j0 += KT) {
    __syncthreads();  // the previous tile is no longer read
    for (int u = threadIdx.x; u < KT * HD / 4; u += BR) {
      const int r = u / (HD / 4), c = (u % (HD / 4)) * 4;
      const long long g = base + (long long)(j0 + r) * qs + c;
      *reinterpret_cast<float4*>(&Ks[r][c]) = *reinterpret_cast<const float4*>(K + g);
      *reinterpret_cast<float4*>(&Vs[r][c]) = *reinterpret_cast<const float4*>(V + g);
    }
    __syncthreads();
    for (int c0 = 0; c0 < KT; c0 += CH) {
      float s[CH];
      float mc = NEG_INF;
#pragma unroll
      for (int jj = 0; jj < CH; ++jj) {
        float acc = 0.0f;
#pragma unroll
        for (int d4 = 0; d4 < HD / 4; ++d4) {
          const float4 kv = *reinterpret_cast<const float4*>(&Ks[c0 + jj][4 * d4]);
          acc = fmaf(q[4 * d4 + 0], kv.x, acc);
          acc = fmaf(q[4 * d4 + 1], kv.y, acc);
          acc = fmaf(q[4 * d4 + 2], kv.z, acc);
          acc = fmaf(q[4 * d4 + 3], kv.w, acc);
        }
        if (CAUSAL && j0 + c0 + jj > i) acc = NEG_INF;
        s[jj] = acc;
        mc = fmaxf(mc, acc);
      }
      // Key 0 is never masked, so m is finite from the first chunk on.
      const float mn = fmaxf(m, mc);
      const float corr = exp2f(m - mn);  // 0 on the first chunk (m = -inf)
      l *= corr;
#pragma unroll
      for (int d = 0; d < HD; ++d) o[d] *= corr;
      m = mn;
#pragma unroll
      for (int jj = 0; jj < CH; ++jj) {
        const float p = exp2f(s[jj] - mn);  // a masked key gives exp2(-inf) = 0
        l += p;
#pragma unroll
        for (int d4 = 0; d4 < HD / 4; ++d4) {
          const float4 vv = *reinterpret_cast<const float4*>(&Vs[c0 + jj][4 * d4]);
          o[4 * d4 + 0] = fmaf(p, vv.x, o[4 * d4 + 0]);
          o[4 * d4 + 1] = fmaf(p, vv.y, o[4 * d4 + 1]);
          o[4 * d4 + 2] = fmaf(p, vv.z, o[4 * d4 + 2]);
          o[4 * d4 + 3] = fmaf(p, vv.w, o[4 * d4 + 3]);
        }
      }
    }
  }
  const float inv = 1.0f / l;
  float4* op = reinterpret_cast<float4*>(O + b * ob + (long long)h * oh + (long long)i * os);
#pragma unroll
  for (int d4 = 0; d4 < HD / 4; ++d4)
    op[d4] = make_float4(o[4 * d4 + 0] * inv, o[4 * d4 + 1] * inv, o[4 * d4 + 2] * inv,
                         o[4 * d4 + 3] * inv);
}
