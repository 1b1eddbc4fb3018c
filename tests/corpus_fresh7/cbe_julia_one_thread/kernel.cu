// corpus_fresh7: cbe_julia_one_thread -- CUDA by Example (Sanders & Kandrot), chapter 4,
// julia_gpu.cu: the Julia set of c = -0.8 + 0.156i on a DIM x DIM bitmap, launched as
// kernel<<<dim3(DIM, DIM), 1>>>: one block of ONE thread per pixel. Rewritten for the problem
// format (see README.md; a block is a whole warp here, and only its lane 0 works): each block
// iterates z = z^2 + c up to 200 times for its pixel and writes an RGBA pixel, red where the orbit
// stays bounded.
#define DIM 1000

struct cuComplex {
  float r;
  float i;
  __device__ cuComplex(float a, float b) : r(a), i(b) {}
  __device__ float magnitude2(void) { return r * r + i * i; }
  __device__ cuComplex operator*(const cuComplex& a) {
    return cuComplex(r * a.r - i * a.i, i * a.r + r * a.i);
  }
  __device__ cuComplex operator+(const cuComplex& a) { return cuComplex(r + a.r, i + a.i); }
};

__device__ int julia(int x, int y) {
  const float scale = 1.5;
  float jx = scale * (float)(DIM / 2 - x) / (DIM / 2);
  float jy = scale * (float)(DIM / 2 - y) / (DIM / 2);
  cuComplex c(-0.8, 0.156);
  cuComplex a(jx, jy);
  for (int i = 0; i < 200; i++) {
    a = a * a + c;
    if (a.magnitude2() > 1000) return 0;
  }
  return 1;
}

extern "C" __global__ void julia_kernel(unsigned char* ptr) {
  // the book's one-thread block, as the hardware runs it: one warp whose lane 0 works
  if (threadIdx.x != 0) return;
  // map from blockIdx to pixel position
  int x = blockIdx.x;
  int y = blockIdx.y;
  int offset = x + y * gridDim.x;
  // now calculate the value at that position
  int juliaValue = julia(x, y);
  ptr[offset * 4 + 0] = 255 * juliaValue;
  ptr[offset * 4 + 1] = 0;
  ptr[offset * 4 + 2] = 0;
  ptr[offset * 4 + 3] = 255;
}
