// control_hon19_cub_block_radix_sort seed: odd-even transposition sort of one 2048-key segment
// in shared memory, 1024 threads, 2048 phases (each thread compare-exchanges one pair a phase).
extern "C" __global__ void sort_transposition(const float* keys, float* out, int n) {
  __shared__ float s[2048];
  const float* in = keys + (size_t)blockIdx.x * 2048;
  s[threadIdx.x] = in[threadIdx.x];
  s[threadIdx.x + 1024] = in[threadIdx.x + 1024];
  __syncthreads();
  for (int phase = 0; phase < 2048; ++phase) {
    const int i = 2 * threadIdx.x + (phase & 1);
    if (i + 1 < 2048) {
      const float a = s[i], b = s[i + 1];
      if (a > b) s[i] = b, s[i + 1] = a;
    }
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 2048 + threadIdx.x] = s[threadIdx.x];
  out[(size_t)blockIdx.x * 2048 + threadIdx.x + 1024] = s[threadIdx.x + 1024];
}
