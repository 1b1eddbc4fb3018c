// Reference for corpus_fresh15 cudpp_listrank_chase (written for the corpus): walker w (0..2047)
// starts at head (w = 0) or start[w - 1] and steps through next[] once per rank; rank
// w + 2048 (k + 1) gets the value of the node after k + 1 steps, stored at w + 2048 k. A chase has
// no other route than the walk; this one keeps a step count instead of the rank loop, float64 out.
extern "C" __global__ void listrank_walk_ref(long long n, int head, const float* values,
                                             const int* next, const int* start, double* ranked) {
  const long long walkers = 2048;
  for (long long w = (long long)blockIdx.x * blockDim.x + threadIdx.x; w < walkers;
       w += (long long)blockDim.x * gridDim.x) {
    const long long steps = (n - 1 - w) / walkers;  // ranks w + 2048, w + 4096, ... below n
    long long node = w == 0 ? head : start[w - 1];
    for (long long k = 0; k < steps; ++k) {
      node = next[node];
      ranked[w + walkers * k] = (double)values[node];
    }
  }
}
