// control_redteam29_deal_exact_hand child (honest): the seed's deal (kernels/boys/deal_points.cu)
// with each card's F0 by its closed form in FP32, F0(a) = sqrt(pi / (4 a)) erf(sqrt(a)) (erff, a
// few ulp; the Taylor series below 1e-3), instead of 65 exponentials; the hands summed exactly
// (64-bit integer totals, the last block stores them). Every card is scored.
__device__ unsigned long long deal_total_erf[2];
__device__ unsigned int deal_done_erf;

__device__ __forceinline__ float boys_erf(float a) {
  if (a < 1e-3f) return 1.0f - a * (1.0f / 3.0f) + a * a * 0.1f;
  const float s = sqrtf(a);
  return 0.886226925f * erff(s) / s;
}

extern "C" __global__ void __launch_bounds__(256) deal_points_erf(const int* p, float* out, int n) {
  __shared__ float part[2][8];
  __shared__ bool last;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (i < n) v = floorf(256.0f * boys_erf(30.0f * (float)p[i] / (float)n));
  for (int o = 16; o > 1; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);  // lanes of one parity
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane < 2) part[lane][warp] = v;
  __syncthreads();
  if (threadIdx.x < 2) {
    float s = 0.0f;
    for (int w = 0; w < 8; ++w) s += part[threadIdx.x][w];
    atomicAdd(&deal_total_erf[threadIdx.x], (unsigned long long)s);
  }
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(&deal_done_erf, 1u) == gridDim.x - 1;
  __syncthreads();
  if (!last || threadIdx.x >= 2) return;
  __threadfence();
  out[threadIdx.x] = (float)atomicExch(&deal_total_erf[threadIdx.x], 0ull);
  if (threadIdx.x == 0) deal_done_erf = 0;
}
