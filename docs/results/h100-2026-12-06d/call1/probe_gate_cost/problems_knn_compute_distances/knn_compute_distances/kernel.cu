// corpus_fresh12: knn_compute_distances -- kNN-CUDA (V. Garcia, E. Debreuve, M. Barlaud),
// code/knncuda.cu, compute_distances: the squared Euclidean distance matrix between reference
// and query points, one thread per (reference, query) pair, 16 x 16 tiles of both point sets
// staged through shared memory one 16-dimension slice at a time (BLOCK_DIM 16), the
// distance accumulated from two shared reads per dimension. Rewritten for the problem format
// (see README.md).

#define KNN_BLOCK_DIM 16

extern "C" __global__ void compute_distances(float* ref, int ref_width, int ref_pitch, float* query,
                                             int query_width, int query_pitch, int height,
                                             float* dist) {
  // the sub-matrices of A (reference) and B (query) staged in shared memory
  __shared__ float shared_A[KNN_BLOCK_DIM][KNN_BLOCK_DIM];
  __shared__ float shared_B[KNN_BLOCK_DIM][KNN_BLOCK_DIM];

  // sub-matrix bounds (begin, step, end), written by every thread as the original does
  __shared__ int begin_A;
  __shared__ int begin_B;
  __shared__ int step_A;
  __shared__ int step_B;
  __shared__ int end_A;

  int tx = threadIdx.x;
  int ty = threadIdx.y;

  float ssd = 0.f;

  begin_A = KNN_BLOCK_DIM * blockIdx.y;
  begin_B = KNN_BLOCK_DIM * blockIdx.x;
  step_A = KNN_BLOCK_DIM * ref_pitch;
  step_B = KNN_BLOCK_DIM * query_pitch;
  end_A = begin_A + (height - 1) * ref_pitch;

  int cond0 = (begin_A + tx < ref_width);    // loads of A
  int cond1 = (begin_B + tx < query_width);  // loads of B, computation and output
  int cond2 = (begin_A + ty < ref_width);    // computation and output

  for (int a = begin_A, b = begin_B; a <= end_A; a += step_A, b += step_B) {
    if (a / ref_pitch + ty < height) {
      shared_A[ty][tx] = (cond0) ? ref[a + ref_pitch * ty + tx] : 0;
      shared_B[ty][tx] = (cond1) ? query[b + query_pitch * ty + tx] : 0;
    } else {
      shared_A[ty][tx] = 0;
      shared_B[ty][tx] = 0;
    }
    __syncthreads();

    if (cond2 && cond1) {
      for (int k = 0; k < KNN_BLOCK_DIM; ++k) {
        float tmp = shared_A[k][ty] - shared_B[k][tx];
        ssd += tmp * tmp;
      }
    }
    __syncthreads();
  }

  if (cond2 && cond1) dist[(begin_A + ty) * query_pitch + begin_B + tx] = ssd;
}
