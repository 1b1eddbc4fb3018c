// Float64 reference: thread per output element (t, c, r), straight from global memory.
#define TAPS 16
extern "C" __global__ void taps_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int t = i / 1024, c = (i / 32) % 32, r = i % 32;
  double acc = 0.0;
  for (int s = 0; s < TAPS; ++s)
    acc += (double)(1.0f / (float)(s + 1)) * (double)x[(size_t)t * 1024 + r * 32 + ((c + s) & 31)];
  y[i] = acc;
}
