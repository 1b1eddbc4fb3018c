// corpus_fresh4: cs_funcptr_sobel -- from NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/FunctionPointers/FunctionPointers_kernels.cu: SobelTex with the
// block operation called through blockFunction_table[blockOperation] and the point operation
// through a function pointer (ComputeSobel, Threshold), launched SobelTex<<<ih, 384>>>
// license: BSD-3-Clause (NVIDIA CORPORATION); written here in the sample's form
// adapted: extern "C"; the sample's texture fetches tex2D<unsigned char>(tex, x, y) (point
// sampling, clamp addressing: the cudaTextureDesc is zeroed) written as a byte load at the
// clamped texel; the function tables filled by static initialisers instead of
// cudaMemcpyToSymbol (the same __device__ tables, read at run time), and the point function
// chosen by an index into pointFunction_table instead of a pointer copied to the host (the
// format cannot pass a device function pointer); 8-bit pixels stored four to a 32-bit word; the
// kernel renamed SobelTex_funcptr (the SobelFilter sample's SobelTex is in tests/corpus_fresh, and
// kernel names must be unique across the corpora)
typedef unsigned char Pixel;
#define LAST_BLOCK_FILTER 2
#define LAST_POINT_FILTER 2

typedef unsigned char (*blockFunction_t)(unsigned char, unsigned char, unsigned char, unsigned char,
                                         unsigned char, unsigned char, unsigned char, unsigned char,
                                         unsigned char, float);
typedef unsigned char (*pointFunction_t)(unsigned char, float);

__device__ unsigned char ComputeSobel(unsigned char ul,  // upper left
                                      unsigned char um,  // upper middle
                                      unsigned char ur,  // upper right
                                      unsigned char ml,  // middle left
                                      unsigned char mm,  // middle (unused)
                                      unsigned char mr,  // middle right
                                      unsigned char ll,  // lower left
                                      unsigned char lm,  // lower middle
                                      unsigned char lr,  // lower right
                                      float fScale) {
  short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
  short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
  short Sum = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));
  return (unsigned char)((Sum < 0) ? 0 : ((Sum > 255) ? 255 : Sum));
}

__device__ unsigned char ComputeBox(unsigned char ul, unsigned char um, unsigned char ur,
                                    unsigned char ml, unsigned char mm, unsigned char mr,
                                    unsigned char ll, unsigned char lm, unsigned char lr,
                                    float fscale) {
  short Sum = (short)(ul + um + ur + ml + mm + mr + ll + lm + lr) / 9;
  Sum *= fscale;
  return (unsigned char)((Sum < 0) ? 0 : ((Sum > 255) ? 255 : Sum));
}

__device__ unsigned char Threshold(unsigned char in, float thresh) {
  if (in > thresh) {
    return 0xFF;
  } else {
    return 0;
  }
}

__device__ blockFunction_t blockFunction_table[LAST_BLOCK_FILTER] = {ComputeSobel, ComputeBox};
__device__ pointFunction_t pointFunction_table[LAST_POINT_FILTER] = {Threshold, nullptr};

// tex2D<unsigned char>(tex, x, y) of a point-sampled, clamp-addressed texture
__device__ unsigned char tex_fetch(const Pixel* img, int w, int h, float x, float y) {
  int xi = (int)floorf(x), yi = (int)floorf(y);
  xi = xi < 0 ? 0 : (xi > w - 1 ? w - 1 : xi);
  yi = yi < 0 ? 0 : (yi > h - 1 ? h - 1 : yi);
  return img[(long long)yi * w + xi];
}

extern "C" __global__ void SobelTex_funcptr(Pixel* pSobelOriginal, unsigned int Pitch, int w, int h,
                                            float fScale, int blockOperation, int pointOperation,
                                            const Pixel* tex) {
  unsigned char* pSobel = (unsigned char*)(((char*)pSobelOriginal) + blockIdx.x * Pitch);
  unsigned char tmp = 0;
  pointFunction_t pPointOperation = pointFunction_table[pointOperation];

  for (int i = threadIdx.x; i < w; i += blockDim.x) {
    unsigned char pix00 = tex_fetch(tex, w, h, (float)i - 1, (float)blockIdx.x - 1);
    unsigned char pix01 = tex_fetch(tex, w, h, (float)i + 0, (float)blockIdx.x - 1);
    unsigned char pix02 = tex_fetch(tex, w, h, (float)i + 1, (float)blockIdx.x - 1);
    unsigned char pix10 = tex_fetch(tex, w, h, (float)i - 1, (float)blockIdx.x + 0);
    unsigned char pix11 = tex_fetch(tex, w, h, (float)i + 0, (float)blockIdx.x + 0);
    unsigned char pix12 = tex_fetch(tex, w, h, (float)i + 1, (float)blockIdx.x + 0);
    unsigned char pix20 = tex_fetch(tex, w, h, (float)i - 1, (float)blockIdx.x + 1);
    unsigned char pix21 = tex_fetch(tex, w, h, (float)i + 0, (float)blockIdx.x + 1);
    unsigned char pix22 = tex_fetch(tex, w, h, (float)i + 1, (float)blockIdx.x + 1);
    tmp = (*(blockFunction_table[blockOperation]))(pix00, pix01, pix02, pix10, pix11, pix12, pix20,
                                                   pix21, pix22, fScale);

    if (pPointOperation != NULL) {
      tmp = (*pPointOperation)(tmp, 150.0);
    }

    pSobel[i] = tmp;
  }
}
