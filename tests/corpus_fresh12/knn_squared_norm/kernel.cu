// corpus_fresh12: knn_squared_norm -- kNN-CUDA (V. Garcia et al.), code/knncuda.cu,
// compute_squared_norm: the cuBLAS path's squared norm of every reference point, one thread per
// point (a column of the [dim, n] array), summing its dim values down the column. Rewritten
// for the problem format (see README.md).

extern "C" __global__ void compute_squared_norm(float* array, int width, int pitch, int height,
                                                float* norm) {
  unsigned int xIndex = blockIdx.x * blockDim.x + threadIdx.x;
  if (xIndex < width) {
    float sum = 0.f;
    for (int i = 0; i < height; i++) {
      float val = array[i * pitch + xIndex];
      sum += val * val;
    }
    norm[xIndex] = sum;
  }
}
