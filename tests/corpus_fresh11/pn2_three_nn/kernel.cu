// corpus_fresh11: pn2_three_nn -- erikwijmans/Pointnet2_PyTorch,
// pointnet2_ops_lib/pointnet2_ops/_ext-src/src/interpolate_gpu.cu, three_nn_kernel: the three
// nearest known points of every unknown point (PointNet++ feature propagation), brute force.
// three_nn_kernel_wrapper launches one block per batch element with opt_n_threads(n) = 512
// threads; each thread takes unknown points j, j + 512, ... and scans all m known points,
// keeping the best three in double (the float distance is widened for every comparison). Here
// the first feature-propagation layer of the SSG segmentation network: n = 4096 points, m =
// 1024, batch 16. Rewritten for the problem format (see README.md).

extern "C" __global__ void three_nn_kernel(int b, int n, int m, const float* __restrict__ unknown,
                                           const float* __restrict__ known,
                                           float* __restrict__ dist2, int* __restrict__ idx) {
  int batch_index = blockIdx.x;
  unknown += batch_index * n * 3;
  known += batch_index * m * 3;
  dist2 += batch_index * n * 3;
  idx += batch_index * n * 3;

  int index = threadIdx.x;
  int stride = blockDim.x;
  for (int j = index; j < n; j += stride) {
    float ux = unknown[j * 3 + 0];
    float uy = unknown[j * 3 + 1];
    float uz = unknown[j * 3 + 2];

    double best1 = 1e40, best2 = 1e40, best3 = 1e40;
    int besti1 = 0, besti2 = 0, besti3 = 0;
    for (int k = 0; k < m; ++k) {
      float x = known[k * 3 + 0];
      float y = known[k * 3 + 1];
      float z = known[k * 3 + 2];
      float d = (ux - x) * (ux - x) + (uy - y) * (uy - y) + (uz - z) * (uz - z);
      if (d < best1) {
        best3 = best2;
        besti3 = besti2;
        best2 = best1;
        besti2 = besti1;
        best1 = d;
        besti1 = k;
      } else if (d < best2) {
        best3 = best2;
        besti3 = besti2;
        best2 = d;
        besti2 = k;
      } else if (d < best3) {
        best3 = d;
        besti3 = k;
      }
    }
    dist2[j * 3 + 0] = best1;
    dist2[j * 3 + 1] = best2;
    dist2[j * 3 + 2] = best3;

    idx[j * 3 + 0] = besti1;
    idx[j * 3 + 1] = besti2;
    idx[j * 3 + 2] = besti3;
  }
}
