#include "engine/backend/worker_protocol.h"

#include <cstdint>
#include <utility>

#include "engine/backend/json_util.h"
#include "rules/enum_names.h"

namespace solver::engine {
using nlohmann::json;

const char* to_string(GateStatus s) {
  switch (s) {
    case GateStatus::Passed:
      return "passed";
    case GateStatus::InvalidSpec:
      return "invalid_spec";
    case GateStatus::CompileError:
      return "compile_error";
    case GateStatus::WrongResult:
      return "wrong_result";
    case GateStatus::Fault:
      return "fault";
    case GateStatus::Timeout:
      return "timeout";
    case GateStatus::TooFast:
      return "too_fast";
    case GateStatus::NotRecorded:
      return "not_recorded";
    case GateStatus::NoDevice:
      return "no_device";
    case GateStatus::InputMutated:
      return "input_mutated";
    case GateStatus::InconsistentTiming:
      return "inconsistent_timing";
    case GateStatus::PrecisionMismatch:
      return "precision_mismatch";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<GateStatus> gate_status_from_string(std::string_view s) {
  return rules::parse_enum<GateStatus>(s);
}

std::string encode_request(const WorkerRequest& r) {
  json j = {{"id", r.id}, {"op", r.op}};
  if (r.variant) j["variant"] = to_json(*r.variant);
  if (r.incumbent) j["incumbent"] = to_json(*r.incumbent);
  if (r.candidate) j["candidate"] = to_json(*r.candidate);
  if (r.op == "gate") j["input_sets"] = r.input_sets;
  if (r.samples) j["samples"] = r.samples;
  if (r.pairs) j["pairs"] = r.pairs;
  // Every plan crosses, a fixed one too (red team 20): the worker decides whether to time the
  // law pairs (P6d, law_verdict.h wants_law_pairs) by the same verdict as the loop, so it needs
  // the rules' min_gain; a fixed plan used to arrive as PairPlan(pairs), min_gain 1% whatever
  // the rules said.
  if (r.op == "time_pairs") {
    j["plan"] = {{"first_look", r.plan.first_look},
                 {"look_step", r.plan.look_step},
                 {"min_gain", r.plan.min_gain}};
    if (r.plan.adaptive) j["plan"]["adaptive"] = true;
    if (!r.plan.sequential && !r.plan.adaptive) j["plan"]["sequential"] = false;
  }
  if (r.seed) j["seed"] = r.seed;
  if (r.full_metrics) j["full_metrics"] = true;
  if (!r.metrics.empty()) j["metrics"] = r.metrics;
  if (!r.pc_sampling) j["pc_sampling"] = false;                           // absent: on
  if (r.sweep) j["sweep"] = true;                                         // absent: the full gate
  if (r.gate_part != GatePart::Full) j["part"] = to_string(r.gate_part);  // absent: full
  if (r.homogeneous) j["homogeneous"] = *r.homogeneous;                   // absent: unknown
  if (r.law_checks) j["law_checks"] = *r.law_checks;                      // absent: unknown
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

rules::Outcome<WorkerRequest> decode_request(const std::string& line) {
  try {
    json j = parse_json_strict(line);
    JsonChecker c("request");
    if (!c.object(j, "")) c.throw_if_any("malformed request");
    WorkerRequest r;
    r.id = c.unsigned_integer(j, "id", true).value_or(0);
    r.op = c.string(j, "op", true).value_or("");
    c.throw_if_any("malformed request");
    if (j.contains("variant")) r.variant = variant_ref_from_json(j["variant"], "request: /variant");
    if (j.contains("incumbent"))
      r.incumbent = variant_ref_from_json(j["incumbent"], "request: /incumbent");
    if (j.contains("candidate"))
      r.candidate = variant_ref_from_json(j["candidate"], "request: /candidate");
    r.input_sets = static_cast<int>(c.integer(j, "input_sets", 0, INT32_MAX).value_or(2));
    r.samples = static_cast<int>(c.integer(j, "samples", 0, INT32_MAX).value_or(0));
    r.pairs = static_cast<int>(c.integer(j, "pairs", 0, INT32_MAX).value_or(0));
    r.plan = PairPlan(r.pairs);
    if (j.contains("plan")) {
      const json& p = j["plan"];
      // Absent: sequential (a request from before red team 20 sent a plan only when it was).
      r.plan.sequential = c.boolean(p, "sequential", false, "/plan").value_or(true);
      r.plan.first_look =
          static_cast<int>(c.integer(p, "first_look", 1, INT32_MAX, true, "/plan").value_or(8));
      r.plan.look_step =
          static_cast<int>(c.integer(p, "look_step", 1, INT32_MAX, true, "/plan").value_or(4));
      r.plan.min_gain = c.number(p, "min_gain", true, "/plan").value_or(0.01);
      if (!(r.plan.min_gain >= 0)) c.error("/plan/min_gain", "must be >= 0");
      r.plan.adaptive = c.boolean(p, "adaptive", false, "/plan").value_or(false);
    }
    r.seed = c.unsigned_integer(j, "seed").value_or(0);
    r.full_metrics = c.boolean(j, "full_metrics").value_or(false);
    r.metrics = c.strings(j, "metrics");
    r.pc_sampling = c.boolean(j, "pc_sampling").value_or(true);
    r.sweep = c.boolean(j, "sweep").value_or(false);
    if (auto part = c.string(j, "part")) {
      if (auto gp = gate_part_from_string(*part))
        r.gate_part = *gp;
      else
        c.error("/part", "unknown gate part '" + *part + "' (full, regular or deferred)");
    }
    r.homogeneous = c.boolean(j, "homogeneous");
    r.law_checks = c.boolean(j, "law_checks");
    c.throw_if_any("malformed request");
    return r;
  } catch (const rules::InputError& e) {
    return rules::Failure{"malformed request: " + e.format()};
  } catch (const std::exception& e) {  // a syntax error, a duplicate key
    return rules::Failure{std::string("malformed request: ") + e.what()};
  }
}

std::string encode_response(const WorkerResponse& r) {
  json j = {{"id", r.id}, {"ok", r.ok}};
  if (r.fatal) j["fatal"] = true;
  if (!r.error.empty()) j["error"] = r.error;
  if (r.error_status) j["error_status"] = to_string(*r.error_status);
  if (r.device) j["device"] = to_json(*r.device);
  if (r.ceilings) j["ceilings"] = to_json(*r.ceilings);
  if (r.gate) j["gate"] = to_json(*r.gate);
  if (r.profile) j["profile"] = to_json(*r.profile);
  if (r.time) j["time"] = to_json(*r.time);
  if (r.pairs) j["pairs"] = to_json(*r.pairs);
  // Invalid UTF-8 (a compiler log quoting a binary) must not make the worker throw.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode_beat(const WorkerBeat& b) {
  return json{{"beat", b.phase}, {"budget_ms", b.budget_ms}}.dump();
}

WorkerLine decode_worker_line(const std::string& line) {
  WorkerLine out;
  try {
    json j = parse_json_strict(line);
    JsonChecker c("worker line");
    if (!c.object(j, "")) c.throw_if_any("not an object");
    if (j.contains("beat")) {
      out.kind = WorkerLine::Kind::Beat;
      out.beat.phase = c.string(j, "beat", true).value_or("");
      out.beat.budget_ms = c.integer(j, "budget_ms", 0, INT64_MAX).value_or(0);
      c.throw_if_any("bad beat");
      return out;
    }
    WorkerResponse& r = out.response;
    r.id = c.unsigned_integer(j, "id", true).value_or(0);
    r.ok = c.boolean(j, "ok", true).value_or(false);
    r.fatal = c.boolean(j, "fatal").value_or(false);
    r.error = c.string(j, "error").value_or("");
    if (auto st = c.string(j, "error_status")) {
      r.error_status = gate_status_from_string(*st);
      if (!r.error_status) c.error("/error_status", "unknown gate status '" + *st + "'");
    }
    c.throw_if_any("bad response");
    if (j.contains("device")) r.device = device_info_from_json(j["device"]);
    if (j.contains("ceilings")) r.ceilings = ceilings_from_json(j["ceilings"]);
    if (j.contains("gate")) r.gate = gate_result_from_json(j["gate"]);
    if (j.contains("profile")) r.profile = profile_result_from_json(j["profile"]);
    if (j.contains("time")) r.time = time_samples_from_json(j["time"]);
    if (j.contains("pairs")) r.pairs = pair_samples_from_json(j["pairs"]);
    out.kind = WorkerLine::Kind::Response;
  } catch (const std::exception&) {  // syntax, duplicate key, or a value the decoders refuse
    out = WorkerLine{};
    out.kind = WorkerLine::Kind::Garbage;
    out.garbage = line;
  }
  return out;
}

}  // namespace solver::engine
