// P6k's second look (issue 28, red team 32, helper h32; docs/reliability.md "P6k's gates on a
// draw the author cannot know"). P6k (law_regions.h) judges a light part only past gates that
// count or compare things on set 0: whether the hashed classes find a light part
// (strided_needed, a public hash), whether the dominant classes hold the energy ((a), against
// 16 x set 0's median class), whether the light part moves kLightSpread strided classes ((c),
// pair j in class j mod 256), whether a kind's weak elements form a tail (light_tail). Set 0 is
// a public draw from a standing seed and the partitions are public, so a spec written with the
// harness's code in hand can make every gate exempt its heavy element (red team 32: the light
// part on 63 residues mod 256, on 15 of the 32 hashed classes, heavy weights tuned to 10 x set
// 0's median, 60 designed companions of the heavy element's kind).
// Property: what exempts an element is decided again on a judging set the author cannot know:
// a draw from a per-worker key (judging_key: std::random_device, never the spec, its seeds or the
// code) with the hashed and strided partitions keyed by it (keyed_class). The spec is refused
// where set 0's judgement or the judging set's refuses (second_look_shares), and a kind's tail
// excuses only where its weak elements are the data's: fewer than 1 / kTailRatio of them weak
// again on the judging set (tail_recurrence). A weight, residue set or hash class chosen for set
// 0 is a guess on the judging set; what the author controls is the law, which both sets share.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/law_regions.h"

namespace solver::gpu {

// A fresh secret per call (a worker draws it once): std::random_device, never 0.
uint64_t judging_key();

// The class of pair j of `pairs` on the judging set keyed by `key` (0: set 0's, echo_class):
//  hashed: echo_mix(j ^ key) % kEchoRegions (a set the author builds from the public hash is a
//          random set of pairs there);
//  strided: (j + echo_mix(key ^ (j / kEchoStrided))) % kEchoStrided: each run of 256 pairs from a
//          multiple of 256 keeps j mod 256's order, rotated by a keyed offset, so any 256
//          consecutive pairs of one run stay one a class (the prefix sums (c) is for), and any h <=
//          128 heavy pairs still occupy at most 128 classes; a light part confined to residues mod
//          256 over many runs is spread over every class by the runs' independent offsets.
//  contiguous: echo_class's (position stretches are no secret to keep).
uint64_t keyed_class(EchoFamily family, uint64_t pair, uint64_t pairs, uint64_t key);

// Per kind (light_tail's: 0 weak at atol 0, 1 atol_held on set 0) of one output: elements weak on
// set 0 (judged in (0, 1] or unseen, as light_tail counts them) and how many of those are weak
// again on the judging set (its judged share in (0, 1] or unseen). A tail of the data's weakness
// (a softmax's small probabilities, an attention row's small keys) is redrawn with the data: an
// element weak on set 0 is weak again with the chance of any element, under 1 / kTailRatio where
// the judging set's tail holds (its weak elements are fewer than 1 / kTailRatio of its near
// ones). A designed companion keeps its weakness (its weights are fixed).
struct TailRecurrence {
  uint64_t weak[2] = {0, 0};
  uint64_t again[2] = {0, 0};
  // At least kTailMin weak again, and at least 1 / kTailRatio of the kind's weak elements.
  bool recurs(int kind) const;
};
// `parts0` atol_parts of set 0 for this output (null or short: every element kind 0); `judgedJ`
// the judging set's judged_light_shares of the same output (another element count: nothing is
// weak again).
TailRecurrence tail_recurrence(const std::vector<double>& judged0,
                               const std::vector<double>* parts0,
                               const std::vector<double>& judgedJ);

// The same, from the weak elements by index (law_regions.h WeakElement: what the worker carries
// out of set 0's and the judging set's strided judgements, host or device; helper h32tail):
// `weak0` set 0's weak elements of one output with their kinds, `weakJ` the judging set's (of the
// same output: the same element count), both in index order. An element is weak again where its
// index is in `weakJ`.
TailRecurrence tail_recurrence(const std::vector<WeakElement>& weak0,
                               const std::vector<WeakElement>& weakJ);

// Per output, `merged` (second_look_merge's) lowered by each kind whose tail recurs
// (tail_recurrence of weak0[k] and weakJ[k]): the least above 0 of `merged[k]` (NaN or an unseen
// mark: none) and that kind's set-0 judged shares in (0, 1]; unchanged where nothing is above 0.
// An output without weakJ (the judging set's strided classes not taken): nothing recurs. The
// worker's last step (law_regions_op.cpp), and second_look_shares' too.
std::vector<double> second_look_tail(std::vector<double> merged, const WeakElements& weak0,
                                     const WeakElements& weakJ);

// Per output, what light_refusal reads after the second look: the least above 0 of set 0's
// refusable share (refusable_shares(judged0, parts0)), the judging set's (refusable_shares(judgedJ,
// partsJ); NaN there refuses nothing), and, for each kind whose tail recurs, the least of that
// kind's set-0 judged shares in (0, 1] (its tail excuses nothing). Where none is above 0:
// set 0's value (0, NaN or its unseen mark). `judgedJ` empty: set 0's values alone (no second look
// taken: nothing on set 0 exempted, and the judging set's hashed gate found no light part).
// Made as the worker makes it: second_look_tail(second_look_merge(..), ..) of the weak elements
// of both sets (add_weak), so the host simulations measure the worker's rule.
std::vector<double> second_look_shares(const std::vector<std::vector<double>>& judged0,
                                       const std::vector<std::vector<double>>& parts0,
                                       const std::vector<std::vector<double>>& judgedJ,
                                       const std::vector<std::vector<double>>& partsJ);

// The worker's second look (law_regions_op.cpp): per output, what light_refusal reads from set
// 0's refusable value `set0` and the judging set's `judging` (each refusable_shares' per output,
// as class_light's and strided_judgement's `judged`): the least above 0 of the two (NaN or an
// unseen mark on either side is no value above 0); where neither is above 0, set 0's. The tail
// recurrence is second_look_tail's, after it. `judging` empty: `set0`; `set0` empty (set 0 took
// no strided classes): as all 0.
std::vector<double> second_look_merge(const std::vector<double>& set0,
                                      const std::vector<double>& judging);

// Whether set 0's judgement exempted something a second look must decide again: some element with
// a light share (light_shares) in (0, 1] is judged 0 ((a) or (c)), or some kind's tail holds.
// The judging set's hashed classes are taken regardless (strided_needed on them decides too).
bool exempted(const std::vector<std::vector<double>>& light0,
              const std::vector<std::vector<double>>& judged0,
              const std::vector<std::vector<double>>& parts0);

}  // namespace solver::gpu
