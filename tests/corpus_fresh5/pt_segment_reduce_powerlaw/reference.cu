// reference for corpus_fresh5 pt_segment_reduce_powerlaw: out[s][d] = sum of values[j][d] for
// j in [offsets[s], offsets[s + 1]), in float64; one block of 64 threads per segment.
extern "C" __global__ void segment_sum_ref(const float* values, const long long* offsets,
                                           double* out, int D) {
  const int s = blockIdx.x, d = threadIdx.x;
  if (d >= D) return;
  double acc = 0;
  for (long long j = offsets[s]; j < offsets[s + 1]; ++j) acc += values[j * D + d];
  out[(long long)s * D + d] = acc;
}
