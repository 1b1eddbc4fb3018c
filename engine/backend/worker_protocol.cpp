#include "engine/backend/worker_protocol.h"

#include <cmath>
#include <utility>

#include "rules/enum_names.h"

namespace solver::engine {
namespace {

using nlohmann::json;


// JSON has no NaN/Inf: non-finite doubles travel as null and come back as NaN, so a measured
// NaN error (which the gate reports) survives the round trip as "not a number".
json num(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double get_num(const json& j, const char* key, double fallback = 0) {
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  if (it->is_null()) return std::nan("");
  return it->get<double>();
}
template <class T>
T get_or(const json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}
json num_array(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(num(x));
  return a;
}
std::vector<double> get_num_array(const json& j, const char* key) {
  std::vector<double> out;
  auto it = j.find(key);
  if (it == j.end()) return out;
  for (const auto& x : *it) out.push_back(x.is_null() ? std::nan("") : x.get<double>());
  return out;
}

}  // namespace

const char* to_string(GateStatus s) {
  switch (s) {
    case GateStatus::Passed: return "passed";
    case GateStatus::InvalidSpec: return "invalid_spec";
    case GateStatus::CompileError: return "compile_error";
    case GateStatus::WrongResult: return "wrong_result";
    case GateStatus::Fault: return "fault";
    case GateStatus::Timeout: return "timeout";
    case GateStatus::TooFast: return "too_fast";
    case GateStatus::NotRecorded: return "not_recorded";
    case GateStatus::NoDevice: return "no_device";
    case GateStatus::InputMutated: return "input_mutated";
    case GateStatus::InconsistentTiming: return "inconsistent_timing";
    case GateStatus::PrecisionMismatch: return "precision_mismatch";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<GateStatus> gate_status_from_string(std::string_view s) {
  return rules::parse_enum<GateStatus>(s);
}

json to_json(const VariantRef& v) {
  return {{"problem", v.problem}, {"variant", v.variant}, {"knobs", v.knobs}};
}
VariantRef variant_ref_from_json(const json& j) {
  VariantRef v;
  v.problem = j.at("problem").get<std::string>();
  v.variant = j.at("variant").get<std::string>();
  if (j.contains("knobs")) v.knobs = j.at("knobs").get<generators::KnobValues>();
  return v;
}

static json phases_json(const std::map<std::string, double>& phases) {
  json o = json::object();
  for (const auto& [k, v] : phases) o[k] = num(v);
  return o;
}
static std::map<std::string, double> get_phases(const json& j) {
  std::map<std::string, double> out;
  auto it = j.find("phases_ms");
  if (it == j.end() || !it->is_object()) return out;
  for (const auto& [k, v] : it->items()) out[k] = v.is_number() ? v.get<double>() : std::nan("");
  return out;
}

json to_json(const GateResult& g) {
  json j = {{"status", to_string(g.status)}, {"detail", g.detail},
            {"source_hash", g.source_hash}, {"max_abs_err", num(g.max_abs_err)},
            {"max_rel_err", num(g.max_rel_err)}, {"input_sets", g.input_sets},
            {"seeds", g.seeds}};
  // Absent when empty, so records from before these fields keep their exact bytes.
  if (!g.timed_us.empty()) j["timed_us"] = num_array(g.timed_us);
  if (!g.phases_ms.empty()) j["phases_ms"] = phases_json(g.phases_ms);
  return j;
}
GateResult gate_result_from_json(const json& j) {
  GateResult g;
  auto status = gate_status_from_string(j.at("status").get<std::string>());
  if (!status) throw json::other_error::create(501, "unknown gate status", &j);
  g.status = *status;
  g.detail = get_or<std::string>(j, "detail", "");
  g.source_hash = get_or<std::string>(j, "source_hash", "");
  g.max_abs_err = get_num(j, "max_abs_err");
  g.max_rel_err = get_num(j, "max_rel_err");
  g.input_sets = get_or<int>(j, "input_sets", 0);
  g.seeds = get_or<std::vector<uint64_t>>(j, "seeds", {});
  g.timed_us = get_num_array(j, "timed_us");
  g.phases_ms = get_phases(j);
  return g;
}

json to_json(const rules::SignalSet& s) {
  json o = json::object();
  for (const auto& [name, value] : s.values) {
    if (const auto* d = std::get_if<double>(&value)) o[name] = num(*d);
    else if (const auto* b = std::get_if<bool>(&value)) o[name] = *b;
    else if (const auto* str = std::get_if<std::string>(&value)) o[name] = *str;
    // a missing value is simply absent
  }
  return o;
}
rules::SignalSet signal_set_from_json(const json& j) {
  rules::SignalSet s;
  for (const auto& [name, v] : j.items()) {
    if (v.is_boolean()) s.set(name, v.get<bool>());
    else if (v.is_number()) s.set(name, v.get<double>());
    else if (v.is_string()) s.set(name, v.get<std::string>());
    else if (v.is_null()) s.set(name, std::nan(""));
  }
  return s;
}

json to_json(const ProfileResult& p) {
  json raw = json::object();
  for (const auto& [k, v] : p.raw_metrics) raw[k] = num(v);
  json j = {{"ok", p.ok}, {"detail", p.detail}, {"signals", to_json(p.signals)},
            {"raw_metrics", raw}, {"time_us", num(p.time_us)}, {"origin", p.signal_origin}};
  if (!p.defects.empty()) j["defects"] = p.defects;  // absent when none: old files stay as they were
  return j;
}
ProfileResult profile_result_from_json(const json& j) {
  ProfileResult p;
  p.ok = get_or<bool>(j, "ok", false);
  p.detail = get_or<std::string>(j, "detail", "");
  if (j.contains("signals")) p.signals = signal_set_from_json(j.at("signals"));
  if (j.contains("raw_metrics"))
    for (const auto& [k, v] : j.at("raw_metrics").items())
      p.raw_metrics[k] = v.is_null() ? std::nan("") : v.get<double>();
  p.time_us = get_num(j, "time_us");
  p.signal_origin = get_or<std::map<std::string, std::string>>(j, "origin", {});
  p.defects = get_or<std::vector<std::string>>(j, "defects", {});
  return p;
}

json to_json(const PairSamples& p) {
  json j = {{"incumbent_us", num_array(p.incumbent_us)},
            {"candidate_us", num_array(p.candidate_us)},
            {"sm_clock_mhz", num(p.sm_clock_mhz)}};
  if (!p.phases_ms.empty()) j["phases_ms"] = phases_json(p.phases_ms);
  return j;
}
PairSamples pair_samples_from_json(const json& j) {
  PairSamples p;
  p.incumbent_us = get_num_array(j, "incumbent_us");
  p.candidate_us = get_num_array(j, "candidate_us");
  p.sm_clock_mhz = get_num(j, "sm_clock_mhz");
  p.phases_ms = get_phases(j);
  return p;
}

json to_json(const DeviceInfo& d) {
  return {{"name", d.name}, {"chip_id", d.chip_id}, {"cc_major", d.cc_major},
          {"cc_minor", d.cc_minor}, {"sm_count", d.sm_count},
          {"driver_version", d.driver_version}, {"l2_bytes", d.l2_bytes},
          {"total_mem_bytes", d.total_mem_bytes}, {"smem_optin_bytes", d.smem_optin_bytes},
          {"max_threads_per_sm", d.max_threads_per_sm}, {"sm_clock_mhz", num(d.sm_clock_mhz)},
          {"mem_clock_mhz", num(d.mem_clock_mhz)}, {"mem_bus_bits", d.mem_bus_bits},
          {"arch", d.arch}, {"nvrtc_version", d.nvrtc_version}, {"protocol", d.protocol}};
}
DeviceInfo device_info_from_json(const json& j) {
  DeviceInfo d;
  d.name = j.at("name").get<std::string>();
  d.chip_id = get_or<std::string>(j, "chip_id", "");
  d.cc_major = get_or<int>(j, "cc_major", 0);
  d.cc_minor = get_or<int>(j, "cc_minor", 0);
  d.sm_count = get_or<int>(j, "sm_count", 0);
  d.driver_version = get_or<int>(j, "driver_version", 0);
  d.l2_bytes = get_or<int64_t>(j, "l2_bytes", 0);
  d.total_mem_bytes = get_or<int64_t>(j, "total_mem_bytes", 0);
  d.smem_optin_bytes = get_or<int64_t>(j, "smem_optin_bytes", 0);
  d.max_threads_per_sm = get_or<int>(j, "max_threads_per_sm", 0);
  d.sm_clock_mhz = get_num(j, "sm_clock_mhz");
  d.mem_clock_mhz = get_num(j, "mem_clock_mhz");
  d.mem_bus_bits = get_or<int>(j, "mem_bus_bits", 0);
  d.arch = get_or<std::string>(j, "arch", "");
  d.nvrtc_version = get_or<std::string>(j, "nvrtc_version", "");
  d.protocol = get_or<int>(j, "protocol", 0);
  return d;
}

json to_json(const Ceilings& c) {
  return {{"chip_id", c.chip_id}, {"device_name", c.device_name},
          {"copy_gbps", num(c.copy_gbps)}, {"sgemm_tflops", num(c.sgemm_tflops)},
          {"tf32_tflops", num(c.tf32_tflops)},
          {"datasheet_dram_gbps", num(c.datasheet_dram_gbps)},
          {"datasheet_fp32_tflops", num(c.datasheet_fp32_tflops)},
          {"datasheet_tf32_tflops", num(c.datasheet_tf32_tflops)},
          {"measured_at", c.measured_at}, {"from_cache", c.from_cache}, {"detail", c.detail}};
}
Ceilings ceilings_from_json(const json& j) {
  Ceilings c;
  c.chip_id = get_or<std::string>(j, "chip_id", "");
  c.device_name = get_or<std::string>(j, "device_name", "");
  c.copy_gbps = get_num(j, "copy_gbps");
  c.sgemm_tflops = get_num(j, "sgemm_tflops");
  c.tf32_tflops = get_num(j, "tf32_tflops");
  c.datasheet_dram_gbps = get_num(j, "datasheet_dram_gbps");
  c.datasheet_fp32_tflops = get_num(j, "datasheet_fp32_tflops");
  c.datasheet_tf32_tflops = get_num(j, "datasheet_tf32_tflops");
  c.measured_at = get_or<std::string>(j, "measured_at", "");
  c.from_cache = get_or<bool>(j, "from_cache", false);
  c.detail = get_or<std::string>(j, "detail", "");
  return c;
}

json to_json(const TimeSamples& t) {
  json j = {{"kernel_us", num_array(t.kernel_us)}, {"event_us", num_array(t.event_us)},
          {"sm_clock_mhz", num(t.sm_clock_mhz)}, {"clock_source", t.clock_source},
          {"ok", t.ok}, {"detail", t.detail}};
  if (t.failure) j["failure"] = to_string(*t.failure);
  return j;
}
TimeSamples time_samples_from_json(const json& j) {
  TimeSamples t;
  t.kernel_us = get_num_array(j, "kernel_us");
  t.event_us = get_num_array(j, "event_us");
  t.sm_clock_mhz = get_num(j, "sm_clock_mhz");
  t.clock_source = get_or<std::string>(j, "clock_source", "");
  t.ok = get_or<bool>(j, "ok", false);
  t.detail = get_or<std::string>(j, "detail", "");
  if (j.contains("failure") && j["failure"].is_string())
    t.failure = gate_status_from_string(j["failure"].get<std::string>());
  return t;
}

std::string encode_request(const WorkerRequest& r) {
  json j = {{"id", r.id}, {"op", r.op}};
  if (r.variant) j["variant"] = to_json(*r.variant);
  if (r.incumbent) j["incumbent"] = to_json(*r.incumbent);
  if (r.candidate) j["candidate"] = to_json(*r.candidate);
  if (r.op == "gate") j["input_sets"] = r.input_sets;
  if (r.samples) j["samples"] = r.samples;
  if (r.pairs) j["pairs"] = r.pairs;
  if (r.seed) j["seed"] = r.seed;
  if (r.full_metrics) j["full_metrics"] = true;
  if (!r.metrics.empty()) j["metrics"] = r.metrics;
  return j.dump();
}

std::optional<WorkerRequest> decode_request(const std::string& line, std::string* error) {
  try {
    json j = json::parse(line);
    WorkerRequest r;
    r.id = j.at("id").get<uint64_t>();
    r.op = j.at("op").get<std::string>();
    if (j.contains("variant")) r.variant = variant_ref_from_json(j["variant"]);
    if (j.contains("incumbent")) r.incumbent = variant_ref_from_json(j["incumbent"]);
    if (j.contains("candidate")) r.candidate = variant_ref_from_json(j["candidate"]);
    r.input_sets = get_or<int>(j, "input_sets", 2);
    r.samples = get_or<int>(j, "samples", 0);
    r.pairs = get_or<int>(j, "pairs", 0);
    r.seed = get_or<uint64_t>(j, "seed", 0);
    r.full_metrics = get_or<bool>(j, "full_metrics", false);
    r.metrics = get_or<std::vector<std::string>>(j, "metrics", {});
    return r;
  } catch (const json::exception& e) {
    if (error) *error = std::string("malformed request: ") + e.what();
    return std::nullopt;
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
    json j = json::parse(line);
    if (!j.is_object()) throw json::other_error::create(501, "not an object", &j);
    if (j.contains("beat")) {
      out.kind = WorkerLine::Kind::Beat;
      out.beat.phase = j.at("beat").get<std::string>();
      out.beat.budget_ms = get_or<int64_t>(j, "budget_ms", 0);
      return out;
    }
    WorkerResponse& r = out.response;
    r.id = j.at("id").get<uint64_t>();
    r.ok = j.at("ok").get<bool>();
    r.fatal = get_or<bool>(j, "fatal", false);
    r.error = get_or<std::string>(j, "error", "");
    if (j.contains("error_status") && j["error_status"].is_string())
      r.error_status = gate_status_from_string(j["error_status"].get<std::string>());
    if (j.contains("device")) r.device = device_info_from_json(j["device"]);
    if (j.contains("ceilings")) r.ceilings = ceilings_from_json(j["ceilings"]);
    if (j.contains("gate")) r.gate = gate_result_from_json(j["gate"]);
    if (j.contains("profile")) r.profile = profile_result_from_json(j["profile"]);
    if (j.contains("time")) r.time = time_samples_from_json(j["time"]);
    if (j.contains("pairs")) r.pairs = pair_samples_from_json(j["pairs"]);
    out.kind = WorkerLine::Kind::Response;
  } catch (const json::exception&) {
    out = WorkerLine{};
    out.kind = WorkerLine::Kind::Garbage;
    out.garbage = line;
  }
  return out;
}

}  // namespace solver::engine
