// The tolerance lint's model echoes (model_echo.h): once per problem and worker, after the copy
// echoes' verdict passes, each model-echoed input alone by model_patterns (two reference runs a
// set, three for a permutation or a cycle), on set 0 and, where set 0 leaves a pair at most 1, on
// the fresh set; each draw's element shares folded per element (model_quiet.h, helper h30t),
// with the fresh set and up to kQuietExtraDraws further keyed refills of set 0 taken while some
// element is undecided.
#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/lint_shares.h"
#include "engine/backend/gpu/model_echo.h"
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
  std::vector<std::vector<QuietVerdict>> quiet;  // per input: model_quiet.h's, per output
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
      for (const auto& shares : elements.host) fold_quiet(fold, shares);
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
    // `more`: the moves an element could still get (quiet_verdict: draws that cannot decide any
    // element are not taken).
    EchoPattern keyed{1, kKeyedHalf, true};
    const int extra = model_pattern_moves(b, keyed) ? kQuietExtraDraws : 0;
    int per_set = 0;
    for (const EchoPattern& e : model_patterns()) per_set += model_pattern_moves(b, e);
    if (pending || quiet_undecided(quiet_verdict(fold, per_set + extra)))
      if (const int s = fresh_set(); s >= 0) take(s, "the fresh set");
    for (int j = 1; j <= extra && quiet_undecided(quiet_verdict(fold, extra - j + 1)); ++j) {
      keyed.draw = j;
      draw(0, keyed);
    }
    inputs.push_back(std::move(in));
    quiet.push_back(quiet_verdict(fold));
  }
  return model_lint_verdict(inputs, outputs, tols, declared, quiet);
}

}  // namespace solver::gpu
