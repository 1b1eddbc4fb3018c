// control_redteam8_cuda_samples_blackscholes child: NVIDIA CUDA Samples, BlackScholes
// (Samples/5_Domain_Specific/BlackScholes/BlackScholes_kernel.cuh; Copyright (c) NVIDIA
// Corporation, BSD-3-Clause): cndGPU (the Abramowitz-Stegun 26.2.17 polynomial, |error| <
// 7.5e-8) and BlackScholesBodyGPU as published (__fdividef, __logf, __expf, rsqrtf), with the
// samples' grid-stride loop over options; two options per thread as the samples' float2 path.
#define RISKFREE 0.02f
#define VOLATILITY 0.30f
__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}
__device__ inline void BlackScholesBodyGPU(float& CallResult, float& PutResult, float S, float X,
                                           float T, float R, float V) {
  float sqrtT, expRT;
  float d1, d2, CNDD1, CNDD2;
  sqrtT = __fdividef(1.0F, rsqrtf(T));
  d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
  d2 = d1 - V * sqrtT;
  CNDD1 = cndGPU(d1);
  CNDD2 = cndGPU(d2);
  expRT = __expf(-R * T);
  CallResult = S * CNDD1 - X * expRT * CNDD2;
  PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}
extern "C" __global__ void BlackScholesGPU(const float2* d_StockPrice, const float2* d_OptionStrike,
                                           const float2* d_OptionYears, float2* d_CallResult,
                                           float2* d_PutResult, int optN) {
  const int opt = blockDim.x * blockIdx.x + threadIdx.x;
  if (opt < (optN / 2)) {
    float callResult1, callResult2;
    float putResult1, putResult2;
    BlackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x, d_OptionStrike[opt].x,
                        d_OptionYears[opt].x, RISKFREE, VOLATILITY);
    BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y, d_OptionStrike[opt].y,
                        d_OptionYears[opt].y, RISKFREE, VOLATILITY);
    d_CallResult[opt] = make_float2(callResult1, callResult2);
    d_PutResult[opt] = make_float2(putResult1, putResult2);
  }
}
