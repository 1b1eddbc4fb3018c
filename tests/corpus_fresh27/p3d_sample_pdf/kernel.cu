// corpus_fresh27: p3d_sample_pdf -- PyTorch3D (facebookresearch/pytorch3d),
// pytorch3d/csrc/sample_pdf/sample_pdf.cu: SamplePdfCudaKernel, the hierarchical (importance)
// sampling of NeRF-style renderers (pytorch3d.renderer.implicit.sample_pdf, Implicitron's fine
// ray sampler): for each ray, samples drawn from the piecewise-constant density its coarse
// weights define, by inverting the CDF. One warp a block; a chunk is T * 32 samples of one ray;
// every thread first sums the ray's weights (the same sum in every lane), then walks the bins
// linearly from the first until its quantile falls inside one, and interpolates in that bin.
// Rewritten for the problem format (see README.md): extern "C"; the loops, the linear walk, the
// chunking and the in-place output (the quantiles in, the samples out) as the origin's.
extern "C" __global__ void SamplePdfCudaKernel(
    const float* __restrict__ bins,     // (batch_size, n_bins + 1)
    const float* __restrict__ weights,  // (batch_size, n_bins)
    float* __restrict__ outputs,        // (batch_size, n_samples): quantiles in, samples out
    float eps, const int T, const long long batch_size, const long long n_bins,
    const long long n_samples) {
  const long long chunks_per_batch = 1 + (n_samples - 1) / (T * blockDim.x);
  const long long n_chunks = chunks_per_batch * batch_size;

  for (long long i_chunk = blockIdx.x; i_chunk < n_chunks; i_chunk += gridDim.x) {
    // Loop over the chunks.
    long long i_batch_element = i_chunk / chunks_per_batch;
    long long sample_start = (i_chunk % chunks_per_batch) * (T * blockDim.x);
    const float* const weight_startp = weights + n_bins * i_batch_element;
    const float* const bin_startp = bins + (1 + n_bins) * i_batch_element;

    // Each chunk looks at a single batch element, so every thread of the block finds the same
    // total weight.
    float total_weight = eps;
    for (long long i_bin = 0; i_bin < n_bins; ++i_bin) {
      total_weight += weight_startp[i_bin];
    }

    float* const output_startp = outputs + n_samples * i_batch_element + sample_start;

    for (int t = 0; t < T; ++t) {
      // Loop over T, the number of samples each thread makes within the chunk.
      const long long i_sample_within_chunk = threadIdx.x + t * blockDim.x;
      if (sample_start + i_sample_within_chunk >= n_samples) {
        continue;
      }
      float uniform = total_weight * output_startp[i_sample_within_chunk];
      long long i_bin = 0;
      // Find the bin holding the quantile by walking along the weights: the whole warp waits
      // until every lane has found its bin.
      while (i_bin + 1 < n_bins && uniform > weight_startp[i_bin]) {
        uniform -= weight_startp[i_bin];
        ++i_bin;
      }

      // Linear interpolation inside the bin, written back in place.
      float bin_start = bin_startp[i_bin];
      float bin_end = bin_startp[i_bin + 1];
      float bin_weight = weight_startp[i_bin];
      float output_value = bin_start;
      if (uniform > bin_weight) {
        output_value = bin_end;
      } else if (bin_weight > eps) {
        output_value += (uniform / bin_weight) * (bin_end - bin_start);
      }
      output_startp[i_sample_within_chunk] = output_value;
    }
  }
}
