// corpus_fresh20: af_medfilt2_7x7 -- ArrayFire (arrayfire/arrayfire),
// src/backend/cuda/kernel/medfilt.cuh: medfilt2<float, AF_PAD_ZERO, 7, 7>, the kernel behind
// af::medfilt2 / af::medfilt with a 7 x 7 window. A 16 x 16 block stages its tile and halo
// in shared memory, then each thread finds its pixel's median by forgetful selection (McGuire's
// min/max exchange, ShaderX 2008): the first w_wid / 2 + 1 window rows go into a per-thread
// array, every further value replaces the array's front while the extremes are pushed out.
// Rewritten for the problem format (see README.md): T = float, zero padding and the window
// fixed, extern "C", the Param structs replaced by the two dimensions of one contiguous image
// (the batch offsets kept); the loops, their bounds and the per-thread array as the origin's.

#define MEDFILT_THREADS_X 16
#define MEDFILT_THREADS_Y 16

// the exchange: a becomes the smaller, b the larger
#define MEDFILT_EXCHANGE(a, b) \
  {                            \
    float tmp = a;             \
    a = fminf(a, b);           \
    b = fmaxf(tmp, b);         \
  }

template <unsigned w_len, unsigned w_wid>
__device__ void medfilt2_zero(float* out, const float* in, int dim0, int dim1, int nBBS0,
                              int nBBS1) {
  __shared__ float shrdMem[(MEDFILT_THREADS_X + w_len - 1) * (MEDFILT_THREADS_Y + w_wid - 1)];

  const int padding = w_len - 1;
  const int halo = padding / 2;
  const int shrdLen = blockDim.x + padding;

  // batch offsets (one image here: b2 = b3 = 0)
  const unsigned b2 = blockIdx.x / nBBS0;
  const unsigned b3 = blockIdx.y / nBBS1;
  const long long plane = (long long)dim0 * dim1;
  const float* iptr = in + (b2 + b3 * (gridDim.x / nBBS0)) * plane;
  float* optr = out + (b2 + b3 * (gridDim.x / nBBS0)) * plane;

  const int lx = threadIdx.x;
  const int ly = threadIdx.y;
  const int gx = blockDim.x * (blockIdx.x - b2 * nBBS0) + lx;
  const int gy = blockDim.y * (blockIdx.y - b3 * nBBS1) + ly;

  // the tile and its halo, zero outside the image
  for (int b = ly, gy2 = gy; b < shrdLen; b += blockDim.y, gy2 += blockDim.y) {
    for (int a = lx, gx2 = gx; a < shrdLen; a += blockDim.x, gx2 += blockDim.x) {
      const int sx = gx2 - halo, sy = gy2 - halo;
      if (sx < 0 || sx >= dim0 || sy < 0 || sy >= dim1)
        shrdMem[b * shrdLen + a] = 0.0f;
      else
        shrdMem[b * shrdLen + a] = iptr[(long long)sy * dim0 + sx];
    }
  }
  __syncthreads();

  if (gx < dim0 && gy < dim1) {
    const int ARR_SIZE = w_len * (w_wid - w_wid / 2);
    float v[ARR_SIZE];
    // the first w_wid / 2 + 1 rows of the window
#pragma unroll
    for (int k = 0; k <= w_wid / 2; k++) {
#pragma unroll
      for (int i = 0; i < w_len; i++) v[w_len * k + i] = shrdMem[(ly + k) * shrdLen + lx + i];
    }
    // minima to the first half, maxima to the second; then the minimum to v[0], the maximum last
#pragma unroll
    for (int i = 0; i < ARR_SIZE / 2; i++) MEDFILT_EXCHANGE(v[i], v[ARR_SIZE - 1 - i]);
#pragma unroll
    for (int i = 1; i < (ARR_SIZE + 1) / 2; i++) MEDFILT_EXCHANGE(v[0], v[i]);
#pragma unroll
    for (int i = ARR_SIZE - 2; i >= ARR_SIZE / 2; i--) MEDFILT_EXCHANGE(v[i], v[ARR_SIZE - 1]);

    int last = ARR_SIZE - 1;
    // each further window value overwrites the current minimum; the range shrinks by one
    for (int k = 1 + w_wid / 2; k < w_wid; k++) {
      for (int j = 0; j < w_len; j++) {
        v[0] = shrdMem[(ly + k) * shrdLen + lx + j];
        last--;
        for (int i = 0; i < (last + 1) / 2; i++) MEDFILT_EXCHANGE(v[i], v[last - i]);
        for (int i = 1; i <= last / 2; i++) MEDFILT_EXCHANGE(v[0], v[i]);
        for (int i = last - 1; i >= (last + 1) / 2; i--) MEDFILT_EXCHANGE(v[i], v[last]);
      }
    }
    // no more values: drop minima and maxima of the first row until its middle is the median
    for (int k = 1; k < w_len / 2; k++) {
      for (int i = k; i < w_len / 2; i++) MEDFILT_EXCHANGE(v[i], v[w_len - 1 - i]);
      for (int i = k + 1; i <= w_len / 2; i++) MEDFILT_EXCHANGE(v[k], v[i]);
      for (int i = w_len - k - 2; i >= w_len / 2; i--) MEDFILT_EXCHANGE(v[i], v[w_len - 1 - k]);
    }
    optr[(long long)gy * dim0 + gx] = v[w_len / 2];
  }
}

extern "C" __global__ void medfilt2_7x7(float* out, const float* in, int dim0, int dim1,
                                         int nBBS0, int nBBS1) {
  medfilt2_zero<7, 7>(out, in, dim0, dim1, nBBS0, nBBS1);
}
