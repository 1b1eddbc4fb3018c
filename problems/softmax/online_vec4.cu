// Online softmax with 128-bit accesses: one float4 pass keeps a running (max, sum) per thread,
// rescaling the sum whenever the max grows, so the max and the sum come from ONE read of the
// row; the (max, sum) pairs merge by warp shuffles and one shared slot per warp. A second float4
// pass writes the output (the row is still in L2). BLOCK is a knob; requires N % 4 == 0.
#define WARPS (BLOCK / 32)
#define NEG_INF __int_as_float(0xff800000)

// Merge (m, s) with (mo, so): both sums rescaled to the larger max. An empty side has
// m = -inf and s = 0; when both are empty, the guard keeps exp(-inf - -inf) = NaN out.
__device__ __forceinline__ void merge(float& m, float& s, float mo, float so) {
  const float nm = fmaxf(m, mo);
  if (nm == NEG_INF) return;
  s = s * expf(m - nm) + so * expf(mo - nm);
  m = nm;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    softmax_online_vec4(const float* __restrict__ x, float* __restrict__ y, int M, int N) {
  __shared__ float pm[WARPS], ps[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* row = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * N);
  float4* out = reinterpret_cast<float4*>(y + (size_t)blockIdx.x * N);
  const int n4 = N / 4;

  float m = NEG_INF, s = 0.0f;
  for (int c = tid; c < n4; c += BLOCK) {
    const float4 v = row[c];
    const float vm = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    if (vm > m) {  // rescale once per float4 rather than once per element
      s *= expf(m - vm);
      m = vm;
    }
    s += expf(v.x - m) + expf(v.y - m) + expf(v.z - m) + expf(v.w - m);
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const float mo = __shfl_xor_sync(0xffffffffu, m, o);
    const float so = __shfl_xor_sync(0xffffffffu, s, o);
    merge(m, s, mo, so);
  }
  if (lane == 0) {
    pm[warp] = m;
    ps[warp] = s;
  }
  __syncthreads();
  m = lane < WARPS ? pm[lane] : NEG_INF;
  s = lane < WARPS ? ps[lane] : 0.0f;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    const float mo = __shfl_xor_sync(0xffffffffu, m, o);
    const float so = __shfl_xor_sync(0xffffffffu, s, o);
    merge(m, s, mo, so);
  }
  const float inv = 1.0f / s;

  for (int c = tid; c < n4; c += BLOCK) {
    const float4 v = row[c];
    out[c] = make_float4(expf(v.x - m) * inv, expf(v.y - m) * inv, expf(v.z - m) * inv,
                         expf(v.w - m) * inv);
  }
}
