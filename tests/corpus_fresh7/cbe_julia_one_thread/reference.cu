// reference for corpus_fresh7 cbe_julia_one_thread (written for the corpus), one thread per
// pixel in 256-thread blocks. Membership is decided by iterating in float, with the products and
// sums in the same order as the book's complex type (the orbit is chaotic near the set's edge, so
// a double orbit would decide some edge pixels differently from the float one the operation
// defines). The RGBA pixel is returned as its little-endian 32-bit word: red 255 inside, 0 outside;
// alpha 255.
extern "C" __global__ void julia_ref(double* px, int dim) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= dim * dim) return;
  const int x = p % dim, y = p / dim;
  const float s = 1.5f;
  float zr = s * (float)(dim / 2 - x) / (dim / 2);
  float zi = s * (float)(dim / 2 - y) / (dim / 2);
  const float cr = -0.8f, ci = 0.156f;
  int inside = 1;
  for (int k = 0; k < 200; ++k) {
    const float nr = zr * zr - zi * zi;
    const float ni = zi * zr + zr * zi;
    zr = nr + cr;
    zi = ni + ci;
    if (zr * zr + zi * zi > 1000) {
      inside = 0;
      break;
    }
  }
  px[p] = (double)(0xFF000000u | (inside ? 0xFFu : 0u));
}
