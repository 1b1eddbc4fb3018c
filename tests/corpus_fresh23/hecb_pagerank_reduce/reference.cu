// Reference for corpus_fresh23 hecb_pagerank_reduce (written for the corpus): one thread per page,
// the column summed in float64, the damped rank and the change recorded; page_ranks and dif are
// read and written in place, as the kernel does (inout: they arrive holding the initial values).
extern "C" __global__ void pagerank_reduce_ref(double* ranks, const float* maps, int n,
                                               double* dif) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= n) return;
  double s = 0.0;
  for (long long i = 0; i < n; ++i) s += (double)maps[i * n + j];
  const double r = (1.0 - 0.85) / n + 0.85 * s;
  const double d = fabs(r - ranks[j]);
  dif[j] = d > dif[j] ? d : dif[j];
  ranks[j] = r;
}
