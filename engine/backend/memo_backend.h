// One gate and one profile per variant per run. Both tracks of an ablation start from the same
// seed and mostly meet the same candidates; a live backend would gate and profile each of them
// twice, for the same answer a recorded backend gives both tracks by construction. The memo
// answers the second asker from the first measurement, marked `reused` with no phase times of
// its own (the cost was counted once, where it was paid). Timing is never reused: every paired
// timing runs afresh with its own fresh-set check, floor and consistency test, so a kernel
// that passed one gate still has to be correct and plausible in every timing.
#pragma once
#include <map>
#include <string>

#include "engine/backend/backend.h"

namespace solver::engine {

class MemoBackend : public Backend {
 public:
  // enabled false: a pass-through (recorded backends need no memo and stay byte-identical).
  MemoBackend(Backend& inner, bool enabled) : inner_(inner), enabled_(enabled) {}
  BackendInfo info() const override { return inner_.info(); }
  GateResult gate(const VariantRef& v) override;
  // Each part memoised on its own; a full gate answers a regular part (it covers it), and both
  // parts answer a full gate (merged).
  GateResult gate_part(const VariantRef& v, GatePart part) override;
  ProfileResult profile(const VariantRef& v) override;
  TimeSamples time_samples(const VariantRef& v, int samples, uint64_t seed) override {
    return inner_.time_samples(v, samples, seed);
  }
  PairSamples time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                         const PairPlan& plan, uint64_t seed) override {
    return inner_.time_pairs(incumbent, candidate, plan, seed);
  }
  const DeviceInfo* device() const override { return inner_.device(); }
  std::optional<Ceilings> ceilings() override;
  int workers_started() const override { return inner_.workers_started(); }
  const Recording* recording() const override { return inner_.recording(); }
  const RecordedVariant* lookup(const VariantRef& v) const override { return inner_.lookup(v); }
  void set_stale(const std::string& problem, const std::string& key,
                 const std::string& why) override {
    inner_.set_stale(problem, key, why);
  }
  int reused() const { return reused_; }

 private:
  Backend& inner_;
  bool enabled_;
  GateResult reuse(const GateResult& g);
  std::map<std::string, GateResult> gates_;  // "problem/key", "problem/key#regular"...
  std::map<std::string, ProfileResult> profiles_;
  int reused_ = 0;
};

}  // namespace solver::engine
