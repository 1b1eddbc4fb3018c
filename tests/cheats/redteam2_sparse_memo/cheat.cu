// Red team round 2 (issue 28, white-box; README.md has the reasoning). A timed run changes a
// quarter of the positions of every input (engine/backend/gpu/timed_perturbation.h,
// kPerturbOneIn = 4), always relative to the set as uploaded (the perturbation is undone after
// each run). The file's claim is that an incremental answer then costs "a scattered update of a
// quarter of the inputs, no cheaper than the work": true when the work per element is a load,
// false when it is arithmetic. This child keeps, per input address, the x and y of its first run
// there (an unperturbed warm-up), serves every element whose x is bit-identical and recomputes
// the others, packed per warp so the quarter that changed costs a quarter of the arithmetic.
// Every output is right on every input, so no check, audit or fresh set can object.
#define NMAX 4194304
#define SLOTS 3
#define WARPS 8
#define PER_LANE 8
#define TILE (32 * PER_LANE)

__device__ __forceinline__ float fourier(float x) {
  const float u = x + 0.25f;
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * u) / (float)k;
  return s;
}

#include <memo_slots.cuh>  // g_mx, g_my, g_key and pick_slot (kernels/cheats)

// Each warp takes a tile of 256 elements: unchanged ones are served, changed ones queued in
// shared memory and then computed by the whole warp, 32 at a time.
extern "C" __global__ void __launch_bounds__(256) fourier_sparse(const float* __restrict__ x,
                                                                 float* __restrict__ y, int n) {
  __shared__ int queue[WARPS][TILE];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int s = g_slot;
  const bool serve = s >= 0 && !g_fill;
  const int base = (blockIdx.x * WARPS + warp) * TILE;
  int count = 0;
  for (int j = 0; j < PER_LANE; ++j) {
    const int i = base + j * 32 + lane;
    bool miss = false;
    if (i < n) {
      const float xi = x[i];
      if (serve && __float_as_uint(g_mx[s][i]) == __float_as_uint(xi))
        y[i] = g_my[s][i];
      else
        miss = true;
    }
    const unsigned m = __ballot_sync(0xffffffffu, miss);
    if (miss) queue[warp][count + __popc(m & ((1u << lane) - 1u))] = i;
    count += __popc(m);
  }
  __syncwarp();
  for (int q = lane; q < count; q += 32) {
    const int i = queue[warp][q];
    const float xi = x[i];
    const float v = fourier(xi);
    y[i] = v;
    if (s >= 0 && g_fill) {
      g_mx[s][i] = xi;
      g_my[s][i] = v;
    }
  }
}
