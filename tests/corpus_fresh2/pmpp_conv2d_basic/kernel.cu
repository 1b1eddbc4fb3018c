// corpus_fresh2: pmpp_conv2d_basic -- from Hwu, Kirk & El Hajj, 'Programming Massively Parallel
// Processors' (4th ed., 2022), ch. 7, Fig. 7.7: convolution_2D_basic_kernel (filter F in global
// memory, radius r a kernel argument, ghost cells skipped)
// license: textbook listing; written here in its form
// adapted: extern "C"; the book's P[outRow*width+outCol] store with an in-image check
extern "C" __global__ void convolution_2D_basic_kernel(const float *N, const float *F, float *P, int r,
                                                       int width, int height)
{
    int outCol = blockIdx.x * blockDim.x + threadIdx.x;
    int outRow = blockIdx.y * blockDim.y + threadIdx.y;
    float Pvalue = 0.0f;
    for (int fRow = 0; fRow < 2 * r + 1; fRow++) {
        for (int fCol = 0; fCol < 2 * r + 1; fCol++) {
            int inRow = outRow - r + fRow;
            int inCol = outCol - r + fCol;
            if (inRow >= 0 && inRow < height && inCol >= 0 && inCol < width) {
                Pvalue += F[fRow * (2 * r + 1) + fCol] * N[inRow * width + inCol];
            }
        }
    }
    if (outRow < height && outCol < width) P[outRow * width + outCol] = Pvalue;
}
