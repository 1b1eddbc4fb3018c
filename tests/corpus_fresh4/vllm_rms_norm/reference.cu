// float64 reference for corpus_fresh4 problem vllm_rms_norm (written for the corpus): one block
// of 256 per token, out = x / sqrt(mean(x^2) + eps) * w
#include <cuda_fp16.h>
extern "C" __global__ void rms_norm_ref(double* out, const __half* input, const __half* weight,
                                        float epsilon, int num_tokens, int hidden_size) {
  __shared__ double part[256];
  const long row = blockIdx.x;
  double s = 0;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    double x = __half2float(input[row * hidden_size + i]);
    s += x * x;
  }
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  const double r = 1.0 / sqrt(part[0] / hidden_size + (double)epsilon);
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x)
    out[row * hidden_size + i] =
        (double)__half2float(input[row * hidden_size + i]) * r * (double)__half2float(weight[i]);
}
