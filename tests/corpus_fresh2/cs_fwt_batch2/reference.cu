// float64 reference for corpus_fresh2 problem cs_fwt_batch2 (written for the corpus)
extern "C" __global__ void fwt2_ref(double* out, const float* in, int stride, int N) {
  int pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= N / 4) return;
  int lo = pos & (stride - 1);
  int i0 = ((pos - lo) << 2) + lo, i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
  double d0 = in[i0], d1 = in[i1], d2 = in[i2], d3 = in[i3];
  double a = d0 + d2, c = d0 - d2, b = d1 + d3, d = d1 - d3;
  out[i0] = a + b; out[i1] = a - b; out[i2] = c + d; out[i3] = c - d;
}
