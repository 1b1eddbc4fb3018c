// Shared-memory tiling restricted to the triangle: a TILE x TILE block wholly below the diagonal
// only writes zeros; any other block walks the k-tiles from its first row to its last column
// (the only ones where triu(A) row-slab and triu(B) column-slab overlap), masking A elements
// with k < row and B elements with k > col as they are staged. Requires N % TILE == 0.
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    tri_tiled(const float* A, const float* B, float* C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  const int row = row0 + ty, col = col0 + tx;
  if (row0 > col0 + TILE - 1) {  // uniform per block: no barrier is skipped by part of it
    C[(size_t)row * N + col] = 0.0f;
    return;
  }
  float acc = 0.0f;
  for (int k0 = row0; k0 < col0 + TILE; k0 += TILE) {
    As[ty][tx] = k0 + tx >= row ? A[(size_t)row * N + k0 + tx] : 0.0f;
    Bs[ty][tx] = k0 + ty <= col ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[(size_t)row * N + col] = row <= col ? acc : 0.0f;
}
