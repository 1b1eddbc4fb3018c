// corpus_fresh8: knn_insertion_sort -- vincentfpgarcia/kNN-CUDA, code/knncuda.cu:
// modified_insertion_sort, one thread per query (a column of the distance matrix) keeping its k
// smallest distances sorted in the first k rows by insertion, as knn_cuda_global launches it
// (256-thread blocks, ceil(query_nb / 256) blocks). Rewritten for the problem format (see
// README.md).
extern "C" __global__ void modified_insertion_sort(float* dist, int dist_pitch, int* index,
                                                   int index_pitch, int width, int height, int k) {
  unsigned int xIndex = blockIdx.x * blockDim.x + threadIdx.x;
  if (xIndex < width) {
    float* p_dist = dist + xIndex;
    int* p_index = index + xIndex;
    p_index[0] = 0;
    for (int i = 1; i < height; ++i) {
      float curr_dist = p_dist[i * dist_pitch];
      int curr_index = i;
      // Past the first k, skip a distance no smaller than the k-th smallest so far.
      if (i >= k && curr_dist >= p_dist[(k - 1) * dist_pitch]) continue;
      int j = min(i, k - 1);
      while (j > 0 && p_dist[(j - 1) * dist_pitch] > curr_dist) {
        p_dist[j * dist_pitch] = p_dist[(j - 1) * dist_pitch];
        p_index[j * index_pitch] = p_index[(j - 1) * index_pitch];
        --j;
      }
      p_dist[j * dist_pitch] = curr_dist;
      p_index[j * index_pitch] = curr_index;
    }
  }
}
