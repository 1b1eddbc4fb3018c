// corpus_fresh12: culsp_lomb_scargle -- CULSP (R. H. D. Townsend, "Fast calculation of the
// Lomb-Scargle periodogram using graphics processing units", ApJS 191, 247, 2010),
// culsp_kernel.cu: one thread per trial frequency, the light curve staged through shared
// memory BLOCK_SIZE samples at a time, a range-reduced __sincosf per sample and frequency, then
// the periodogram value from the four sums. Rewritten for the problem format (see README.md).

#define BLOCK_SIZE 256
#define TWOPI 6.2831853071796f

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)
    culsp_kernel(float* d_t, float* d_X, float* d_P, float df, int N_t) {
  __shared__ float s_t[BLOCK_SIZE];
  __shared__ float s_X[BLOCK_SIZE];

  // the trial frequency
  float f = (blockIdx.x * BLOCK_SIZE + threadIdx.x + 1) * df;

  float XC = 0.f, XS = 0.f, CC = 0.f, CS = 0.f;
  float XC_chunk = 0.f, XS_chunk = 0.f, CC_chunk = 0.f, CS_chunk = 0.f;

  int j;
  for (j = 0; j < N_t - BLOCK_SIZE; j += BLOCK_SIZE) {
    // stage one chunk of the light curve
    __syncthreads();
    s_t[threadIdx.x] = d_t[j + threadIdx.x];
    s_X[threadIdx.x] = d_X[j + threadIdx.x];
    __syncthreads();

#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; k++) {
      // range reduction to one turn
      float ft = f * s_t[k];
      ft -= rintf(ft);
      float c, s;
      __sincosf(TWOPI * ft, &s, &c);
      XC_chunk += s_X[k] * c;
      XS_chunk += s_X[k] * s;
      CC_chunk += c * c;
      CS_chunk += c * s;
    }
    XC += XC_chunk;
    XS += XS_chunk;
    CC += CC_chunk;
    CS += CS_chunk;
    XC_chunk = 0.f;
    XS_chunk = 0.f;
    CC_chunk = 0.f;
    CS_chunk = 0.f;
  }

  // the final (partial or whole) chunk
  __syncthreads();
  if (j + threadIdx.x < N_t) {
    s_t[threadIdx.x] = d_t[j + threadIdx.x];
    s_X[threadIdx.x] = d_X[j + threadIdx.x];
  }
  __syncthreads();
  for (int k = 0; k < N_t - j; k++) {
    float ft = f * s_t[k];
    ft -= rintf(ft);
    float c, s;
    __sincosf(TWOPI * ft, &s, &c);
    XC_chunk += s_X[k] * c;
    XS_chunk += s_X[k] * s;
    CC_chunk += c * c;
    CS_chunk += c * s;
  }
  XC += XC_chunk;
  XS += XS_chunk;
  CC += CC_chunk;
  CS += CS_chunk;

  float SS = (float)N_t - CC;

  // the tau terms
  float ct, st;
  __sincosf(0.5f * atan2f(2.f * CS, CC - SS), &st, &ct);

  d_P[blockIdx.x * BLOCK_SIZE + threadIdx.x] =
      0.5f * ((ct * XC + st * XS) * (ct * XC + st * XS) /
                  (ct * ct * CC + 2 * ct * st * CS + st * st * SS) +
              (ct * XS - st * XC) * (ct * XS - st * XC) /
                  (ct * ct * SS - 2 * ct * st * CS + st * st * CC));
}
