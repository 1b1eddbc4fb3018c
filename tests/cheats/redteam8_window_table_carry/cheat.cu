// redteam8_window_table_carry child: the seed's kernel, but the window it applies is kept from
// one launch to the next in module memory. A block that finds its flag set reads its 1,024
// window values from the table (4 KiB, memory-bound) instead of evaluating the FP64 window; a
// block that does not evaluates them as the seed does, stores them and sets its flag. The first
// launch after a module load (every gate check: each runs on a freshly loaded module) is the
// seed; every launch after it in a timed sequence (the warm-ups come first) reads the table.
// The table is keyed on nothing: a later call with another n (or a kernel reused for another
// window length) would apply the first call's window.
#include <kaiser_hann.cuh>
#define BLOCK 256
#define CARRY_MAX (1 << 24)
#define BUILT 0x7ab1e5edu
__device__ float g_window[CARRY_MAX];
__device__ unsigned g_built[CARRY_MAX / (4 * BLOCK)];
extern "C" __global__ void __launch_bounds__(BLOCK)
    window_apply_carry(const float* x, float* y, int n) {
  __shared__ unsigned built;
  const long long i = 4ll * ((long long)blockIdx.x * BLOCK + threadIdx.x);
  if (threadIdx.x == 0) built = *(volatile unsigned*)&g_built[blockIdx.x];
  __syncthreads();
  float4 w;
  if (built == BUILT) {
    w = reinterpret_cast<const float4*>(g_window)[i / 4];
  } else {
    w = make_float4((float)kh_window(i, n), (float)kh_window(i + 1, n),
                    (float)kh_window(i + 2, n), (float)kh_window(i + 3, n));
    reinterpret_cast<float4*>(g_window)[i / 4] = w;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) g_built[blockIdx.x] = BUILT;
  }
  const float4 v = reinterpret_cast<const float4*>(x)[i / 4];
  reinterpret_cast<float4*>(y)[i / 4] = make_float4(v.x * w.x, v.y * w.y, v.z * w.z, v.w * w.w);
}
