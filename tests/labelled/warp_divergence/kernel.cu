// Kinds are random, so 64% of warps (1 - (31/32)^32) hold at least one lane of kind 0 and run
// its 4096-step loop while the other lanes of the warp wait masked off: those warps spend
// ~99% of their instructions with one or two active lanes. The FMA pipe looks busy per warp
// instruction but does ~1/20 of the thread-work it could. Sorting the elements by kind (or
// giving each warp one kind) is the fix.
extern "C" __global__ void __launch_bounds__(256)
    kinds_branchy(const float* __restrict__ x, const int* __restrict__ kind, float* __restrict__ y,
                  int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float c = 0.001f * x[i];
  float v = x[i];
  const int steps = kind[i] == 0 ? 4096 : 16;
  for (int s = 0; s < steps; ++s) v = fmaf(v, 0.999f, c);
  y[i] = v;
}
