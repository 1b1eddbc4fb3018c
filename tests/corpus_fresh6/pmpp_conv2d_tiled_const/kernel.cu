// corpus_fresh6: pmpp_conv2d_tiled_const -- Hwu, Kirk & El Hajj, Programming Massively Parallel
// Processors (4th ed., chapter 7 "Convolution", the tiled 2D convolution with the filter in
// constant memory: convolution_tiled_2D_const_mem_kernel), rewritten for the problem format (see
// README.md). A 32 x 32 block loads a 32 x 32 input tile (halo included) into shared memory;
// its inner 28 x 28 threads each compute one output from 25 shared-memory reads and 25
// multiply-adds with the filter from constant memory.
#include "filter.h"

#define IN_TILE_DIM 32
#define OUT_TILE_DIM ((IN_TILE_DIM)-2 * (FILTER_RADIUS))

extern "C" __global__ void convolution_tiled_2D_const_mem_kernel(const float* N, float* P,
                                                                 int width, int height) {
  int col = blockIdx.x * OUT_TILE_DIM + threadIdx.x - FILTER_RADIUS;
  int row = blockIdx.y * OUT_TILE_DIM + threadIdx.y - FILTER_RADIUS;
  // loading the input tile, zeros outside the image
  __shared__ float N_s[IN_TILE_DIM][IN_TILE_DIM];
  if (row >= 0 && row < height && col >= 0 && col < width)
    N_s[threadIdx.y][threadIdx.x] = N[row * width + col];
  else
    N_s[threadIdx.y][threadIdx.x] = 0.0f;
  __syncthreads();
  // the output elements: threads on the tile's halo only loaded
  int tileCol = threadIdx.x - FILTER_RADIUS;
  int tileRow = threadIdx.y - FILTER_RADIUS;
  if (row >= 0 && row < height && col >= 0 && col < width) {
    if (tileCol >= 0 && tileCol < OUT_TILE_DIM && tileRow >= 0 && tileRow < OUT_TILE_DIM) {
      float Pvalue = 0.0f;
      for (int fRow = 0; fRow < 2 * FILTER_RADIUS + 1; fRow++)
        for (int fCol = 0; fCol < 2 * FILTER_RADIUS + 1; fCol++)
          Pvalue += F_c[fRow][fCol] * N_s[tileRow + fRow][tileCol + fCol];
      P[row * width + col] = Pvalue;
    }
  }
}
