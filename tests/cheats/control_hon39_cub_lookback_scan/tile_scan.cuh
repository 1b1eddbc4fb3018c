// control_hon39_cub_lookback_scan: the tile's own scan (256 threads x 4 consecutive values), the
// tile's total to every thread, each thread's exclusive offset within the tile.
__device__ __forceinline__ float tile_scan(const float* x, int base, float v[4], float* warp_tot,
                                           float* offset_in_tile) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4 q = reinterpret_cast<const float4*>(x + base)[tid];
  v[0] = q.x;
  v[1] = v[0] + q.y;
  v[2] = v[1] + q.z;
  v[3] = v[2] + q.w;
  float s = v[3];
  for (int o = 1; o < 32; o <<= 1) {
    const float u = __shfl_up_sync(0xffffffffu, s, o);
    if (lane >= o) s += u;
  }
  if (lane == 31) warp_tot[warp] = s;
  __syncthreads();
  float before = 0.f, total = 0.f;
  for (int k = 0; k < 8; ++k) {
    if (k < warp) before += warp_tot[k];
    total += warp_tot[k];
  }
  *offset_in_tile = before + s - v[3];
  return total;
}
