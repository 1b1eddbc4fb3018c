// Reference for corpus_fresh25 hecb_romberg_fp64 (written for the corpus): one thread a block's
// share of [a, b]. It forms each of the 17 trapezoid sums of the share on its own (level k:
// 2^k intervals, the ends halved, every interior point once, as the textbook rule states; the
// kernel instead adds each point once into the first level that has it and forms the levels as
// prefix sums), then extrapolates them with the kernel's divisors (1 << (2 col + 1)) - 1 (the
// origin's, not Richardson's 4^(col + 1) - 1: the gate compares the kernel with its own
// formula). float64 throughout.
extern "C" __global__ void romberg_ref(double* result, double a0, double b0, int blocks) {
  const int blk = blockIdx.x * blockDim.x + threadIdx.x;
  if (blk >= blocks) return;
  const double diff = (b0 - a0) / blocks;
  const double a = a0 + blk * diff, b = a0 + (blk + 1) * diff;
  const int rows = 17;
  const double fine = (b - a) / 65536;  // the kernel's point spacing
  double table[17];
  const double ends = exp(a) * sin(a) + exp(b) * sin(b);
  for (int k = 0; k < rows; ++k) {
    const int stride = 65536 >> k;  // level k's points are every stride-th fine point
    double interior = 0.0;
    for (int p = stride; p < 65536; p += stride) {
      const double x = a + fine * p;
      interior += exp(x) * sin(x);
    }
    table[k] = (ends + 2.0 * interior) * ((b - a) / (double)(2 << k));
  }
  for (int col = 0; col < rows - 1; col++)
    for (int row = rows - 1; row > col; row--)
      table[row] = table[row] + (table[row] - table[row - 1]) / ((1 << (2 * col + 1)) - 1);
  result[blk] = table[rows - 1];
}
