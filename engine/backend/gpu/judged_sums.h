// What the device's judged light share pass returns (share_source.h solver_judged256): per
// output, summaries of the strided partition's judged light share (law_regions.h
// judged_light_shares: P6k's refusal, off the law too since helper h28h) over one block of its
// elements, for both values of the output's `told` (some element's light share above 1), which
// only every block together decides. Blocks merge field by field, exactly (bit patterns of
// non-negative doubles order as the values), so the worker holds one block of class shares at a
// time (class_blocks.h) and reads the one-block values at the end. The host's mirror
// (host_judged_sums) is the cross-check's and the fallback's. No CUDA here.
#pragma once
#include <cstdint>
#include <vector>

namespace solver::gpu {

// What solver_judged256 accumulates over one block of an output's elements (bit patterns):
// the least light share above 0, NaN met, the largest light share (NaN passed over), and the
// least judged share above 0 were the output told apart (some element's light share above 1:
// judged_light_shares' `told`) and were it not. Blocks merge field by field (judged_merge):
// the same summaries as one block of every element, whatever the blocks.
// Then (helper h28t: law_regions.h light_tail) how many judged shares were in (0, 1] and in
// (0, kNearLight], told and not; blocks add them.
// Since helper h30d (light_tail by kind, law_regions.h atol_held) the told_* fields hold the
// atol-held kind's least judged share, weak count and largest unseen share, the untold_* fields
// the other kind's (weak at atol 0); told_near and untold_near both count the output's near
// elements. The layout is unchanged; `most_bits` no longer decides anything.
struct JudgedSums {
  uint64_t light_bits = ~uint64_t(0);
  uint64_t nan = 0;
  uint64_t most_bits = 0;
  uint64_t told_bits = ~uint64_t(0);
  uint64_t untold_bits = ~uint64_t(0);
  uint64_t told_weak = 0, told_near = 0, untold_weak = 0, untold_near = 0;
  // (helper h29k: judged_light_shares' (d)) the largest unseen light share, told and not (bits;
  // 0: none unseen).
  uint64_t told_unseen_bits = 0, untold_unseen_bits = 0;
};
JudgedSums judged_merge(const JudgedSums& a, const JudgedSums& b);
// weakest_shares(light_shares(..)) of the elements summed.
double judged_light(const JudgedSums& s);
// refusable_shares(judged_light_shares(..)) of the elements summed, `told` read from them (its
// unseen mark too: -the largest unseen share where none is judged above 0).
double judged_weakest(const JudgedSums& s);
// The host's JudgedSums per output: `by_class[r][k]` class r's shares of output k's elements
// (light_shares' layout), `atol_part[k]` their atol_parts, `floor[k]` their grain_floors (empty:
// nothing unseen), through light_shares and judged_light_shares (with `told` given as 1 and as
// 0). The host path's mirror of solver_judged256 (the cross-check's, and a block the device did
// not take).
// `judged_out` non-null: each element's judged share too, per output (helper h32tail: the weak
// elements' identities, law_regions.h add_weak).
std::vector<JudgedSums> host_judged_sums(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& atol_part,
    const std::vector<std::vector<double>>& floor = {},
    std::vector<std::vector<double>>* judged_out = nullptr);
// Whether some element of the summed ones is weak (tail_weak), of either kind.
inline bool judged_has_weak(const JudgedSums& s) { return s.told_weak + s.untold_weak > 0; }

// The judged share's probe (the self-check's and the emulation test's): `classes` x n class
// shares (class r at r x n) of the shapes judged_light_shares tells apart: a few dominant
// classes over a light part below 1 (judged), the same with a reference near 0 (atol-held:
// judged too since helper h30t dropped (b)), spread classes without dominance ((a) fails),
// elements whose median class is 0, infinities, a NaN where `nan`; and `base`, the set's
// reference of each element, near 0 or not; the output's tolerance `atol`, `rtol`, and its
// grain (`digits`, `min_exp`: law_regions.h OutputGrain; FP16's, so that (d) leaves the tiny
// light parts unseen and not the others).
struct JudgedProbe {
  int64_t n = 0;
  std::vector<double> by_class, base;
  double atol = 1e-3, rtol = 1e-4;
  int digits = 11, min_exp = -13;
};
JudgedProbe judged_probe(int64_t n, int classes, bool nan, uint64_t seed);

}  // namespace solver::gpu
