// __launch_bounds__(1024, 2) asks for two 1024-thread blocks per SM, which caps the kernel at
// 65536 / 2048 = 32 registers per thread. The 48 accumulators (statically indexed, so they
// would live in registers given room) no longer fit: ptxas spills most of them, and every
// update in the 64-step loop becomes a local load and a local store. The spilled state of
// 2048 threads (~250 KiB per SM) overflows L1, so the spill traffic runs through L2.
#define NACC 48
#define STEPS 64

extern "C" __global__ void __launch_bounds__(1024, 2)
    accumulate_spilled(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc[NACC];
#pragma unroll
  for (int j = 0; j < NACC; ++j) acc[j] = 0.0f;
  float u = x[i];
  for (int k = 0; k < STEPS; ++k) {
    u = fmaf(u, 0.9f, 0.1f);
#pragma unroll
    for (int j = 0; j < NACC; ++j) acc[j] = fmaf(acc[j], u, 1.0f / (float)(j + 1));
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < NACC; ++j) s += acc[j];
  y[i] = s;
}
