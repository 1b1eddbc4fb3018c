// corpus_fresh3: sdk_mt_boxmuller -- from the CUDA SDK's MersenneTwister sample (CUDA SDK 2.x,
// MersenneTwister_kernel.cu): BoxMullerGPU, the Cartesian Box-Muller transform of the
// MT_RNG_COUNT = 4096 generators' output lanes in place, launched BoxMullerGPU<<<32, 128>>>
// license: NVIDIA CUDA SDK sample code (NVIDIA Corporation, SDK license); written here in the sample's form
// adapted: extern "C"
#define MT_RNG_COUNT 4096
#define PI 3.14159265358979f
__device__ inline void BoxMuller(float &u1, float &u2)
{
    float r = sqrtf(-2.0f * logf(u1));
    float phi = 2 * PI * u2;
    u1 = r * __cosf(phi);
    u2 = r * __sinf(phi);
}
extern "C" __global__ void BoxMullerGPU(float *d_Random, int NPerRng)
{
    const int tid = blockDim.x * blockIdx.x + threadIdx.x;
    const int THREAD_N = blockDim.x * gridDim.x;
    for (int iRng = tid; iRng < MT_RNG_COUNT; iRng += THREAD_N)
        for (int iOut = 0; iOut < NPerRng; iOut += 2)
            BoxMuller(d_Random[iRng + (iOut + 0) * MT_RNG_COUNT],
                      d_Random[iRng + (iOut + 1) * MT_RNG_COUNT]);
}
