// The non-attention kernels of the Llama-style block: RMSNorm, RoPE, SiLU-gated product and the
// projections (C = A·B, or C = R + A·B for the two residual adds), all FP32, row-major
// activations [tokens, features]. GEMM_REGTILE selects the projection kernel: 0 the seed's
// 32x32 shared-memory tiles (one output per thread), 1 128x128 tiles with 8x8 outputs per
// thread in registers and float4 accesses. RMSNORM_WARP selects the norm: 0 one 128-thread
// block per row with a shared-memory tree, 1 one warp per row with float4 loads and shuffles.
#pragma once
#ifndef GEMM_REGTILE
#define GEMM_REGTILE 0
#endif
#ifndef RMSNORM_WARP
#define RMSNORM_WARP 0
#endif

// --- RMSNorm: y = x / sqrt(mean(x^2) + eps) * g ------------------------------------------------
#if !RMSNORM_WARP
extern "C" __global__ void __launch_bounds__(128)
    rmsnorm(const float* __restrict__ x, const float* __restrict__ g, float* __restrict__ y,
            int D, float eps) {
  __shared__ float red[128];
  const float* xr = x + (size_t)blockIdx.x * D;
  float ss = 0.0f;
  for (int c = threadIdx.x; c < D; c += 128) ss += xr[c] * xr[c];
  red[threadIdx.x] = ss;
  __syncthreads();
  for (int w = 64; w > 0; w >>= 1) {
    if (threadIdx.x < w) red[threadIdx.x] += red[threadIdx.x + w];
    __syncthreads();
  }
  const float inv = rsqrtf(red[0] / D + eps);
  for (int c = threadIdx.x; c < D; c += 128) y[(size_t)blockIdx.x * D + c] = xr[c] * inv * g[c];
}
#else
// One warp per row, 8 rows per 256-thread block; D % 128 == 0 (float4 per lane per step).
extern "C" __global__ void __launch_bounds__(256)
    rmsnorm_warp(const float* __restrict__ x, const float* __restrict__ g, float* __restrict__ y,
                 int D, float eps) {
  const int row = blockIdx.x * 8 + (threadIdx.x >> 5), lane = threadIdx.x & 31;
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)row * D);
  float ss = 0.0f;
  for (int c = lane; c < D / 4; c += 32) {
    const float4 v = xr[c];
    ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
  const float inv = rsqrtf(ss / D + eps);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)row * D);
  const float4* gr = reinterpret_cast<const float4*>(g);
  for (int c = lane; c < D / 4; c += 32) {
    const float4 v = xr[c], w = gr[c];
    yr[c] = make_float4(v.x * inv * w.x, v.y * inv * w.y, v.z * inv * w.z, v.w * inv * w.w);
  }
}
#endif

// --- RoPE on q and k in place: pairs (2i, 2i+1) of each 64-wide head rotate by pos * f_i, f_i =
// 10000^(-2i/64), pos = token % S. The angle is computed in FP32 exactly as the reference does
// (the problem's definition, as in an FP32 model); only its cos/sin differ in precision.
__device__ __forceinline__ float rope_angle(int pos, int i) {
  const float inv_freq = exp2f(-(float)(2 * i) / 64.0f * 13.287712379549449f);  // log2(10000)
  return (float)pos * inv_freq;
}
extern "C" __global__ void rope(float* __restrict__ q, float* __restrict__ k, int T, int S, int D) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;  // (which, t, pair)
  const int pairs = D / 2;
  if (idx >= 2LL * T * pairs) return;
  const int pr = int(idx % pairs), t = int((idx / pairs) % T);
  float* base = (idx / ((long long)pairs * T)) == 0 ? q : k;
  float* p = base + (size_t)t * D + 2 * pr;
  float sn, cs;
  sincosf(rope_angle(t % S, pr % 32), &sn, &cs);
  const float a = p[0], b = p[1];
  p[0] = a * cs - b * sn;
  p[1] = a * sn + b * cs;
}

// --- SiLU-gated product: a[t][f] = silu(gu[t][f]) * gu[t][F + f] -----------------------------
extern "C" __global__ void silu_mul(const float* __restrict__ gu, float* __restrict__ a, int T, int F) {
  const long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= (long long)T * F) return;
  const long long t = idx / F, f = idx % F;
  const float gt = gu[t * 2 * F + f], up = gu[t * 2 * F + F + f];
  a[idx] = gt / (1.0f + expf(-gt)) * up;
}

// --- projections --------------------------------------------------------------------------
#if !GEMM_REGTILE
#define GT 32
__device__ __forceinline__ void gemm_tiled_body(const float* A, const float* B, const float* R,
                                                float* C, int M, int N, int K) {
  __shared__ float As[GT][GT];
  __shared__ float Bs[GT][GT];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * GT + ty, col = blockIdx.x * GT + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += GT) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < GT; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[(size_t)row * N + col] = R ? R[(size_t)row * N + col] + acc : acc;
}
extern "C" __global__ void __launch_bounds__(GT * GT)
    gemm(const float* A, const float* B, float* C, int M, int N, int K) {
  gemm_tiled_body(A, B, nullptr, C, M, N, K);
}
extern "C" __global__ void __launch_bounds__(GT * GT)
    gemm_res(const float* A, const float* B, const float* R, float* C, int M, int N, int K) {
  gemm_tiled_body(A, B, R, C, M, N, K);
}
#else
#define BK 8  // the K slab of the library's regtile_mainloop.cuh
// 128x128 block tile, 8x8 per thread (rows tRow*4+{0..3} and 64+tRow*4+{0..3}, columns
// likewise), A staged transposed, float4 loads and stores; M, N % 128 == 0, K % 8 == 0.
__device__ __forceinline__ void gemm_regtile_body(const float* __restrict__ A,
                                                  const float* __restrict__ B,
                                                  const float* __restrict__ R,
                                                  float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(16) float As[8][128 + 4];
  __shared__ __align__(16) float Bs[8][128];
  const int tid = threadIdx.x;
  const int tRow = tid >> 4, tCol = tid & 15;
  const int bRow = blockIdx.y * 128, bCol = blockIdx.x * 128;
  const int aRow = tid >> 1, aK = (tid & 1) * 4;
  const int bK = tid >> 5, bN = (tid & 31) * 4;
  const float* Ap = A + (size_t)(bRow + aRow) * K + aK;
  const float* Bp = B + (size_t)bK * N + bCol + bN;
#include <regtile_mainloop.cuh>  // kernels/gemm: acc[8][8] and the K loop
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const size_t row = bRow + (i >> 2) * 64 + tRow * 4 + (i & 3);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const size_t off = row * N + bCol + h * 64 + tCol * 4;
      float4 v = make_float4(acc[i][h * 4 + 0], acc[i][h * 4 + 1], acc[i][h * 4 + 2], acc[i][h * 4 + 3]);
      if (R) {
        const float4 r = *reinterpret_cast<const float4*>(R + off);
        v.x += r.x, v.y += r.y, v.z += r.z, v.w += r.w;
      }
      *reinterpret_cast<float4*>(C + off) = v;
    }
  }
}
extern "C" __global__ void __launch_bounds__(256)
    gemm_regtile(const float* A, const float* B, float* C, int M, int N, int K) {
  gemm_regtile_body(A, B, nullptr, C, M, N, K);
}
extern "C" __global__ void __launch_bounds__(256)
    gemm_regtile_res(const float* A, const float* B, const float* R, float* C, int M, int N, int K) {
  gemm_regtile_body(A, B, R, C, M, N, K);
}
#endif
