// corpus_fresh6: rod_hotspot3d_opt1 -- Rodinia 3.1 hotspot3D, cuda/hotspot3D/opt1.cu
// (hotspotOpt1), rewritten for the problem format (see README.md). One thread per (x, y) column
// of the chip walks the z layers bottom to top, keeping the layer below, its own and the one
// above in registers, and reads its four in-plane neighbours from global memory each layer: one
// explicit step of the 7-point heat stencil with a power term and the ambient temperature.
extern "C" __global__ void hotspotOpt1(float* p, float* tIn, float* tOut, float sdc, int nx, int ny,
                                       int nz, float ce, float cw, float cn, float cs, float ct,
                                       float cb, float cc) {
  float amb_temp = 80.0;
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  int j = blockDim.y * blockIdx.y + threadIdx.y;
  int c = i + j * nx;
  int xy = nx * ny;
  int W = (i == 0) ? c : c - 1;
  int E = (i == nx - 1) ? c : c + 1;
  int N = (j == 0) ? c : c - nx;
  int S = (j == ny - 1) ? c : c + nx;

  float temp1, temp2, temp3;
  temp1 = temp2 = tIn[c];
  temp3 = tIn[c + xy];
  tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] + cb * temp1 +
            ct * temp3 + sdc * p[c] + ct * amb_temp;
  c += xy;
  W += xy;
  E += xy;
  N += xy;
  S += xy;
  for (int k = 1; k < nz - 1; ++k) {
    temp1 = temp2;
    temp2 = temp3;
    temp3 = tIn[c + xy];
    tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] + cb * temp1 +
              ct * temp3 + sdc * p[c] + ct * amb_temp;
    c += xy;
    W += xy;
    E += xy;
    N += xy;
    S += xy;
  }
  // the top layer: the layer above is clamped to the layer itself
  temp1 = temp2;
  temp2 = temp3;
  tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] + cb * temp1 +
            ct * temp3 + sdc * p[c] + ct * amb_temp;
}
