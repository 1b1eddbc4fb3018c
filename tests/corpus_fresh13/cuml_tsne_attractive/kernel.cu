// corpus_fresh13: cuml_tsne_attractive -- RAPIDS cuML, Barnes-Hut t-SNE: attractive_kernel_bh,
// the attractive forces of one gradient step over the symmetrised P matrix in COO form: per
// non-zero (i, j), Q = (dof / (dof + |y_i - y_j|^2))^((dof + 1) / 2) and two atomicAdds of
// P * Q * (y_i - y_j) into row i's force. Rewritten for the problem format (see README.md).

// cuML's compute_q (tsne/utils.cuh)
__device__ __forceinline__ float compute_q(float dist, float dof) {
  const float exponent = (dof + 1.0f) / 2.0f;
  const float Q = __powf(dof / (dof + dist), exponent);
  return Q;
}

extern "C" __global__ void attractive_kernel_bh(const float* __restrict__ VAL,
                                                const int* __restrict__ COL,
                                                const int* __restrict__ ROW,
                                                const float* __restrict__ Y1,
                                                const float* __restrict__ Y2,
                                                float* __restrict__ attract1,
                                                float* __restrict__ attract2, const int NNZ,
                                                const float dof) {
  const auto index = (blockIdx.x * blockDim.x) + threadIdx.x;
  if (index >= NNZ) return;
  const auto i = ROW[index];
  const auto j = COL[index];

  const float y1d = Y1[i] - Y1[j];
  const float y2d = Y2[i] - Y2[j];
  float dist = y1d * y1d + y2d * y2d;
  // a sum of squares is >= 0; cuML guards against NaNs from upstream
  if (!(dist >= 0)) dist = 0.0f;

  const float P = VAL[index];
  const float Q = compute_q(dist, dof);
  const float PQ = P * Q;

  // apply the forces
  atomicAdd(&attract1[i], PQ * y1d);
  atomicAdd(&attract2[i], PQ * y2d);
}
