// corpus_fresh13: cusamples_stereo_disparity -- NVIDIA cuda-samples, stereoDisparity:
// stereoDisparityKernel, block matching of two RGBA images with the SIMD sum of absolute
// differences (vabsdiff4): for every disparity a block writes its 24 x 48 window of per-pixel
// costs to shared memory, sums it horizontally (17 taps) and vertically (17 taps) between
// barriers, and keeps the best disparity. Rewritten for the problem format (see README.md).

#define blockSize_x 32
#define blockSize_y 8
#define RAD 8    // radius of the matching window
#define STEPS 3  // rows of the shared window each thread loads

// the sample's __usad4: |a - b| summed over the four bytes, plus c
__device__ __forceinline__ unsigned int usad4(unsigned int A, unsigned int B, unsigned int C = 0) {
  unsigned int result;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(result) : "r"(A), "r"(B), "r"(C));
  return result;
}

// tex2D<unsigned int> with clamped addressing and point sampling
__device__ __forceinline__ unsigned int fetch(const unsigned int* img, int x, int y, int w, int h) {
  x = min(max(x, 0), w - 1);
  y = min(max(y, 0), h - 1);
  return img[y * w + x];
}

extern "C" __global__ void stereoDisparityKernel(const unsigned int* g_img0,
                                                 const unsigned int* g_img1,
                                                 unsigned int* g_odata, int w, int h,
                                                 int minDisparity, int maxDisparity) {
  const int tidx = blockDim.x * blockIdx.x + threadIdx.x;
  const int tidy = blockDim.y * blockIdx.y + threadIdx.y;
  const unsigned int sidx = threadIdx.x + RAD;
  const unsigned int sidy = threadIdx.y + RAD;

  unsigned int imLeft, imRight, cost;
  unsigned int bestCost = 9999999;
  unsigned int bestDisparity = 0;
  __shared__ unsigned int diff[blockSize_y + 2 * RAD][blockSize_x + 2 * RAD];

  // the left image's pixels, kept in registers for every disparity
  unsigned int imLeftA[STEPS];
  unsigned int imLeftB[STEPS];
  for (int i = 0; i < STEPS; i++) {
    int offset = -RAD + i * RAD;
    imLeftA[i] = fetch(g_img0, tidx - RAD, tidy + offset, w, h);
    imLeftB[i] = fetch(g_img0, tidx - RAD + blockSize_x, tidy + offset, w, h);
  }

  for (int d = minDisparity; d <= maxDisparity; d++) {
    // left part of the window
#pragma unroll
    for (int i = 0; i < STEPS; i++) {
      int offset = -RAD + i * RAD;
      imLeft = imLeftA[i];
      imRight = fetch(g_img1, tidx - RAD + d, tidy + offset, w, h);
      cost = usad4(imLeft, imRight);
      diff[sidy + offset][sidx - RAD] = cost;
    }
    // right part (the 16 columns past the block)
#pragma unroll
    for (int i = 0; i < STEPS; i++) {
      int offset = -RAD + i * RAD;
      if (threadIdx.x < 2 * RAD) {
        imLeft = imLeftB[i];
        imRight = fetch(g_img1, tidx - RAD + blockSize_x + d, tidy + offset, w, h);
        cost = usad4(imLeft, imRight);
        diff[sidy + offset][sidx - RAD + blockSize_x] = cost;
      }
    }
    __syncthreads();

    // horizontal sums
#pragma unroll
    for (int j = 0; j < STEPS; j++) {
      int offset = -RAD + j * RAD;
      cost = 0;
#pragma unroll
      for (int i = -RAD; i <= RAD; i++) cost += diff[sidy + offset][sidx + i];
      __syncthreads();
      diff[sidy + offset][sidx] = cost;
      __syncthreads();
    }

    // vertical sum
    cost = 0;
#pragma unroll
    for (int i = -RAD; i <= RAD; i++) cost += diff[sidy + i][sidx];

    if (cost < bestCost) {
      bestCost = cost;
      bestDisparity = d + 8;
    }
    __syncthreads();
  }

  if (tidy < h && tidx < w) g_odata[tidy * w + tidx] = bestDisparity;
}
