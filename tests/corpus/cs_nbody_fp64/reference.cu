// float64 reference for corpus problem cs_nbody_fp64 (written for the corpus)
extern "C" __global__ void nbody64_ref(double* acc, const double* pos, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ax = 0, ay = 0, az = 0, xi = pos[4*i], yi = pos[4*i+1], zi = pos[4*i+2];
  for (int j = 0; j < n; j++) {
    double rx = pos[4*j] - xi, ry = pos[4*j+1] - yi, rz = pos[4*j+2] - zi;
    double d2 = rx*rx + ry*ry + rz*rz + 0.01, inv = 1.0 / sqrt(d2), s = pos[4*j+3] * inv * inv * inv;
    ax += rx * s; ay += ry * s; az += rz * s;
  }
  acc[3*i] = ax; acc[3*i+1] = ay; acc[3*i+2] = az;
}
