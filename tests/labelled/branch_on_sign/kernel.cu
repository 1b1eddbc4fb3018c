// A branch on the sign of random data: in every warp about half the lanes take each side, and
// both sides are long loops (384 and 640 dependent FMAs, with different bodies, so the compiler
// cannot predicate them into one), so each warp runs both with about 16 of its 32 lanes. Unlike
// warp_divergence (1 in 32 elements on a long path), the split here is even: a warp pays
// ~1024 FMA steps for 512 per lane on average.
extern "C" __global__ void __launch_bounds__(256)
    sign_branch(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  float a = v;
  if (v > 0.f) {
    for (int s = 0; s < 384; ++s) a = fmaf(a, 0.99f, v);
  } else {
    for (int s = 0; s < 640; ++s) a = fmaf(a, -0.98f, 0.5f * v);
  }
  y[i] = a;
}
