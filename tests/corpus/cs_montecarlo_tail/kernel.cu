// corpus: cs_montecarlo_tail -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/MonteCarloMultiGPU/MonteCarlo_kernel.cu (MonteCarloOneBlockPerOption) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; the normal samples come from a buffer (as in the sample's earlier releases) instead of curand_normal; the cg-based sumReduce written as a shared-memory tree; real = float, THREAD_N 256, 2^16 paths; the option count (1200) is chosen a little over one wave
#define THREAD_N 256
typedef float real;
__device__ inline float endCallValue(float S, float X, float r, float MuByT, float VBySqrtT)
{
    float callValue = S * __expf(MuByT + VBySqrtT * r) - X;
    return (callValue > 0.0F) ? callValue : 0.0F;
}
extern "C" __global__ void MonteCarloOneBlockPerOption(float* __restrict d_CallValue,
    const float* __restrict dS, const float* __restrict dX, const float* __restrict dMuByT,
    const float* __restrict dVBySqrtT, const float* __restrict d_Samples, int pathN, int optionN)
{
    const int       SUM_N = THREAD_N;
    __shared__ real s_SumCall[SUM_N];
    __shared__ real s_Sum2Call[SUM_N];
    for (int optionIndex = blockIdx.x; optionIndex < optionN; optionIndex += gridDim.x) {
        const real S        = dS[optionIndex];
        const real X        = dX[optionIndex];
        const real MuByT    = dMuByT[optionIndex];
        const real VBySqrtT = dVBySqrtT[optionIndex];
        for (int iSum = threadIdx.x; iSum < SUM_N; iSum += blockDim.x) {
            real sumExpected = 0, sumConfidence = 0;
#pragma unroll 8
            for (int i = iSum; i < pathN; i += SUM_N) {
                real r         = d_Samples[i];   // curand_normal(&localState) in the current sample
                real callValue = endCallValue(S, X, r, MuByT, VBySqrtT);
                sumExpected += callValue;
                sumConfidence += callValue * callValue;
            }
            s_SumCall[iSum]  = sumExpected;
            s_Sum2Call[iSum] = sumConfidence;
        }
        __syncthreads();
        for (int stride = SUM_N / 2; stride > 0; stride >>= 1) {  // sumReduce
            if (threadIdx.x < stride) {
                s_SumCall[threadIdx.x] += s_SumCall[threadIdx.x + stride];
                s_Sum2Call[threadIdx.x] += s_Sum2Call[threadIdx.x + stride];
            }
            __syncthreads();
        }
        if (threadIdx.x == 0) d_CallValue[optionIndex] = s_SumCall[0] / pathN;
        __syncthreads();
    }
}
