// corpus_fresh: cs_vectoradd -- from NVIDIA/cuda-samples, Samples/0_Introduction/vectorAdd/vectorAdd.cu (vectorAdd) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; 2^26 elements instead of the sample's 50000
extern "C" __global__ void vectorAdd(const float *A, const float *B, float *C, int numElements)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;

    if (i < numElements) {
        C[i] = A[i] + B[i] + 0.0f;
    }
}
