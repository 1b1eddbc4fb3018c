// An array of structs: each particle is {x, y, z, vx, vy, vz, mass, charge} (32 bytes) and the
// kernel needs only the mass. Consecutive lanes read addresses 32 bytes apart, so one warp
// load touches 32 sectors and uses 4 bytes of each: an eighth of every sector fetched is
// useful. The structs stream through once, no reuse: the waste goes to DRAM. A
// structure-of-arrays layout is the fix.
struct Particle {
  float x, y, z, vx, vy, vz, mass, charge;
};

extern "C" __global__ void __launch_bounds__(256)
    fields_aos(const float* __restrict__ p, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Particle* s = reinterpret_cast<const Particle*>(p) + i;
  y[i] = fmaf(2.f, s->mass, 1.f);
}
