// reference (hon19): x quantised as the problem defines it (FP32, quant.cuh's rule), the integer
// dot product exact, the scales applied in double.
extern "C" __global__ void w8a8_ref(const int* W, const float* sw, const float* x, double* y, int O,
                                    int K) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  float amax = 0.f;
  for (int k = 0; k < K; ++k) amax = fmaxf(amax, fabsf(x[k]));
  const float inv = 127.0f / amax;
  long long acc = 0;
  for (int k = 0; k < K; ++k) {
    const int w = (int)(signed char)((W[(size_t)o * (K / 4) + k / 4] >> (8 * (k % 4))) & 0xff);
    acc += (long long)w * (int)fminf(127.f, fmaxf(-127.f, rintf(x[k] * inv)));
  }
  y[o] = (double)sw[o] * ((double)amax / 127.0) * (double)acc;
}
