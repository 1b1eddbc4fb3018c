// corpus_fresh12: knn_add_norms -- kNN-CUDA (V. Garcia et al.), code/knncuda.cu,
// add_reference_points_norm: the cuBLAS path's step that adds each reference point's squared
// norm (a column vector) to its row of the -2 Q^T R product, in place; one thread per matrix
// element in 16 x 16 blocks, the block's 16 norms staged in shared memory by the threads of
// column 0. Rewritten for the problem format (see README.md).

extern "C" __global__ void addReferencePointsNorm(float* array, int width, int pitch, int height,
                                                  float* norm) {
  unsigned int tx = threadIdx.x;
  unsigned int ty = threadIdx.y;
  unsigned int xIndex = blockIdx.x * blockDim.x + tx;
  unsigned int yIndex = blockIdx.y * blockDim.y + ty;
  __shared__ float shared_vec[16];
  if (tx == 0 && yIndex < height) shared_vec[ty] = norm[yIndex];
  __syncthreads();
  if (xIndex < width && yIndex < height) array[yIndex * pitch + xIndex] += shared_vec[ty];
}
