// redteam35_diluted_smooth_share's seed: red team 14's tanh blur seed (kernels/blur/
// blur_tanh_seed16.cu: the row pass into an FP32 scratch image, the column pass and tanh) and
// tag = -z, the sign bit of each f16 word flipped, eight halves a thread.
#include <blur_tanh_seed16.cu>

// tag = -z for f16 words: the sign bit flipped (exact), 16-byte loads and stores, a grid-stride
// loop (the same kernel in the seed and the child).
extern "C" __global__ void __launch_bounds__(256)
    neg_tag(const uint4* __restrict__ z, uint4* __restrict__ tag, int n8) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n8; i += gridDim.x * blockDim.x) {
    uint4 v = z[i];
    v.x ^= 0x80008000u, v.y ^= 0x80008000u, v.z ^= 0x80008000u, v.w ^= 0x80008000u;
    tag[i] = v;
  }
}
