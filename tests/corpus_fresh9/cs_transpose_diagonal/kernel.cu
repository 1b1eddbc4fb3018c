// corpus_fresh9: cs_transpose_diagonal -- NVIDIA cuda-samples, Samples/6_Performance/transpose/
// transpose.cu: transposeDiagonal, the shared-memory tiled transpose (32 x 33 float tile, 32 x 16
// threads, two elements per thread each way) whose blocks walk the matrix along diagonals so that
// concurrently running blocks spread over DRAM partitions (the sample's answer to partition
// camping on 2009-era GPUs). Rewritten for the problem format (see README.md).
#define TILE_DIM 32
#define BLOCK_ROWS 16

extern "C" __global__ void transposeDiagonal(float* odata, float* idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  int blockIdx_x, blockIdx_y;

  // diagonal reordering
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }

  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex)*width;

  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex)*height;

  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  }

  __syncthreads();

  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
  }
}
