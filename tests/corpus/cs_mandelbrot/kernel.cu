// corpus: cs_mandelbrot -- from NVIDIA/cuda-samples, Samples/5_Domain_Specific/Mandelbrot/Mandelbrot_kernel.cuh (CalcMandelbrot<float>, the simple loop) @ c94ff366aed1
// license: BSD-3-Clause (Copyright (c) 2022, NVIDIA CORPORATION)
// adapted: extern "C" kernel computing one pixel per thread with the sample's CalcMandelbrot (isJulia false); the sample's block-scheduling and colouring kernel left out; 4096 x 4096 pixels, crunch 512, view [-2,1] x [-1.5,1.5]
template <class T>
__device__ inline int
CalcMandelbrot(const T xPos, const T yPos, const T xJParam, const T yJParam, const int crunch, const bool isJulia)
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
    return i; // i > 0 ? crunch - i : 0;
} // CalcMandelbrot
extern "C" __global__ void mandelbrot_simple(int* out, int w, int h, int crunch, float x0, float y0, float scale) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h) return;
  out[py * w + px] = CalcMandelbrot<float>(x0 + px * scale, y0 + py * scale, 0.0f, 0.0f, crunch, false);
}
