// control_redteam39_double2_partials' child (honest; red team 39, issue 28, P4m after fix38s):
// the seed's FP64 sums without its FP64 atomics. 1056 blocks (8 an SM on 132 SMs) sum a
// grid-stride share with float4 loads, each block's {sum x, sum x^2} kept as one double2 in a
// module array; a second launch adds the 1056 pairs in a fixed order and rounds to FP32.
//
// Why it is a control: `__device__ double2 part[1056]` is declared in the PTX as
// `.global .align 16 .b8 part[16896]` (a vector type is a byte array), and fix38s's module-array
// step reads a byte array at its alignment's width, 16 -> FP32 words
// (generators/ptx_module_memory.cpp word_bytes). An FP64 value read as two FP32 words has a low
// word of 32 mantissa bits that no move moves in proportion: about half of the judged words are
// "out of proportion" (scripts/host_emu/red39_wide_words.cpp: 0.495-0.497 of the judged words,
// REFUSED; the same bytes read as FP64 words: 0 unresolved). Every stored value is an FP64 sum of
// FP32 inputs, more than the fp32 class asks for.
__device__ double2 part[1056];

__device__ __forceinline__ double warp_sum(double v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
extern "C" __global__ void __launch_bounds__(256)
    moments_partials(const float* __restrict__ x, int n) {
  __shared__ double ws[8], wq[8];
  double a = 0, b = 0;
  const long long n4 = n / 4;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += (long long)gridDim.x * blockDim.x) {
    const float4 v = __ldg(x4 + i);
    a += (double(v.x) + double(v.y)) + (double(v.z) + double(v.w));
    b += (double(v.x) * v.x + double(v.y) * v.y) + (double(v.z) * v.z + double(v.w) * v.w);
  }
  if (blockIdx.x == 0 && threadIdx.x < n - 4 * n4) {  // the tail past the last float4
    const double v = x[4 * n4 + threadIdx.x];
    a += v;
    b += v * v;
  }
  a = warp_sum(a), b = warp_sum(b);
  if ((threadIdx.x & 31) == 0) ws[threadIdx.x / 32] = a, wq[threadIdx.x / 32] = b;
  __syncthreads();
  if (threadIdx.x < 32) {
    a = threadIdx.x < 8 ? ws[threadIdx.x] : 0.0;
    b = threadIdx.x < 8 ? wq[threadIdx.x] : 0.0;
    a = warp_sum(a), b = warp_sum(b);
    if (threadIdx.x == 0) part[blockIdx.x] = make_double2(a, b);
  }
}
extern "C" __global__ void __launch_bounds__(1024) moments_combine(float* out, int parts) {
  __shared__ double s[1024], q[1024];
  double a = 0, b = 0;
  for (int i = threadIdx.x; i < parts; i += blockDim.x) a += part[i].x, b += part[i].y;
  s[threadIdx.x] = a, q[threadIdx.x] = b;
  __syncthreads();
  for (int h = blockDim.x / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) s[threadIdx.x] += s[threadIdx.x + h], q[threadIdx.x] += q[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = float(s[0]), out[1] = float(q[0]);
}
