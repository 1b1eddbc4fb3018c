// corpus_fresh7: pt_ndtri_f32 -- pytorch/pytorch, torch.special.ndtri on a float32 tensor:
// calc_ndtri<float> of aten/src/ATen/native/Math.h (Cephes' ndtri: a rational approximation in
// the centre, sqrt(-2 log y) and one of two rational tails outside it) applied by
// ndtri_kernel_cuda (aten/src/ATen/native/cuda/UnarySpecialOpsKernel.cu) through ATen's
// vectorized elementwise kernel. Rewritten for the problem format (see README.md): 128 threads
// per block, four consecutive elements per thread through one 16-byte load and store.
#define NDTRI_INF __int_as_float(0x7f800000)
#define NDTRI_NAN __int_as_float(0x7fffffff)

// Cephes polevl: coefficients from the highest power down, N + 1 of them
__device__ __forceinline__ float polevl(const float x, const float* A, int len) {
  float result = 0;
  for (int i = 0; i <= len; i++) result = result * x + A[i];
  return result;
}

__device__ float calc_ndtri(float y0) {
  const float s2pi = 2.50662827463100050242E0f;
  const float one = 1, zero = 0;
  const float P0[5] = {-5.99633501014107895267E1f, 9.80010754185999661536E1f,
                       -5.66762857469070293439E1f, 1.39312609387279679503E1f,
                       -1.23916583867381258016E0f};
  const float Q0[9] = {
      1.00000000000000000000E0f,  1.95448858338141759834E0f,  4.67627912898881538453E0f,
      8.63602421390890590575E1f,  -2.25462687854119370527E2f, 2.00260212380060660359E2f,
      -8.20372256168333339912E1f, 1.59056225126211695515E1f,  -1.18331621121330003142E0f};
  const float P1[9] = {
      4.05544892305962419923E0f,   3.15251094599893866154E1f,   5.71628192246421288162E1f,
      4.40805073893200834700E1f,   1.46849561928858024014E1f,   2.18663306850790267539E0f,
      -1.40256079171354495875E-1f, -3.50424626827848203418E-2f, -8.57456785154685413611E-4f};
  const float Q1[9] = {
      1.00000000000000000000E0f,   1.57799883256466749731E1f,   4.53907635128879210584E1f,
      4.13172038254672030440E1f,   1.50425385692907503408E1f,   2.50464946208309415979E0f,
      -1.42182922854787788574E-1f, -3.80806407691578277194E-2f, -9.33259480895457427372E-4f};
  const float P2[9] = {
      3.23774891776946035970E0f,  6.91522889068984211695E0f,  3.93881025292474443415E0f,
      1.33303460815807542389E0f,  2.01485389549179081538E-1f, 1.23716634817820021358E-2f,
      3.01581553508235416007E-4f, 2.65806974686737550832E-6f, 6.23974539184983293730E-9f};
  const float Q2[9] = {
      1.00000000000000000000E0f,  6.02427039364742014255E0f,  3.67983563856160859403E0f,
      1.37702099489081330271E0f,  2.16236993594496635890E-1f, 1.34204006088543189037E-2f,
      3.28014464682127739104E-4f, 2.89247864745380683936E-6f, 6.79019408009981274425E-9f};
  if (y0 == zero) return -NDTRI_INF;
  if (y0 == one) return NDTRI_INF;
  if (y0 < zero || y0 > one) return NDTRI_NAN;
  bool code = true;
  float y = y0;
  if (y > one - 0.13533528323661269189f) {  // 0.135... = exp(-2)
    y = one - y;
    code = false;
  }
  if (y > 0.13533528323661269189f) {
    y = y - 0.5f;
    const float y2 = y * y;
    float x = y + y * (y2 * polevl(y2, P0, 4) / polevl(y2, Q0, 8));
    return (x * s2pi);
  }
  float x = sqrtf(-2.0f * logf(y));
  const float x0 = x - logf(x) / x;
  const float z = one / x;
  float x1;
  if (x < 8.0f)  // y > exp(-32) = 1.2664165549e-14
    x1 = z * polevl(z, P1, 8) / polevl(z, Q1, 8);
  else
    x1 = z * polevl(z, P2, 8) / polevl(z, Q2, 8);
  x = x0 - x1;
  if (code) x = -x;
  return x;
}

extern "C" __global__ void ndtri_vectorized_elementwise(int N, const float* __restrict__ in,
                                                        float* __restrict__ out) {
  // block_work_size = 128 threads x thread_work_size 4
  const int base = blockIdx.x * 512;
  const int remaining = N - base;
  if (remaining >= 512) {
    float4 v = reinterpret_cast<const float4*>(in + base)[threadIdx.x];
    v.x = calc_ndtri(v.x);
    v.y = calc_ndtri(v.y);
    v.z = calc_ndtri(v.z);
    v.w = calc_ndtri(v.w);
    reinterpret_cast<float4*>(out + base)[threadIdx.x] = v;
  } else {
    // the unrolled tail path: element threadIdx.x + k * 128 of the block's share
    for (int k = 0; k < 4; ++k) {
      const int j = threadIdx.x + k * 128;
      if (j < remaining) out[base + j] = calc_ndtri(in[base + j]);
    }
  }
}
