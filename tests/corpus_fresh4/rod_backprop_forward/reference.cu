// float64 reference for corpus_fresh4 problem rod_backprop_forward (written for the corpus): one
// thread per (block, column tx) runs the kernel's tree over the 16 rows; input_hidden arrives as
// double holding its input and receives every row's value after the tree, as the kernel writes it
extern "C" __global__ void bp_forward_ref(const float* input, double* input_hidden, double* partial,
                                          int in, int hid) {
  const int nb = in / 16;
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g >= nb * 16) return;
  const int by = g / 16, tx = g % 16;
  double w[16];
  for (int ty = 0; ty < 16; ++ty) {
    const long idx = (long)(hid + 1) * 16 * by + (long)(hid + 1) * ty + tx + 1 + (hid + 1);
    w[ty] = input_hidden[idx] * (double)input[16 * by + ty + 1];
  }
  for (int p = 2; p <= 16; p *= 2)
    for (int ty = 0; ty < 16; ty += p) w[ty] += w[ty + p / 2];
  for (int ty = 0; ty < 16; ++ty) {
    const long idx = (long)(hid + 1) * 16 * by + (long)(hid + 1) * ty + tx + 1 + (hid + 1);
    input_hidden[idx] = w[ty];
  }
  // thread (tx = 0, ty) writes weight_matrix[0][ty]: the column sum of column ty
  partial[(long)by * hid + tx] = w[0];
}
