// Reference: the same chains, one thread per chain; indices are exact in double.
extern "C" __global__ void chase_ref(const int* next, double* out, int n, int W, int S) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= W) return;
  unsigned idx = ((unsigned)w * 2654435761u) & (unsigned)(n - 1);
  for (int s = 0; s < S; ++s) idx = (unsigned)next[idx];
  out[w] = (double)idx;
}
