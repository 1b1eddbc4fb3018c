// corpus_fresh24: hecb_matern_block_sum -- HeCBench (zjin-lcf/HeCBench), src/matern-cuda: the
// Matern (nu = 5/2) covariance kernel evaluated between 50 sources and every target of a 3-D grid,
// weighted and summed per target: a block of 16 x 64 threads takes 16 targets; thread (tx, ty)
// computes the term of target tx and source ty into a shared array, and after a barrier the 16
// threads of row ty = 0 each add their target's 50 terms.
// Rewritten for the problem format (see README.md): extern "C", SX / SY as MT_SX / MT_SY; the
// staging of targets, sources and weights, the early returns, the term, the barrier, the serial
// sum and the launch (blocks of 16 x 64, ceil(targets / 16) blocks) as the origin's.

#define MT_SX 16
#define MT_SY 50  // the number of sources

extern "C" __global__ void matern_kernel(const int num_targets, const float l,
                                         const float* __restrict__ sources,
                                         const float* __restrict__ targets,
                                         const float* __restrict__ weights,
                                         float* __restrict__ result) {
  const int tx = threadIdx.x;
  const int px = blockIdx.x * blockDim.x + tx;  // the target
  if (px >= num_targets) return;
  const int ty = threadIdx.y;  // the source
  if (ty >= MT_SY) return;

  __shared__ float terms[MT_SX * MT_SY];
  __shared__ float tgt[MT_SX * 3];
  __shared__ float src[MT_SY * 3];
  __shared__ float wgt[MT_SY];

  if (ty == 0) {
    for (int d = 0; d < 3; d++) tgt[tx * 3 + d] = targets[px * 3 + d];
  }
  if (tx == 0) {
    for (int d = 0; d < 3; d++) src[ty * 3 + d] = sources[ty * 3 + d];
    wgt[ty] = weights[ty];
  }
  __syncthreads();

  float r2 = 0.f;
  for (int d = 0; d < 3; d++) {
    r2 += (tgt[tx * 3 + d] - src[ty * 3 + d]) * (tgt[tx * 3 + d] - src[ty * 3 + d]);
  }
  const float r = sqrtf(r2);
  terms[tx * MT_SY + ty] = (1.f + sqrtf(5.f) * r / l + 5.f * r2 / (3.f * l * l)) *
                           expf(-sqrtf(5.f) * r / l) * wgt[ty];
  __syncthreads();

  if (ty == 0) {
    float acc = 0.f;
    for (int s = 0; s < MT_SY; s++) acc += terms[tx * MT_SY + s];
    result[px] = acc;
  }
}
