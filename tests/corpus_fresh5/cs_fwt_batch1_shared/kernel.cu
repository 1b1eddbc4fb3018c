// corpus_fresh5: cs_fwt_batch1_shared -- NVIDIA/cuda-samples,
// Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh (fwtBatch1Kernel),
// rewritten for the problem format (see README.md). One block per 2^log2N-element vector, held
// in shared memory; radix-4 butterfly stages from stride N/4 down to 1, then one radix-2 stage
// when log2N is odd. A thread owns four elements i0 + {0, 1, 2, 3} * stride of each stage.
extern "C" __global__ void fwtBatch1Kernel(float* d_Output, const float* d_Input, int log2N) {
  extern __shared__ float s_data[];
  const int N = 1 << log2N;
  const int base = blockIdx.x << log2N;
  const float* src = d_Input + base;
  float* dst = d_Output + base;

  for (int p = threadIdx.x; p < N; p += blockDim.x) s_data[p] = src[p];

  const int pos = threadIdx.x;
  for (int stride = N >> 2; stride > 0; stride >>= 2) {
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
    __syncthreads();
    float a = s_data[i0], b = s_data[i1], c = s_data[i2], d = s_data[i3];
    float ac_sum = a + c, ac_dif = a - c;
    float bd_sum = b + d, bd_dif = b - d;
    s_data[i0] = ac_sum + bd_sum;
    s_data[i1] = ac_sum - bd_sum;
    s_data[i2] = ac_dif + bd_dif;
    s_data[i3] = ac_dif - bd_dif;
  }

  if (log2N & 1) {
    __syncthreads();
    for (int p = threadIdx.x; p < N / 2; p += blockDim.x) {
      int i0 = p << 1;
      float a = s_data[i0], b = s_data[i0 + 1];
      s_data[i0] = a + b;
      s_data[i0 + 1] = a - b;
    }
  }

  __syncthreads();
  for (int p = threadIdx.x; p < N; p += blockDim.x) dst[p] = s_data[p];
}
