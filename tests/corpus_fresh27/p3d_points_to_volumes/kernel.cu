// corpus_fresh27: p3d_points_to_volumes -- PyTorch3D (facebookresearch/pytorch3d),
// pytorch3d/csrc/points_to_volumes/points_to_volumes.cu: PointsToVolumesForwardKernel, the
// forward pass of pytorch3d.ops.add_pointclouds_to_volumes (points and their features splatted
// into a voxel grid, trilinear mode): a thread per point, its eight surrounding voxels each
// receiving a density and n_features feature values by global atomicAdd, weighted by the
// trilinear weights. The fixed grid of 1024 one-warp blocks walks chunks of 32 points.
// Rewritten for the problem format (see README.md): extern "C", the six PackedTensorAccessor64
// arguments as raw pointers with their (contiguous) int64 sizes passed as scalars and the
// accessors' index arithmetic written out in int64, bools as ints, the two lambdas
// (increment_location, handle_point) and EightDirections written out as a device function
// called for the eight corners in the origin's order, std::modf(float, float*) as modff; the
// double-precision coordinate arithmetic (0.5 and the int64 grid size make it double), the
// bounds tests and the atomicAdds as the origin's.
__device__ __forceinline__ void p2v_increment_location(
    float* volume_densities_aa, float* volume_features_aa, const float* point_features,
    long long x, long long y, long long z, float weight, float point_weight,
    long long grid_size_x, long long grid_size_y, long long grid_size_z, long long VD,
    long long VH, long long VW, long long n_features) {
  if (x >= grid_size_x || y >= grid_size_y || z >= grid_size_z) {
    return;
  }
  if (x < 0 || y < 0 || z < 0) {
    return;
  }

  // volume_densities_aa[z][y][x]
  atomicAdd(&volume_densities_aa[(z * VH + y) * VW + x], weight * point_weight);

  for (long long feature_idx = 0; feature_idx < n_features; ++feature_idx) {
    // volume_features_aa[feature_idx][z][y][x]
    atomicAdd(&volume_features_aa[((feature_idx * VD + z) * VH + y) * VW + x],
              point_features[feature_idx] * weight * point_weight);
  }
}

extern "C" __global__ void PointsToVolumesForwardKernel(
    const float* __restrict__ points_3d,        // (N, P, 3)
    const float* __restrict__ points_features,  // (N, P, n_features)
    float* __restrict__ volume_densities,       // (N, 1, VD, VH, VW)
    float* __restrict__ volume_features,        // (N, n_features, VD, VH, VW)
    const long long* __restrict__ grid_sizes,   // (N, 3): z, y, x
    const float* __restrict__ mask,             // (N, P)
    const float point_weight, const int align_corners, const int splat,
    const long long batch_size, const long long P, const long long n_features, long long VD,
    long long VH, long long VW) {
  const long long chunks_per_cloud = (1 + (P - 1) / blockDim.x);
  const long long chunks_to_do = batch_size * chunks_per_cloud;
  const int scale_offset = align_corners ? 1 : 0;
  const float offset = align_corners ? 0 : 0.5;
  for (long long chunk = blockIdx.x; chunk < chunks_to_do; chunk += gridDim.x) {
    const long long batch_index = chunk / chunks_per_cloud;
    const long long start_point = blockDim.x * (chunk % chunks_per_cloud);
    long long point_idx = start_point + threadIdx.x;
    if (point_idx >= P) {
      continue;
    }
    if (mask[batch_index * P + point_idx] == 0) {
      continue;
    }
    float* volume_densities_aa = volume_densities + batch_index * (VD * VH * VW);
    float* volume_features_aa = volume_features + batch_index * (n_features * VD * VH * VW);
    const float* point = points_3d + (batch_index * P + point_idx) * 3;
    const float* point_features = points_features + (batch_index * P + point_idx) * n_features;
    const long long grid_size_x = grid_sizes[batch_index * 3 + 2];
    const long long grid_size_y = grid_sizes[batch_index * 3 + 1];
    const long long grid_size_z = grid_sizes[batch_index * 3 + 0];
    if (!splat) {
      long x = lround((point[0] + 1) * 0.5 * (grid_size_x - scale_offset) - offset);
      long y = lround((point[1] + 1) * 0.5 * (grid_size_y - scale_offset) - offset);
      long z = lround((point[2] + 1) * 0.5 * (grid_size_z - scale_offset) - offset);
      p2v_increment_location(volume_densities_aa, volume_features_aa, point_features, x, y, z,
                             1, point_weight, grid_size_x, grid_size_y, grid_size_z, VD, VH, VW,
                             n_features);
    } else {
      float x = 0, y = 0, z = 0;
      float rx = modff((float)((point[0] + 1) * 0.5 * (grid_size_x - scale_offset) - offset), &x);
      float ry = modff((float)((point[1] + 1) * 0.5 * (grid_size_y - scale_offset) - offset), &y);
      float rz = modff((float)((point[2] + 1) * 0.5 * (grid_size_z - scale_offset) - offset), &z);
      // EightDirections(handle_point), in the origin's order
#pragma unroll
      for (int dir = 0; dir < 8; ++dir) {
        const bool up_x = dir & 4, up_y = dir & 2, up_z = dir & 1;
        float weight = (up_x ? rx : 1 - rx) * (up_y ? ry : 1 - ry) * (up_z ? rz : 1 - rz);
        p2v_increment_location(volume_densities_aa, volume_features_aa, point_features,
                               x + up_x, y + up_y, z + up_z, weight, point_weight, grid_size_x,
                               grid_size_y, grid_size_z, VD, VH, VW, n_features);
      }
    }
  }
}
