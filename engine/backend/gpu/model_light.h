// The model echoes' light part (issue 28, red team 31's redteam31_inner_head_boys, helper h31;
// docs/reliability.md "The model echoes' light part"). The model echoes (model_echo.h) and h30t's
// per-element judgement (model_quiet.h) judge an element by how far the WHOLE element moves, so a
// loud head inside the element (y = S + H: H the sum of p_0..p_31, S an expensive sum over the
// whole permutation, 10.6 tolerances, moved ~0.002 of one by a half refill) is told apart by H on
// every draw and S, the work, goes unjudged: a kernel reads H exactly and models S from 1 term in
// 1024. The copy echoes have P6k for this (law_regions.h: class echoes, the median class light);
// no copy echo reaches a permutation, a cycle or an ordered input's model.
// So, for each model-echoed input of a problem the model echoes passed, set 0 is refilled by
// position class (model_echo.h ModelClass: in each pair of the class one place, even or odd by a
// keyed bit, refilled as the model echo refills), and each element's light share is read as P6k
// reads it (light_shares: the root energy of the classes at most kDominantEnergy x the median
// class's), over kStridedRegions = 256 strided classes (pair j in class j mod 256): h <= 128
// heavy pairs leave the median class light wherever they are. Judged as P6k judges
// (judged_light_shares): (a) the element's dominant classes hold at least its light energy (it
// is told apart by heavy places: the inner head's shape), (c) its light part moves >= kLightSpread
// classes, (d) not under the grain floor (grain_bound of the input's pairs or the problem's, the
// larger); the output's judged shares read as a population (refusable_shares: tails by kind), and
// one in (0, 1] refuses the spec (model_light_refusal, invalid_spec). Only elements some model
// echo told apart are judged (the property: an element told apart by a model refill of half the
// input, whose places outside its dominant classes move it by at most its tolerance, refuses the
// spec); one never told apart is the quiet fold's. The tails (light_tail, by kind) are counted
// over every element's light share with (c) and (d) but not (a) and not told (population_shares,
// model_refusable): a data-dependent continuum of small light parts (a periodogram's lowest
// frequencies, smooth in every sample time: culsp_lomb_scargle) is a tail whether its members
// were told apart or show chance-dominant classes (few pairs a class: culsp's 4096 times give 8,
// and (a) held by chance for a told low frequency at 0.56), as P6k's tails excuse such a
// continuum; a lone heavy element (the inner head) is no tail. An element with no heavy
// place is left, as P6k leaves it, to the whole-element rules: the pair's largest share and
// model_quiet.h's quiet fold. (Dropping (a) here would judge such elements without the quiet
// fold's chance rate, but it refuses an honest spec: culsp_lomb_scargle's lowest frequency, a
// smooth function of every sample time, has a light share of 0.94 of its tolerance and no heavy
// place, one element of 262144; red29_sim corpus.)
// Cost, bounded: kModelScreenClasses = 32 class refills of set 0 first (pair j in class j mod
// 32, the same keyed places): an element whose median coarse class does not move moves under at
// most 16 of the 32, hence (each coarse class the union of 8 fine ones, a fine class's places a
// subset of its coarse class's) under at most 128 of the 256 fine classes, so its fine light
// share is 0 too: where no element of any output has a coarse light part (gathers, element-wise
// maps, row sums over few places) the 256 are not taken. The screen is a property of the
// partitions, not of the data an author chooses: an element that depends on more than half of
// the fine classes is moved by more than half of the coarse ones (premise: a refill that moves
// the places an element depends on moves it; an element unmoved by a coarse refill and moved by
// one of its fine refills needs the coarse refill's exact shuffle, which the set's seed keys).
// So per model-echoed input: 32 host refills and reference runs, plus 256 where some element has
// a coarse light part; past `budget` bytes of class shares (256 x 8 bytes an element), a counting
// pass and a second pass over the elements whose light share can be at most kNearLight.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/backend/gpu/law_regions.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

inline constexpr uint64_t kModelScreenClasses = 32;

// The element shares (per output, per element: element_shares' layout) of class refill `cls` of
// `classes`; `picks` non-null: per output only the elements it lists, in its order.
using ModelClassShares = std::function<std::vector<std::vector<double>>(
    uint64_t classes, uint64_t cls, const std::vector<std::vector<size_t>>* picks)>;

// Per output, per element: the light share with P6k's (c) and (d) but not (a) (0 where it is 0
// or, at most 1, spread over fewer than kLightSpread classes; -l where unseen; NaN stays): the
// population light_tail counts (every element, told or not).
std::vector<std::vector<double>> population_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& light,
    const std::vector<std::vector<double>>* floor = nullptr);
// refusable_shares with the tails counted over `pop` (population_shares) and the least read over
// `judged` (the told elements' judged_light_shares): per output, the least judged element above 0
// whose kind's tail does not hold (NaN where one is NaN; else the unseen mark).
std::vector<double> model_refusable(const std::vector<std::vector<double>>& judged,
                                    const std::vector<std::vector<double>>& pop,
                                    const std::vector<std::vector<double>>& atol_part);

struct ModelLight {
  bool screened = false;       // the coarse classes showed a light part: the fine ones taken
  int refills = 0;             // class refills taken (each a reference run)
  int passes = 0;              // passes over the fine classes (2: the counting pass past budget)
  std::vector<double> judged;  // per output: refusable_shares (light_refusal's); empty: none
};
// The judgement above over `echo`'s class refills of set 0; `atol_part` (atol_parts on set 0)
// gives the tails' kinds, `floor` (grain_floors) (d). `outputs` the number of outputs.
// `told` (per output, per element; model_quiet.h QuietFold::told): the elements some model echo
// told apart, the only ones judged (null: every element). An element never told apart is the
// quiet fold's (model_quiet.h): its light share is its whole spread, and P6k's (a) reads chance
// dominance where a class holds few pairs (culsp_lomb_scargle's 4096 sample times: 8 pairs a
// class; its lowest frequency, quiet in every draw, judged 0.56 with (a) holding by chance).
ModelLight model_light(const ModelClassShares& echo, size_t outputs,
                       const std::vector<std::vector<double>>& atol_part,
                       const std::vector<std::vector<double>>& floor, size_t budget = kLightBytes,
                       const std::vector<std::vector<uint8_t>>* told = nullptr);

// The refusal (led by kSampleLintMarker) where some output's judged share (ModelLight::judged)
// is in (0, 1]; empty otherwise. `input` the model-echoed input's name; `declared_blind` per
// output: excused (blind_to), nothing said.
std::string model_light_refusal(const std::vector<double>& judged,
                                const std::vector<std::string>& outputs,
                                const std::vector<generators::Tolerance>& tols,
                                const std::string& input,
                                const std::vector<bool>& declared_blind = {});

}  // namespace solver::gpu
