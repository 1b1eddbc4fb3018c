// Seed of control_redteam9_devillard_median9: the 3x3 median by an insertion sort of the nine
// values in a per-thread array (dynamically indexed, not unrolled: local memory) with
// data-dependent exits, as a first CUDA port of a CPU median filter would do it.
extern "C" __global__ void median9_sort(const float* x, float* y, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= H || c >= W) return;
  float v[9];
  int n = 0;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const int rr = min(max(r + dr, 0), H - 1), cc = min(max(c + dc, 0), W - 1);
      v[n++] = x[(size_t)rr * W + cc];
    }
#pragma unroll 1
  for (int i = 1; i < 9; ++i)
#pragma unroll 1
    for (int j = i; j > 0 && v[j - 1] > v[j]; --j) {
      const float t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  y[(size_t)r * W + c] = v[4];
}
