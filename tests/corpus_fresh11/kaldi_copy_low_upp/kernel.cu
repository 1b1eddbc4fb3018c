// corpus_fresh11: kaldi_copy_low_upp -- kaldi-asr/kaldi, src/cudamatrix/cu-kernels.cu,
// _copy_low_upp<float> (CuMatrix::CopyLowerToUpper, which symmetrises a matrix from its lower
// triangle): 16 x 16 blocks (CU2DBLOCK) over the whole n x n matrix, x the row index i and y the
// column j; a thread with i > j copies A[i][j] to A[j][i], every other thread returns, so the
// blocks above the diagonal do nothing. Here an 8192 x 8192 float matrix (stride 8192).
// Rewritten for the problem format (see README.md).

// MatrixDim (cudamatrix/cu-matrixdim.h), passed by value in the original: rows, cols, stride
// as kernel arguments here.
extern "C" __global__ void _copy_low_upp(float* A, int rows, int cols, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= j || i >= rows) return;
  int index_1 = i * stride + j;
  int index_2 = j * stride + i;
  A[index_2] = A[index_1];
}
