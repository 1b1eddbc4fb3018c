// float64 reference for corpus problem lut_gamma_const (written for the corpus)
extern "C" __global__ void gamma_ref(const int* px, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { int v = px[i] & 255; out[i] = (double)((float)(v * v) / 65025.0f); }
}
