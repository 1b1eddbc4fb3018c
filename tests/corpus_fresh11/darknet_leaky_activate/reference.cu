// Reference for corpus_fresh11 darknet_leaky_activate (written for the corpus): darknet's
// LEAKY activation, x if x > 0 else 0.1 x, in place, in float64 on the float input.
extern "C" __global__ void leaky_ref(int n, double* x) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < n;
       e += (long long)blockDim.x * gridDim.x) {
    const double v = x[e];
    x[e] = v > 0 ? v : 0.1 * v;
  }
}
