// float64 reference for corpus_fresh3 problem mini_nbody_force (written for the corpus): the
// velocity update of body i; the inout buffer arrives as double holding its input. Positions
// are read only, so updating velocities in place is race-free.
extern "C" __global__ void body_force_ref(double* p, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double xi = p[6 * i], yi = p[6 * i + 1], zi = p[6 * i + 2];
  double Fx = 0, Fy = 0, Fz = 0;
  for (int j = 0; j < n; ++j) {
    double dx = p[6 * j] - xi, dy = p[6 * j + 1] - yi, dz = p[6 * j + 2] - zi;
    double d2 = dx * dx + dy * dy + dz * dz + (double)1e-9f;
    double inv = 1.0 / sqrt(d2);
    double inv3 = inv * inv * inv;
    Fx += dx * inv3;
    Fy += dy * inv3;
    Fz += dz * inv3;
  }
  p[6 * i + 3] += (double)dt * Fx;
  p[6 * i + 4] += (double)dt * Fy;
  p[6 * i + 5] += (double)dt * Fz;
}
