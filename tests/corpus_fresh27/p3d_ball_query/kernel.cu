// corpus_fresh27: p3d_ball_query -- PyTorch3D (facebookresearch/pytorch3d),
// pytorch3d/csrc/ball_query/ball_query.cu: BallQueryKernel<float>, the neighbourhood query of
// PointNet++-style set abstraction (pytorch3d.ops.ball_query): for each point of p1, the first K
// points of p2 (in index order) within `radius`. A chunk of work is blockDim.x points of one
// cloud; the fixed grid of 256 blocks takes chunks blockIdx.x, blockIdx.x + gridDim.x, ...; each
// thread walks p2 in order until it has K neighbours or p2 ends.
// Rewritten for the problem format (see README.md): extern "C", the template at float, the six
// PackedTensorAccessor64 arguments as raw pointers with their (contiguous) int64 sizes passed as
// scalars and the accessors' index arithmetic written out in int64, bool as int; the loops, the
// early exit at K and the stores of index and squared distance as the origin's.
extern "C" __global__ void BallQueryKernel(
    const float* __restrict__ p1,            // (N, P1, D)
    const float* __restrict__ p2,            // (N, P2, D)
    const long long* __restrict__ lengths1,  // (N,)
    const long long* __restrict__ lengths2,  // (N,)
    long long* __restrict__ idxs,            // (N, P1, K), -1 filled by the caller
    float* __restrict__ dists,               // (N, P1, K), zero filled by the caller
    long long N, long long P1, long long P2, int D,
    const long long K, const float radius, const float radius2,
    const int skip_points_outside_cube) {
  const long long chunks_per_cloud = (1 + (P1 - 1) / blockDim.x);
  const long long chunks_to_do = N * chunks_per_cloud;

  for (long long chunk = blockIdx.x; chunk < chunks_to_do; chunk += gridDim.x) {
    const long long n = chunk / chunks_per_cloud;  // batch_index
    const long long start_point = blockDim.x * (chunk % chunks_per_cloud);
    long long i = start_point + threadIdx.x;

    // Check if point is valid in heterogeneous tensor
    if (i >= lengths1[n]) {
      continue;
    }

    // Iterate over points in p2 until desired count is reached or
    // all points have been considered
    for (long long j = 0, count = 0; j < lengths2[n] && count < K; ++j) {
      if (skip_points_outside_cube) {
        bool is_within_radius = true;
        // Filter when any one coordinate is already outside the radius
        for (int d = 0; is_within_radius && d < D; ++d) {
          float abs_diff = fabsf(p1[(n * P1 + i) * D + d] - p2[(n * P2 + j) * D + d]);
          is_within_radius = (abs_diff <= radius);
        }
        if (!is_within_radius) {
          continue;
        }
      }

      // Else, calculate the distance between the points and compare
      float dist2 = 0.0;
      for (int d = 0; d < D; ++d) {
        float diff = p1[(n * P1 + i) * D + d] - p2[(n * P2 + j) * D + d];
        dist2 += (diff * diff);
      }

      if (dist2 < radius2) {
        // If the point is within the radius
        // Set the value of the index to the point index
        idxs[(n * P1 + i) * K + count] = j;
        dists[(n * P1 + i) * K + count] = dist2;

        // increment the number of selected samples for the point i
        ++count;
      }
    }
  }
}
