// corpus_fresh12: ginkgo_cg_step1 -- Ginkgo, cuda/solver/cg_kernels.cu, step_1_kernel<double>: the
// CG update p = z + (rho / prev_rho) p, one thread per entry of the (rows x stride) dense block,
// the column found by a 64-bit modulo, the ratio recomputed by every thread, each column's
// stopping status checked first. Rewritten for the problem format (see README.md).

typedef unsigned long long size_type;

// gko::stopping_status: one byte; the low six bits are the id of the criterion that stopped
// the column (0: not stopped)
struct stopping_status {
  unsigned char data_;
  __device__ bool has_stopped() const { return (data_ & ((1 << 6) - 1)) != 0; }
};

#define default_block_size 512

extern "C" __global__ __launch_bounds__(default_block_size) void step_1_kernel(
    size_type num_rows, size_type num_cols, size_type stride, double* __restrict__ p,
    const double* __restrict__ z, const double* __restrict__ rho,
    const double* __restrict__ prev_rho, const stopping_status* __restrict__ stop_status) {
  const auto tidx = static_cast<size_type>(blockDim.x) * blockIdx.x + threadIdx.x;
  const auto col = tidx % stride;
  if (col >= num_cols || tidx >= num_rows * stride || stop_status[col].has_stopped()) {
    return;
  }
  const auto tmp = rho[col] / prev_rho[col];
  p[tidx] = prev_rho[col] == 0.0 ? z[tidx] : z[tidx] + tmp * p[tidx];
}
