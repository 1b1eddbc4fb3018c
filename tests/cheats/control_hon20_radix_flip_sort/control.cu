// control_hon20_radix_flip_sort child: Michael Herf's "Radix Tricks" (2001) key flip, the twiddle
// CUB applies to float keys (NVIDIA/cccl cub Traits<float>, Apache-2.0 w/ LLVM exception):
// negative floats have every bit flipped, others only the sign, so the unsigned keys order as the
// floats; 8 stable 4-bit LSD passes in shared memory (each thread owns 8 consecutive keys and
// counts per digit; a digit-major scan of the counts gives stable offsets); IFloatFlip back.
// Written here.
__device__ __forceinline__ unsigned int float_flip(unsigned int f) {
  const unsigned int mask = -(int)(f >> 31) | 0x80000000u;
  return f ^ mask;
}
__device__ __forceinline__ unsigned int ifloat_flip(unsigned int f) {
  const unsigned int mask = ((f >> 31) - 1) | 0x80000000u;
  return f ^ mask;
}
extern "C" __global__ void __launch_bounds__(256) radix_sort_flip(const float* __restrict__ x,
                                                                  float* __restrict__ y, int S, int L) {
  constexpr int T = 256, P = 8, B = 16;  // threads, keys a thread, bins
  __shared__ unsigned int keys[2][T * P];
  __shared__ unsigned int cnt[B * T];
  __shared__ unsigned int part[T];
  const int t = threadIdx.x;
  const size_t base = (size_t)blockIdx.x * L;
  for (int k = t; k < T * P; k += T) keys[0][k] = float_flip(__float_as_uint(x[base + k]));
  __syncthreads();
  int cur = 0;
  for (int shift = 0; shift < 32; shift += 4) {
    unsigned int c[B];
#pragma unroll
    for (int b = 0; b < B; ++b) c[b] = 0;
#pragma unroll
    for (int p = 0; p < P; ++p) {
      const unsigned int d = (keys[cur][t * P + p] >> shift) & (B - 1);
#pragma unroll
      for (int b = 0; b < B; ++b) c[b] += (d == (unsigned int)b);
    }
#pragma unroll
    for (int b = 0; b < B; ++b) cnt[b * T + t] = c[b];
    __syncthreads();
    // exclusive scan of cnt (B*T entries, digit-major): thread t scans entries [16t, 16t + 16)
    unsigned int run = 0, loc[B];
#pragma unroll
    for (int j = 0; j < B; ++j) {
      loc[j] = run;
      run += cnt[t * B + j];
    }
    part[t] = run;
    __syncthreads();
    for (int o = 1; o < T; o <<= 1) {  // Hillis-Steele inclusive scan of the 256 partials
      const unsigned int v = t >= o ? part[t - o] : 0;
      __syncthreads();
      part[t] += v;
      __syncthreads();
    }
    const unsigned int pre = t > 0 ? part[t - 1] : 0;
#pragma unroll
    for (int j = 0; j < B; ++j) cnt[t * B + j] = loc[j] + pre;
    __syncthreads();
    unsigned int off[B];
#pragma unroll
    for (int b = 0; b < B; ++b) off[b] = cnt[b * T + t];
#pragma unroll
    for (int p = 0; p < P; ++p) {
      const unsigned int key = keys[cur][t * P + p];
      const unsigned int d = (key >> shift) & (B - 1);
      unsigned int dst = 0;
#pragma unroll
      for (int b = 0; b < B; ++b)
        if (d == (unsigned int)b) dst = off[b]++;
      keys[cur ^ 1][dst] = key;
    }
    cur ^= 1;
    __syncthreads();
  }
  for (int k = t; k < T * P; k += T) y[base + k] = __uint_as_float(ifloat_flip(keys[cur][k]));
}
