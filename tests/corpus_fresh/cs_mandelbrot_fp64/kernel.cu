// corpus_fresh: cs_mandelbrot_fp64 -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/Mandelbrot/Mandelbrot_kernel.cuh (CalcMandelbrot<T>, the simple loop, T = double) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C" wrapper, one pixel per thread writing the iteration count (the sample's
// Mandelbrot0 kernel turns it into a colour); isJulia false; the template instantiated for double.
template <class T>
__device__ inline int CalcMandelbrot(const T xPos, const T yPos, const T xJParam, const T yJParam,
                                     const int crunch, const bool isJulia)
{
    T x, y, xx, yy, xC, yC;

    if (isJulia) {
        xC = xJParam;
        yC = yJParam;
        y  = yPos;
        x  = xPos;
        yy = y * y;
        xx = x * x;
    }
    else {
        xC = xPos;
        yC = yPos;
        y  = 0;
        x  = 0;
        yy = 0;
        xx = 0;
    }

    int i = crunch;

    while (--i && (xx + yy < T(4.0))) {
        y  = x * y * T(2.0) + yC;
        x  = xx - yy + xC;
        yy = y * y;
        xx = x * x;
    }

    return i;
}

extern "C" __global__ void mandelbrot_fp64(int *out, int W, int H, int crunch, double x0, double y0,
                                           double scale)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix < W && iy < H) {
        double xPos = x0 + (double)ix * scale;
        double yPos = y0 + (double)iy * scale;
        out[iy * W + ix] = CalcMandelbrot<double>(xPos, yPos, 0.0, 0.0, crunch, false);
    }
}
