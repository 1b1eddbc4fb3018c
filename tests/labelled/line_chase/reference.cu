// Reference: one thread per (warp, lane), each following its warp's chain through lane 0's
// values; integer sums are exact in double.
#define STRIDE_LINES 4099u
extern "C" __global__ void line_chase_ref(const int* next, double* out, int n, int W, int S) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= W * 32) return;
  const int warp = t >> 5, lane = t & 31;
  const unsigned lines = (unsigned)n / 32u;
  unsigned line = ((unsigned)warp * 2654435761u) & (lines - 1);
  long acc = 0;
  for (int s = 0; s < S; ++s) {
    acc += next[line * 32u + lane];
    line = (line + STRIDE_LINES + (unsigned)next[line * 32u]) & (lines - 1);
  }
  out[t] = (double)acc;
}
