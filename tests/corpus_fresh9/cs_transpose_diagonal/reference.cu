// float64 reference for corpus_fresh9 cs_transpose_diagonal (written for the corpus): out[x][y] =
// in[y][x] for a row-major input of height rows of width floats (the output has width rows of
// height), one thread per element.
extern "C" __global__ void transpose_ref(double* out, const float* in, int width, int height) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)width * height) return;
  const long long y = t / width, x = t % width;
  out[x * height + y] = (double)in[t];
}
