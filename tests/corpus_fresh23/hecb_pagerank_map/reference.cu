// Reference for corpus_fresh23 hecb_pagerank_map (written for the corpus): one thread per matrix
// element, the page's rank share (rank / out-links, in float as the model divides) times the link.
extern "C" __global__ void pagerank_map_ref(const int* pages, const float* ranks,
                                            const unsigned int* nout, double* maps, int n) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)n * n) return;
  const long long i = t / n;
  const float share = ranks[i] / (float)nout[i];
  maps[t] = (double)pages[t] * (double)share;
}
