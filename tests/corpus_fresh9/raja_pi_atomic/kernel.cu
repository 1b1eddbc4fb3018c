// corpus_fresh9: raja_pi_atomic -- LLNL RAJAPerf, src/basic/PI_ATOMIC-Cuda.cpp (Base_CUDA):
// pi/4 as the midpoint sum of 1/(1+x^2) over [0, 1), every term added by its own thread with one
// double-precision atomicAdd to the single result (RAJA::atomicAdd<cuda_atomic>, the native
// atomicAdd(double*) on sm_60+). One thread per term, block_size 256. Rewritten for the problem
// format (see README.md).
#define block_size 256

extern "C" __global__ void __launch_bounds__(block_size)
    pi_atomic(double* pi, double dx, long long iend) {
  long long i = (long long)blockIdx.x * block_size + threadIdx.x;
  if (i < iend) {
    double x = (double(i) + 0.5) * dx;
    atomicAdd(pi, dx / (1.0 + x * x));
  }
}
