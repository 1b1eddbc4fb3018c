// Reference for corpus_fresh10 cub_histo_gmem_solid (written for the corpus; integer counts are
// exact): block g of the same 16 x 16 grid of 32 x 4 threads walks the same pixels and adds
// each channel's bin straight into its partial histogram out[g * 1024 + 256 * c + bin] with a
// global atomic (out zeroed before the run), so the counts, not the order, are compared.
extern "C" __global__ void histo_gparts_ref(const float4* in, int width, int height,
                                           double* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int nx = blockDim.x * gridDim.x;
  const int ny = blockDim.y * gridDim.y;
  const int g = blockIdx.x + blockIdx.y * gridDim.x;
  double* part = out + (long long)g * 1024;
  for (int col = x; col < width; col += nx)
    for (int row = y; row < height; row += ny) {
      const float4 p = in[(long long)row * width + col];
      const unsigned int r = (unsigned int)(p.x * 256.0f);
      const unsigned int gg = (unsigned int)(p.y * 256.0f);
      const unsigned int b = (unsigned int)(p.z * 256.0f);
      if (r < 256) atomicAdd(&part[r], 1.0);
      if (gg < 256) atomicAdd(&part[256 + gg], 1.0);
      if (b < 256) atomicAdd(&part[512 + b], 1.0);
    }
}
