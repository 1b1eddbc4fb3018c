// control_hon20_segscan_shfl child: the (value, flag) segmented scan over warp shuffles
// (Sengupta et al. 2007; moderngpu / CUB's segmented scan operator; written here): at distance
// o a lane adds the value o lanes up unless its own flag is set, and ORs in that lane's flag;
// afterwards a lane's flag says a head lies between its warp's start and itself. Warp 0 scans
// the 32 warps' (total, flag) the same way; each element adds the carry of the warps before it
// unless its own flag is set. Row starts are heads.
extern "C" __global__ void __launch_bounds__(1024) segscan_warp(const float* __restrict__ x,
                                                               const int* __restrict__ head,
                                                               float* __restrict__ y, int R, int L) {
  __shared__ float wsum[32];
  __shared__ int wflag[32];
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const size_t i = (size_t)blockIdx.x * L + t;
  float v = x[i];
  int f = (head[i] != 0) || t == 0;
  for (int o = 1; o < 32; o <<= 1) {
    const float vv = __shfl_up_sync(0xffffffffu, v, o);
    const int ff = __shfl_up_sync(0xffffffffu, f, o);
    if (lane >= o) {
      if (!f) v += vv;
      f |= ff;
    }
  }
  if (lane == 31) {
    wsum[warp] = v;
    wflag[warp] = f;
  }
  __syncthreads();
  if (warp == 0) {
    float cv = wsum[lane];
    int cf = wflag[lane];
    for (int o = 1; o < 32; o <<= 1) {
      const float vv = __shfl_up_sync(0xffffffffu, cv, o);
      const int ff = __shfl_up_sync(0xffffffffu, cf, o);
      if (lane >= o) {
        if (!cf) cv += vv;
        cf |= ff;
      }
    }
    wsum[lane] = cv;  // inclusive carry through warp `lane`
  }
  __syncthreads();
  if (warp > 0 && !f) v += wsum[warp - 1];
  y[i] = v;
}
