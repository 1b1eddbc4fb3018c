// corpus_fresh27: p3d_alpha_composite_fwd -- PyTorch3D (facebookresearch/pytorch3d),
// pytorch3d/csrc/compositing/alpha_composite.cu: alphaCompositeCudaForwardKernel, the forward
// pass of the points renderer's AlphaCompositor (front-to-back "over" compositing of the K
// nearest points of each pixel): the grid's x is the batch, a grid-stride loop over every
// (channel, pixel) of one image, and for each the K points of that pixel walked in depth order,
// each adding features[ch][point] * alpha * cum_alpha to the output with a global atomicAdd.
// Rewritten for the problem format (see README.md): extern "C", the four PackedTensorAccessor64
// arguments as raw pointers with their (contiguous) int64 sizes passed as scalars and the
// accessors' index arithmetic written out in int64; the loop, the int64 divisions of the origin
// (C, H, W are int64_t there), the sentinel test and the per-point atomicAdd as the origin's.
extern "C" __global__ void alphaCompositeCudaForwardKernel(
    float* __restrict__ result,               // (N, C, H, W), zeroed by the caller (at::zeros)
    const float* __restrict__ features,       // (C, P)
    const float* __restrict__ alphas,         // (N, K, H, W)
    const long long* __restrict__ points_idx, // (N, K, H, W), -1 where no point
    long long C, long long K, long long H, long long W, long long P) {
  // Get the batch and index
  const auto batch = blockIdx.x;

  const int num_pixels = C * H * W;
  const auto num_threads = gridDim.y * blockDim.x;
  const auto tid = blockIdx.y * blockDim.x + threadIdx.x;

  // Iterate over each feature in each pixel
  for (int pid = tid; pid < num_pixels; pid += num_threads) {
    int ch = pid / (H * W);
    int j = (pid % (H * W)) / W;
    int i = (pid % (H * W)) % W;

    // alphacomposite the different values
    float cum_alpha = 1.;
    // Iterate through the closest K points for this pixel
    for (int k = 0; k < K; ++k) {
      // points_idx[batch][k][j][i]
      int n_idx = points_idx[((long long)batch * K + k) * H * W + (long long)j * W + i];

      // Sentinel value is -1 indicating no point overlaps the pixel
      if (n_idx < 0) {
        continue;
      }

      float alpha = alphas[((long long)batch * K + k) * H * W + (long long)j * W + i];
      // result[batch][ch][j][i] += features[ch][n_idx] * cum_alpha * alpha
      atomicAdd(&result[((long long)batch * C + ch) * H * W + (long long)j * W + i],
                features[(long long)ch * P + n_idx] * cum_alpha * alpha);
      cum_alpha = cum_alpha * (1 - alpha);
    }
  }
}
