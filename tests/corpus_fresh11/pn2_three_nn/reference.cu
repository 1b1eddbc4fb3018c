// Reference for corpus_fresh11 pn2_three_nn (written for the corpus): one thread per unknown
// point of every batch element scans the batch's known points in order and keeps the three
// smallest squared distances with their indices (a strict "less than", so the first of equal
// distances stays ahead, as in the kernel). The distance is the kernel's float expression, so
// that near-ties order the same way; the distances are written in float64.
__device__ inline float sqdist_ref(float ux, float uy, float uz, float x, float y, float z) {
  return (ux - x) * (ux - x) + (uy - y) * (uy - y) + (uz - z) * (uz - z);
}

extern "C" __global__ void three_nn_ref(int b, int n, int m, const float* unknown,
                                        const float* known, double* dist2, double* idx) {
  const long long total = (long long)b * n;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const long long bi = e / n;
    const float* u = unknown + e * 3;
    const float* kn = known + bi * m * 3;
    float d[3] = {3.0e38f, 3.0e38f, 3.0e38f};
    int id[3] = {0, 0, 0};
    bool set[3] = {false, false, false};
    for (int k = 0; k < m; ++k) {
      const float dk = sqdist_ref(u[0], u[1], u[2], kn[k * 3], kn[k * 3 + 1], kn[k * 3 + 2]);
      int pos = 3;
      for (int s = 2; s >= 0; --s)
        if (!set[s] || dk < d[s]) pos = s;
      if (pos == 3) continue;
      for (int s = 2; s > pos; --s) d[s] = d[s - 1], id[s] = id[s - 1], set[s] = set[s - 1];
      d[pos] = dk, id[pos] = k, set[pos] = true;
    }
    for (int s = 0; s < 3; ++s) {
      dist2[e * 3 + s] = d[s];
      idx[e * 3 + s] = id[s];
    }
  }
}
