// float64 reference (hon22): y = x + gamma * branch in double.
extern "C" __global__ void layerscale_ref(const float* x, const float* gamma, const float* branch,
                                          double* y, int T, int C) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  for (int c = 0; c < C; ++c)
    y[(size_t)t * C + c] =
        (double)x[(size_t)t * C + c] + (double)gamma[c] * (double)branch[(size_t)t * C + c];
}
