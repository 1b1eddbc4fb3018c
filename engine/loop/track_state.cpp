// A track's state between rounds and what a round reads of the problem: the OFF and precision
// policies, each variant's precision class, the physical floor of a point, the confidences of
// a table, and how a round's record folds into the state (TrackState::apply).
#include <algorithm>

#include "engine/backend/floor_bytes.h"
#include "engine/loop/measurement.h"
#include "engine/loop/round_loop.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "rules/enum_names.h"

namespace solver::engine {

using generators::Incumbent;

const char* to_string(OffPolicy p) {
  switch (p) {
    case OffPolicy::BestStatic:
      return "best-static";
    case OffPolicy::FirstRule:
      return "first-rule";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}
std::optional<OffPolicy> off_policy_from_string(std::string_view s) {
  return rules::parse_enum<OffPolicy>(s);
}
const char* to_string(PrecisionPolicy p) {
  switch (p) {
    case PrecisionPolicy::Any:
      return "any";
    case PrecisionPolicy::Same:
      return "same";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}
std::optional<PrecisionPolicy> precision_policy_from_string(std::string_view s) {
  return rules::parse_enum<PrecisionPolicy>(s);
}

std::string precision_class(const generators::ProblemSpec& spec, const std::string& key) {
  if (key.empty()) return "";
  const generators::VariantSpec* v = spec.find_variant(generators::parse_variant_key(key).first);
  return v ? v->precision : "";
}

std::string seed_precision(const generators::ProblemSpec& spec) {
  const generators::VariantSpec* seed =
      spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                : spec.find_variant(spec.seed_variant);
  return seed ? seed->precision : "";
}

void TrackState::apply(const RoundRecord& r) {
  round = r.round;
  if (!r.signals.values.empty()) {
    auto& p = profiles[r.incumbent];
    p.ok = true;
    p.signals = r.signals;
    p.time_us = r.incumbent_time_us;
    if (!r.incumbent_source_hash.empty()) p.source_hash = r.incumbent_source_hash;
  }
  if (seed_time_us == 0 && r.incumbent_time_us > 0)
    seed_time_us = best_time_us = r.incumbent_time_us;
  if (!r.candidate.empty()) tried.insert(r.candidate);
  for (const auto& s : r.screened) {  // the screening batch: tried, and timed where it passed
    tried.insert(s.key);
    if (s.status == GateStatus::Passed && s.median_us > 0) measured_us[s.key] = s.median_us;
  }
  if (!r.candidate.empty() && r.verdict && r.verdict->candidate_median_us > 0 &&
      (r.outcome == Outcome::Kept || r.outcome == Outcome::Rejected))
    measured_us[r.candidate] = r.verdict->candidate_median_us;
  if (r.outcome == Outcome::Rejected && r.verdict && (r.verdict->ci_low > 1 || r.tie_lead) &&
      !r.candidate.empty())
    leads[r.candidate] = r.verdict->median_ratio;
  switch (r.outcome) {
    case Outcome::Kept: {
      leads.clear();
      auto [id, knobs] = generators::parse_variant_key(r.candidate);
      incumbent = Incumbent{id, knobs};
      // A tie keep (knob_screen.h) is no measured gain: patience keeps counting.
      streak = r.tie_kept ? streak + 1 : 0;
      best_round = r.round;
      if (r.candidate_signals) {
        auto& p = profiles[r.candidate];
        p.ok = true;
        p.signals = *r.candidate_signals;
        p.time_us = r.candidate_time_us;
        p.source_hash = r.candidate_source_hash;
      }
      if (r.candidate_time_us > 0) best_time_us = r.candidate_time_us;
      break;
    }
    case Outcome::Rejected:
    case Outcome::GateFailed:
    case Outcome::NotRecorded:
    case Outcome::NoVariant:
    case Outcome::GeneratorFailed:
      ++streak;
      break;
    case Outcome::Refused:  // nothing was measured: the policy, not the kernel, said no
    case Outcome::Stop:
    case Outcome::Converged:
      break;
  }
  if (r.ends_track) ended = true;
}

TrackState initial_state(const generators::ProblemSpec& spec, const rules::ChipProfile& chip,
                         const std::string& track) {
  const generators::VariantSpec* seed =
      spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                : spec.find_variant(spec.seed_variant);
  if (!seed)
    throw rules::InputError(rules::Diagnostic{{spec.file, 0, 0}, "problem has no seed variant"});
  auto knobs = generators::default_knob_point(spec, *seed, {}, &chip);
  if (!knobs) {
    // Say why, at the place that refuses it: the first point's first check that fails (a spec
    // refused by validate, e.g. a measured class with no float64 output, used to read only "no
    // valid knob point", its reason said nowhere).
    rules::Diagnostic why{{spec.file, 0, 0}, ""};
    generators::for_each_knob_point(spec, *seed, [&](const generators::KnobValues& point) {
      auto d = generators::validate(spec, *seed, point, chip);
      if (!d.empty()) why = d.front();
      return d.empty();
    });
    why.message = "seed variant '" + seed->id + "' has no valid knob point on " + chip.id +
                  (why.message.empty() ? std::string() : ": " + why.message);
    throw rules::InputError(why);
  }
  TrackState s;
  s.problem = spec.name;
  s.track = track;
  s.incumbent = Incumbent{seed->id, *knobs};
  s.tried.insert(s.incumbent_key());
  return s;
}

double floor_us(const generators::ProblemSpec& spec, const Incumbent& v,
                const rules::ChipProfile& chip) {
  const generators::VariantSpec* vs = spec.find_variant(v.variant);
  if (!vs) return 0;
  auto shapes = generators::resolve_shapes(spec, *vs, v.knobs);
  double gbps = chip.number("dram_gbps");
  // The rate of the class the variant declares (its PTX is held to it: precision_mismatch),
  // so an FP32 kernel is not measured against the FP16 tensor-core peak. A class the chip
  // has no rate for falls back to the fastest rate it has (the lowest floor).
  double tflops = chip.number(vs->precision + "_tflops");
  if (!(tflops > 0))
    for (const char* k : {"fp32_tflops", "tf32_tflops", "bf16_tflops", "fp16_tflops"})
      tflops = std::max(tflops, chip.number(k));
  // A tensor-core class may run 2:4 structured-sparse MMAs, at twice the chip's dense figure:
  // this floor does not read the code, so it allows the sparse rate; the worker's floor reads
  // the PTX and holds dense code to the dense rate (floor_rate.h; red team 12's note).
  if (vs->precision != "fp32" && vs->precision != "fp64" && tflops > chip.number("fp32_tflops"))
    tflops *= 2;
  // Integer buffers may be multiplied on the integer tensor cores whatever float class the
  // output declares (the PTX scan excuses integer MMAs whose operands are the problem's own
  // integers: generators/ptx_int_provenance.h), so such a problem is held to that rate (the
  // worker's floor_rate.h reads the same fallbacks: int8_tops, else fp8's, else twice fp16's).
  bool integer_data = false;
  for (const auto& b : spec.buffers)
    integer_data = integer_data || b.dtype == generators::DType::I32 ||
                   b.dtype == generators::DType::U32 || b.dtype == generators::DType::I64 ||
                   b.dtype == generators::DType::U64;
  if (integer_data) {
    double int8 = chip.number("int8_tops");
    if (!(int8 > 0)) int8 = chip.number("fp8_tflops");
    if (!(int8 > 0)) int8 = 2 * std::max(chip.number("fp16_tflops"), chip.number("bf16_tflops"));
    tflops = std::max(tflops, 2 * int8);  // sparse IMMA: twice the dense integer rate
  }
  double t = 0;
  // Written bytes the L2 can still hold dirty at the run's end are not counted (floor_bytes.h).
  const double bytes = floor_dram_bytes(static_cast<double>(shapes.bytes), shapes.buffers,
                                        chip.number("l2_mib") * 1024.0 * 1024.0);
  if (gbps > 0 && bytes > 0) t = std::max(t, bytes / (gbps * 1e3));
  if (tflops > 0 && shapes.flops > 0) t = std::max(t, shapes.flops / (tflops * 1e6));
  return t;
}

std::map<std::string, double> confidences(const rules::RuleTable& table) {
  std::map<std::string, double> out;
  for (const auto& r : table.rules) out[r.id] = r.confidence;
  return out;
}

}  // namespace solver::engine
