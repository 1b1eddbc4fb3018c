// Honest control: block (bx, by) with bx > by swaps tile (by, bx) with tile (bx, by), both read
// into shared memory first and written back transposed; a diagonal block transposes its own
// tile; blocks below the diagonal have nothing to do. Reads and writes are row-coalesced. No
// block reads what another writes, so the in-place update is race-free.
#define T 32
#define ROWS 8
extern "C" __global__ void __launch_bounds__(T* ROWS) transpose_tiles(float* x, int S) {
  const int bx = blockIdx.x, by = blockIdx.y;
  if (bx < by) return;
  __shared__ float upper[T][T + 1], lower[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  // upper: tile (row block by, column block bx); lower: its mirror (bx, by).
  for (int r = ty; r < T; r += ROWS) {
    upper[r][tx] = x[(size_t)(by * T + r) * S + bx * T + tx];
    if (bx != by) lower[r][tx] = x[(size_t)(bx * T + r) * S + by * T + tx];
  }
  __syncthreads();
  for (int r = ty; r < T; r += ROWS) {
    // Row r of the transposed upper tile goes to the mirror's place, and vice versa.
    x[(size_t)(bx * T + r) * S + by * T + tx] = upper[tx][r];
    if (bx != by) x[(size_t)(by * T + r) * S + bx * T + tx] = lower[tx][r];
  }
}
