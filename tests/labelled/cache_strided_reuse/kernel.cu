// Thread t of block b owns row t of the 64x64 matrix A[b] (16 KiB) and, for each of V vectors,
// walks that row from global memory. Lanes are one row (256 B) apart, so each warp load
// touches 32 sectors: "uncoalesced" by the sector count. But the tile is re-read V = 64 times
// by the same block, so after the first vector it is served by L1 (and every tile by L2):
// DRAM sees each byte once. The limit is L1 wavefront throughput for data that belongs in
// registers or shared memory, not DRAM.
extern "C" __global__ void __launch_bounds__(64)
    bmv_rows(const float* __restrict__ A, const float* __restrict__ X, float* __restrict__ Y,
             int B, int V) {
  const int b = blockIdx.x, t = threadIdx.x;
  const float* row = A + ((size_t)b * 64 + t) * 64;
  for (int v = 0; v < V; ++v) {
    const float* x = X + ((size_t)b * V + v) * 64;  // the same for every lane: a broadcast
    float acc = 0.0f;
#pragma unroll 8
    for (int k = 0; k < 64; ++k) acc = fmaf(row[k], x[k], acc);
    Y[((size_t)b * V + v) * 64 + t] = acc;
  }
}
