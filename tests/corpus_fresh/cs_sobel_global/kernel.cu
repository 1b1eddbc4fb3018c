// corpus_fresh: cs_sobel_global -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/SobelFilter/SobelFilter_kernels.cu (ComputeSobel, SobelTex) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C"; the 2-D texture fetches (point sampling, clamp addressing) read the byte
// image from global memory with the same clamp at the borders; the image is passed as 32-bit
// words (4 pixels each) and read through an unsigned char pointer; 8192 x 8192 pixels, one
// block of 384 threads per row (the sample's launch: SobelTex<<<ih, 384>>>).
__device__ unsigned char ComputeSobel(unsigned char ul, // upper left
                                      unsigned char um, // upper middle
                                      unsigned char ur, // upper right
                                      unsigned char ml, // middle left
                                      unsigned char mm, // middle (unused)
                                      unsigned char mr, // middle right
                                      unsigned char ll, // lower left
                                      unsigned char lm, // lower middle
                                      unsigned char lr, // lower right
                                      float         fScale)
{
    short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
    short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
    short Sum  = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));

    if (Sum < 0) {
        return 0;
    }
    else if (Sum > 0xff) {
        return 0xff;
    }

    return (unsigned char)Sum;
}

__device__ inline unsigned char texel(const unsigned char *img, int x, int y, int w, int h)
{
    x = min(max(x, 0), w - 1);
    y = min(max(y, 0), h - 1);
    return img[y * w + x];
}

extern "C" __global__ void SobelTex(unsigned int *pSobelOriginal, const unsigned int *image, unsigned int Pitch,
                                    int w, int h, float fScale)
{
    const unsigned char *tex = (const unsigned char *)image;
    unsigned char *pSobel = (unsigned char *)(((char *)pSobelOriginal) + blockIdx.x * Pitch);

    for (int i = threadIdx.x; i < w; i += blockDim.x) {
        int r = blockIdx.x;
        unsigned char pix00 = texel(tex, i - 1, r - 1, w, h);
        unsigned char pix01 = texel(tex, i + 0, r - 1, w, h);
        unsigned char pix02 = texel(tex, i + 1, r - 1, w, h);
        unsigned char pix10 = texel(tex, i - 1, r + 0, w, h);
        unsigned char pix11 = texel(tex, i + 0, r + 0, w, h);
        unsigned char pix12 = texel(tex, i + 1, r + 0, w, h);
        unsigned char pix20 = texel(tex, i - 1, r + 1, w, h);
        unsigned char pix21 = texel(tex, i + 0, r + 1, w, h);
        unsigned char pix22 = texel(tex, i + 1, r + 1, w, h);
        pSobel[i]           = ComputeSobel(pix00, pix01, pix02, pix10, pix11, pix12, pix20, pix21, pix22, fScale);
    }
}
