// corpus: blog_stride_copy -- from NVIDIA-developer-blog/code-samples, series/cuda-cpp/coalescing-global/coalescing.cu (stride<float>) @ 72d62ec46444
// license: BSD-3-Clause (NVIDIA CORPORATION, per file header)
// adapted: extern "C", T = float, s = 8 (the post sweeps 1..32); 2^23 threads over a 2^26-float array
template <typename T>
__device__ void stride(T* a, int s)
{
  int i = (blockDim.x * blockIdx.x + threadIdx.x) * s;
  a[i] = a[i] + 1;
}
extern "C" __global__ void stride_kernel(float* a, int s) { stride<float>(a, s); }
