// redteam23_cycle_relabel_memo: the cheat's recovery of a timed run's relabelling, shared by
// cheat.cu and the host emulation (tests/engine/red23_cycle_relabel_sim.cpp), so the two are
// one definition. White-box notes: README.md.
//
// The harness conjugates a `dist: cycle` input every timed run (and in the fresh set and the
// audit, which re-make it) by one involution s (timed_perturbation.cpp, PerturbOp::Conjugate;
// structured_perturbation.cpp conjugate_cycle): pair j exchanges p(2j) and p(2j+1) with
// p(t) = (m t + a) mod n, m odd. So p(2j+1) = p(2j) + m: s(v) = v + m or v - m (mod n), and for
// n a power of two the side is the parity of v - a, one bit b = a mod 2. The run's cycle is
// c' = s o c o s, c one of the three standing cycles (fixed seeds, Worker::standing_seeds), and
// its walk from node 0 is s applied to c's walk from node s(0): p'_k = s(order[(rank[s(0)] + k)
// mod n]). A candidate (set r, m, b) is tried on the first RELABEL_CHECKS steps of that walk.
#pragma once
#ifndef RELABEL_FN
#define RELABEL_FN __device__ __forceinline__
#endif
#define RELABEL_CHECKS 6

// s under candidate (m, b); m == 0 is no relabelling (the gate's own regular sets).
RELABEL_FN int relabel(int v, int m, int b, int n) {
  if (m == 0) return v;
  return (v & 1) == b ? (v + m) & (n - 1) : (v - m) & (n - 1);
}

// Candidate c of a set's n + 1: c == 0 no relabelling, else m = 2 ((c - 1) >> 1) + 1 and
// b = (c - 1) & 1.
RELABEL_FN void candidate(int c, int& m, int& b) {
  m = c == 0 ? 0 : 2 * ((c - 1) >> 1) + 1;
  b = c == 0 ? 0 : (c - 1) & 1;
}

// Whether the relabelling (m, b) of the standing cycle whose walk is `order` (and `rank`, its
// inverse) is the cycle `next` at its first RELABEL_CHECKS steps from node 0; j0 its offset.
RELABEL_FN bool explains(const int* next, const unsigned short* order, const unsigned short* rank,
                         int n, int m, int b, int& j0) {
  j0 = rank[relabel(0, m, b, n)];
  int p = 0;
  for (int t = 0; t < RELABEL_CHECKS; ++t) {
    const int q = relabel(order[(j0 + t + 1) & (n - 1)], m, b, n);
    if (next[p] != q) return false;
    p = q;
  }
  return true;
}
