// corpus_fresh10: cub_histo_smem_solid -- CUB's experimental histogram comparison
// (experimental/histogram/histogram_smem_atomics.h, the kernel of NVIDIA's "GPU Pro Tip: Fast
// Histograms Using Shared Atomics on Maxwell"): per-block 3 x 256-bin RGB histograms of a float4
// image built with shared-memory atomics, written as one partial histogram per block. Launch
// block (32, 4), grid (16, 16), NUM_PARTS 1024. Here on a solid-colour 3840 x 2160 frame, the
// post's worst case. Rewritten for the problem format (see README.md).
#define NUM_PARTS 1024
#define ACTIVE_CHANNELS 3
#define NUM_BINS 256

// Decode float4 pixel into bins
__device__ __forceinline__ void DecodePixel(float4 pixel, unsigned int (&bins)[ACTIVE_CHANNELS]) {
  float* samples = reinterpret_cast<float*>(&pixel);
#pragma unroll
  for (int CHANNEL = 0; CHANNEL < ACTIVE_CHANNELS; ++CHANNEL)
    bins[CHANNEL] = (unsigned int)(samples[CHANNEL] * float(NUM_BINS));
}

// First-pass histogram kernel (binning into privatized counters)
extern "C" __global__ void histogram_smem_atomics(const float4* in, int width, int height,
                                                  unsigned int* out) {
  // global position and size
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int nx = blockDim.x * gridDim.x;
  int ny = blockDim.y * gridDim.y;

  // threads in workgroup
  int t = threadIdx.x + threadIdx.y * blockDim.x;
  int nt = blockDim.x * blockDim.y;

  // group index in 0..ngroups-1
  int g = blockIdx.x + blockIdx.y * gridDim.x;

  // initialize smem
  __shared__ unsigned int smem[ACTIVE_CHANNELS * NUM_BINS + 3];
  for (int i = t; i < ACTIVE_CHANNELS * NUM_BINS + 3; i += nt) smem[i] = 0;
  __syncthreads();

  // process pixels: updates our group's partial histogram in smem
  for (int col = x; col < width; col += nx) {
    for (int row = y; row < height; row += ny) {
      float4 pixel = in[row * width + col];
      unsigned int bins[ACTIVE_CHANNELS];
      DecodePixel(pixel, bins);
#pragma unroll
      for (int CHANNEL = 0; CHANNEL < ACTIVE_CHANNELS; ++CHANNEL)
        atomicAdd(&smem[(NUM_BINS * CHANNEL) + bins[CHANNEL] + CHANNEL], 1);
    }
  }
  __syncthreads();

  // move to our workgroup's slice of output
  out += g * NUM_PARTS;

  // store local output to global
  for (int i = t; i < NUM_BINS; i += nt) {
#pragma unroll
    for (int CHANNEL = 0; CHANNEL < ACTIVE_CHANNELS; ++CHANNEL)
      out[i + NUM_BINS * CHANNEL] = smem[i + NUM_BINS * CHANNEL + CHANNEL];
  }
}
