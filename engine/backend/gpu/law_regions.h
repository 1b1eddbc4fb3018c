// P6h's bar with each element's dominant positions left out (docs/reliability.md P6h, red team
// 23's redteam23_loud_weight_sum, helper h28r). law_checks.h judges each output on its least told
// element, but an element's share is its loudest positions': y = 10^6 (x[0] + ... + x[7]) + the
// sum of 2^24 other values moves by 102 tolerances under set 0's first echo, its 2^24 light
// positions alone by 0.056, so the law data P6h chose hid a sampler of the light part (0.55 of the
// tolerance at worst on 64 law redraws; 18 of 64 out off the law).
// So set 0 is also echoed by region: each echoed input's position pairs (2j, 2j + 1) fall into
// kLawRegions classes in two partitions, contiguous stretches (j * R / pairs: a head, a tail, a
// boundary or any cluster) and a fixed hash of j (a light part that shares a few stretches with
// the heavy positions is spread over every class), and each class's odd positions are copied
// from their even partners alone (the lint's first echo, one class at a time). Per element and
// partition, a class is dominant where its energy (share squared) is more than kDominantEnergy
// times the median class's (its move 4 x the median move); the element's light share is the
// root of the other classes' energies (the 1-in-2 echo's move from the positions outside its
// dominant classes, in tolerance units; a class's moves add where the reference is a sum of
// per-position terms). Where it is above 0 it must clear kLawCheckShare too (weakest_with_input):
// an element whose median class does not move (it depends on fewer than half of the classes: an
// element-wise map, a row sum) has no light part in that partition and is judged on its share.
// What it gives (an element of a sum of per-position terms): where a set D of positions lies in
// fewer than kLawRegions / 2 classes of one partition (any 15 positions; any heads, tails or
// clusters inside 15 of the 32 stretches of each input) and each of D's classes is dominant, a
// law-mode element's light share >= 30 means the positions outside D's classes move it by >= 30
// tolerances (sd) under a 1-in-2 echo, so a kernel that reads D exactly and skips a fraction
// phi of the other positions (rescaling) errs with sd >= 30 sqrt(phi / (1 - phi)) tolerances.
// Not covered by these two: more than 15 scattered heavy positions in more than 15 classes of
// both partitions (the median class is heavy, nothing is dominant: red team 25's
// redteam25_scattered_heavy_sum, 128 of them); so, where some element has a light part in the
// hashed classes, on the law or off it (off it since helper h28h: red team 26's
// redteam26_offlaw_heavy_lbeta; the contiguous classes are then skipped, the hashed ones taken
// only to tell whether a light part exists), a third partition (helper h28w): 256
// strided classes, pair j in class j mod 256. Any h <= 128 heavy pairs occupy at most 128 of
// them, so the median class (the 128th smallest) is light and each heavy class over 16 x its
// energy is left out, wherever the heavy pairs are (the light share understated by at most
// sqrt(256 / (256 - h)) <= sqrt 2: the light positions sharing a class with a heavy one). Where
// an element's judged strided light share (judged_light_shares) is above 0 and at most 1 of its
// tolerance the spec is refused (light_refusal); beyond 128 heavy pairs at distinct residues: not
// covered. Heavy classes under
// the 4 x bar are counted
// as light (at most 15 x 16 median energies: the light share overstates the light part by at most
// sqrt(1 + 240) = 15.5 x where the light part sits in one class, ~2 x where it is spread).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

inline constexpr size_t kLawRegions = kEchoRegions;
inline constexpr double kDominantEnergy = 16;
// The strided partition's class count (red team 25's redteam25_scattered_heavy_sum, helper
// h28w): pair j in class j mod kStridedRegions. Its light share holds for ANY h <=
// kStridedRegions / 2 = 128 heavy pairs wherever they are (law_regions_op.cpp's property).
inline constexpr size_t kStridedRegions = kEchoStrided;

enum class RegionFamily { Contiguous, Hashed, Strided };

// The number of classes of `family`: kLawRegions, or kStridedRegions for Strided.
size_t region_count(RegionFamily family);

// One class of one partition: the echo moves the odd position of each pair in class `cls`.
struct EchoRegion {
  RegionFamily family = RegionFamily::Contiguous;
  size_t cls = 0;
  uint64_t key = 0;  // the judging key (second_look.h; EchoMap::key): 0 set 0's classes
};

// The class of pair j (positions 2j, 2j + 1) of `pairs` in `family` (region_count classes).
size_t region_of(RegionFamily family, size_t pair, size_t pairs);
// The region_count(family) classes of `family`, in order.
std::vector<EchoRegion> law_regions(RegionFamily family);
// `r` as an echo map (echo_map.h): what the device's echo of set 0 applies.
EchoMap region_echo(const EchoRegion& r);
// `in`'s bytes with the odd position of every pair in `r`'s class a copy of its even partner
// (echo_positions(b, in, 1, 1) restricted to the class; a position without a partner stays).
std::shared_ptr<const HostInput> echo_region(const generators::ResolvedBuffer& b,
                                             const HostInput& in, const EchoRegion& r);
// Per output, per element: the light share over one partition's class echoes, `by_class[r]`
// the element_shares of class r's echo (as Worker::echo_shares returns them): the root of the
// energies of the classes at most kDominantEnergy x the median class's (the (R/2)-th smallest;
// 0 where the median is 0: every moving class is dominant); an infinite class share is dominant
// unless the median is infinite too; NaN where one is NaN. An output whose element count
// differs between classes gets a single infinity (as element_shares).
std::vector<std::vector<double>> light_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class);

// Per output, per element of set 0: the part of its tolerance its atol makes, atol / (atol + rtol
// |r|) (element_shares' allowance, `base` the reference on set 0, `tols[k]` output k's tolerance,
// tols[0] for all where one is given): 1 - it is where the light part would be told apart at
// atol 0. An output whose tolerance is missing gets 0 everywhere, and so does one at rtol 0
// (helper h28t, red team 28's redteam28_atol_excused_heavy: there atol is every element's whole
// tolerance, so judged_light_shares' (b) excused every element under 1 of an output that one
// loud element told apart; at rtol 0 nothing is atol-held). Since helper h30t dropped (b), P6k's
// judgement reads it nowhere; the device pass still takes the tolerance for the grain floor.
std::vector<std::vector<double>> atol_parts(const std::vector<HostDoubles>& base,
                                            const std::vector<generators::Tolerance>& tols);

// The output dtype's grain (helper h29k, issue 28: blw_pagerank_edgelist's false refusal): its
// significand bits (`digits`, the leading one counted; 0: none, an integer output) and the frexp
// exponent of its least normal value (`min_exp`: |v| = m 2^e, m in [0.5, 1)). grain_floor below
// reads it.
// The least bound on a light part's move from its light share: a kernel that reads the even
// position of each light pair and doubles it errs by the sum of the light classes' moves (for a
// sum of per-position terms), at most sqrt(kStridedRegions) = 16 x their root energy (the light
// share). grain_bound raises it to the input's size (red team 30, helper h30g).
inline constexpr double kGrainBound = 16;
// The bound grain_floor divides by (red team 30's fix A, helper h30g; redteam30_grain_mean_lbeta
// and redteam30_grain_bf16_lbeta): sqrt(`light_pairs`), at least kGrainBound. A class echo copies
// a neighbour drawn from the same law, so it moves a sum of N similar terms by their spread
// (~sqrt(N) x sd), never by their mean (N x mean); a kernel that reads one pair in k and
// rescales errs by ~sqrt(k) x that move, at most sqrt(pairs) x where it reads one pair of all.
// What stays unseen is a light part whose dependence on the data is under the grain (a constant
// of the law in its place errs by ~sqrt(N) x sd too); red team 30 names terms whose spread is
// small against their mean as fix A's limit, and fix C (keying (d) on the float64 reference's
// own noise) as the one without it.
double grain_bound(double light_pairs);
// The light pairs the bound counts: half the elements of the largest input the strided classes
// echo (sample_echoed); 0 where none.
double light_pairs(const std::vector<generators::ResolvedBuffer>& buffers);
struct OutputGrain {
  int digits = 0;
  int min_exp = 0;
  double bound = kGrainBound;  // grain_bound of the problem's light pairs (output_grains)
};
OutputGrain output_grain(generators::DType d);
// output_grain of each of `buffers[outputs[k]]` (the worker's outputs in order), each with
// bound grain_bound(light_pairs(buffers)).
std::vector<OutputGrain> output_grains(const std::vector<generators::ResolvedBuffer>& buffers,
                                       const std::vector<size_t>& outputs);
// The light share below which element i's light part cannot show in its stored value (P6k's
// condition (d)): half a step of `grain` just below |ref| (the smaller spacing around it: half the
// spacing of ref's binade at 2^(max(e - 1, min_exp) - digits)), over grain.bound x the element's
// tolerance (atol + rtol |ref|). A light part with share under it moves the element by under
// half a step of its dtype: the stored value of a kernel that skips it is the honest one's or a
// neighbour, which a tolerance tells apart only where it is under one step, where an honest
// kernel's own rounding fails it too. 0 (nothing unseen) where the grain has no digits, ref or
// the tolerance is not finite, or the tolerance is not above 0.
double grain_floor(double ref, double atol, double rtol, const OutputGrain& grain);
// grain_floor of every element of set 0 (`base`), per output: `tols[k]` and `grains[k]` output
// k's (tols[0], grains[0] for all where one is given; no grain: 0 everywhere).
std::vector<std::vector<double>> grain_floors(const std::vector<HostDoubles>& base,
                                              const std::vector<generators::Tolerance>& tols,
                                              const std::vector<OutputGrain>& grains);

// What light_refusal judges, taken wherever the lint passes, on or off the law (red team 26's
// redteam26_offlaw_heavy_lbeta, helper h28h): per output, per element, its light share
// `light[k][i]` (light_shares of the same `by_class`) where
//  (a) its dominant classes hold at least as much energy as its light ones (the element is told
//      apart by its heavy positions more than by the rest: the shape P6k exists for). An honest
//      sum with no heavy position has chance-dominant strided classes (one of 256 half-normal
//      class shares above 4 x their median: ~1.8 an element) holding a few % of its energy, and
//      its light share is its whole share, which the lint's own bar judges;
//  (b) gone (helper h30t, red team 29's redteam29_atol_tiny_rtol_heavy): it left out an element
//      at most 1 only through its atol where another element of the output had a light share
//      above 1 (a softmax's smallest probabilities share the row's sum with its largest). That
//      is an excuse by another element, sound only where the two share one light computation,
//      which an element's unsigned class shares cannot show: a cheap loud y[1] = 100 sum x
//      excused an expensive y[0] = heavy + sum log B(x) at any rtol > 0 (h28t keyed the fix on
//      rtol == 0). Measured (red29_sim tiny 24 0): y[0]'s signed light moves correlate with
//      y[1]'s at -0.99998 (log B is near-linear on [0.5, 1.5)), so even a signed proportional
//      key would excuse it short of exactness. The softmax's held elements are the low tail of a
//      continuum, which light_tail below keeps (hon22_softmax_offlaw_sim 64 1 1e-4 64: weak
//      1193, near 68855). `atol_part` and `told` are no longer read (kept for the callers).
//  (c) and, where it is at most 1, its light part moves at least kLightSpread classes
//      (light_spread; helper h28t): an element that depends on just over half of the classes,
//      one pair a class (a prefix sum's or a triangular sum's ~129 terms, a causal softmax's
//      first 257 keys), has a median class that is one of its own smallest terms and a "light
//      part" of the few smallest (1 to 3 classes: 2.8e-06 of matmul_tri's tolerance live), not a
//      light part by weight; h <= 128 heavy pairs leave at least 128 light classes.
//  (d) (helper h29k) and, where it is at most 1, it is not under the element's grain floor
//      (`floor[k][i]`, grain_floor: its light part cannot move the stored value by half a step
//      of the output's dtype; blw_pagerank_edgelist's float64 reference atomics move each element
//      by ~1e-22 in every class, a "light part" of 4.6e-11 of the tolerance under an FP32 step of
//      ~1e-13): such an element is -l (unseen: not judged, as 0, but refusable_shares and
//      grain_note say so; light_tail counts it as weak, as before (d), so that (d) never makes
//      an output a tail); `floor` null or short: nothing unseen.
// 0 elsewhere (not judged); NaN stays NaN. `atol_part` and `told` are not read (they carried
// (b) until h30t; host_judged_sums still passes both values of told, which now agree). The device's
// solver_judged256 (share_source.h, judged_sums.h) is this rule too, held to it bit for bit.
std::vector<std::vector<double>> judged_light_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& light,
    const std::vector<std::vector<double>>& atol_part, const std::vector<int>* told = nullptr,
    const std::vector<std::vector<double>>* floor = nullptr);

// P6k reads an output's judged light shares as a population (helper h28t, issue 28's "no false
// rejections"; docs/reliability.md "P6k's false refusals of two built-in seeds"): an element's
// judged light share is at most 1 where its data makes it so as well as where the spec's weights
// do. A causal attention row's first keys, one pair a class over 64 to 200 classes, move its
// outputs by products of random values spread over decades: where one key's weight is small,
// its classes are the element's "light part", and over millions of elements the least such share
// runs down to 0 whatever the tolerance (live: attention_bf16 at 0.0008 of it). Those elements
// are the low tail of a continuum: for each one at most 1, many more lie between 1 and
// kNearLight (host simulations, tests/engine/h28t_false_refusal_sim: 42 of 6748, 39 of 25375,
// 7 of 29646), and a sampler of them saves their few terms. A light part within the tolerance
// by the spec's weights holds on every element of its kind (red teams 25, 26, 28: one element; a
// heavy-tap filter: every element), so it is at least 1 / kTailRatio of the elements judged at
// most kNearLight, or one of fewer than kTailMin weak elements (one heavy-weighted sum beside 512
// softmax-like shares of the same sum, law_regions_test's mixed output, stays refused).
// light_tail(weak, near) says the first: the output has at least kTailMin `weak` elements judged
// in (0, 1] and they are fewer than 1 / kTailRatio of its `near` ones judged in (0, kNearLight];
// then nothing of it is refused. Not covered: weak elements diluted into such a tail by design
// (kTailMin of them with at least kTailRatio x as many light parts told apart by 1 to kNearLight
// tolerances); counting each light class's pairs (a second strided echo of half of each class)
// would close it.
// Tails by kind (helper h30d, issue 28): since h30t dropped (b), an atol-held weak element
// (atol_held: light share l in (0, 1] that its atol alone makes so, l > 1 - its atol_part: at atol
// 0 its share l / (1 - atol_part) is above 1) counts as weak, so a spec's atol-held companions (512
// softmax-like shares of a sum) were a ready-made tail for a heavy sum weak at atol 0 beside them
// (law_regions_test's mixed output at atol 1e-6). Weak elements are now counted per kind, and a
// kind's weak elements are excused only by a tail of their own kind (`weak[kind]` against the
// output's `near`): an element weak at atol 0 (its light part within rtol x |ref|: weak by the
// relative weights, the heavy sum's kind) is excused only where kTailMin elements are so, and an
// atol-held one (weak because its value is small: a softmax's small probabilities) only where
// kTailMin are held. Not covered: companions of the judged element's own kind (weak at atol 0
// beside a heavy sum, or atol-held beside an atol-held heavy sum at a tiny rtol), as before h30t.
inline constexpr double kNearLight = 16;
inline constexpr double kTailRatio = 4;
inline constexpr uint64_t kTailMin = 4;
inline bool light_tail(uint64_t weak, uint64_t near) {
  return weak >= kTailMin && double(weak) * kTailRatio < double(near);
}
// Whether a judged share `judged` (-l where unseen) is weak only through its atol (l in (0, 1],
// l > 1 - atol_part): light_tail's kind 1; every other element kind 0.
inline bool atol_held(double judged, double atol_part) {
  const double l = judged < 0 ? -judged : judged;
  return l > 0 && l <= 1 && l > 1 - atol_part;
}
struct TailCounts {
  uint64_t weak[2] = {0, 0};  // judged in (0, 1] (or unseen), kind 0 and atol_held
  uint64_t near = 0;          // judged in (0, kNearLight] (or unseen), either kind
  bool holds(bool held) const { return light_tail(weak[held], near); }
  // whether more near elements could make a kind's tail hold
  bool wants_near() const {
    return (weak[0] >= kTailMin && !holds(false)) || (weak[1] >= kTailMin && !holds(true));
  }
};
// Whether a judged share (-l where unseen) is weak: in (0, 1], or unseen.
inline bool tail_weak(double judged) { return judged < 0 || (judged > 0 && judged <= 1); }
// light_tail's counts over one output's judged shares: weak (tail_weak) per kind (atol_held) and
// near (in (0, kNearLight]), added to `c`. An unseen element ((d): -l, l <= 1) counts as weak and
// near, as before (d): (d) never makes light_tail hold where it did not. `atol_part` null: kind 0.
void count_tail(const std::vector<double>& judged, const std::vector<double>* atol_part,
                TailCounts& c);
// One weak element of an output (tail_weak: judged in (0, 1], or unseen), by index (helper
// h32tail): what a kind's tail is made of, carried out of the host's and the device's judgement
// (StridedJudgement::weak, Worker::class_light) so that the second look (second_look.h
// tail_recurrence) can ask whether the same elements are weak again on the judging set. `held`:
// its kind on its own set (atol_held).
struct WeakElement {
  uint64_t index = 0;
  double judged = 0;
  bool held = false;
};
// Per output, its weak elements in index order.
using WeakElements = std::vector<std::vector<WeakElement>>;
// Appends the weak elements of one output's (or one block's) judged shares to `out`, element i
// as index first + i, its kind from `atol_part` (null: kind 0; else as long as `judged`).
void add_weak(const std::vector<double>& judged, const std::vector<double>* atol_part,
              uint64_t first, std::vector<WeakElement>& out);
// Per output, light_refusal's input from judged_light_shares' values: the least above 0 of the
// elements whose kind's tail (light_tail, above) does not hold (weakest_shares' where none holds;
// NaN where one is NaN; 0 where both hold); where none is above 0 but some such element is unseen
// ((d): -l), minus the largest unseen l (grain_note's). `atol_part` (atol_parts on the set; null:
// every element of kind 0, the rule before h30d) gives the kinds.
std::vector<double> refusable_shares(const std::vector<std::vector<double>>& judged,
                                     const std::vector<std::vector<double>>* atol_part = nullptr);
// That mark: `least` (the least judged share above 0, 0: none, or NaN) where it is not 0, else
// -largest_unseen (0 where nothing is unseen).
inline double unseen_mark(double least, double largest_unseen) {
  return least != 0 || !(largest_unseen > 0) ? least : -largest_unseen;
}

// How many classes hold element i of output k's light part in `by_class` (light_shares'
// layout): those moving it (energy above 0) at most kDominantEnergy x its median class's energy
// (0 where the median is 0). judged_light_shares' (c) asks kLightSpread of them.
inline constexpr size_t kLightSpread = 64;
size_t light_spread(const std::vector<std::vector<std::vector<double>>>& by_class, size_t k,
                    size_t i);

// The strided partition's class shares of every output element held at once (one pass) up to
// this many bytes; past it, two passes (strided_judgement).
inline constexpr size_t kLightBytes = size_t(2) << 30;

// The strided partition's judgement on the host (law_regions_op.cpp: the fallback where the
// device path, class_light with judged_sums, is not taken): `echo(r)` is class r's element shares
// (Worker::echo_shares), `atol_part` atol_parts on set 0, `law` whether set 0's weakest still
// clears the bar. `light` per output: weakest_shares of light_shares (the bar's, read on the law);
// `judged`: refusable_shares of judged_light_shares (light_refusal's).
// Where classes x elements x 8 bytes fit in `budget`: one pass of kStridedRegions class echoes,
// every element exact (h28w). Past it (a 1024 x 32000 softmax: 67 GB), a first pass keeps per
// element counts of classes: energy 0, <= 1, <= kNearLight^2 (light_tail's count, wanted where
// kTailMin elements may be weak) and <= kLawCheckShare^2 (on the law). An element's judged
// light share can be at most 1 only where at least half its classes are at most 1 (every class
// up to the median is light); its light share can be under the bar only where half its classes
// are under the bar's square; its judged share can be at most kNearLight only where half its
// classes are at most kNearLight^2. Only those elements are judged exactly, in a second pass
// (more where they pass `budget`); those that can only be near (light_tail's count: more than
// half their classes above 1, so a light share above 1) last, and only while an output has
// kTailMin weak elements and its tail does not hold yet (h30t). Same verdicts as the one pass
// (the least judged share above 1 may be another, or 0), and `light` is 0 (nothing lowered)
// where no element can be under the bar. (Until h30t it also counted classes at atol 0
// and whether an output was surely told, for (b).)
struct StridedJudgement {
  std::vector<double> light, judged;
  // per output, every weak element by index (helper h32tail: judged exactly in either mode)
  WeakElements weak;
  int passes = 0;    // passes of kStridedRegions class echoes taken
  size_t exact = 0;  // elements judged exactly (every element in one pass)
};
// `echo_at(r, picks)`, where given, is class r's element shares of the elements `picks[k]` of each
// output k only (in that order; an output with no pick may be empty): the second pass's, which
// then compares those elements alone.
using StridedShares = std::function<std::vector<std::vector<double>>(const EchoRegion&)>;
using StridedPicked = std::function<std::vector<std::vector<double>>(
    const EchoRegion&, const std::vector<std::vector<size_t>>&)>;
// `floor`: grain_floors on set 0 ((d); empty: nothing unseen).
StridedJudgement strided_judgement(const StridedShares& echo,
                                   const std::vector<std::vector<double>>& atol_part, bool law,
                                   size_t budget = kLightBytes, const StridedPicked& echo_at = {},
                                   const std::vector<std::vector<double>>& floor = {});

// Whether the strided classes are taken after the hashed ones (`hashed` their weakest_shares
// per output): where some element has a light part there (above 0, or NaN). An element whose
// median hashed class does not move depends on fewer than 16 of 32 hashed classes (~22 pairs
// or fewer for a set the hash does not know), and so on fewer than 128 strided classes: its
// strided light share is 0 too, and an element-wise map on the law pays 64 class echoes, not 320.
bool strided_needed(const std::vector<double>& hashed);

// The spec's refusal on the light part (red team 25, helper h28w): `light` per output the
// strided partition's judged light share (refusable_shares of judged_light_shares: its least
// judged element above 0),
// `outputs` their names (empty: one output), `tols` their tolerances (tols[0] for all where one
// is given), `echoed` the echoed inputs' names. Non-empty (the gate's invalid_spec detail, led by
// kSampleLintMarker) where some output's light share is above 0 and at most 1: the positions
// outside its dominant classes, the work, move it by at most 1 tolerance under a 1-in-2 echo, so
// no verified run can refuse a kernel that reads the heavy positions and half of the rest. The
// remedy: a tolerance under light / 2 of the declared. NaN refuses nothing.
std::string light_refusal(const std::vector<double>& light, const std::vector<std::string>& outputs,
                          const std::vector<generators::Tolerance>& tols,
                          const std::string& echoed);
// The gate's note where an output's light part is unseen (helper h29k): `light` as light_refusal
// reads it; a negative value (refusable_shares' unseen mark, nothing judged above 0) says every
// element whose light part is within the tolerance moves by under half a step of `dtypes[k]`
// (dtypes[0] for all where one is given): "light part below FP32 resolution of ...". Empty where
// no output is so.
std::string grain_note(const std::vector<double>& light, const std::vector<std::string>& outputs,
                       const std::vector<generators::DType>& dtypes);

}  // namespace solver::gpu
