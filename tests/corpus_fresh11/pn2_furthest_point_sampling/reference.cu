// Reference for corpus_fresh11 pn2_furthest_point_sampling (written for the corpus): farthest
// point sampling of each cloud, one 256-thread block per cloud. Step j updates each point's
// squared distance to the sampled set (the kernel's float expressions, min with the running
// value; points within sqrt(1e-3) of the origin skipped, as the kernel does) and picks the
// point of largest distance (the smallest index among equal ones). The indices and the final
// running distances are written (float64 slots).
extern "C" __global__ void fps_ref(int b, int n, int m, const float* data, double* temp,
                                   double* idxs) {
  __shared__ float bv[256];
  __shared__ int bi[256];
  const int cloud = blockIdx.x;
  if (cloud >= b) return;
  const float* p = data + (long long)cloud * n * 3;
  double* t = temp + (long long)cloud * n;
  double* out = idxs + (long long)cloud * m;
  int old = 0;
  if (threadIdx.x == 0) out[0] = 0;
  for (int j = 1; j < m; ++j) {
    const float x1 = p[old * 3], y1 = p[old * 3 + 1], z1 = p[old * 3 + 2];
    float best = -1;
    int besti = 0;
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
      const float x2 = p[k * 3], y2 = p[k * 3 + 1], z2 = p[k * 3 + 2];
      const float mag = (x2 * x2) + (y2 * y2) + (z2 * z2);
      if (mag <= 1e-3) continue;
      const float d = (x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) + (z2 - z1) * (z2 - z1);
      const float d2 = fminf(d, (float)t[k]);
      t[k] = d2;
      if (d2 > best) best = d2, besti = k;
    }
    bv[threadIdx.x] = best;
    bi[threadIdx.x] = besti;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w /= 2) {
      if ((int)threadIdx.x < w) {
        const float v2 = bv[threadIdx.x + w];
        const int i2 = bi[threadIdx.x + w];
        if (v2 > bv[threadIdx.x] || (v2 == bv[threadIdx.x] && i2 < bi[threadIdx.x]))
          bv[threadIdx.x] = v2, bi[threadIdx.x] = i2;
      }
      __syncthreads();
    }
    old = bi[0];
    if (threadIdx.x == 0) out[j] = old;
    __syncthreads();
  }
}
