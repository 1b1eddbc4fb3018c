// corpus_fresh24: hecb_dslash_make_back -- HeCBench (zjin-lcf/HeCBench), src/dslash-cuda: the
// backward-link kernel of the MILC staggered Dslash mini-app (make_back): for every even site of a
// 32^4 lattice and each of the four directions, the Hermitian adjoint (conjugate transpose) of the
// fat link and of the long link of the backward neighbour (the one and three steps back) is
// stored at the site, so that the Dslash loop reads them contiguously. Launched with one thread a
// block, as the origin does.
// Rewritten for the problem format (see README.md): extern "C", the MILC single-precision complex
// and SU(3) types under local names (the benchmark's Makefile builds with PRECISION=1); the neighbour indices as size_t, the loop over the four
// directions and the adjoint of each gathered matrix as the origin's; the launch, a block of one
// thread per even site, as the hardware runs it: a block is a whole warp here, and only its lane
// 0 works (the format launches whole warps; the other 31 lanes exit at once).

struct mb_complex {
  float re;
  float im;
};
struct mb_su3 {
  mb_complex e[3][3];
};

__device__ inline void mb_adjoint(const mb_su3* a, mb_su3* b) {
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      b->e[i][j].re = a->e[j][i].re;
      b->e[i][j].im = -a->e[j][i].im;
    }
  }
}

extern "C" __global__ void make_back(const mb_su3* __restrict__ d_fat, const mb_su3* __restrict__ d_lng,
                                     const size_t* __restrict__ d_bck,
                                     const size_t* __restrict__ d_bck3,
                                     mb_su3* __restrict__ d_fatbck, mb_su3* __restrict__ d_lngbck,
                                     const int total_even_sites) {
  // the origin's one-thread block: one warp whose lane 0 works, site = blockIdx.x
  if (threadIdx.x != 0) return;
  const size_t site = blockIdx.x;
  if (site < total_even_sites) {
    for (int dir = 0; dir < 4; dir++) {
      mb_adjoint(d_fat + 4 * d_bck[4 * site + dir] + dir, d_fatbck + 4 * site + dir);
      mb_adjoint(d_lng + 4 * d_bck3[4 * site + dir] + dir, d_lngbck + 4 * site + dir);
    }
  }
}
