// corpus_fresh6: pmpp_cenergy_const -- the direct Coulomb summation kernel of Kirk & Hwu,
// Programming Massively Parallel Processors (chapter "Application case study: molecular
// visualization and analysis", the thread-coarsened, coalesced DCS kernel from VMD's cionize by
// Stone et al.), rewritten for the problem format (see README.md). Each thread accumulates the
// electrostatic potential of all atoms at four lattice points of one slice, BLOCKSIZEX apart so
// the four stores coalesce; the atoms are read from constant memory, the same atom by every
// lane (a broadcast), and each atom costs four reciprocal square roots.
#include "atoms.h"

#define BLOCKSIZEX 16
#define BLOCKSIZEY 16
#define UNROLLX 4

extern "C" __global__ void cenergy_coalesced(float* energygrid, int gridx, float gridspacing,
                                             int numatoms) {
  unsigned int xindex = blockIdx.x * blockDim.x * UNROLLX + threadIdx.x;
  unsigned int yindex = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned int outaddr = gridx * yindex + xindex;
  float coory = gridspacing * yindex;
  float coorx = gridspacing * xindex;
  float gridspacing_coalesce = gridspacing * BLOCKSIZEX;

  float energyvalx1 = 0.0f, energyvalx2 = 0.0f, energyvalx3 = 0.0f, energyvalx4 = 0.0f;
  for (int atomid = 0; atomid < numatoms; atomid++) {
    float dy = coory - atominfo.a[atomid].y;
    float dyz2 = (dy * dy) + atominfo.a[atomid].z;
    float dx1 = coorx - atominfo.a[atomid].x;
    float dx2 = dx1 + gridspacing_coalesce;
    float dx3 = dx2 + gridspacing_coalesce;
    float dx4 = dx3 + gridspacing_coalesce;
    float charge = atominfo.a[atomid].w;
    energyvalx1 += charge * rsqrtf(dx1 * dx1 + dyz2);
    energyvalx2 += charge * rsqrtf(dx2 * dx2 + dyz2);
    energyvalx3 += charge * rsqrtf(dx3 * dx3 + dyz2);
    energyvalx4 += charge * rsqrtf(dx4 * dx4 + dyz2);
  }
  energygrid[outaddr] += energyvalx1;
  energygrid[outaddr + 1 * BLOCKSIZEX] += energyvalx2;
  energygrid[outaddr + 2 * BLOCKSIZEX] += energyvalx3;
  energygrid[outaddr + 3 * BLOCKSIZEX] += energyvalx4;
}
