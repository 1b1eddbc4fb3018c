// Reference for corpus_fresh27 p3d_points_to_volumes (written for the corpus): one thread per
// point, the same cell and trilinear weights (the coordinate arithmetic and the float weights
// computed exactly as the kernel computes them, so every point lands in the same eight voxels),
// the eight corners' densities and features accumulated in float64 with double atomicAdd.
extern "C" __global__ void points_to_volumes_ref(
    const float* points_3d, const float* points_features, const long long* grid_sizes,
    const float* mask, double* volume_densities, double* volume_features, float point_weight,
    long long batch_size, long long P, long long n_features, long long VD, long long VH,
    long long VW) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= batch_size * P) return;
  const long long b = t / P;
  if (mask[t] == 0) return;
  const float* point = points_3d + t * 3;
  const float* f = points_features + t * n_features;
  const long long gx = grid_sizes[b * 3 + 2], gy = grid_sizes[b * 3 + 1], gz = grid_sizes[b * 3];
  // align_corners: scale offset 1, offset 0
  float x = 0, y = 0, z = 0;
  const float rx = modff((float)((point[0] + 1) * 0.5 * (gx - 1) - 0.0f), &x);
  const float ry = modff((float)((point[1] + 1) * 0.5 * (gy - 1) - 0.0f), &y);
  const float rz = modff((float)((point[2] + 1) * 0.5 * (gz - 1) - 0.0f), &z);
  for (int dir = 0; dir < 8; ++dir) {
    const int ux = (dir >> 2) & 1, uy = (dir >> 1) & 1, uz = dir & 1;
    const float w = (ux ? rx : 1 - rx) * (uy ? ry : 1 - ry) * (uz ? rz : 1 - rz);
    const long long X = (long long)(x + ux), Y = (long long)(y + uy), Z = (long long)(z + uz);
    if (X < 0 || Y < 0 || Z < 0 || X >= gx || Y >= gy || Z >= gz) continue;
    const double wd = (double)w * (double)point_weight;
    atomicAdd(&volume_densities[b * VD * VH * VW + (Z * VH + Y) * VW + X], wd);
    for (long long c = 0; c < n_features; ++c)
      atomicAdd(&volume_features[((b * n_features + c) * VD + Z) * VH * VW + Y * VW + X],
                (double)f[c] * wd);
  }
}
