// Reference for corpus_fresh11 tf_bias_grad_nhwc_rgb (written for the corpus): the sum over
// all positions of each channel of an NHWC gradient, in float64. One block per channel, a
// strided float64 sum per thread and a shared-memory tree.
extern "C" __global__ void bias_grad_nhwc_ref(int count, const float* g, int channels,
                                              double* out) {
  __shared__ double part[256];
  const int ch = blockIdx.x;
  double s = 0.0;
  for (long long e = ch + (long long)threadIdx.x * channels; e < count;
       e += (long long)blockDim.x * channels)
    s += g[e];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[ch] = part[0];
}
