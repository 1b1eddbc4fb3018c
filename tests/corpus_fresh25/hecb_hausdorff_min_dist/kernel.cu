// corpus_fresh25: hecb_hausdorff_min_dist -- HeCBench (zjin-lcf/HeCBench), src/hausdorff-cuda: one
// direction of the Hausdorff distance between two point sets (after arohamirai's
// Hausdorff-Distance-Match): each thread takes one point of A, walks all of B for its nearest
// squared distance, and folds that into one global maximum with a compare-and-swap loop. Every
// lane reads the same B point in each step (a broadcast).
// Rewritten for the problem format (see README.md): extern "C", std::numeric_limits<float>::max()
// as FLT_MAX's value and std::min as fminf (NVRTC has no <limits> or <algorithm>), the relaxed
// atomic load of the origin's CUDA >= 12.8 branch as __nv_atomic_load_n; the walk, the squared
// distance, the atomic maximum and the launch (256-thread blocks, a point of A a thread) as the
// origin's. One launch: A against B (the benchmark times it and B against A).

__device__ inline float hd(const float2 ap, const float2 bp) {
  return (ap.x - bp.x) * (ap.x - bp.x) + (ap.y - bp.y) * (ap.y - bp.y);
}

__device__ __forceinline__ void atomic_max(float* address, float val) {
  unsigned int* ptr = (unsigned int*)address;
  unsigned int ret = __nv_atomic_load_n(ptr, __NV_ATOMIC_RELAXED);
  while (val > __uint_as_float(ret)) {
    unsigned int old = ret;
    if ((ret = atomicCAS(ptr, old, __float_as_uint(val))) == old) break;
  }
}

extern "C" __global__ void computeDistance(const float2* __restrict__ Apoints,
                                           const float2* __restrict__ Bpoints,
                                           float* __restrict__ distance, const int numA,
                                           const int numB) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= numA) return;
  float d = 3.402823466e+38f;  // std::numeric_limits<float>::max()
  float2 p = Apoints[i];
  for (int j = 0; j < numB; j++) {
    float t = hd(p, Bpoints[j]);
    d = fminf(t, d);
  }
  atomic_max(distance, d);
}
