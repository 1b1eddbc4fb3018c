// float64 reference for corpus problem cs_conv_rows (written for the corpus)
__constant__ double k_ref[17] = {1,2,3,4,5,6,7,8,9,8,7,6,5,4,3,2,1};
extern "C" __global__ void convrows_ref(double* dst, const float* src, int W, int H) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (long)W * H) return;
  long y = i / W; int x = i % W;
  double s = 0;
  for (int j = -8; j <= 8; j++) { int xx = x + j; if (xx >= 0 && xx < W) s += k_ref[8 - j] * src[y * W + xx]; }
  dst[i] = s;
}
