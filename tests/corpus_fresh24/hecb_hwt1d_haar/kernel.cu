// corpus_fresh24: hecb_hwt1d_haar -- HeCBench (zjin-lcf/HeCBench), src/hwt1d-cuda: the one-level-
// per-step 1-D Haar wavelet decomposition of the AMD APP SDK sample (dwtHaar1D): a block of 256
// threads takes 512 samples into shared memory and runs up to nine levels, each level halving the
// active threads: a thread averages and differences one pair, writes the difference (detail
// coefficient) to global memory and the average back to shared memory, with a barrier before and
// after every level; the block's last average goes to a second output.
// Rewritten for the problem format (see README.md): extern "C"; the size_t indices, the
// normalisation by rsqrt(signal length) on the first pass, the level loop with its two barriers,
// the output positions and the launch (signal / 512 blocks of 256 threads, 2 KB of dynamic
// shared memory) as the origin's first pass.

extern "C" __global__ void dwtHaar1D(const float* __restrict__ inSignal,
                                     float* __restrict__ coefsSignal,
                                     float* __restrict__ AverageSignal, const unsigned int tLevels,
                                     const unsigned int signalLength,
                                     const unsigned int levelsDone, const unsigned int mLevels) {
  const size_t lid = threadIdx.x;
  const size_t gid = blockIdx.x;
  const size_t lsize = blockDim.x;

  extern __shared__ float pairs[];

  float a = inSignal[gid * lsize * 2 + lid];
  float b = inSignal[gid * lsize * 2 + lsize + lid];
  if (levelsDone == 0) {  // the first pass normalises by the signal's length
    const float r = rsqrtf((float)signalLength);
    a *= r;
    b *= r;
  }
  pairs[lid] = a;
  pairs[lsize + lid] = b;
  __syncthreads();

  const unsigned int levels = tLevels > mLevels ? mLevels : tLevels;
  unsigned int active = (1u << levels) / 2;
  unsigned int mid = signalLength / 2;
  const float inv_sqrt2 = 0.7071f;

  for (unsigned int lv = 0; lv < levels; ++lv) {
    float d0, d1;
    if (lid < active) {
      d0 = pairs[2 * lid];
      d1 = pairs[2 * lid + 1];
    }
    __syncthreads();  // every pair read before any average is written back

    if (lid < active) {
      pairs[lid] = (d0 + d1) * inv_sqrt2;
      const unsigned int at = mid + gid * active + lid;
      coefsSignal[at] = (d0 - d1) * inv_sqrt2;
      mid >>= 1;
    }
    active >>= 1;
    __syncthreads();
  }

  if (lid == 0) AverageSignal[gid] = pairs[0];
}
