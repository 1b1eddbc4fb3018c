// Reference for corpus_fresh13 opencv_clahe_calc_lut (written for the corpus, after OpenCV's
// CPU CLAHE_CalcLut_Body): per tile the 256-bin histogram, clipped at clipLimit with the excess
// spread evenly (the remainder to the first bins), its running sum scaled by lutScale in float
// and rounded to nearest, saturated to a byte; the table is written four bytes per u32 word
// (each word's value as a float64). One block per tile.
extern "C" __global__ void clahe_lut_ref(int tilesX, int tilesY, int tileW, int tileH, int step,
                                         int clipLimit, float lutScale, const unsigned int* srcw,
                                         double* lutw) {
  __shared__ long long hist[256];
  const unsigned char* src = (const unsigned char*)srcw;
  for (int tile = blockIdx.x; tile < tilesX * tilesY; tile += gridDim.x) {
    const int tx = tile % tilesX, ty = tile / tilesX;
    for (int b = threadIdx.x; b < 256; b += blockDim.x) hist[b] = 0;
    __syncthreads();
    for (long long p = threadIdx.x; p < (long long)tileW * tileH; p += blockDim.x) {
      const long long y = ty * tileH + p / tileW, x = tx * tileW + p % tileW;
      atomicAdd((unsigned long long*)&hist[src[y * step + x]], 1ull);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      long long clipped = 0;
      if (clipLimit > 0) {
        for (int b = 0; b < 256; ++b)
          if (hist[b] > clipLimit) { clipped += hist[b] - clipLimit; hist[b] = clipLimit; }
        const long long batch = clipped / 256, residual = clipped - batch * 256;
        for (int b = 0; b < 256; ++b) hist[b] += batch + (b < residual ? 1 : 0);
      }
      long long sum = 0;
      unsigned long long word = 0;
      for (int b = 0; b < 256; ++b) {
        sum += hist[b];
        int v = __float2int_rn(__fmul_rn(lutScale, (float)sum));
        v = v < 0 ? 0 : (v > 255 ? 255 : v);
        word |= (unsigned long long)v << (8 * (b % 4));
        if (b % 4 == 3) {
          lutw[(long long)tile * 64 + b / 4] = (double)word;
          word = 0;
        }
      }
    }
    __syncthreads();
  }
}
