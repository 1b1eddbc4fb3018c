// corpus_fresh4: pt_index_add_pool -- from pytorch/pytorch, aten/src/ATen/native/cuda/Indexing.cu:
// indexFuncLargeIndex with op = reduce_add (gpuAtomicAdd), the kernel of Tensor.index_add_ when
// more than 16 indices are given, launched by index_add_cuda_impl with
// largeIndexGrid = min(ceil_div(sourceTotalSize, 128), mpc * 8), largeIndexBlock = 128
// license: BSD-3-Clause (PyTorch contributors); written here in the file's form
// adapted: extern "C"; the template instantiated by hand for float values, int64 indices,
// unsigned int IndexType, IndexIsMajor = true and contiguous 2-D self and source (PyTorch
// collapses their TensorInfo to one dimension, so IndexToOffset(elementInSlice) is
// elementInSlice and the add-dimension strides are the row length); CUDA_KERNEL_ASSERT dropped;
// alpha = 1 kept as an argument
extern "C" __global__ void indexFuncLargeIndex(float* dst_data, const float* src_data,
                                               const long long* indices_data,
                                               unsigned int dstAddStride, unsigned int srcAddStride,
                                               unsigned int totalSize, unsigned int innerSize,
                                               long long dstAddDimSize, long long dstNumel,
                                               float alpha) {
  // We stride over the output including the indexed dimension
  // (totalSize), and calculate the destination index point based on that
  for (unsigned int linearIndex = blockIdx.x * blockDim.x + threadIdx.x; linearIndex < totalSize;
       linearIndex += gridDim.x * blockDim.x) {
    unsigned int srcIndex, elementInSlice;
    // IndexIsMajor
    srcIndex = linearIndex / innerSize;
    elementInSlice = linearIndex % innerSize;

    unsigned int dstIndex = indices_data[srcIndex];

    unsigned int dstOffset = elementInSlice;
    dstOffset += dstIndex * dstAddStride;

    unsigned int srcOffset = elementInSlice;
    srcOffset += srcIndex * srcAddStride;

    float val = src_data[srcOffset] * alpha;
    // reduce_add: gpuAtomicAdd(self_data + index, *src_data)
    atomicAdd(dst_data + dstOffset, val);
  }
}
