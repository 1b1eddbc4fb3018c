// corpus_fresh6 pmpp_cenergy_const: the atoms of the direct Coulomb summation, in constant memory
// as the book's kernel has them (x, y, the squared distance dz^2 to the lattice slice, charge).
// The host program of the book copies them in with cudaMemcpyToSymbol; the problem format cannot
// fill __constant__ memory, so the table is generated at compile time: 4000 atoms with a fixed
// linear congruential sequence, positions uniform in the 102.4 x 102.4 A slice and within 12 A
// above or below it, charges uniform in [-1, 1) e.
#pragma once

#define MAXATOMS 4000
#define SLICE_EXTENT 102.4f

struct AtomTable {
  float4 a[MAXATOMS];
};

__host__ __device__ constexpr unsigned int atom_lcg(unsigned int s) {
  return s * 1664525u + 1013904223u;
}

// a uniform float in [0, 1) from the top 24 bits of the state
__host__ __device__ constexpr float atom_unit(unsigned int s) {
  return (float)(s >> 8) * (1.0f / 16777216.0f);
}

__host__ __device__ constexpr AtomTable make_atoms() {
  AtomTable t{};
  unsigned int s = 20240607u;
  for (int i = 0; i < MAXATOMS; ++i) {
    s = atom_lcg(s);
    const float x = SLICE_EXTENT * atom_unit(s);
    s = atom_lcg(s);
    const float y = SLICE_EXTENT * atom_unit(s);
    s = atom_lcg(s);
    const float dz = 24.0f * atom_unit(s) - 12.0f;
    s = atom_lcg(s);
    const float q = 2.0f * atom_unit(s) - 1.0f;
    t.a[i].x = x;
    t.a[i].y = y;
    t.a[i].z = dz * dz + 0.25f;  // dz^2, never closer than 0.5 A to the slice
    t.a[i].w = q;
  }
  return t;
}

__constant__ AtomTable atominfo = make_atoms();
