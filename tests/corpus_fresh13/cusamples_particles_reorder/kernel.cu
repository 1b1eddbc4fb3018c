// corpus_fresh13: cusamples_particles_reorder -- NVIDIA cuda-samples, particles:
// reorderDataAndFindCellStartD, the step after the hash sort of the uniform-grid particle
// simulation: each thread takes one particle of the sorted order, marks where its grid cell's
// run of particles starts and ends (comparing its hash with its neighbour's through shared
// memory), and gathers the particle's position and velocity into sorted order. Rewritten for
// the problem format (see README.md).

extern "C" __global__ void reorderDataAndFindCellStartD(unsigned int* cellStart,  // out: cell start index
                                                        unsigned int* cellEnd,    // out: cell end index
                                                        float4* sortedPos,        // out: sorted positions
                                                        float4* sortedVel,        // out: sorted velocities
                                                        const unsigned int* gridParticleHash,   // in: sorted hashes
                                                        const unsigned int* gridParticleIndex,  // in: sorted indices
                                                        const float4* oldPos, const float4* oldVel,
                                                        unsigned int numParticles) {
  extern __shared__ unsigned int sharedHash[];  // blockDim.x + 1 entries
  unsigned int index = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  unsigned int hash;

  // the last block may be partial
  if (index < numParticles) {
    hash = gridParticleHash[index];
    // each thread's hash goes to shared memory, so its neighbour can read it without a second
    // global load; thread 0 also fetches the previous block's last hash
    sharedHash[threadIdx.x + 1] = hash;
    if (index > 0 && threadIdx.x == 0) sharedHash[0] = gridParticleHash[index - 1];
  }
  __syncthreads();

  if (index < numParticles) {
    // a hash that differs from the previous particle's opens a cell (and closes the previous one)
    if (index == 0 || hash != sharedHash[threadIdx.x]) {
      cellStart[hash] = index;
      if (index > 0) cellEnd[sharedHash[threadIdx.x]] = index;
    }
    if (index == numParticles - 1) cellEnd[hash] = index + 1;

    // gather position and velocity into sorted order
    unsigned int sortedIndex = gridParticleIndex[index];
    float4 pos = oldPos[sortedIndex];
    float4 vel = oldVel[sortedIndex];
    sortedPos[index] = pos;
    sortedVel[index] = vel;
  }
}
