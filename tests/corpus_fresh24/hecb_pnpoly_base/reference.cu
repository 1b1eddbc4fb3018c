// Reference for corpus_fresh24 hecb_pnpoly_base (written for the corpus): the same crossing-number
// test in the same float operations as the kernel compiles to (the subtractions, an IEEE
// division, one fused multiply-add), so that a point on the float edge of an edge falls the same
// way; the bitmap is compared exactly.
extern "C" __global__ void pnpoly_ref(double* bitmap, const float* pt, const float* vtx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float px = pt[2 * i], py = pt[2 * i + 1];
  bool odd = false;
  const int nv = 600;
  for (int j = 0, k = nv - 1; j < nv; k = j++) {
    const float jx = vtx[2 * j], jy = vtx[2 * j + 1];
    const float kx = vtx[2 * k], ky = vtx[2 * k + 1];
    const float slope = __fdiv_rn(__fsub_rn(kx, jx), __fsub_rn(ky, jy));
    const bool between = (jy > py) != (ky > py);
    if (between && px < __fmaf_rn(slope, __fsub_rn(py, jy), jx)) odd = !odd;
  }
  bitmap[i] = odd ? 1.0 : 0.0;
}
