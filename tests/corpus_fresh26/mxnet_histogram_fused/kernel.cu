// corpus_fresh26: mxnet_histogram_fused -- Apache MXNet (apache/mxnet), src/operator/tensor/histogram.cu:
// HistogramFusedKernel::Map (the uniform-bins overload behind mx.nd.histogram / np.histogram with
// an integer bin count and a range) launched by mxnet_op::Kernel<HistogramFusedKernel,
// gpu>::Launch, i.e. mxnet_generic_kernel: a grid-stride loop over the elements, each element
// finding its bin from (data - min) * bin_cnt / (max - min) in double, corrected by one against
// the bin bounds, and adding one to that bin with a global atomicAdd. Here: float data, the
// int64 counts MXNet's histogram outputs, 10 bins over [0, 1] (numpy's default bin count).
// Rewritten for the problem format (see README.md): extern "C", the generic kernel's grid-stride
// loop and the Map body inlined into one kernel, mshadow_op::floor / minimum as floor / min, the
// int64 atomicAdd as the unsigned long long one (the same 64-bit add).
extern "C" __global__ void mxnet_histogram_fused(const int N, const float* in_data,
                                                 const float* bin_bounds, long long* bins,
                                                 const int bin_cnt, const double min,
                                                 const double max) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) {
    const float data = in_data[i];
    int target = -1;
    if (data >= min && data <= max) {
      target = (int)floor((data - min) * bin_cnt / (max - min));
      target = bin_cnt - 1 < target ? bin_cnt - 1 : target;
      target -= (data < bin_bounds[target]) ? 1 : 0;
      target += ((data >= bin_bounds[target + 1]) && (target != bin_cnt - 1)) ? 1 : 0;
    }
    if (target >= 0) {
      atomicAdd((unsigned long long*)&bins[target], 1ULL);
    }
  }
}
