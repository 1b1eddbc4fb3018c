// Reference for corpus_fresh11 tf_bias_nchw (written for the corpus): out = in + bias[channel]
// over an NCHW tensor, in float64 on the float inputs (the float sum rounds once).
extern "C" __global__ void bias_nchw_ref(int count, const float* in, const float* bias,
                                         int channels, int image_size, double* out) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < count;
       e += (long long)blockDim.x * gridDim.x)
    out[e] = (double)in[e] + (double)bias[(e / image_size) % channels];
}
