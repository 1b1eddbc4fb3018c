// The recorded backend: a Backend that serves measurements taken earlier on a real GPU (a
// Recording, recording.h). gate() and profile() return what was recorded; time_samples() and
// time_pairs() draw from the variant's recorded unprofiled samples with a seeded generator, so
// a replay is deterministic for a seed and still carries the real run-to-run noise. A variant
// the recording lacks is GateStatus::NotRecorded / profile ok=false "not recorded": never a
// made-up number. One exception, said in its detail: a gate-passed, timed point of a large pool
// recorded without a profile of its own is served its nearest profiled neighbour's counters
// with its own time (profile_policy.h).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "engine/backend/backend.h"
#include "engine/backend/recording.h"

namespace solver::engine {

class RecordedBackend : public Backend {
 public:
  explicit RecordedBackend(Recording recording);
  BackendInfo info() const override;
  GateResult gate(const VariantRef& v) override;
  // The recorded full gate split as the worker splits it (gate_parts.h: regular_part,
  // deferred_part), so a replay follows the deferred order as a live run does.
  GateResult gate_part(const VariantRef& v, GatePart part) override;
  ProfileResult profile(const VariantRef& v) override;
  TimeSamples time_samples(const VariantRef& v, int samples, uint64_t seed) override;
  PairSamples time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                         const PairPlan& plan, uint64_t seed) override;
  const Recording* recording() const override { return &recording_; }
  // Treats a recorded variant as not recorded, with `why` in the outcome's detail: for a
  // variant whose kernel source changed since it was measured (its numbers are not its own).
  void set_stale(const std::string& problem, const std::string& key,
                 const std::string& why) override;
  // The recorded measurements of `v`; nullptr when absent or stale.
  const RecordedVariant* lookup(const VariantRef& v) const override;

 private:
  std::string not_recorded(const VariantRef& v, const std::string& what) const;

  Recording recording_;
  std::map<std::string, std::string> stale_;  // "problem/key" -> why
};

// Wraps a backend and keeps every answer it gives in a Recording: the run directory's
// measurements.json, which `solver replay --simulate` (and anyone) can replay later.
class TapBackend : public Backend {
 public:
  TapBackend(Backend& inner, Recording& sink) : inner_(inner), sink_(sink) {}
  BackendInfo info() const override { return inner_.info(); }
  GateResult gate(const VariantRef& v) override { return gate_part(v, GatePart::Full); }
  // A regular part is kept until its deferred part comes, then both merged (gate_parts.h); a
  // candidate rejected before its deferred checks keeps the regular part (deferred not_run).
  GateResult gate_part(const VariantRef& v, GatePart part) override;
  ProfileResult profile(const VariantRef& v) override;
  TimeSamples time_samples(const VariantRef& v, int samples, uint64_t seed) override;
  PairSamples time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                         const PairPlan& plan, uint64_t seed) override;

 private:
  bool copy_recorded(const VariantRef& v);
  Backend& inner_;
  Recording& sink_;
};

}  // namespace solver::engine
