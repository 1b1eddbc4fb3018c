// Reference for corpus_fresh13 cusamples_particles_reorder (written for the corpus): for each
// particle of the sorted order, the cell boundaries where the sorted hash changes (cells with no
// particle keep their initial value) and the gathered position and velocity.
extern "C" __global__ void particles_reorder_ref(unsigned int n, const unsigned int* hash,
                                                 const unsigned int* index, const float* oldPos,
                                                 const float* oldVel, double* cellStart,
                                                 double* cellEnd, double* sortedPos,
                                                 double* sortedVel) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x) {
    const unsigned int h = hash[i];
    if (i == 0 || h != hash[i - 1]) {
      cellStart[h] = (double)i;
      if (i > 0) cellEnd[hash[i - 1]] = (double)i;
    }
    if (i == (long long)n - 1) cellEnd[h] = (double)(i + 1);
    const long long s = index[i];
    for (int c = 0; c < 4; ++c) {
      sortedPos[i * 4 + c] = oldPos[s * 4 + c];
      sortedVel[i * 4 + c] = oldVel[s * 4 + c];
    }
  }
}
