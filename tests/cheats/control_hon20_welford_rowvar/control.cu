// control_hon20_welford_rowvar child: Welford's update per lane and Chan's merge across lanes, as
// PyTorch's WelfordOps (ATen/native/SharedReduceOps.h, BSD-3-Clause) and apex's
// cuWelfordOnlineSum / cuChanOnlineSum do it: delta = b.mean - a.mean, n = a.n + b.n,
// mean = a.mean + delta (b.n / n), M2 = a.M2 + b.M2 + delta^2 a.n (b.n / n). Written here.
struct Welford {
  float n, mean, m2;
};
__device__ __forceinline__ void welford_update(Welford& a, float v) {
  a.n += 1.0f;
  const float delta = v - a.mean;
  a.mean += delta / a.n;
  a.m2 += delta * (v - a.mean);
}
__device__ __forceinline__ Welford welford_combine(Welford a, Welford b) {
  if (a.n == 0.0f) return b;
  if (b.n == 0.0f) return a;
  const float n = a.n + b.n, nb_over_n = b.n / n, delta = b.mean - a.mean;
  return Welford{n, a.mean + delta * nb_over_n, a.m2 + b.m2 + delta * delta * a.n * nb_over_n};
}
extern "C" __global__ void rowvar_welford(const float* __restrict__ x, float* __restrict__ mean,
                                          float* __restrict__ var, int R, int C) {
  const int r = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x & 31;
  if (r >= R) return;
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)r * C);
  Welford w{0.f, 0.f, 0.f};
  for (int j = lane; j < C / 4; j += 32) {
    const float4 v = row[j];
    welford_update(w, v.x);
    welford_update(w, v.y);
    welford_update(w, v.z);
    welford_update(w, v.w);
  }
  for (int o = 16; o > 0; o >>= 1) {
    Welford b;
    b.n = __shfl_xor_sync(0xffffffffu, w.n, o);
    b.mean = __shfl_xor_sync(0xffffffffu, w.mean, o);
    b.m2 = __shfl_xor_sync(0xffffffffu, w.m2, o);
    w = welford_combine(w, b);
  }
  if (lane == 0) {
    mean[r] = w.mean;
    var[r] = w.m2 / w.n;
  }
}
