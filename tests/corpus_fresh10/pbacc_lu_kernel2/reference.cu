// float64 reference for corpus_fresh10 pbacc_lu_kernel2 (written for the corpus): the same
// update on the cells the original launch reaches -- i and j above k and below the grid's cover
// (ceil((n - k - 1) / 32) x 32 columns, ceil((n - k - 1) / 8) x 8 rows) -- one thread per cell of
// the whole matrix; every other cell is left as it was.
extern "C" __global__ void lu_update_ref(int n, double* A, int k) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  const int m = n - k - 1;
  const int jcover = ((m + 31) / 32) * 32;
  const int icover = ((m + 7) / 8) * 8;
  if (i > k && j > k && i < n && j < n && i < icover && j < jcover) {
    const long long c = (long long)i * n + j;
    A[c] = A[c] - A[(long long)i * n + k] * A[(long long)k * n + j];
  }
}
