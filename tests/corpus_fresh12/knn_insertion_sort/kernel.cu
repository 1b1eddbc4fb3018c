// corpus_fresh12: knn_insertion_sort -- kNN-CUDA (V. Garcia et al.), code/knncuda.cu,
// modified_insertion_sort: for each query (one thread per column of the distance matrix) walk
// the whole column and keep its k smallest distances, with their indices, sorted at the top of
// the column (an insertion sort bounded at k). Rewritten for the problem format (see
// README.md).

extern "C" __global__ void modified_insertion_sort(float* dist, int dist_pitch, int* index,
                                                   int index_pitch, int width, int height, int k) {
  // column position
  unsigned int xIndex = blockIdx.x * blockDim.x + threadIdx.x;

  if (xIndex < width) {
    float* p_dist = dist + xIndex;
    int* p_index = index + xIndex;

    p_index[0] = 0;

    for (int i = 1; i < height; ++i) {
      float curr_dist = p_dist[i * dist_pitch];
      int curr_index = i;

      // skip the value if its index is >= k and it is not below the k-th smallest so far
      if (i >= k && curr_dist >= p_dist[(k - 1) * dist_pitch]) {
        continue;
      }

      // shift the larger values (and indices) one place down
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
