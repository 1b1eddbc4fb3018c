// corpus_fresh3: cs_inverse_cnd -- from NVIDIA/cuda-samples,
// Samples/5_Domain_Specific/quasirandomGenerator/quasirandomGenerator_kernel.cu: inverseCNDKernel
// with MoroInvCNDgpu (Moro's inverse cumulative normal), the sample's path without an input
// sequence (uniformly placed samples generated on the fly), launched <<<128, 128>>>
// license: BSD-3-Clause (NVIDIA Corporation); written here in the sample's form
// adapted: extern "C"; the d_Input branch dropped (the sample calls it with NULL)
#define MUL(a, b) __umul24(a, b)
__device__ inline float MoroInvCNDgpu(unsigned int x)
{
    const float a1 = 2.50662823884f;
    const float a2 = -18.61500062529f;
    const float a3 = 41.39119773534f;
    const float a4 = -25.44106049637f;
    const float b1 = -8.4735109309f;
    const float b2 = 23.08336743743f;
    const float b3 = -21.06224101826f;
    const float b4 = 3.13082909833f;
    const float c1 = 0.337475482272615f;
    const float c2 = 0.976169019091719f;
    const float c3 = 0.160797971491821f;
    const float c4 = 2.76438810333863E-02f;
    const float c5 = 3.8405729373609E-03f;
    const float c6 = 3.951896511919E-04f;
    const float c7 = 3.21767881768E-05f;
    const float c8 = 2.888167364E-07f;
    const float c9 = 3.960315187E-07f;
    float z;
    bool negate = false;
    // Restrict to the bottom half of the input domain; reflect at the end.
    if (x >= 0x80000000UL) {
        x = 0xffffffffUL - x;
        negate = true;
    }
    const float x1 = 1.0f / static_cast<float>(0xffffffffUL);
    const float x2 = x1 / 2.0f;
    float p1 = x * x1 + x2;
    float p2 = p1 - 0.5f;
    // Main body of the bell curve for |p| < 0.42
    if (p2 > -0.42f) {
        z = p2 * p2;
        z = p2 * (((a4 * z + a3) * z + a2) * z + a1) / ((((b4 * z + b3) * z + b2) * z + b1) * z + 1.0f);
    }
    // Special case (Chebychev) for tail
    else {
        z = __logf(-__logf(p1));
        z = -(c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * (c6 + z * (c7 + z * (c8 + z * c9))))))));
    }
    return negate ? -z : z;
}
extern "C" __global__ void inverseCNDKernel(float *d_Output, unsigned int pathN)
{
    unsigned int distance = ((unsigned int)-1) / (pathN + 1);
    unsigned int tid = MUL(blockDim.x, blockIdx.x) + threadIdx.x;
    unsigned int threadN = MUL(blockDim.x, gridDim.x);
    // Generate uniformly placed samples on the fly and write to destination
    for (unsigned int pos = tid; pos < pathN; pos += threadN) {
        unsigned int d = (pos + 1) * distance;
        d_Output[pos] = (float)MoroInvCNDgpu(d);
    }
}
