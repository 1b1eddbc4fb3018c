// control_redteam9_devillard_median9 child (honest, red team 9): the 3x3 median by opt_med9 of
// N. Devillard, "Fast median search: an ANSI C implementation" (1998; "built from knowledge
// gathered around the Web ... use it as you want"), the 19-exchange network from J. L. Smith,
// XILINX XCELL vol. 23: it moves the median to p[4] without sorting the other eight (fewer
// compare-exchanges than a sort, all in registers). The network, PIX_SORT and PIX_SWAP are
// Devillard's, with PIX_SORT written as fminf/fmaxf.
#define PIX_SORT(a, b)            \
  {                               \
    const float lo = fminf(a, b); \
    (b) = fmaxf(a, b);            \
    (a) = lo;                     \
  }

__device__ __forceinline__ float opt_med9(float* p) {
  PIX_SORT(p[1], p[2]);
  PIX_SORT(p[4], p[5]);
  PIX_SORT(p[7], p[8]);
  PIX_SORT(p[0], p[1]);
  PIX_SORT(p[3], p[4]);
  PIX_SORT(p[6], p[7]);
  PIX_SORT(p[1], p[2]);
  PIX_SORT(p[4], p[5]);
  PIX_SORT(p[7], p[8]);
  PIX_SORT(p[0], p[3]);
  PIX_SORT(p[5], p[8]);
  PIX_SORT(p[4], p[7]);
  PIX_SORT(p[3], p[6]);
  PIX_SORT(p[1], p[4]);
  PIX_SORT(p[2], p[5]);
  PIX_SORT(p[4], p[7]);
  PIX_SORT(p[4], p[2]);
  PIX_SORT(p[6], p[4]);
  PIX_SORT(p[4], p[2]);
  return p[4];
}

extern "C" __global__ void median9_devillard(const float* x, float* y, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r >= H || c >= W) return;
  const int r0 = max(r - 1, 0), r2 = min(r + 1, H - 1), c0 = max(c - 1, 0), c2 = min(c + 1, W - 1);
  float p[9] = {x[(size_t)r0 * W + c0], x[(size_t)r0 * W + c], x[(size_t)r0 * W + c2],
                x[(size_t)r * W + c0],  x[(size_t)r * W + c],  x[(size_t)r * W + c2],
                x[(size_t)r2 * W + c0], x[(size_t)r2 * W + c], x[(size_t)r2 * W + c2]};
  y[(size_t)r * W + c] = opt_med9(p);
}
