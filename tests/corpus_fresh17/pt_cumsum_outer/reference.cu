// Reference for corpus_fresh17 pt_cumsum_outer (written for the corpus): an inclusive prefix sum
// down the rows of P planes of R x C floats (each plane row-major), one column per thread,
// accumulated in double; float64 out.
extern "C" __global__ void cumsum_cols_ref(int P, int R, int C, const float* src, double* out) {
  for (long long col = (long long)blockIdx.x * blockDim.x + threadIdx.x; col < (long long)P * C;
       col += (long long)blockDim.x * gridDim.x) {
    const long long p = col / C, c = col % C;
    double acc = 0.0;
    for (long long r = 0; r < R; ++r) {
      const long long i = (p * R + r) * C + c;
      acc += (double)src[i];
      out[i] = acc;
    }
  }
}
