// corpus: cs_transpose_naive -- from NVIDIA/cuda-samples, Samples/6_Performance/transpose/transpose.cu (transposeNaive) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; TILE_DIM = BLOCK_ROWS = 16 as in the sample; 8192 x 4096 matrix
#define TILE_DIM 16
#define BLOCK_ROWS 16
extern "C" __global__ void transposeNaive(float *odata, float *idata, int width, int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + width * yIndex;
  int index_out = yIndex + height * xIndex;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    odata[index_out + i] = idata[index_in + i * width];
  }
}
