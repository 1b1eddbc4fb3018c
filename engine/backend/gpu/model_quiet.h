// The model echoes' per-element judgement (issue 28, red team 29's loud heads, helper h30t;
// docs/reliability.md "Quiet by construction"). model_lint_verdict judges each (input, output)
// pair by its LARGEST element share over the model echoes, so one loud element (the sum of
// p_0..p_31) tells the pair apart and a quiet one (a sum over the whole permutation, 0.06-0.08
// of its tolerance under every refill) goes unjudged: redteam29_perm_loud_head_boys,
// redteam29_sorted_loud_head_boys. Judging each element by its own largest share instead refuses
// honest gathers (z = p, w = x[p]): over 2^20 elements some refill lands within the tolerance of
// the value it replaced by chance (red29_sim gather 20: 1043 such elements at rtol 2e-3).
// What tells the two apart: an element quiet by construction is quiet under EVERY draw that
// moves it; one quiet by chance is quiet under a draw with some probability q (the refill landed
// near), independently across draws, and told apart by the others. So, per output, each element
// moved by the model echoes is folded over every draw (set x pattern, and the further keyed
// refills model_lint takes while some element is undecided): m its moves (share above 0), and
// whether some draw told it apart (above 1, or NaN). An element never told apart is judged quiet
// by construction where it has at least kQuietMinMoves moves and chance cannot explain it:
//   n x q^m < kQuietAlpha,
// n the output's moved elements (every one is tested), q the chance rate (chance_rate): the quiet
// draws of the elements SOME draw told apart, over their moves less one each (helper h31, red team
// 31's redteam31_twin_quiet_boys: until h31 q was every other element's rate, so a second element
// quiet by construction, a twin, raised the first one's q to 1/2 and the pair passed). An element
// never told apart is left out of q whatever it is, so no number of elements quiet by
// construction raises any element's chance (k twins beside an always-loud head: q = 0). Leaving
// one telling draw out of each told element removes the selection (an element enters q because a
// draw told it apart): for an element quiet by chance with probability q_i in each of its m
// independent draws, E[quiet | told] / (m - 1) >= q_i (equality at q_i = 0 or 1; m = 3, q_i =
// 1/2: 0.64), so q is read high, never low, and an honest element is refused no more often than
// at its own q. No told element with two moves: no evidence, q = 1 (undecided), but `decidable`
// (more draws could give evidence) while some element is told. Otherwise it is undecided: more
// draws can decide it (model_lint takes them only where n q^(m + draws left) < kQuietAlpha could
// hold: `decidable`), and one never decided is not refused (a loose tolerance, q near 1, or
// an output whose told elements are as quiet, is not a verdict).
// Not covered (open): an output whose told elements are quiet by chance (or by construction
// under some of the patterns and told by another: a decoy an author can make, e.g. a sum over
// each parity rounded by float atomics, moved but quiet under both parity refills and told by
// the keyed one: q = 2/2 = 1 on set 0, nothing decidable, one decoy enough) in a large share of
// their draws (q >= (kQuietAlpha / n)^(1/m)) hides a quiet-by-construction element among them;
// a chance element's draws are assumed independent (each refill, or set, is a fresh draw).
// docs/reliability.md "Red team 31's two holes closed" says what was tried against it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace solver::gpu {

inline constexpr int kQuietMinMoves = 3;
inline constexpr double kQuietAlpha = 1e-6;
// The draws model_lint takes: set 0's model_patterns, then, while some element is undecided, the
// fresh set's, then up to kQuietExtraDraws more keyed-half refills of set 0 (a permutation or a
// cycle: model_pattern_moves; an ordered input has no keyed refill), seeded by quiet_seed.
inline constexpr int kQuietExtraDraws = 8;
// The seed of set 0's j-th further keyed refill (j >= 1; model_seed's mix, shifted per j).
uint64_t quiet_seed(uint64_t set_seed, int j);

// The chance rate q of quiet_verdict: `quiet` draws of `draws` (the told elements' moves less one
// each); 1 (no evidence) where there are none.
double chance_rate(double quiet, double draws);

// Per output, per element: moves (share above 0), quiet draws (share in (0, 1]), told apart
// (some share above 1 or NaN), and the largest share (what the refusal says).
struct QuietFold {
  std::vector<std::vector<uint16_t>> moves, quiet;
  std::vector<std::vector<uint8_t>> told;
  std::vector<std::vector<double>> top;
  int draws = 0;
};
// Folds one draw's element shares (element_shares' layout: per output, per element). An output
// whose element count differs from the fold's is marked told everywhere (it cannot be judged
// element by element; the largest-share verdict stands for it).
void fold_quiet(QuietFold& f, const std::vector<std::vector<double>>& shares);

struct QuietVerdict {
  size_t moved = 0;            // elements moved by some draw
  size_t by_construction = 0;  // of them, judged quiet by construction
  size_t undecided = 0;        // never told apart, not (yet) judged
  // Of the undecided, those more draws could still decide: quiet in every one of `more` further
  // moves (quiet_verdict's argument), n q^(m + more) < kQuietAlpha at today's q.
  size_t decidable = 0;
  // The worst by-construction element: its index, moves, largest share; the output's chance rate q.
  size_t element = 0;
  int moves = 0;
  double top = 0, rate = 0;
};
// Per output: the judgement above; `more` the further moves an element could still get (for
// `decidable`; 0: none counted).
std::vector<QuietVerdict> quiet_verdict(const QuietFold& f, int more = 0);
// Whether some output still has an undecided element that more draws could decide (model_lint
// then takes another draw; an element that n q^(m + more) leaves undecided is not drawn for).
bool quiet_undecided(const std::vector<QuietVerdict>& v);

}  // namespace solver::gpu
