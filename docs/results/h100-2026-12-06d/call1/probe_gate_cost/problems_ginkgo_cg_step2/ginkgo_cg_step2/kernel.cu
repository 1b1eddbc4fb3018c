// corpus_fresh12: ginkgo_cg_step2 -- Ginkgo, cuda/solver/cg_kernels.cu, step_2_kernel<double>: the
// CG update x += (rho / beta) p, r -= (rho / beta) q, one thread per entry of the (rows x stride)
// dense block, row and column found by a 64-bit division and modulo, the ratio recomputed by
// every thread, each column's stopping status checked first. Rewritten for the problem format
// (see README.md).

typedef unsigned long long size_type;

// gko::stopping_status: one byte; the low six bits are the id of the criterion that stopped
// the column (0: not stopped)
struct stopping_status {
  unsigned char data_;
  __device__ bool has_stopped() const { return (data_ & ((1 << 6) - 1)) != 0; }
};

#define default_block_size 512

extern "C" __global__ __launch_bounds__(default_block_size) void step_2_kernel(
    size_type num_rows, size_type num_cols, size_type stride, size_type x_stride,
    double* __restrict__ x, double* __restrict__ r, const double* __restrict__ p,
    const double* __restrict__ q, const double* __restrict__ beta, const double* __restrict__ rho,
    const stopping_status* __restrict__ stop_status) {
  const auto tidx = static_cast<size_type>(blockDim.x) * blockIdx.x + threadIdx.x;
  const auto row = tidx / stride;
  const auto col = tidx % stride;

  if (col >= num_cols || tidx >= num_rows * num_cols || stop_status[col].has_stopped()) {
    return;
  }
  if (beta[col] != 0.0) {
    const auto tmp = rho[col] / beta[col];
    x[row * x_stride + col] += tmp * p[tidx];
    r[tidx] -= tmp * q[tidx];
  }
}
