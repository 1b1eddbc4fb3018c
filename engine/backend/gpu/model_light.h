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
// one in (0, 1] refuses the spec (model_light_refusal, invalid_spec). An element some model echo
// told apart is judged as P6k judges (with (a): the inner head's shape); one never told apart
// (quiet in every draw, the quiet fold's) is judged on its light share with (c) and (d) but not
// (a) (population_shares): its light share is then its whole spread over 256 classes, the root of
// a sum of ~256 class energies, a property of its weights and not one refill's luck, so a lone
// quiet aggregate (red team 31's twin sums, or one hidden among decoys that raise the quiet
// fold's chance rate: model_quiet.h "Not covered") is refused without q. The tails (light_tail,
// by kind) are counted over every element's population share (model_refusable): a data-dependent
// continuum of small light parts (a periodogram's lowest frequencies, smooth in every sample
// time: culsp_lomb_scargle, 4096 times, so 8 pairs a class, where (a) also held by chance for a
// told low frequency at 0.56) is a tail, excused as P6k excuses one; a lone element is no tail.
// P6k's stated tail gap applies (weak elements diluted by design: 4 or more with 4 x as many near).
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
// told apart, judged with (a); the others without it (null: every element told).
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
