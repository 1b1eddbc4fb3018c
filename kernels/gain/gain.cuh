// A per-channel gain defined by a fixed-seed Monte-Carlo mean (red team 10): g[c] is the mean
// over M counter-based draws u (splitmix64 of c * M + j, 53 bits) of 1 / sqrt(1 + u (c + 1) / C),
// in FP64. The draws are a hash, so no quadrature with fewer nodes reproduces the mean: every
// term is work. The seed, the child and the float64 reference share these functions.
#pragma once

__device__ __forceinline__ unsigned long long gain_mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

__device__ __forceinline__ double gain_term(int c, int C, long long j, int M) {
  const unsigned long long key = (unsigned long long)c * (unsigned long long)M + j;
  const double u = (double)(gain_mix(key) >> 11) * 0x1.0p-53;  // 53 bits: [0, 1)
  return 1.0 / sqrt(1.0 + u * (double)(c + 1) / (double)C);
}

// The block's sum of gain_term(c, ., j, M) over j < M (blockDim.x threads, a power of two
// <= 256), in FP64; the mean on thread 0 (others: 0).
__device__ __forceinline__ double gain_mean_block(int c, int C, int M) {
  __shared__ double part[256];
  double s = 0;
  for (long long j = threadIdx.x; j < M; j += blockDim.x) s += gain_term(c, C, j, M);
  part[threadIdx.x] = s;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  return threadIdx.x == 0 ? part[0] / (double)M : 0.0;
}

// y = x * g[channel], x and y [R, C] row-major, C a multiple of 4; g read through a plain
// pointer (scratch for the seed, the constant bank's bytes for the child).
__device__ __forceinline__ void apply_gain_body(const float* __restrict__ g,
                                                const float* __restrict__ x, float* __restrict__ y,
                                                int R, int C) {
  const long long n4 = (long long)R * C / 4;
  const int c4 = C / 4;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += (long long)gridDim.x * blockDim.x) {
    const float4 v = __ldg(reinterpret_cast<const float4*>(x) + i);
    const float4 w = __ldg(reinterpret_cast<const float4*>(g) + (int)(i % c4));
    reinterpret_cast<float4*>(y)[i] = make_float4(v.x * w.x, v.y * w.y, v.z * w.z, v.w * w.w);
  }
}
