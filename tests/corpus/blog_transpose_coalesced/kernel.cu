// corpus: blog_transpose_coalesced -- from NVIDIA-developer-blog/code-samples, series/cuda-cpp/transpose/transpose.cu (transposeCoalesced) @ 72d62ec46444
// license: BSD-3-Clause (NVIDIA CORPORATION, per file header)
// adapted: extern "C"; 8192 x 8192 matrix (the post uses 1024)
const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;
extern "C" __global__ void transposeCoalesced(float *odata, const float *idata)
{
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
     tile[threadIdx.y+j][threadIdx.x] = idata[(y+j)*width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
     odata[(y+j)*width + x] = tile[threadIdx.x][threadIdx.y + j];
}
