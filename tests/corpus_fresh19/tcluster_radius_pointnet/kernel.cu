// corpus_fresh19: tcluster_radius_pointnet -- PyTorch Cluster (rusty1s/pytorch_cluster),
// csrc/cuda/radius_cuda.cu: radius_kernel<float>, the CUDA path of torch_cluster.radius (and of
// PyG's radius / radius_graph), here as PyG's PointNet++ set-abstraction module calls it: for
// each sampled centroid y (one thread each), scan the points x of its own cloud in order, record
// up to max_num_neighbors of those within r, and stop as soon as that many are found. Rewritten
// for the problem format (see README.md): scalar_t = float fixed, extern "C"; get_example_idx of
// csrc/cuda/utils.cuh written out; the loops, the early exit, the -1-filled outputs and the
// launch (256 threads, ceil(m / 256) blocks) as the origin's.

// the cloud a query belongs to: the first example whose end pointer is past it
__device__ __forceinline__ long long get_example_idx(long long idx, const long long* ptr,
                                                     const long long num_examples) {
  for (long long i = 0; i < num_examples; i++) {
    if (ptr[i + 1] > idx) return i;
  }
  return num_examples - 1;
}

extern "C" __global__ void radius_kernel(const float* __restrict__ x, const float* __restrict__ y,
                                         const long long* __restrict__ ptr_x,
                                         const long long* __restrict__ ptr_y,
                                         long long* __restrict__ row, long long* __restrict__ col,
                                         const float r, const long long n, const long long m,
                                         const long long dim, const long long num_examples,
                                         const long long max_num_neighbors) {
  const long long n_y = blockIdx.x * blockDim.x + threadIdx.x;
  if (n_y >= m) return;

  long long count = 0;
  const long long example_idx = get_example_idx(n_y, ptr_y, num_examples);

  // r is the squared radius (the host passes r * r)
  for (long long n_x = ptr_x[example_idx]; n_x < ptr_x[example_idx + 1]; n_x++) {
    float dist = 0;
    for (long long d = 0; d < dim; d++) {
      dist += (x[n_x * dim + d] - y[n_y * dim + d]) * (x[n_x * dim + d] - y[n_y * dim + d]);
    }
    if (dist < r) {
      row[n_y * max_num_neighbors + count] = n_y;
      col[n_y * max_num_neighbors + count] = n_x;
      count++;
    }
    if (count >= max_num_neighbors) break;
  }
}
