// corpus_fresh21: cv_gauss_column31 -- OpenCV (opencv/opencv_contrib),
// modules/cudafilters/src/cuda/column_filter.hpp: column_filter::linearColumnFilter<KSIZE = 31,
// float, float, BrdColReflect101<float>>, the vertical pass of cv::cuda::createGaussianFilter
// (CV_32F, 31 x 31, BORDER_DEFAULT = REFLECT_101). A 16 x 16 block stages a column strip of
// (PATCH_PER_BLOCK + 2 * HALO_SIZE) * 16 = 128 rows in shared memory (the border rows through
// BrdColReflect101 in the first and the last two row blocks), then each thread sums 31 taps
// for each of its 4 outputs, the coefficient read from the kernel array in global memory.
// Rewritten for the problem format (see README.md): KSIZE, T = D = float and the border fixed to
// the instance launched, extern "C", PtrStepSz / PtrStep replaced by the base pointer, rows,
// cols and the row step in bytes, saturate_cast<float> of a float dropped (the identity), the
// border struct's two index functions written inline (modulo as the origin's, from
// modules/core/include/opencv2/core/cuda/border_interpolate.hpp); the tile, the loops, the
// branch structure and the launch as the origin's.

#define CF_KSIZE 31
#define CF_BLOCK_DIM_X 16
#define CF_BLOCK_DIM_Y 16
#define CF_PATCH_PER_BLOCK 4
#define CF_HALO_SIZE (CF_KSIZE <= 16 ? 1 : 2)

// BrdColReflect101<float>: last_row = rows - 1
__device__ __forceinline__ int brd_row_low(int y, int last_row) {
  return ::abs(y) % (last_row + 1);
}
__device__ __forceinline__ int brd_row_high(int y, int last_row) {
  return ::abs(last_row - ::abs(last_row - y)) % (last_row + 1);
}
__device__ __forceinline__ float brd_at(int idx, const float* src_col, size_t step) {
  return *(const float*)((const char*)src_col + idx * step);
}

extern "C" __global__ void linearColumnFilter(const float* src, int rows, int cols,
                                              size_t src_step, float* dst, size_t dst_step,
                                              const float* kernel, const int anchor) {
  __shared__ float smem[(CF_PATCH_PER_BLOCK + 2 * CF_HALO_SIZE) * CF_BLOCK_DIM_Y][CF_BLOCK_DIM_X];

  // the Y grid dimension indexes the columns of the image
  const int x = blockIdx.y * CF_BLOCK_DIM_X + threadIdx.x;
  if (x >= cols) return;
  const float* src_col = src + x;
  const int last_row = rows - 1;
  // the X grid dimension indexes the rows
  const int yStart = blockIdx.x * (CF_BLOCK_DIM_Y * CF_PATCH_PER_BLOCK) + threadIdx.y;
#define CF_SRC(yy) (((const float*)((const char*)src + (size_t)(yy) * src_step))[x])

  if (blockIdx.x > 0) {
#pragma unroll
    for (int j = 0; j < CF_HALO_SIZE; ++j)
      smem[threadIdx.y + j * CF_BLOCK_DIM_Y][threadIdx.x] =
          CF_SRC(yStart - (CF_HALO_SIZE - j) * CF_BLOCK_DIM_Y);
  } else {
#pragma unroll
    for (int j = 0; j < CF_HALO_SIZE; ++j)
      smem[threadIdx.y + j * CF_BLOCK_DIM_Y][threadIdx.x] = brd_at(
          brd_row_low(yStart - (CF_HALO_SIZE - j) * CF_BLOCK_DIM_Y, last_row), src_col, src_step);
  }

  if (blockIdx.x + 2 < gridDim.x) {
#pragma unroll
    for (int j = 0; j < CF_PATCH_PER_BLOCK; ++j)
      smem[threadIdx.y + CF_HALO_SIZE * CF_BLOCK_DIM_Y + j * CF_BLOCK_DIM_Y][threadIdx.x] =
          CF_SRC(yStart + j * CF_BLOCK_DIM_Y);
#pragma unroll
    for (int j = 0; j < CF_HALO_SIZE; ++j)
      smem[threadIdx.y + (CF_PATCH_PER_BLOCK + CF_HALO_SIZE) * CF_BLOCK_DIM_Y +
           j * CF_BLOCK_DIM_Y][threadIdx.x] =
          CF_SRC(yStart + (CF_PATCH_PER_BLOCK + j) * CF_BLOCK_DIM_Y);
  } else {
#pragma unroll
    for (int j = 0; j < CF_PATCH_PER_BLOCK; ++j)
      smem[threadIdx.y + CF_HALO_SIZE * CF_BLOCK_DIM_Y + j * CF_BLOCK_DIM_Y][threadIdx.x] =
          brd_at(brd_row_high(yStart + j * CF_BLOCK_DIM_Y, last_row), src_col, src_step);
#pragma unroll
    for (int j = 0; j < CF_HALO_SIZE; ++j)
      smem[threadIdx.y + (CF_PATCH_PER_BLOCK + CF_HALO_SIZE) * CF_BLOCK_DIM_Y +
           j * CF_BLOCK_DIM_Y][threadIdx.x] =
          brd_at(brd_row_high(yStart + (CF_PATCH_PER_BLOCK + j) * CF_BLOCK_DIM_Y, last_row),
                 src_col, src_step);
  }
#undef CF_SRC

  __syncthreads();

#pragma unroll
  for (int j = 0; j < CF_PATCH_PER_BLOCK; ++j) {
    const int y = yStart + j * CF_BLOCK_DIM_Y;
    if (y < rows) {
      float sum = 0.0f;
#pragma unroll
      for (int k = 0; k < CF_KSIZE; ++k)
        sum = sum + smem[threadIdx.y + CF_HALO_SIZE * CF_BLOCK_DIM_Y + j * CF_BLOCK_DIM_Y -
                         anchor + k][threadIdx.x] *
                        kernel[k];
      ((float*)((char*)dst + (size_t)y * dst_step))[x] = sum;
    }
  }
}
