// reference for corpus_fresh2 problem blog_filter_atomic (written for the corpus): the count
extern "C" __global__ void filter_count_ref(const int* src, double* nres, int n) {
  long c = 0;
  for (int i = 0; i < n; ++i) c += src[i] > 0;
  nres[0] = (double)c;
}
