// corpus_fresh8: knn_compute_distances -- vincentfpgarcia/kNN-CUDA, code/knncuda.cu:
// compute_distances, the squared Euclidean distance of every (reference, query) pair through
// 16 x 16 shared-memory tiles of the reference and query matrices (points are columns, one
// dimension per row), one distance per thread, as knn_cuda_global launches it. Rewritten for the
// problem format (see README.md).
#define BLOCK_DIM 16

extern "C" __global__ void compute_distances(const float* ref, int ref_width, int ref_pitch,
                                             const float* query, int query_width, int query_pitch,
                                             int height, float* dist) {
  __shared__ float shared_A[BLOCK_DIM][BLOCK_DIM];
  __shared__ float shared_B[BLOCK_DIM][BLOCK_DIM];
  __shared__ int begin_A;
  __shared__ int begin_B;
  __shared__ int step_A;
  __shared__ int step_B;
  __shared__ int end_A;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  float ssd = 0.f;
  // Every thread writes the same loop bounds, as the original does.
  begin_A = BLOCK_DIM * blockIdx.y;
  begin_B = BLOCK_DIM * blockIdx.x;
  step_A = BLOCK_DIM * ref_pitch;
  step_B = BLOCK_DIM * query_pitch;
  end_A = begin_A + (height - 1) * ref_pitch;
  int cond0 = (begin_A + tx < ref_width);
  int cond1 = (begin_B + tx < query_width);
  int cond2 = (begin_A + ty < ref_width);
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
      for (int k = 0; k < BLOCK_DIM; ++k) {
        float tmp = shared_A[k][ty] - shared_B[k][tx];
        ssd += tmp * tmp;
      }
    }
    __syncthreads();
  }
  if (cond2 && cond1) dist[(begin_A + ty) * query_pitch + begin_B + tx] = ssd;
}
