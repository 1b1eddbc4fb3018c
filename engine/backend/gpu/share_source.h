// The NVRTC source of the tolerance lint's share passes on the device (device_shares.h): the
// element share of an echo (sample_lint.h element_shares), each output's largest share
// (largest_shares), the element-by-element fold over echoes (law_checks.h fold_element_shares)
// and its weakest share (weakest_shares), and the law regions' light share (law_regions.h
// light_shares, then weakest_shares) written for the device. The reductions are maxima and
// minima of non-negative doubles taken as their bit patterns (which order as the values), so
// the summaries are the host's exactly, whatever the grid and the order of the atomics; the
// median of the light share is an exact selection. Pure host code: the source compiles as C++
// in a test without a GPU (gpu_shares_emulation_test), and with NVRTC where a toolkit is
// installed.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/backend/gpu/judged_sums.h"

namespace solver::gpu {

// extern "C" __global__ solver_share(base, echo, n, wide, atol, rtol, mag_rtol, fold, fold_first,
// store, sums): a grid-stride walk of n float64 reference values of the set (`base`) against the
// echo's (`echo`); wide 1 / 2: the slots hold int64 / uint64 bits (reference_bits). Each
// element's share goes to store[i] (null: nowhere) and into fold[i] (null: no fold; fold_first:
// the fold starts here); sums (ShareSums) take the largest share and the fold's weakest.
// solver_light32 / solver_light256(by_class, classes, n, dominant, out, sums): the light share
// of each element over `classes` class shares (by_class[r * n + i]; at most 32 / 256 classes),
// written to out[i] (null: nowhere) and summed into LightSums.
// solver_judged256(by_class, classes, n, dominant, base, atol, rtol, out, sums): the strided
// partition's judged light share (law_regions.h judged_light_shares, conditions (a), (c) and (d),
// the grain floor from `base`, the set's reference slots, and the output's tolerance) of each
// element, summed into JudgedSums (out: light, judged if told, judged if not, each n doubles;
// null: nowhere; told and not told agree since helper h30t dropped (b), the atol-held excuse;
// since helper h30d JudgedSums' told_* fields hold the atol_held kind's summaries, untold_* the
// other's: law_regions.h light_tail's tails by kind).
// solver_zero_count(base, echo, n, wide, atol, rtol, mag_rtol, counts, sums) adds 1 to the
// uint16 counts[i] where element i's energy (its share, as solver_share's, squared) is 0, and
// sets sums->nan where one is NaN; solver_median_moves(counts, n, half, sums) sets sums->moves
// where some counts[i] < half (ScreenSums: the strided partition's median screen).
// Launch with a power-of-two block of kShareBlock threads.
const char* share_source();
constexpr int kShareBlock = 256;

// The kernel's `wide` argument: 0 float64, 1 int64 bits, 2 uint64 bits.
enum class ShareWide : int { F64 = 0, I64 = 1, U64 = 2 };

// What solver_share accumulates: the bits of the largest share (NaN left out, as
// largest_shares), the bits of the fold's least share above 0 (~0: none moved) and whether a
// NaN is in the fold.
struct ShareSums {
  uint64_t largest_bits = 0;
  uint64_t weakest_bits = ~uint64_t(0);
  uint64_t nan = 0;
};
// What solver_light accumulates: the bits of the least light share above 0, NaN met.
struct LightSums {
  uint64_t weakest_bits = ~uint64_t(0);
  uint64_t nan = 0;
};

// What the median screen accumulates (solver_zero_count, solver_median_moves).
struct ScreenSums {
  uint64_t moves = 0;
  uint64_t nan = 0;
};

// The host's doubles from the sums: largest_shares' and weakest_shares' values.
double share_largest(const ShareSums& s);
double share_weakest(const ShareSums& s);
double light_weakest(const LightSums& s);

// The probe both the worker's self-check and gpu_shares_emulation_test run: `echoes` echoes of
// `n` reference slots against the set's (`base`), each `wide` kind (ShareWide), with equal
// values, values inside and outside the tolerance, zeros, infinities (wide 0 only) and, in
// `fold_start`, a prior fold with NaN at a few elements; `by_class` `classes` x n class shares
// with ties, zeros, infinities and a NaN (every value >= 0 or NaN, as shares are).
struct ShareProbe {
  int64_t n = 0;
  std::vector<double> base;
  std::vector<std::vector<double>> echoes;
  std::vector<double> fold_start;
  std::vector<double> by_class;
};
ShareProbe share_probe(int64_t n, int echoes, int wide, int classes, uint64_t seed);

// judged_probe: judged_sums.h.

}  // namespace solver::gpu
