// corpus_fresh9: raja_reduce3_int -- LLNL RAJAPerf, src/basic/REDUCE3_INT-Cuda.cpp (Base_CUDA,
// reduce3int<block_size>): the sum, minimum and maximum of an int vector, each thread folding its
// grid-stride share into three shared slots, a shared tree per block, then thread 0 adds its
// block's three results into the three ints of one device array with atomicAdd, atomicMin and
// atomicMax. The suite's "direct" tuning: one element per thread, ceil(N / 256) blocks.
// Rewritten for the problem format (see README.md).
#define block_size 256
#define RAJA_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define RAJA_MAX(a, b) (((b) > (a)) ? (b) : (a))

__device__ __forceinline__ void reduce3int(int* vec, int* vsum, int vsum_init, int* vmin,
                                           int vmin_init, int* vmax, int vmax_init,
                                           long long iend) {
  extern __shared__ int psum[];
  int* pmin = (int*)&psum[1 * block_size];
  int* pmax = (int*)&psum[2 * block_size];

  long long i = (long long)blockIdx.x * block_size + threadIdx.x;

  psum[threadIdx.x] = vsum_init;
  pmin[threadIdx.x] = vmin_init;
  pmax[threadIdx.x] = vmax_init;

  for (; i < iend; i += (long long)gridDim.x * block_size) {
    psum[threadIdx.x] += vec[i];
    pmin[threadIdx.x] = RAJA_MIN(pmin[threadIdx.x], vec[i]);
    pmax[threadIdx.x] = RAJA_MAX(pmax[threadIdx.x], vec[i]);
  }
  __syncthreads();

  for (i = block_size / 2; i > 0; i /= 2) {
    if (threadIdx.x < i) {
      psum[threadIdx.x] += psum[threadIdx.x + i];
      pmin[threadIdx.x] = RAJA_MIN(pmin[threadIdx.x], pmin[threadIdx.x + i]);
      pmax[threadIdx.x] = RAJA_MAX(pmax[threadIdx.x], pmax[threadIdx.x + i]);
    }
    __syncthreads();
  }

  if (threadIdx.x == 0) {
    atomicAdd(vsum, psum[0]);
    atomicMin(vmin, pmin[0]);
    atomicMax(vmax, pmax[0]);
  }
}

// The suite passes vmem + 0, vmem + 1, vmem + 2 of one three-int reducer array.
extern "C" __global__ void __launch_bounds__(block_size)
    reduce3int_vmem(int* vec, int* vmem, int vsum_init, int vmin_init, int vmax_init,
                    long long iend) {
  reduce3int(vec, vmem + 0, vsum_init, vmem + 1, vmin_init, vmem + 2, vmax_init, iend);
}
