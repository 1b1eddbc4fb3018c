// corpus_fresh9: shoc_md_lj_force -- SHOC (the Scalable HeterOgeneous Computing benchmark suite),
// src/cuda/level1/md/MD.cu: compute_lj_force<float, float3, float4, true, texReader_sp>, the
// Lennard-Jones force of a molecular-dynamics step in single precision: one thread per atom walks
// its 128-entry neighbour list (stored neighbour-major, so a warp's index loads are coalesced),
// gathers each neighbour's position through the read-only cache and adds the pair force inside
// the cutoff. Rewritten for the problem format (see README.md).
extern "C" __global__ void compute_lj_force(float* __restrict__ force3_f,
                                            const float* __restrict__ position_f,
                                            const int neighCount, const int* __restrict__ neighList,
                                            const float cutsq, const float lj1, const float lj2,
                                            const int inum) {
  float3* force3 = reinterpret_cast<float3*>(force3_f);
  const float4* position = reinterpret_cast<const float4*>(position_f);

  // Global ID - one thread per atom
  int idx = blockIdx.x * blockDim.x + threadIdx.x;

  // Position of this thread's atom
  float4 ipos = position[idx];

  // Force accumulator
  float3 f = {0.0f, 0.0f, 0.0f};

  int j = 0;
  while (j < neighCount) {
    int jidx = neighList[j * inum + idx];
    // the texture fetch (tex1Dfetch of a float4) through the read-only data cache
    float4 jpos = __ldg(&position[jidx]);

    // Calculate distance
    float delx = ipos.x - jpos.x;
    float dely = ipos.y - jpos.y;
    float delz = ipos.z - jpos.z;
    float r2inv = delx * delx + dely * dely + delz * delz;

    // If distance is less than cutoff, calculate force and add to accumulator
    if (r2inv < cutsq) {
      r2inv = 1.0f / r2inv;
      float r6inv = r2inv * r2inv * r2inv;
      float force = r2inv * r6inv * (lj1 * r6inv - lj2);

      f.x += delx * force;
      f.y += dely * force;
      f.z += delz * force;
    }
    j++;
  }

  // store the results
  force3[idx] = f;
}
