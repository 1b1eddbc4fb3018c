// float64 reference for corpus_fresh4 problem pt_index_add_pool (written for the corpus): each
// block of 64 threads (one per feature) sums a chunk of 4096 source rows into per-graph
// accumulators, then adds them to dst (which arrives as double holding its input)
extern "C" __global__ void index_add_ref(double* dst, const float* src, const long long* index,
                                         int N, int D) {
  double acc[8];
  for (int k = 0; k < 8; ++k) acc[k] = 0;
  const int d = threadIdx.x;
  const long long first = (long long)blockIdx.x * 4096;
  for (long long i = first; i < first + 4096 && i < N; ++i) acc[index[i]] += (double)src[i * D + d];
  for (int k = 0; k < 8; ++k) atomicAdd(&dst[k * D + d], acc[k]);
}
