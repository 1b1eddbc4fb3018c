// corpus_fresh24: hecb_entropy_shared_count -- HeCBench (zjin-lcf/HeCBench), src/entropy-cuda: the
// optimised local-entropy kernel (entropy_opt<16, 16>). Every pixel of a 16-level image gets the
// Shannon entropy of the 5 x 5 window around it: the window's levels are counted in a per-thread
// column of a shared 16 x 256 counter array, and -sum(c log2 c) comes from a 26-entry table.
// Rewritten for the problem format (see README.md): extern "C", the template fixed at 16 x 16;
// the image held as one int a pixel (the format has no 8-bit type); the host-built table of
// c log2 c as a device array with the same 26 values. The counting, the table walk, the final
// division and log and the launch (16 x 16 blocks over the image) as the origin's.

#define EN_BX 16
#define EN_BY 16

// c * log2(c) for c = 0..25 (0 for c <= 1), as the benchmark's host fills its table
__device__ const float en_clogc[26] = {
    0.0f, 0.0f, 2.0f, 4.754887502f, 8.0f, 11.60964047f,
    15.509775f, 19.65148445f, 24.0f, 28.52932501f, 33.21928095f, 38.05374781f,
    43.01955001f, 48.10571634f, 53.30296891f, 58.60335893f, 64.0f, 69.4868683f,
    75.05865003f, 80.71062276f, 86.4385619f, 92.23866588f, 98.10749561f, 104.041925f,
    110.0391f, 116.0964047f};

extern "C" __global__ void entropy_opt(float* __restrict__ d_entropy, const int* __restrict__ d_val,
                                       int height, int width) {
  __shared__ int counts[16][EN_BX * EN_BY];

  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y >= height || x >= width) return;

  const int me = threadIdx.y * EN_BX + threadIdx.x;
  for (int b = 0; b < 16; b++) counts[b][me] = 0;

  char seen = 0;
  for (int dy = -2; dy <= 2; dy++) {
    for (int dx = -2; dx <= 2; dx++) {
      const int xx = x + dx;
      const int yy = y + dy;
      if (xx >= 0 && yy >= 0 && yy < height && xx < width) {
        counts[d_val[yy * width + xx]][me]++;
        seen++;
      }
    }
  }

  float h = 0.0f;
  for (int b = 0; b < 16; b++) h -= en_clogc[counts[b][me]];

  h = h / seen + __log2f(seen);
  d_entropy[y * width + x] = h;
}
