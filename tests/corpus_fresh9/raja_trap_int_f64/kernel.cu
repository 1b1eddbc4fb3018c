// corpus_fresh9: raja_trap_int_f64 -- LLNL RAJAPerf, src/basic/TRAP_INT-Cuda.cpp (Base_CUDA,
// trapint<block_size>) with trap_int_func of TRAP_INT-func.hpp: the sum of 1/sqrt((x-xp)^2 +
// (y-yp)^2) at x = x0 + i*h, each thread a grid-stride share accumulated in its shared slot, then
// a shared tree and one atomicAdd per block. The occupancy-sized grid of the suite's "occgs"
// tuning (RAJAPERF_CUDA_GET_MAX_BLOCKS). Rewritten for the problem format (see README.md).
#define block_size 256

__device__ __forceinline__ double trap_int_func(double x, double y, double xp, double yp) {
  double denom = (x - xp) * (x - xp) + (y - yp) * (y - yp);
  denom = 1.0 / sqrt(denom);
  return denom;
}

extern "C" __global__ void __launch_bounds__(block_size)
    trapint(double x0, double xp, double y, double yp, double h, double* sumx, long long iend) {
  extern __shared__ double psumx[];

  long long i = (long long)blockIdx.x * block_size + threadIdx.x;

  psumx[threadIdx.x] = 0.0;
  for (; i < iend; i += (long long)gridDim.x * block_size) {
    double x = x0 + i * h;
    double val = trap_int_func(x, y, xp, yp);
    psumx[threadIdx.x] += val;
  }
  __syncthreads();

  for (i = block_size / 2; i > 0; i /= 2) {
    if (threadIdx.x < i) psumx[threadIdx.x] += psumx[threadIdx.x + i];
    __syncthreads();
  }

  if (threadIdx.x == 0) atomicAdd(sumx, psumx[0]);
}
