// corpus: list_walk -- from written for the corpus, tests/corpus/list_walk/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here: the linked-list walk of the issue -- independent walkers each following next[] through one big random cycle)
extern "C" __global__ void list_walk(const int* __restrict__ next, const float* __restrict__ val, float* sum, int n, int W, int S) {
  int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= W) return;
  int node = (int)(((long long)w * n) / W);   // walkers start spread over the list
  float s = 0.0f;
  for (int k = 0; k < S; ++k) {
    s += val[node];
    node = next[node];
  }
  sum[w] = s;
}
