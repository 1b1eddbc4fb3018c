// float64 reference for corpus_fresh9 shoc_md_lj_force (written for the corpus): for atom i, the
// sum over its listed neighbours j (list entry k at k * n + i) within the cutoff of
// d * r^-8 (lj1 r^-6 - lj2), d = p_i - p_j, r^2 = |d|^2.
extern "C" __global__ void lj_force_ref(double* force, const float* pos, int ncount,
                                        const int* nlist, float cutsq, float lj1, float lj2,
                                        int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
  double fx = 0.0, fy = 0.0, fz = 0.0;
  for (int k = 0; k < ncount; ++k) {
    const int j = nlist[(long long)k * n + i];
    const double dx = xi - pos[4 * j], dy = yi - pos[4 * j + 1], dz = zi - pos[4 * j + 2];
    const double r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < (double)cutsq) {
      const double ri2 = 1.0 / r2, ri6 = ri2 * ri2 * ri2;
      const double fr = ri2 * ri6 * ((double)lj1 * ri6 - (double)lj2);
      fx += dx * fr;
      fy += dy * fr;
      fz += dz * fr;
    }
  }
  force[3 * i] = fx;
  force[3 * i + 1] = fy;
  force[3 * i + 2] = fz;
}
