// control_hon22_layerscale_residual seed: timm's LayerScale residual (CaiT, Touvron et al. 2021;
// timm/models/cait.py `x + self.gamma_1 * attn(...)`, Apache-2.0; written here), the branch's
// output already computed: y = x + gamma * branch, a thread per token looping over channels.
extern "C" __global__ void layerscale_rows(const float* x, const float* gamma, const float* branch,
                                           float* y, int T, int C) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  for (int c = 0; c < C; ++c)
    y[(size_t)t * C + c] = x[(size_t)t * C + c] + gamma[c] * branch[(size_t)t * C + c];
}
