#include "engine/backend/recorded_backend.h"

#include "engine/backend/paired_verdict.h"

#include "engine/backend/draw_seed.h"
#include "engine/backend/gate_parts.h"
#include "engine/backend/profile_policy.h"

#include <map>
#include <random>

namespace solver::engine {

RecordedBackend::RecordedBackend(Recording recording) : recording_(std::move(recording)) {}

BackendInfo RecordedBackend::info() const {
  BackendInfo i;
  i.kind = "recorded";
  i.chip_id = recording_.chip;
  i.device_name = recording_.device_name;
  i.recording = recording_.file;
  std::string device = recording_.device_name.empty() ? recording_.chip : recording_.device_name;
  i.note = "replaying measurements recorded on " + device +
           (recording_.driver.empty() ? "" : " (driver " + recording_.driver + ")") +
           (recording_.created.empty() ? "" : " at " + recording_.created) + " from " +
           recording_.file + "; no GPU is used";
  return i;
}

void RecordedBackend::set_stale(const std::string& problem, const std::string& key,
                                const std::string& why) {
  stale_[problem + "/" + key] = why;
}

const RecordedVariant* RecordedBackend::lookup(const VariantRef& v) const {
  if (stale_.count(v.problem + "/" + v.key())) return nullptr;
  return recording_.find(v.problem, v.key());
}

std::string RecordedBackend::not_recorded(const VariantRef& v, const std::string& what) const {
  auto it = stale_.find(v.problem + "/" + v.key());
  if (it != stale_.end()) return "not recorded: " + v.problem + " " + v.key() + ": " + it->second;
  return "not recorded: " + v.problem + " " + v.key() + " " + what + " " + recording_.file;
}

GateResult RecordedBackend::gate(const VariantRef& v) {
  const RecordedVariant* r = lookup(v);
  if (r && r->gate) return *r->gate;
  GateResult g;
  g.status = GateStatus::NotRecorded;
  g.detail = not_recorded(v, "is not in");
  return g;
}

GateResult RecordedBackend::gate_part(const VariantRef& v, GatePart part) {
  GateResult g = gate(v);  // a subclass's gate (a test's refusal) is split the same way
  if (g.status == GateStatus::NotRecorded) return g;
  const std::string what = v.problem + " " + v.key() + " in " + recording_.file;
  switch (part) {
    case GatePart::Full:
      return g.deferred == DeferredChecks::NotRun ? deferred_part(g, what) : g;
    case GatePart::Regular:
      return regular_part(g);
    case GatePart::Deferred:
      return deferred_part(g, what);
  }
  return g;
}

ProfileResult RecordedBackend::profile(const VariantRef& v) {
  const RecordedVariant* r = lookup(v);
  if (r && r->profile) return *r->profile;
  // A point of a large pool recorded without a profile of its own (solver record --sweep):
  // its nearest profiled neighbour's counters, said so in the detail (profile_policy.h).
  if (r)
    if (auto b = borrowed_profile(recording_.problems.at(v.problem), v.key(), recording_.file))
      return *b;
  ProfileResult p;
  p.ok = false;
  p.detail = not_recorded(v, "was never profiled in");
  return p;
}

TimeSamples RecordedBackend::time_samples(const VariantRef& v, int samples, uint64_t seed) {
  const RecordedVariant* r = lookup(v);
  TimeSamples out;
  if (!r || r->samples_us.empty()) {  // not recorded: no numbers at all
    out.failure = GateStatus::NotRecorded;
    out.detail = not_recorded(v, "has no time samples in");
    return out;
  }
  std::mt19937_64 rng(draw_seed(seed, v.problem + "/" + v.key()));
  std::uniform_int_distribution<std::size_t> pick(0, r->samples_us.size() - 1);
  // Event times travel with their kernel times when the recording has them run by run.
  const bool events = r->event_samples_us.size() == r->samples_us.size();
  for (int i = 0; i < samples; ++i) {
    std::size_t k = pick(rng);
    out.kernel_us.push_back(r->samples_us[k]);
    if (events) out.event_us.push_back(r->event_samples_us[k]);
  }
  out.sm_clock_mhz = r->sm_clock_mhz;
  out.ok = true;
  return out;
}

PairSamples RecordedBackend::time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                                        const PairPlan& plan, uint64_t seed) {
  PairSamples out;
  const RecordedVariant* a = lookup(incumbent);
  const RecordedVariant* b = lookup(candidate);
  if (!a || !b || a->samples_us.empty() || b->samples_us.empty()) {
    out.failure = GateStatus::NotRecorded;
    const VariantRef& missing = (!a || a->samples_us.empty()) ? incumbent : candidate;
    out.detail = not_recorded(missing, "has no time samples in");
    return out;
  }
  // One generator for the pair, drawing incumbent then candidate, as the live protocol
  // alternates them.
  std::mt19937_64 rng(draw_seed(seed, incumbent.problem + "/" + incumbent.key(),
                                candidate.problem + "/" + candidate.key()));
  std::uniform_int_distribution<std::size_t> pa(0, a->samples_us.size() - 1);
  std::uniform_int_distribution<std::size_t> pb(0, b->samples_us.size() - 1);
  // Drawn pair by pair under the same stopping rule the worker applies while it times.
  do {
    out.incumbent_us.push_back(a->samples_us[pa(rng)]);
    out.candidate_us.push_back(b->samples_us[pb(rng)]);
  } while (!stop_after(out.incumbent_us, out.candidate_us, plan));
  out.sm_clock_mhz = b->sm_clock_mhz ? b->sm_clock_mhz : a->sm_clock_mhz;
  return out;
}

// Replaying a recording: copy the variant's recorded measurements whole (not the resampled
// draws), so measurements.json is the exact subset of the recording the run used.
bool TapBackend::copy_recorded(const VariantRef& v) {
  const Recording* rec = inner_.recording();
  if (!rec) return false;
  if (const RecordedVariant* r = inner_.lookup(v)) {
    auto& dst = sink_.problems[v.problem];
    if (dst.spec_hash.empty()) dst.spec_hash = rec->problems.at(v.problem).spec_hash;
    dst.variants.emplace(v.key(), *r);
  }
  return true;
}

GateResult TapBackend::gate_part(const VariantRef& v, GatePart part) {
  GateResult g = part == GatePart::Full ? inner_.gate(v) : inner_.gate_part(v, part);
  if (copy_recorded(v)) return g;
  if (g.status == GateStatus::NotRecorded || g.status == GateStatus::NoDevice) return g;
  std::optional<GateResult>& kept = sink_.at(v.problem, v.key()).gate;
  if (part == GatePart::Deferred && kept && kept->deferred == DeferredChecks::NotRun)
    kept = merge_parts(*kept, g);
  else if (!(part == GatePart::Regular && kept && kept->deferred != DeferredChecks::NotRun))
    kept = g;  // a regular part never replaces a fuller gate
  return g;
}

ProfileResult TapBackend::profile(const VariantRef& v) {
  ProfileResult p = inner_.profile(v);
  if (copy_recorded(v)) {
    // A borrowed profile (profile_policy.h) goes with the point, so the run's subset replays
    // the same answer without the neighbour it came from; its detail still says whose it is.
    if (p.ok && p.detail.rfind("borrowed profile", 0) == 0) {
      auto& rv = sink_.at(v.problem, v.key());
      if (!rv.profile) rv.profile = p;
    }
    return p;
  }
  if (p.ok) sink_.at(v.problem, v.key()).profile = p;
  return p;
}

TimeSamples TapBackend::time_samples(const VariantRef& v, int samples, uint64_t seed) {
  TimeSamples s = inner_.time_samples(v, samples, seed);
  if (copy_recorded(v)) return s;
  if (s.ok && !s.kernel_us.empty()) {
    auto& rv = sink_.at(v.problem, v.key());
    rv.samples_us.insert(rv.samples_us.end(), s.kernel_us.begin(), s.kernel_us.end());
    // Kept run by run only while both lists stay aligned.
    if (s.event_us.size() == s.kernel_us.size() &&
        rv.event_samples_us.size() + s.event_us.size() == rv.samples_us.size())
      rv.event_samples_us.insert(rv.event_samples_us.end(), s.event_us.begin(), s.event_us.end());
    if (s.sm_clock_mhz > 0) rv.sm_clock_mhz = s.sm_clock_mhz;
  }
  return s;
}

PairSamples TapBackend::time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                                   const PairPlan& plan, uint64_t seed) {
  PairSamples p = inner_.time_pairs(incumbent, candidate, plan, seed);
  if (copy_recorded(incumbent) && copy_recorded(candidate)) return p;
  if (!p.incumbent_us.empty()) {
    auto& a = sink_.at(incumbent.problem, incumbent.key());
    a.samples_us.insert(a.samples_us.end(), p.incumbent_us.begin(), p.incumbent_us.end());
    auto& b = sink_.at(candidate.problem, candidate.key());
    b.samples_us.insert(b.samples_us.end(), p.candidate_us.begin(), p.candidate_us.end());
    if (p.sm_clock_mhz) a.sm_clock_mhz = b.sm_clock_mhz = p.sm_clock_mhz;
  }
  return p;
}

}  // namespace solver::engine
