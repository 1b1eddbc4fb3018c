// Reference for corpus_fresh27 p3d_ball_query (written for the corpus): one thread per query
// point, the same ordered walk over p2 with the same float arithmetic for the squared distance
// (the neighbour sets must agree exactly; the distance is rounded the kernel's way, an explicit
// fused multiply-add per coordinate as nvcc contracts `dist2 += diff * diff`), written to the
// float64 outputs. idxs arrives holding the caller's -1 fill (an int64 inout keeps its type),
// dists its zeros.
extern "C" __global__ void ball_query_ref(const float* p1, const float* p2,
                                          const long long* lengths1, const long long* lengths2,
                                          long long* idxs, double* dists, long long N,
                                          long long P1, long long P2, int D, long long K,
                                          float radius2) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= N * P1) return;
  const long long n = t / P1, i = t % P1;
  if (i >= lengths1[n]) return;
  long long count = 0;
  for (long long j = 0; j < lengths2[n] && count < K; ++j) {
    float dist2 = 0.0f;
    for (int d = 0; d < D; ++d) {
      const float diff = __fsub_rn(p1[(n * P1 + i) * D + d], p2[(n * P2 + j) * D + d]);
      dist2 = __fmaf_rn(diff, diff, dist2);
    }
    if (dist2 < radius2) {
      idxs[t * K + count] = j;
      dists[t * K + count] = (double)dist2;
      ++count;
    }
  }
}
