// The tolerance lint's model echoes (model_echo.h): once per problem and worker, after the copy
// echoes' verdict passes, each model-echoed input alone by model_patterns (two reference runs a
// set, three for a permutation or a cycle), on set 0 and, where set 0 leaves a pair at most 1, on
// the fresh set; each draw's element shares folded per element (model_quiet.h, helper h30t),
// with the fresh set and up to kQuietExtraDraws further keyed refills of set 0 taken while some
// element is undecided; then, where the verdict passes, each input's light part (model_light.h,
// helper h31): class refills of set 0.
#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/lint_shares.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_light.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

SampleLintVerdict Worker::model_lint(Prepared& p, const std::function<int()>& fresh_set,
                                     const std::vector<std::string>& outputs,
                                     std::vector<generators::Tolerance> tols,
                                     const std::vector<BlindDeclared>& declared) {
  if (tols.empty()) tols.push_back(p.resolved.tolerance);
  // Exact outputs share 0 or infinity: no model echo can refuse them (no reference run).
  if (!model_lint_needed(tols)) return {};
  const size_t n_out = std::max<size_t>(outputs.size(), 1);
  std::vector<InputShares> inputs;
  std::vector<std::vector<QuietVerdict>> quiet;         // per input: model_quiet.h's, per output
  std::vector<size_t> echoed;                           // the model-echoed inputs' buffer indices
  std::vector<std::vector<std::vector<uint8_t>>> told;  // per input: QuietFold::told
  std::optional<PhaseScope> phase;
  for (size_t i = 0; i < p.resolved.buffers.size(); ++i) {
    const generators::ResolvedBuffer& b = p.resolved.buffers[i];
    // Set 0 read afresh each time: the fresh set, once made, may move the sets.
    const HostSet& set0 = p.buffers->host_set(0);
    if (!model_echoed(b) || set0.inputs.size() <= i || !set0.inputs[i]) continue;
    if (!phase) phase.emplace("model_lint");
    InputShares in{b.name, false, {}, true};
    // Each draw's element shares, on the host (one draw at a time), folded per element
    // (model_quiet.h, helper h30t: quiet by construction or by chance).
    QuietFold fold;
    auto draw = [&](int s, const EchoPattern& e) {
      ClassShares elements;
      elements.host_only = true;
      const std::vector<double> got = echo_shares(p, s, e, int(i), nullptr, nullptr, &elements);
      for (const auto& shares : elements.host) fold_quiet(fold, shares, e.parity);
      return got;
    };
    auto take = [&](int s, const std::string& name) {
      in.sets.push_back(SetShare{name, 0, std::vector<double>(n_out, 0.0)});
      for (const EchoPattern& e : model_patterns()) {
        if (!model_pattern_moves(b, e)) continue;
        const std::vector<double> got = draw(s, e);
        SetShare& mine = in.sets.back();
        for (size_t k = 0; k < n_out; ++k) {
          const double g = k < got.size() ? got[k] : std::numeric_limits<double>::infinity();
          mine.outputs[k] = std::max(mine.outputs[k], g);
          mine.share = std::max(mine.share, mine.outputs[k]);
        }
      }
    };
    take(0, "set 0");
    bool pending = false;  // some pair at most 1 (0 included) on set 0: the fresh set too
    for (size_t k = 0; k < n_out; ++k) pending = pending || in.sets.front().outputs[k] <= 1;
    // The fresh set also where some element is undecided; then further keyed refills of set 0
    // (a permutation's or a cycle's) while one is, at most kQuietExtraDraws. Their largest shares
    // are not the pairs' (the verdict's sets and patterns are as before): they judge elements.
    // `more`: the moves an element could still get, per pattern (quiet_verdict: draws that
    // cannot decide any element are not taken; helper h31decoy: a pattern's rate is its own).
    EchoPattern keyed{1, kKeyedHalf, true};
    const int extra = model_pattern_moves(b, keyed) ? kQuietExtraDraws : 0;
    QuietMore more{};
    for (const EchoPattern& e : model_patterns())
      if (model_pattern_moves(b, e) && e.parity >= 0 && e.parity < kQuietPatterns)
        ++more[size_t(e.parity)];
    more[kKeyedHalf] += extra;
    if (pending || quiet_undecided(quiet_verdict(fold, more)))
      if (const int s = fresh_set(); s >= 0) take(s, "the fresh set");
    for (int j = 1; j <= extra && quiet_undecided(quiet_verdict(fold, keyed_more(extra - j + 1)));
         ++j) {
      keyed.draw = j;
      draw(0, keyed);
    }
    inputs.push_back(std::move(in));
    quiet.push_back(quiet_verdict(fold));
    echoed.push_back(i);
    told.push_back(std::move(fold.told));
  }
  SampleLintVerdict v = model_lint_verdict(inputs, outputs, tols, declared, quiet);
  if (v.refusal.empty()) {
    const std::string light = model_light_part(p, echoed, told, outputs, declared);
    if (!light.empty()) v.refusal = light;
  }
  return v;
}

// The model echoes' light part (model_light.h, helper h31): each model-echoed input's class
// refills of set 0, on the host, 32 of them and, where some element has a light part there,
// 256; the first refusal, or nothing.
std::string Worker::model_light_part(Prepared& p, const std::vector<size_t>& echoed,
                                     const std::vector<std::vector<std::vector<uint8_t>>>& told,
                                     const std::vector<std::string>& outputs,
                                     const std::vector<BlindDeclared>& declared) {
  if (echoed.empty()) return {};
  PhaseScope phase("model_light");
  std::vector<generators::Tolerance> tols;  // element_shares' own (echo_shares)
  for (size_t b : p.buffers->outputs()) tols.push_back(set_tolerance(p, p.buffers->host_set(0), b));
  if (tols.empty()) tols.push_back(p.resolved.tolerance);
  const auto& base = reference_outputs(p, 0);
  const std::vector<std::vector<double>> atol = atol_parts(base, tols);
  const size_t n_out = std::max<size_t>(outputs.size(), 1);
  for (size_t e = 0; e < echoed.size(); ++e) {
    const size_t i = echoed[e];
    const generators::ResolvedBuffer& b = p.resolved.buffers[i];
    // (d)'s bound: grain_bound of this input's pairs (h30g's rule), or the problem's, the larger.
    std::vector<OutputGrain> grains = output_grains(p.resolved.buffers, p.buffers->outputs());
    const double pairs = std::max(light_pairs(p.resolved.buffers), double(b.elements) / 2);
    for (OutputGrain& g : grains) g.bound = grain_bound(pairs);
    const std::vector<std::vector<double>> floor = grain_floors(base, tols, grains);
    std::vector<bool> blind(n_out, false);
    for (size_t k = 0; k < n_out; ++k)
      for (const BlindDeclared& d : declared)
        blind[k] =
            blind[k] || (d.input == b.name &&
                         (outputs.size() <= 1 || (k < outputs.size() && d.output == outputs[k])));
    const ModelLight light = model_light(
        [&](uint64_t classes, uint64_t cls, const std::vector<std::vector<size_t>>* picks) {
          ClassShares one;
          one.classes = 1;
          one.host_only = true;
          one.started = true;  // on the host (a started host ClassShares stays there)
          EchoPattern e;
          e.model = true;
          e.classes = classes;
          e.cls = cls;
          echo_shares(p, 0, e, int(i), nullptr, nullptr, &one, picks);
          return one.host.empty() ? std::vector<std::vector<double>>{} : std::move(one.host.back());
        },
        n_out, atol, floor, kLightBytes, e < told.size() ? &told[e] : nullptr);
    const std::string refusal = model_light_refusal(light.judged, outputs, tols, b.name, blind);
    if (!refusal.empty()) return refusal;
  }
  return {};
}

}  // namespace solver::gpu
