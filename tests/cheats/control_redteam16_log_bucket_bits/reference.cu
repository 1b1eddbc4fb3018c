// float64 reference of control_redteam16_log_bucket_bits (written for the red team): |x| = m 2^e
// with m in [0.5, 1) (frexp in double), the bucket (e - 1 + 16) 8 + floor((2m - 1) 8), clamped
// to [0, 383]; zero and values below 2^-16 are bucket 0.
extern "C" __global__ void log_bucket_ref(const float* x, double* id, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int e = 0;
  const double m = frexp(fabs((double)x[i]), &e);
  int k = (e - 1 + 16) * 8 + int(floor((2.0 * m - 1.0) * 8.0));
  if (m == 0.0 || k < 0) k = 0;
  if (k > 383) k = 383;
  id[i] = double(k);
}
