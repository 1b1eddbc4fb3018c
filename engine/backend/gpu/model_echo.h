// The tolerance lint's model echoes (issue 28, red team 28; docs/reliability.md "Structured inputs
// echoed by a model of their half"): an echo of a structured law input that is a function of one
// parity of it, which a kernel reading that parity could compute, kept a valid value of its kind.
// The copy echoes (sample_lint.h buffer_echo) bound a kernel that reads half of an input and
// rescales; they do not bound one that reads half and *models* the rest, where the input's
// structure makes the rest predictable from the half:
//  - sorted and csr_rowptr (ordered): the midpoint echo, every element of the moved parity set to
//    the midpoint of its two neighbours (x[2j+1] := (x[2j] + x[2j+2]) / 2, floor for integers; an
//    element without both neighbours, the ends among them, stays). Still sorted, in support,
//    monotone row pointers with 0 and nnz kept. A copy echo is a one-sided, first-order move (a
//    sum moves by ~(f(lo) - f(hi)) / 2 whatever n is), so it bounds first-order estimators only:
//    red team 28's redteam28_sorted_mean_boys evaluates f at the mean of 8 sorted neighbours (a
//    second-order error) and was kept at 4.99x live with the copy echo's share at 4.06.
//  - permutation and cycle: the refill echo, the kept parity's values as they are and the moved
//    parity's places given the values (a permutation) or the links (a cycle: the paths the kept
//    successors form, joined into one cycle) the kept half lacks, in a random order seeded by the
//    set and parity: a draw of the law given the kept half (every completion of a uniform
//    permutation's, or cycle's, half is equally likely). No copy keeps a permutation (a copied
//    value repeats), so these inputs took no echo, only a narrowed check, and a 1-in-8 sample of
//    exchangeable terms was kept at 7.48x live (redteam28_perm_sampled_boys).
// A third echo of a permutation or a cycle (h29m, red team 29's deal): the refill of a keyed
// random half of the places (kKeyedHalf), which crosses the parity classes: both parity refills
// put back the values each parity held, so any function of each parity's multiset (a deal's two
// hands) moved by exactly 0 and was excused.
// The judgement (model_lint_verdict): per (model-echoed input, output) pair, the largest share
// over the sets taken (set 0, then the fresh set where set 0 leaves the pair at most 1) and the
// patterns; in (0, 1] the spec admits a kernel that reads half of that input and models the
// rest, and is refused (invalid_spec); 0 (the echo moves no element) and a declared `blind_to`
// are excused. Outputs at an exact tolerance (rtol = atol = 0) share 0 or infinity and are not
// echoed at all (model_lint_needed).
// Host-only: the refill is data-dependent (a bitmap, a path walk, a shuffle), not a copy map the
// device's echo could share, and these inputs are index structures small next to what they index,
// so the echo is made here and uploaded (echo_shares_op.cpp's host path) once per pattern.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/sample_lint.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// Whether the lint gives `b` a model echo: sample_lint.h model_echoed.
// The model echo of `in` (the bytes of `b`) whose moved places are those of parity `parity`
// (1: odd, 0: even, kKeyedHalf: a half keyed by `seed`), the refill's order drawn from `seed`: a
// new buffer; a copy of `in` where `b` takes no model echo, or where its bytes are not a
// permutation (cycle) of 0..n-1.
std::shared_ptr<const HostInput> model_echo(const generators::ResolvedBuffer& b,
                                            const HostInput& in, int parity, uint64_t seed);
// The pieces, on `n` elements of dtype `d` at `data`, in place (model_echo's definitions; the
// tests and red28_sim call them). midpoint_echo: the ordered kinds'. refill_permutation and
// refill_cycle: false (nothing changed) where `data` is not a permutation (one cycle) of 0..n-1.
void midpoint_echo(generators::DType d, unsigned char* data, uint64_t n, int parity);
bool refill_permutation(generators::DType d, unsigned char* data, uint64_t n, int parity,
                        uint64_t seed);
bool refill_cycle(generators::DType d, unsigned char* data, uint64_t n, int parity, uint64_t seed);
// The seed of the refill of a set seeded `set_seed`, parity `parity`.
uint64_t model_seed(uint64_t set_seed, int parity);
// The model echoes' light part (helper h31, red team 31's redteam31_inner_head_boys;
// model_light.h): a class refill moves, in each position pair (2j, 2j + 1) of class j mod
// `classes` == `cls`, ONE place, the even or the odd one by a bit keyed by `key` and j (so any
// place may move, whatever its parity; the ends never), and refills those places as model_echo
// does (a permutation's shuffled among them, a cycle's relinked into one cycle, an ordered
// input's set to the midpoint of its neighbours, which are kept). The key is the set's
// (class_key), the same for every class and both partitions, so a class of a coarser partition
// (classes dividing the finer's) moves exactly the places its finer classes move. `classes` 0:
// a copy.
struct ModelClass {
  uint64_t classes = 0, cls = 0, key = 0;
};
uint64_t class_key(uint64_t set_seed);
// Whether place i (of n) is moved by class refill `c`.
bool class_place(uint64_t i, uint64_t n, const ModelClass& c);
// `in` after class refill `c` (a copy where `b` takes no model echo or its bytes are not a
// permutation, or one cycle, of 0..n-1).
// A permutation's or a cycle's validity and cycle order are read once per content (a hash of
// every byte, input_sets.h digest: on every core) and kept for the next class, so a class costs a
// copy, a hash and O(n / classes).
std::shared_ptr<const HostInput> model_class_echo(const generators::ResolvedBuffer& b,
                                                  const HostInput& in, const ModelClass& c);
// The same refill by refill_permutation's and refill_cycle's O(n) walk over every place (the
// tests hold model_class_echo to it, byte for byte); ordered inputs: a copy.
std::shared_ptr<const HostInput> model_class_echo_plain(const generators::ResolvedBuffer& b,
                                                        const HostInput& in, const ModelClass& c);
// EchoPattern::parity of the keyed refill (h29m, red team 29's deal): the moved places a keyed
// random half (one bit of a mix of the refill's seed and the place), crossing every parity, so a
// function of each parity's multiset of values (a deal's hands) is moved. Permutations and
// cycles only: an ordered input's midpoint needs both neighbours kept (a copy is returned).
constexpr int kKeyedHalf = 2;
// The model echoes the lint takes of each set, in order (EchoPattern::model): odd, even, then the
// keyed half (a third reference run a set, permutations and cycles).
const std::vector<EchoPattern>& model_patterns();
// Whether the lint takes model echo `e` of `b` (the keyed half: not of an ordered input).
bool model_pattern_moves(const generators::ResolvedBuffer& b, const EchoPattern& e);
// Whether any output must be judged: some output tolerance is not exact (rtol or atol above 0).
bool model_lint_needed(const std::vector<generators::Tolerance>& output_tols);

// The verdict over each model-echoed input's shares (InputShares: per set taken, per output, the
// largest over model_patterns; `input` the buffer's name).
// `declared`: the outputs' blind_to (excused pairs). Refusal (kSampleLintMarker) where some pair's
// largest share over the sets is above 0 and at most 1; else a note naming the pairs told apart.
// `quiet` (helper h30t, model_quiet.h; per input of `inputs`, per output; empty: none): a pair
// told apart by its largest share is refused too where some element of the output is quiet by
// construction (red team 29's loud heads); undecided elements are named in the note.
SampleLintVerdict model_lint_verdict(const std::vector<InputShares>& inputs,
                                     const std::vector<std::string>& outputs,
                                     const std::vector<generators::Tolerance>& output_tols,
                                     const std::vector<BlindDeclared>& declared = {},
                                     const std::vector<std::vector<QuietVerdict>>& quiet = {});

}  // namespace solver::gpu
