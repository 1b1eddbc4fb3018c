// The tolerance lint (docs/reliability.md P6, red team 7's offlaw_lgamma_sample, issue 28):
// whether some input set the gate verifies on can tell a 1-in-2 sample from the whole. Measured
// with the reference alone, per set: the reference on the set against the reference on its
// echoes, the same set with one parity of every law input copied from the other (odd positions
// from their even neighbours, and the reverse, and odd blocks of 2..128 from the even ones: an
// in-law set whose 1-in-2 sample is the original's). A kernel that reads one parity and rescales
// answers the echo's reference on the set itself, so where the two agree within the set's tolerance
// that set cannot refuse it. The sets: set 0 (the regular sets are i.i.d. draws of the same law)
// and the fresh set (the timed runs' perturbation, planted extremes included): only data a kernel
// cannot tell from the data its timed runs are verified on (lint_counts). The exponent sets are
// set 0 times 2^e with atol scaled by the same factor: their share is set 0's, and they are out of
// the law as the heavy-tailed set is, so neither counts (issue 28, helper h28t).
// The property (issue 28): a candidate is kept only if, for **every output buffer**, at least
// one of those sets tells the reference's output from the echo's (that output's own share above
// 1). Where one output is told apart by no set, no verified run can refuse a kernel that reads
// half its inputs for that output, whatever the others show: the gate refuses the problem's spec
// (invalid_spec, naming the output), and only its author can answer (a tighter tolerance, or
// data with more relative spread). An output the echo does not move at all (share 0 on every
// set and echo) does not depend on the echoed positions and is excused. The unit is the output
// buffer (red team 16's redteam16_twin_output_sample: a cheap per-chunk mean beside a sampled
// log-Beta sum, where one share over both outputs passed on the means alone); a part of one
// buffer (a loss stored in the first element of a gradient buffer) is not judged on its own.
// Where more than one input is echoed, each input's echo alone is judged too (input_lint.h,
// helper h28z): one loud input told an output apart for every input echoed at once.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// The marker the gate's refusal starts with (narrowed_checks.cpp, solver problems check).
inline constexpr const char* kSampleLintMarker = "tolerance admits a 1-in-2 sample";

// Whether the lint counts a verified set of kind `k`: the regular sets (in the declared law) and
// the fresh set (the timed runs' own perturbation, and so each audit's kind), never an
// adversarial set. An adversarial set's values are outside the law's support (x 2^+-17, heavy
// tails), so a kernel that checks the range of what it reads anyway is honest there and samples
// on every timed run: red team 14's redteam14_offlaw_normal_sum, whose heavy-tailed set told the
// echo apart at 31 x the tolerance while set 0 (0.15) and 8 of 8 timed-kind sets (0.18-0.54)
// could not (tests/engine/lint_law_sim.cpp). A set that tells the echo apart is evidence against
// a sampler only where the sampler cannot route it to an honest path.
bool lint_counts(SetKind k);
// The sets the lint takes, in order: set 0 and then `fresh` (an index into `kinds`, the kinds of
// the gate's sets; -1: none) where lint_counts takes their kinds.
std::vector<int> lint_sets(const std::vector<SetKind>& kinds, int fresh);
// The set the lint takes after set 0 (the fresh set, where lint_counts takes its kind), or -1.
// `make_fresh` (may be empty) runs FIRST: it may add the set, so `kinds` (the gate's sets' kinds)
// is read after it. Reading the kinds before (as three call sites once did) left a set made on
// the lint's first call out of the list, so the fresh set never counted on a problem's first
// gate in a worker: the built-in reduce was refused as invalid_spec at set 0's 0.34 live
// (H100, 2026-12-06c call 3), where its fresh set tells the 1-in-2 echo apart.
int later_lint_set(const std::function<int()>& make_fresh,
                   const std::function<std::vector<SetKind>()>& kinds);
// The marker of the narrowed check the lint writes where a law input is not echoed (a
// permutation or a cycle of fewer than 3 elements; narrowed_checks.cpp, docs/reliability.md P6).
inline constexpr const char* kUnechoedMarker = "tolerance lint: no 1-in-2 echo of";
// Whether the lint echoes `b`: an input (in, inout) of any dtype that every timed run redraws
// (timed_changeable), dist_fixed or not (red team 18: a neighbour's value is a draw of the same
// law; dist_fixed inputs were left out, so a problem whose law inputs are all dist_fixed was
// never judged), with at least 2 elements, whose kind has an echo that keeps it valid
// (buffer_echo): element by element laws (uniform, normal, randint, mask) by every echo; sorted
// and csr_rowptr by the echoes that copy from a neighbour (red team 27's
// redteam27_sorted_unlinted_sum: a problem whose one input was sorted had nothing echoed and
// passed the lint in silence). Permutations and cycles take no copy echo (model_echoed).
bool sample_echoed(const generators::ResolvedBuffer& b);
// Whether the lint gives `b` a model echo (model_echo.h: a function of one parity, kept valid):
// a law input (timed_changeable) of kind sorted, csr_rowptr (the midpoint echo), permutation or
// cycle (the refill echo), with at least 3 elements (red team 28).
bool model_echoed(const generators::ResolvedBuffer& b);
// The echo `m` as the lint applies it to `b`: `m` itself for an element-wise law; for a sorted
// or csr_rowptr input `m` where every moved element copies an adjacent one (block 1, or a pair
// family), with a csr_rowptr's first and last offsets kept (0 and nnz), so a sorted array stays
// sorted (every value still a draw of its law) and row pointers stay monotone from 0 to nnz (a
// row emptied into its neighbour); nullopt where the echo would break `b`'s structure (a block
// echo of a sorted input) or the lint does not echo `b` (sample_echoed).
std::optional<EchoMap> buffer_echo(const generators::ResolvedBuffer& b, const EchoMap& m);
// The same for `b`'s kind alone, whether or not the lint echoes `b` (`m` itself for any kind but
// sorted and csr_rowptr): what echo_positions and echo_region apply.
std::optional<EchoMap> kind_echo(const generators::ResolvedBuffer& b, const EchoMap& m);
// The buffers of `s` (by index into `buffers`) that echo `m` moves: held by the set, echoed
// (buffer_echo), and `only` (>= 0) alone where given.
std::vector<size_t> echo_moved(const std::vector<generators::ResolvedBuffer>& buffers,
                               const HostSet& s, const EchoMap& m, int only = -1);
// Whether the per-input lint (input_lint.h) excuses `b` as dist_fixed: a dist_fixed input of an
// element-wise law (uniform, normal, randint: the author's word that its law is part of the
// problem). Not a mask, sorted or csr_rowptr input: the loader makes every index structure
// dist_fixed to keep it off the adversarial sets (problem_loader_sections.cpp), which says nothing
// about the lint, so such an input is judged for every output it moves (red team 27's variant: a
// cheap echoed input beside a costly sorted one told the output apart, and the sorted one was
// excused), and an output may declare itself blind to it (`blind_to`).
bool lint_excused(const generators::ResolvedBuffer& b);
// The narrowed check for law inputs (timed_changeable) the lint echoes neither by a copy
// (sample_echoed) nor by a model of its other half (model_echoed): empty where there is none (every
// kind the loader takes, since red team 28, but a permutation or cycle of 2), else
// kUnechoedMarker and the inputs: no verified run is known to refuse a kernel that reads half of
// such an input, and the gate says so.
std::string unechoed_note(const std::vector<generators::ResolvedBuffer>& buffers);
// `in`'s bytes with every element in a block of parity `parity` (1: odd blocks, 0: even) a copy
// of its partner in the neighbouring block (flat index i ^ block; `block` a power of two: the
// tile a sampler reads every other one of; an element without a partner stays), as kind_echo
// takes it for `b` (a copy of `in` where a block echo would unsort a sorted `b`).
std::shared_ptr<const HostInput> echo_positions(const generators::ResolvedBuffer& b,
                                                const HostInput& in, int parity, size_t block = 1);
// The same echo as a map (echo_map.h): what the device's echo of set 0 applies.
EchoMap positions_echo(int parity, size_t block);
inline std::shared_ptr<const HostInput> echo_odd_positions(const generators::ResolvedBuffer& b,
                                                           const HostInput& in) {
  return echo_positions(b, in, 1);
}
// The echoes the lint takes of each set, in order, until one tells: (block, parity). Odd and
// even elements (a planted extreme is lost by one parity's echo only), then odd blocks of 2 to
// 128: a sum's echo error is one draw of about N(0, sqrt(n) sd) per block size, so a set whose
// typical share is a few times 1 is not declared blind on one small draw (8 draws: a share of
// 2.6 sd-units is missed with probability ~0.3^8).
struct EchoPattern {
  size_t block = 1;
  int parity = 1;
  // A model echo of the structured inputs (model_echo.h: midpoints, refills; block unused), on
  // the host, instead of this pattern's copy echo of the others.
  bool model = false;
  // A model echo's draw: 0 the refill seeded by model_seed; j >= 1 a further keyed refill seeded
  // by quiet_seed(set seed, j) (model_quiet.h: taken while some element is undecided, h30t).
  int draw = 0;
  // A model echo's class refill (model_echo.h ModelClass, helper h31's light part): `classes`
  // above 0 moves one place of each position pair of class `cls` (keyed by the set's class_key);
  // parity and draw unused.
  uint64_t classes = 0, cls = 0;
};
const std::vector<EchoPattern>& echo_patterns();
// Per output buffer k of `base`: the largest |base - echo| / (atol + rtol |base| [+
// magnitude_rtol(rtol) |magnitude|]) over its elements (1 or less: the two agree within `tol`);
// infinity when the shapes differ or a value is not finite (for every output when the output
// counts differ). `magnitude`: the reference on |inputs| where the set's check uses it
// (compare's bound on the heavy-tailed set; the lint no longer counts that set), else null.
// `dtypes` (by output, may be null): where one is a 64-bit integer (reference_bits), both
// references hold its bits and are compared as integers (equal bits: agree; else by their values,
// with no magnitude term), as compare() does.
std::vector<double> tolerance_shares(const std::vector<HostDoubles>& base,
                                     const std::vector<HostDoubles>& echo,
                                     const generators::Tolerance& tol,
                                     const std::vector<HostDoubles>* magnitude = nullptr,
                                     const std::vector<generators::DType>* dtypes = nullptr);
// The same with each output at its own tolerance (h28v: a buffer's `tolerance:`): output k at
// tols[k] (tols[0] for every output where only one is given; an empty list shares nothing: inf).
std::vector<double> tolerance_shares(const std::vector<HostDoubles>& base,
                                     const std::vector<HostDoubles>& echo,
                                     const std::vector<generators::Tolerance>& tols,
                                     const std::vector<HostDoubles>* magnitude = nullptr,
                                     const std::vector<generators::DType>* dtypes = nullptr);
// The same element by element (tolerance_shares is each output's largest): per output buffer k,
// |base - echo| / tolerance for each of its elements (0 where they are equal, the same infinity
// too, infinity where one is not finite otherwise); a single infinity for an output whose shapes
// differ, and for every output when the output counts or `tols` do not fit.
std::vector<std::vector<double>> element_shares(
    const std::vector<HostDoubles>& base, const std::vector<HostDoubles>& echo,
    const std::vector<generators::Tolerance>& tols,
    const std::vector<HostDoubles>* magnitude = nullptr,
    const std::vector<generators::DType>* dtypes = nullptr);
// Each output's largest element share (element_shares -> tolerance_shares).
std::vector<double> largest_shares(const std::vector<std::vector<double>>& elements);
// The largest of tolerance_shares (0 without outputs): the share over every output element.
double tolerance_share(const std::vector<HostDoubles>& base, const std::vector<HostDoubles>& echo,
                       const generators::Tolerance& tol,
                       const std::vector<HostDoubles>* magnitude = nullptr);

// One verified set's shares (each the largest over the echoes taken, echo_patterns) and its
// name: `share` the largest over every output, `outputs` per output buffer (in the order of the
// verdict's output names; empty: one output, whose share is `share`).
struct SetShare {
  SetShare() = default;
  SetShare(std::string set_name, double largest, std::vector<double> per_output = {})
      : set(std::move(set_name)), share(largest), outputs(std::move(per_output)) {}
  std::string set;  // "set 0", "the fresh set"
  double share = 0;
  std::vector<double> outputs;
  // Per output buffer (set 0, for law_checks.h): the least, over the output's elements some echo
  // moved, of that element's largest share over the echoes taken (weakest_shares). Empty: not
  // measured, law_checks judges `outputs`.
  std::vector<double> weakest;
  // Per output buffer (set 0, skip_bound.h): the sum of the squares of its share under each echo
  // taken, and how many were taken (the echo's spread: sqrt(energy / echoes)). Empty: not
  // measured.
  std::vector<double> energy;
  std::vector<int> echoes;
};
// What the lint says of a problem: `refusal` non-empty (the gate's invalid_spec detail) where
// no set tells them apart; else `note` (may be empty) for the gate's detail.
struct SampleLintVerdict {
  std::string note;
  std::string refusal;
  // Set 0 tells every output apart by kLawCheckShare or more (law_checks.h): the problem's
  // verified runs are redraws i.i.d. from the declared law (set by the worker, not by
  // sample_lint_verdict).
  bool law_checks = false;
  // Off the law with the lint satisfied: law_remedy's words (law_checks.h), which the gate adds
  // to a wrong result on the off-law data (empty otherwise).
  std::string law_note;
  // On the law: law_exit's words (law_checks.h, helper h29l), which the gate adds to its narrowed
  // check "verified runs drawn from the declared law" (empty otherwise).
  std::string law_said;
  // Where the verdict came from the verdict cache (lint_cache.h): lint_cache_note's words, said
  // in the gate's detail; empty where the lint ran in this worker.
  std::string cached;
};
// The verdict over `shares` (set 0 first); `echoed`: the echoed buffers' names; `tol`: the
// declared tolerance; `outputs`: the output buffers' names, in the order of SetShare::outputs
// (empty or one name: one output, judged on SetShare::share). Each output is judged on its own:
// refused where its largest share over the sets is above 0 and at most 1 (the refusal names
// every such output and the tolerance that would tell them all apart); no refusal for an output
// whose every share is 0 (it does not depend on the echoed positions, and a kernel that reads
// one parity is exact for it).
// `output_tols` (h28v, may be empty: `tol` for every output): output k's own tolerance, the one
// its shares were taken at and the one the remedy names for it.
SampleLintVerdict sample_lint_verdict(const std::vector<SetShare>& shares,
                                      const std::string& echoed, const generators::Tolerance& tol,
                                      const std::vector<std::string>& outputs = {},
                                      const std::vector<generators::Tolerance>& output_tols = {});
// Whether output `k` still needs a set to tell it apart, given the shares taken so far: its
// share on every set is at most 1 (0 included: an output the echo never moved is looked at on
// every set and echo, and excused only then).
bool lint_pending(const std::vector<SetShare>& shares, size_t k);

}  // namespace solver::gpu
