// corpus_fresh8: pt_digamma_f32 -- pytorch/pytorch, aten/src/ATen/native/cuda/Math.cuh:
// calc_digamma<float> (torch.digamma / torch.special.digamma on CUDA, after Cephes' psi), run by
// ATen's vectorized elementwise kernel (gpu_kernel: 128 threads, four elements per thread
// through one float4, ceil(N / 512) blocks). Rewritten for the problem format (see README.md):
// a lane pushes x up to 10 with one division per step (x < 10 takes ceil(10 - x) steps), then
// adds the asymptotic series; negative x first take the reflection with a double tan.
#define DIGAMMA_INF __int_as_float(0x7f800000)

__device__ float calc_digamma(float in) {
  // acc_type<float, /*is_cuda=*/true> is float
  static const double PI_f64 = 3.14159265358979323846;
  const float PSI_10 = 2.25175258906672110764;
  const float A[] = {
      8.33333333333333333333E-2,  -2.10927960927960927961E-2, 7.57575757575757575758E-3,
      -4.16666666666666666667E-3, 3.96825396825396825397E-3,  -8.33333333333333333333E-3,
      8.33333333333333333333E-2,
  };
  float x = in;
  if (x == 0) return DIGAMMA_INF;
  bool x_is_integer = x == ::floor(x);
  float result = 0;
  if (x < 0) {
    if (x_is_integer) return DIGAMMA_INF;
    // Rounding errors in tan's input can really affect the output for extreme values, so this
    // is always computed in double.
    result = static_cast<float>(-PI_f64 / ::tan(PI_f64 * static_cast<double>(x)));
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  if (x == 10) return result + PSI_10;
  float y = 0;
  if (x < 1.0e17) {
    float z = 1 / (x * x);
    float polevl_result = 0;
    for (int i = 0; i <= 6; i++) polevl_result = polevl_result * z + A[i];
    y = z * polevl_result;
  }
  return ::log(x) - (static_cast<float>(0.5) / x) - y + result;
}

extern "C" __global__ void digamma_vectorized_elementwise(int N, const float* __restrict__ in,
                                                          float* __restrict__ out) {
  const int base = blockIdx.x * 512;
  const int remaining = N - base;
  if (remaining >= 512) {
    float4 v = reinterpret_cast<const float4*>(in + base)[threadIdx.x];
    v.x = calc_digamma(v.x);
    v.y = calc_digamma(v.y);
    v.z = calc_digamma(v.z);
    v.w = calc_digamma(v.w);
    reinterpret_cast<float4*>(out + base)[threadIdx.x] = v;
  } else {
    for (int k = 0; k < 4; ++k) {
      const int j = threadIdx.x + k * 128;
      if (j < remaining) out[base + j] = calc_digamma(in[base + j]);
    }
  }
}
