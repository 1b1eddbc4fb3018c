// float64 reference for corpus_fresh8 ds_dequantize_int8 (written for the corpus): out[r, c] =
// scale * q[r, c], with q the signed byte r * cols + c of the weight words (little-endian) and the
// scale of group (r + c * rows) / (rows * cols / groups) -- the kernel's index with merge_count 0
// (one weight partition), stated from the row and column instead of the block and thread.
extern "C" __global__ void dequantize_ref(const unsigned int* q, const float* qscale, double* out,
                                          long long n, int cols, int rows, int groups) {
  const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  const long long r = e / cols, c = e % cols;
  const unsigned int word = q[e / 4];
  const int v = (int)(signed char)((word >> (8 * (e % 4))) & 0xffu);
  const long long stride = (long long)rows * cols / groups;
  const long long g = (r + c * (long long)rows) / stride;
  out[e] = (double)qscale[g] * (double)v;
}
