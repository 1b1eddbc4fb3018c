// corpus: cs_binomial -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/binomialOptions_nvrtc/binomialOptions_kernel.cu (binomialOptionsKernel) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; the __device__ option table and result array passed as kernel arguments (S, X, vDt, puByDf, pdByDf per option); real = float, NUM_STEPS 2048, 1024 options
#define NUM_STEPS 2048
#define THREADBLOCK_SIZE 128
#define ELEMS_PER_THREAD (NUM_STEPS / THREADBLOCK_SIZE)
typedef float real;
__device__ inline float expiryCallValue(float S, float X, float vDt, int i)
{
    float d = S * __expf(vDt * (2.0f * i - NUM_STEPS)) - X;
    return (d > 0.0F) ? d : 0.0F;
}
extern "C" __global__ void binomialOptionsKernel(float* d_CallValue, const float* dS, const float* dX,
                                                 const float* dvDt, const float* dpu, const float* dpd)
{
    __shared__ real call_exchange[THREADBLOCK_SIZE + 1];
    const int  tid    = threadIdx.x;
    const real S      = dS[blockIdx.x];
    const real X      = dX[blockIdx.x];
    const real vDt    = dvDt[blockIdx.x];
    const real puByDf = dpu[blockIdx.x];
    const real pdByDf = dpd[blockIdx.x];
    real call[ELEMS_PER_THREAD + 1];
#pragma unroll
    for (int i = 0; i < ELEMS_PER_THREAD; ++i)
        call[i] = expiryCallValue(S, X, vDt, tid * ELEMS_PER_THREAD + i);
    if (tid == 0)
        call_exchange[THREADBLOCK_SIZE] = expiryCallValue(S, X, vDt, NUM_STEPS);
    int final_it = max(0, tid * ELEMS_PER_THREAD - 1);
#pragma unroll 16
    for (int i = NUM_STEPS; i > 0; --i) {
        call_exchange[tid] = call[0];
        __syncthreads();
        call[ELEMS_PER_THREAD] = call_exchange[tid + 1];
        __syncthreads();
        if (i > final_it) {
#pragma unroll
            for (int j = 0; j < ELEMS_PER_THREAD; ++j)
                call[j] = puByDf * call[j + 1] + pdByDf * call[j];
        }
    }
    if (tid == 0) {
        d_CallValue[blockIdx.x] = call[0];
    }
}
