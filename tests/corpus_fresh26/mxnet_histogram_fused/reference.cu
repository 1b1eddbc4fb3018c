// Reference for corpus_fresh26 mxnet_histogram_fused (written for the corpus; the counts are
// integers and compared exactly): each element's bin found the same way -- the uniform estimate
// in double, corrected by one against the bounds buffer -- and counted into the int64 output
// (zeroed before the run, as MXNet's set_zero kernel does) with a global atomic, one element a
// thread.
extern "C" __global__ void histogram_ref(const float* in, const float* bounds, long long* bins,
                                         int n, int bin_cnt, double lo, double hi) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = (double)in[i];
  if (!(x >= lo && x <= hi)) return;
  int t = (int)floor((x - lo) * (double)bin_cnt / (hi - lo));
  if (t > bin_cnt - 1) t = bin_cnt - 1;
  if (x < (double)bounds[t]) t -= 1;
  if (t < bin_cnt - 1 && x >= (double)bounds[t + 1]) t += 1;
  if (t >= 0) atomicAdd((unsigned long long*)&bins[t], 1ULL);
}
