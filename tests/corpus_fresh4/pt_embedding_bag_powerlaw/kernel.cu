// corpus_fresh4: pt_embedding_bag_powerlaw -- from pytorch/pytorch,
// aten/src/ATen/native/cuda/EmbeddingBag.cu: EmbeddingBag_updateOutputKernel_sum_mean (each
// (bag, 32-feature chunk) walked by one warp, chunks dealt to warps grid-stride), launched by
// _embedding_bag_cuda with block dim3(32, 8), grid 1024
// license: BSD-3-Clause (PyTorch contributors); written here in the file's form
// adapted: extern "C"; scalar_t = accscalar_t = float, index_t = int; THCCeilDiv written out;
// CUDA_KERNEL_ASSERT dropped; per_sample_weights = nullptr (the plain bag sum), so that branch
// and its arguments are dropped
#define MODE_SUM 0
#define MODE_MEAN 1

extern "C" __global__ void EmbeddingBag_updateOutputKernel_sum_mean(
    int* input, int* offsets, float* weight, float* output, int* offset2bag, long long numIndices,
    long long numBags, long long featureSize, long long weight_stride0, long long weight_stride1,
    int mode, int* bag_size, int padding_idx) {
  // the strategy here is that each bag x feature is handled by a single thread

  using accscalar_t = float;
  long long chunksPerBag = (featureSize + (long long)blockDim.x - 1) / (long long)blockDim.x;
  long long numChunks = numBags * chunksPerBag;
  long long chunkOffset = blockIdx.x * blockDim.y + threadIdx.y;
  long long chunkStride = gridDim.x * blockDim.y;

  for (long long chunk = chunkOffset; chunk < numChunks; chunk += chunkStride) {
    long long featureDim = (chunk % chunksPerBag) * blockDim.x + threadIdx.x;
    if (featureDim < featureSize) {
      long long bag = chunk / chunksPerBag;
      float* weightFeat = weight + featureDim * weight_stride1;
      long long begin =
          bag == 0 ? 0 : offsets[bag];  // forces first offset to be 0 instead of asserting on it
      long long end = (bag < numBags - 1) ? (offsets[bag + 1]) : numIndices;
      accscalar_t weightFeatSum = 0;
      long long bag_size_ = 0;
      for (long long emb = begin; emb < end; emb++) {
        bool pad = (input[emb] == padding_idx);
        const long long weightRow = input[emb] * weight_stride0;
        float weightValue = weightFeat[weightRow];
        weightValue = pad ? static_cast<float>(0) : weightValue;
        weightFeatSum += static_cast<accscalar_t>(weightValue);
        bag_size_ += pad ? 0 : 1;

        if (featureDim == 0) {
          offset2bag[emb] = bag;
        }
      }
      if (mode == MODE_MEAN) {
        if (bag_size_ != 0) {
          weightFeatSum = weightFeatSum / static_cast<accscalar_t>(bag_size_);
        }
      }
      bag_size[bag] = bag_size_;
      output[bag * featureSize + featureDim] = static_cast<float>(weightFeatSum);
    }
  }
}
