// corpus_fresh25: hecb_romberg_fp64 -- HeCBench (zjin-lcf/HeCBench), src/romberg-cuda: the parallel
// Romberg integration of Swayambhu Nath Ray's Parallel-Romberg-Integration: each block integrates
// exp(x) sin(x) over its 1/gridDim.x share of [a, b] in double precision. The block's threads
// stride over the 2^16 points of the finest trapezoid rule and add each f value into the column
// of the first level that has the point (a per-thread array of 17 doubles indexed by the lowest
// set bit of the point's number); the columns are summed through shared memory and one thread
// forms the 17 trapezoid sums and extrapolates them.
// Rewritten for the problem format (see README.md): extern "C", ROW_SIZE as RB_ROW_SIZE; the
// integrand, the per-thread columns, the shared-memory column sums, thread 0's table (with the
// origin's divisors (1 << (2 col + 1)) - 1) and the launch (the benchmark's run: 128 blocks of
// 64 threads, 17 * 64 doubles of dynamic shared memory) as the origin's.

#define RB_ROW_SIZE 17

__device__ inline double f(double x) { return exp(x) * sin(x); }

__device__ inline unsigned int getFirstSetBitPos(int n) { return log2((float)(n & -n)) + 1; }

extern "C" __global__ void romberg(double a, double b, double* result) {
  extern __shared__ double smem[];
  double diff = (b - a) / gridDim.x, step;
  int k;
  int max_eval = (1 << (RB_ROW_SIZE - 1));
  b = a + (blockIdx.x + 1) * diff;
  a += blockIdx.x * diff;

  step = (b - a) / max_eval;

  double local_col[RB_ROW_SIZE];  // specific to the row size
  for (int i = 0; i < RB_ROW_SIZE; i++) local_col[i] = 0.0;
  if (!threadIdx.x) {
    k = blockDim.x;
    local_col[0] = f(a) + f(b);
  } else
    k = threadIdx.x;

  for (; k < max_eval; k += blockDim.x)
    local_col[RB_ROW_SIZE - getFirstSetBitPos(k)] += 2.0 * f(a + step * k);

  for (int i = 0; i < RB_ROW_SIZE; i++) smem[RB_ROW_SIZE * threadIdx.x + i] = local_col[i];
  __syncthreads();

  if (threadIdx.x < RB_ROW_SIZE) {
    double sum = 0.0;
    for (int i = threadIdx.x; i < blockDim.x * RB_ROW_SIZE; i += RB_ROW_SIZE) sum += smem[i];
    smem[threadIdx.x] = sum;
  }

  if (!threadIdx.x) {
    double* table = local_col;
    table[0] = smem[0];

    for (int k = 1; k < RB_ROW_SIZE; k++) table[k] = table[k - 1] + smem[k];

    for (int k = 0; k < RB_ROW_SIZE; k++) table[k] *= (b - a) / (1 << (k + 1));

    for (int col = 0; col < RB_ROW_SIZE - 1; col++)
      for (int row = RB_ROW_SIZE - 1; row > col; row--)
        table[row] = table[row] + (table[row] - table[row - 1]) / ((1 << (2 * col + 1)) - 1);

    result[blockIdx.x] = table[RB_ROW_SIZE - 1];
  }
}
