// reference for corpus_fresh6 rod_hotspot3d_opt1: one explicit step of the 3D thermal model,
// written from the stencil: T' = cc T + cw T(x-1) + ce T(x+1) + cn T(y-1) + cs T(y+1)
// + cb T(z-1) + ct T(z+1) + sdc P + ct * 80, every out-of-chip neighbour replaced by the cell
// itself. One thread per cell, in float64.
extern "C" __global__ void hotspot3d_ref(const float* P, const float* T, double* out, int nx,
                                         int ny, int nz, float sdc, float ce, float cw, float cn,
                                         float cs, float ct, float cb, float cc) {
  long long id = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= (long long)nx * ny * nz) return;
  int x = (int)(id % nx), y = (int)((id / nx) % ny), z = (int)(id / ((long long)nx * ny));
  auto at = [&](int xx, int yy, int zz) -> double {
    xx = xx < 0 ? 0 : (xx >= nx ? nx - 1 : xx);
    yy = yy < 0 ? 0 : (yy >= ny ? ny - 1 : yy);
    zz = zz < 0 ? 0 : (zz >= nz ? nz - 1 : zz);
    return (double)T[((long long)zz * ny + yy) * nx + xx];
  };
  out[id] = (double)cc * at(x, y, z) + (double)cw * at(x - 1, y, z) + (double)ce * at(x + 1, y, z) +
            (double)cn * at(x, y - 1, z) + (double)cs * at(x, y + 1, z) +
            (double)cb * at(x, y, z - 1) + (double)ct * at(x, y, z + 1) + (double)sdc * P[id] +
            (double)ct * 80.0;
}
