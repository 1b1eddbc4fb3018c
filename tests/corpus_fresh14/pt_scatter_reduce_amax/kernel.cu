// corpus_fresh14: pt_scatter_reduce_amax -- PyTorch ATen, ScatterGatherKernel.cu: the scatter
// kernel _scatter_gather_elementwise_kernel<nt = 128, vt = 4> with ReduceMaximum, the kernel of
// Tensor.scatter_reduce_(0, index, src, reduce="amax") (a graph max-pool readout: node features
// into their graph's row, the index a batch vector expanded over the features). Float has no
// hardware atomic max, so ATen's gpuAtomicMax (Atomic.cuh) is a compare-and-swap loop.
// Rewritten for the problem format (see README.md).

// Atomic.cuh: gpuAtomicMax(float*, float) -- a CAS loop on the float's bits
__device__ __forceinline__ float gpuAtomicMax(float* address, float val) {
  int* address_as_i = (int*)address;
  int old = *address_as_i, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_i, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

// The TensorIterator over index's shape [nodes, D]: its OffsetCalculator (a divmod by D per
// element) gives self's offset (the scatter dim restrided to 0), src's and index's (index
// expanded: stride 0 along D); the scatter functor adds idx_dim * self_dim_stride.
extern "C" __global__ void __launch_bounds__(128)
_scatter_gather_elementwise_kernel(int N, float* self, const float* src, const long long* index,
                                   int D, long long self_dim_stride) {
  constexpr int nt = 128, vt = 4, nv = nt * vt;
  int idx = nv * blockIdx.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < vt; ++i) {
    if (idx < N) {
      const unsigned int node = (unsigned int)idx / (unsigned int)D;
      const unsigned int d = (unsigned int)idx - node * (unsigned int)D;
      const long long idx_dim = index[node];  // index offset: node * 1 + d * 0
      gpuAtomicMax(self + d + idx_dim * self_dim_stride, src[(long long)node * D + d]);
      idx += nt;
    }
  }
}
