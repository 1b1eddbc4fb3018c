#include "engine/backend/gate_parts.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "rules/enum_names.h"

namespace solver::engine {

const char* to_string(GatePart p) {
  switch (p) {
    case GatePart::Full:
      return "full";
    case GatePart::Regular:
      return "regular";
    case GatePart::Deferred:
      return "deferred";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}
std::optional<GatePart> gate_part_from_string(std::string_view s) {
  return rules::parse_enum<GatePart>(s);
}

const char* to_string(DeferredChecks d) {
  switch (d) {
    case DeferredChecks::None:
      return "none";
    case DeferredChecks::NotRun:
      return "not_run";
    case DeferredChecks::Ran:
      return "ran";
  }
  return nullptr;
}
std::optional<DeferredChecks> deferred_checks_from_string(std::string_view s) {
  return rules::parse_enum<DeferredChecks>(s);
}

namespace {

bool contains(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

std::vector<std::string> clauses(const std::string& detail) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= detail.size()) {
    size_t end = detail.find("; ", at);
    out.push_back(detail.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) break;
    at = end + 2;
  }
  return out;
}

// The clauses of a passed full gate's detail (gate_op.cpp) that the regular part says too: its
// timed series and the worker's own notes; not those of the checks deferred.
bool regular_clause(const std::string& c) {
  for (const char* prefix : {"median ", "floor ", "timed perturbation:", "audits compared on"})
    if (c.rfind(prefix, 0) == 0) return true;
  return false;
}

}  // namespace

bool deferred_stage_failure(const GateResult& full) {
  if (full.passed()) return false;
  if (full.deferred == DeferredChecks::Ran) return true;
  if (full.deferred == DeferredChecks::NotRun) return false;
  // The worker's words: a regular set after the first ("before timing, input set N", N > 0),
  // check_outputs' "adversarial input set", a fault's "adversarial check run" phase, the lint's
  // refusal (sample_lint.h), the scratch-resolution step's (scratch_resolution.cpp
  // resolution_verdict: it runs beside the adversarial sets).
  const std::string later = "before timing, input set ";
  if (auto at = full.detail.find(later); at != std::string::npos) {
    const char c = at + later.size() < full.detail.size() ? full.detail[at + later.size()] : '0';
    const char next =
        at + later.size() + 1 < full.detail.size() ? full.detail[at + later.size() + 1] : ' ';
    if (c != '0' || std::isdigit(static_cast<unsigned char>(next))) return true;
  }
  return contains(full.detail, "adversarial input set") ||
         contains(full.detail, "adversarial check run") ||
         contains(full.detail, "adversarial input sets") ||
         (full.status == GateStatus::PrecisionMismatch &&
          contains(full.detail, "does not resolve its values at the declared class")) ||
         (full.status == GateStatus::InvalidSpec &&
          contains(full.detail, "tolerance admits a 1-in-2 sample"));
}

GateResult regular_part(const GateResult& full) {
  if (full.deferred != DeferredChecks::None) return full;
  if (!full.passed() && !deferred_stage_failure(full)) return full;
  GateResult g = full;
  g.status = GateStatus::Passed;
  g.deferred = DeferredChecks::NotRun;
  std::string detail;
  for (const std::string& c : clauses(full.passed() ? full.detail : std::string()))
    if (regular_clause(c)) detail += c + "; ";
  g.detail = detail + kDeferredNote;
  if (!full.passed()) {
    // The recorded failure's errors were the deferred part's.
    g.max_abs_err = g.max_rel_err = 0;
  }
  return g;
}

GateResult deferred_part(const GateResult& full, const std::string& what) {
  if (full.deferred == DeferredChecks::NotRun) {
    GateResult g;
    g.status = GateStatus::NotRecorded;
    g.detail = "not recorded: " + what +
               ": its recorded gate is the regular part only (the adversarial sets never ran)";
    return g;
  }
  GateResult g = full;
  g.deferred = DeferredChecks::Ran;
  g.phases_ms.clear();  // one measurement, split: its phase times go with the regular part
  return g;
}

GateResult merge_parts(const GateResult& regular, const GateResult& deferred) {
  GateResult g = deferred;
  g.deferred = DeferredChecks::Ran;
  g.timed_us = regular.timed_us;
  g.sm_clock_mhz = regular.sm_clock_mhz ? regular.sm_clock_mhz : deferred.sm_clock_mhz;
  if (deferred.passed()) {  // a failure's errors (NaN for a NaN output) are the deferred part's
    g.max_abs_err = std::max(regular.max_abs_err, deferred.max_abs_err);
    g.max_rel_err = std::max(regular.max_rel_err, deferred.max_rel_err);
  }
  g.input_sets = std::max(regular.input_sets, deferred.input_sets);
  if (g.seeds.empty()) g.seeds = regular.seeds;
  if (g.source_hash.empty()) g.source_hash = regular.source_hash;
  if (!g.homogeneous) g.homogeneous = regular.homogeneous;
  if (!g.law_checks) g.law_checks = regular.law_checks;
  g.phases_ms.clear();
  g.reused = regular.reused && deferred.reused;
  return g;
}

}  // namespace solver::engine
