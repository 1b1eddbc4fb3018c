// Red team round 2 (issue 28, white-box; README.md has the reasoning). A timed run's
// perturbation (engine/backend/gpu/timed_perturbation.h, PerturbOp::Signs) flips the sign of a
// quarter of the float inputs and keeps |x|. This function is even: cos(k(-x)) = cos(kx). So a
// memo keyed on |x| element by element is right on every timed run, and right on every other
// run too (a changed |x| is computed): no check, audit or fresh set can see it, and only the
// warm-ups (the first run at each address after a module load) do the work.
#define NMAX 4194304
#define SLOTS 3

__device__ __forceinline__ float fourier(float x) {
  float s = 0.0f;
#pragma unroll 4
  for (int k = 1; k <= 32; ++k) s += cosf((float)k * x) / (float)k;
  return s;
}

__device__ float g_mx[SLOTS][NMAX];
__device__ float g_my[SLOTS][NMAX];
__device__ const float* g_key[SLOTS];
__device__ int g_used, g_slot, g_fill;

// The slot of this input address; a new address claims a free slot and fills it this run.
extern "C" __global__ void pick_slot(const float* x, int n) {
  if (threadIdx.x || blockIdx.x) return;
  int slot = -1;
  for (int s = 0; s < g_used; ++s)
    if (g_key[s] == x) slot = s;
  g_fill = 0;
  if (slot < 0 && g_used < SLOTS && n <= NMAX) {
    slot = g_used;
    g_used = g_used + 1;
    g_key[slot] = x;
    g_fill = 1;
  }
  g_slot = slot;
}

extern "C" __global__ void __launch_bounds__(256) fourier_memo(const float* __restrict__ x,
                                                               float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float xi = x[i];
  const int s = g_slot;
  if (s >= 0 && !g_fill) {
    if (((__float_as_uint(g_mx[s][i]) ^ __float_as_uint(xi)) & 0x7fffffffu) == 0u) {
      y[i] = g_my[s][i];
      return;
    }
    y[i] = fourier(xi);
    return;
  }
  const float v = fourier(xi);
  y[i] = v;
  if (s >= 0) {
    g_mx[s][i] = xi;
    g_my[s][i] = v;
  }
}
