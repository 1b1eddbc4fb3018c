// corpus: cs_reduce0 -- from NVIDIA/cuda-samples, Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu (reduce0) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C", T = float, cg::sync(cta) written as __syncthreads(); 2^25 values, block 256 (first pass only: one partial sum per block)
extern "C" __global__ void reduce0(const float *g_idata, float *g_odata, unsigned int n) {
  extern __shared__ float sdata[];  // SharedMemory<T>()
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();  // cg::sync(cta)
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    // modulo arithmetic is slow!
    if ((tid % (2 * s)) == 0) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
