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
//   n x q^m < kQuietAlpha   (since h31decoy per pattern: n x prod_e q_e^(m_e), below),
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
// Per pattern (helper h31decoy, h31's stated decoy): q is read per model echo pattern (odd, even,
// keyed half: EchoPattern::parity), from the told elements' draws OF THAT PATTERN, each told
// element's first telling draw left out, and a never-told element's chance is the product over
// its draws of its pattern's rate: n x prod_e q_e^(m_e) < kQuietAlpha. The property: an element
// quiet by construction under some patterns (a function of each parity's values: unmoved by both
// parity refills, moved by the keyed half) raises only those patterns' rates; it cannot vouch for
// another element's draws of a pattern that tells it apart. A decoy told by the keyed refill and
// quiet under both parity refills (redteam31_decoy_quiet_boys: q = 2/2 = 1 pooled on set 0, the
// twin sums hidden again) gives q_keyed = 0 once it has a keyed draw after its telling one (the
// fresh set's, or a further keyed refill: with no evidence for a pattern that some more draw
// could give, the schedule takes it), and the sums' keyed moves decide them. Why the first
// telling draw: for an element quiet by chance with probability q_e in each draw of pattern e,
// independently, a draw after the first telling one is independent of which draw that was
// (unbiased), one before it was quiet (biased high), so E[quiet draws of e] >= q_e E[counted
// draws of e]: q_e is read high, never low, and an honest element is refused no more often than
// at its own per-pattern chance. Summed over the patterns the counts are h31's (moves less one).
// Not covered (open): a decoy told in SOME draws of a pattern and quiet in many others of the same
// pattern (randomised by a hash of the input: q_e = 1/2 needs n 2^-m < 1e-6, m >= 22 keyed moves,
// against the 1 + 1 + kQuietExtraDraws = 10 taken), or one that recognises the draws it is told
// on (an input the author can compute from the public seeds: its telling draw is the one left
// out); a chance element's draws are assumed independent (each refill, or set, is a fresh draw).
// docs/reliability.md "Red team 31's two holes closed" and "h31's decoy closed" say what was tried.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace solver::gpu {

inline constexpr int kQuietMinMoves = 3;
inline constexpr double kQuietAlpha = 1e-6;
// The patterns a chance rate is read for: EchoPattern::parity of model_patterns (0 even, 1 odd,
// kKeyedHalf = 2 the keyed half, model_echo.h); a fold's draw names its pattern.
inline constexpr int kQuietPatterns = 3;
// Further moves an element could still get, per pattern (quiet_verdict's `more`).
using QuietMore = std::array<int, kQuietPatterns>;
// `n` further keyed-half refills (model_lint's draws after the fresh set).
constexpr QuietMore keyed_more(int n) { return {0, 0, n}; }
// The draws model_lint takes: set 0's model_patterns, then, while some element is undecided, the
// fresh set's, then up to kQuietExtraDraws more keyed-half refills of set 0 (a permutation or a
// cycle: model_pattern_moves; an ordered input has no keyed refill), seeded by quiet_seed.
inline constexpr int kQuietExtraDraws = 8;
// The seed of set 0's j-th further keyed refill (j >= 1; model_seed's mix, shifted per j).
uint64_t quiet_seed(uint64_t set_seed, int j);

// The chance rate q of quiet_verdict: `quiet` draws of `draws` (the told elements' draws of one
// pattern, the first telling draw left out); 1 (no evidence) where there are none.
double chance_rate(double quiet, double draws);

// Per output, per element: moves (share above 0), quiet draws (share in (0, 1]), told apart
// (some share above 1 or NaN), and the largest share (what the refusal says); per element and
// pattern its moves (saturating); per output and pattern the chance rate's counts: the told
// elements' quiet draws and draws of that pattern, each one's first telling draw left out.
struct QuietFold {
  std::vector<std::vector<uint16_t>> moves, quiet;
  std::vector<std::vector<uint8_t>> told;
  std::vector<std::vector<double>> top;
  std::vector<std::vector<std::array<uint8_t, kQuietPatterns>>> pattern_moves;
  std::vector<std::array<double, kQuietPatterns>> rate_quiet, rate_draws;
  int draws = 0;
};
// Folds one draw's element shares (element_shares' layout: per output, per element), a draw of
// `pattern` (EchoPattern::parity; outside [0, kQuietPatterns): 0). An output whose element count
// differs from the fold's is marked told everywhere (it cannot be judged element by element; the
// largest-share verdict stands for it; nothing added to its rates).
void fold_quiet(QuietFold& f, const std::vector<std::vector<double>>& shares, int pattern = 0);

struct QuietVerdict {
  size_t moved = 0;            // elements moved by some draw
  size_t by_construction = 0;  // of them, judged quiet by construction
  size_t undecided = 0;        // never told apart, not (yet) judged
  // Of the undecided, those more draws could still decide: quiet in every one of `more` further
  // moves (quiet_verdict's argument, per pattern), n prod_e q_e^(m_e + more_e) < kQuietAlpha at
  // today's rates (a pattern with no evidence yet: 0 where some element is told, else 1).
  size_t decidable = 0;
  // The worst by-construction element: its index, moves, largest share, and n prod_e q_e^(m_e);
  // the output's rates: pooled over the patterns (rate: h31's q, what the notes print) and each
  // pattern's (rates; 1 where a pattern has no evidence).
  size_t element = 0;
  int moves = 0;
  double top = 0, rate = 0, chance = 0;
  std::array<double, kQuietPatterns> rates{1.0, 1.0, 1.0};
};
// Per output: the judgement above; `more` the further moves an element could still get, per
// pattern (for `decidable`; none: nothing counted).
std::vector<QuietVerdict> quiet_verdict(const QuietFold& f, const QuietMore& more = {});
// Whether some output still has an undecided element that more draws could decide (model_lint
// then takes another draw; an element that n q^(m + more) leaves undecided is not drawn for).
bool quiet_undecided(const std::vector<QuietVerdict>& v);

}  // namespace solver::gpu
