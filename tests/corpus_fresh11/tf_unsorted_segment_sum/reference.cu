// Reference for corpus_fresh11 tf_unsorted_segment_sum (written for the corpus): out[s][c] is
// the float64 sum of data[r][c] over the rows r whose segment id is s (ids outside [0, S) are
// dropped). One block per output element; its threads take rows r, r + blockDim, ... and a
// shared-memory tree adds their partial sums.
extern "C" __global__ void segment_sum_ref(long long rows, long long cols, long long segments,
                                           const int* ids, const float* data, double* out) {
  __shared__ double part[256];
  const long long s = blockIdx.x / cols, c = blockIdx.x % cols;
  double acc = 0.0;
  for (long long r = threadIdx.x; r < rows; r += blockDim.x)
    if (ids[r] == s) acc += data[r * cols + c];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0 && s < segments) out[blockIdx.x] = part[0];
}
