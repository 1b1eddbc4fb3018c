// One output per thread with the channel c the fastest thread index: the layout is
// channel-last, so a warp's loads of a[i,k,c..c+31] and b[j,k,c..c+31] are 128 contiguous bytes
// each. Every product still costs two loads (no reuse in registers).
extern "C" __global__ void triangle_coalesced(const float* __restrict__ a,
                                              const float* __restrict__ b,
                                              float* __restrict__ out, int L, int C) {
  const int c = blockIdx.x * 32 + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y, i = blockIdx.z;
  if (c >= C || j >= L) return;
  const float* pa = a + (size_t)i * L * C + c;
  const float* pb = b + (size_t)j * L * C + c;
  float acc = 0.0f;
  for (int k = 0; k < L; ++k) acc += pa[(size_t)k * C] * pb[(size_t)k * C];
  out[((size_t)i * L + j) * C + c] = acc;
}
