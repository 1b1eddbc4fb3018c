// One encoder and one strict decoder per backend value type (value_json.h has the policy).
#include "engine/backend/value_json.h"

#include <cmath>
#include <limits>

#include "engine/backend/json_util.h"
#include "engine/backend/pc_sampling_json.h"
#include "engine/backend/worker_protocol.h"

namespace solver::engine {

using nlohmann::json;

namespace {

constexpr double kMaxInputSets = 1000000;
constexpr double kMaxTimeUs = 1e12;  // 11.6 days: any longer time is a corrupt number

json num_array(const std::vector<double>& v) {
  json a = json::array();
  for (double x : v) a.push_back(json_number(x));
  return a;
}
json num_map(const std::map<std::string, double>& m) {
  json o = json::object();
  for (const auto& [k, v] : m) o[k] = json_number(v);
  return o;
}

// A gate status or timing failure by name: an unknown name is an error, never a default.
std::optional<GateStatus> status_member(JsonChecker& c, const json& j, const std::string& key,
                                        bool required) {
  auto name = c.string(j, key, required);
  if (!name) return std::nullopt;
  auto st = gate_status_from_string(*name);
  if (!st) c.error("/" + key, "unknown gate status '" + *name + "'");
  return st;
}

void require_object(JsonChecker& c, const json& j, const char* what) {
  if (!c.object(j, "")) c.throw_if_any(what);
}

}  // namespace

json json_number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json to_json(const VariantRef& v) {
  json j{{"problem", v.problem}, {"variant", v.variant}, {"knobs", v.knobs}};
  if (!v.problem_dir.empty()) j["problem_dir"] = v.problem_dir;  // a generated variant's folder
  return j;
}
VariantRef variant_ref_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  require_object(c, j, "bad variant");
  VariantRef v;
  v.problem = c.string(j, "problem", true).value_or("");
  v.variant = c.string(j, "variant", true).value_or("");
  if (j.contains("knobs") && !j["knobs"].is_null()) {
    if (!j["knobs"].is_object())
      c.error("/knobs", "must be an object of knob -> integer");
    else
      for (const auto& [k, x] : j["knobs"].items()) {
        if (x.is_number_integer() && !x.is_number_unsigned())
          v.knobs[k] = x.get<int64_t>();
        else if (x.is_number_unsigned() && x.get<uint64_t>() <= uint64_t(INT64_MAX))
          v.knobs[k] = x.get<int64_t>();
        else
          c.error("/knobs/" + k, "must be an integer, got " + x.dump());
      }
  }
  v.problem_dir = c.string(j, "problem_dir").value_or("");
  c.throw_if_any("bad variant");
  return v;
}

json to_json(const GateResult& g) {
  json j = {{"status", to_string(g.status)},
            {"detail", g.detail},
            {"source_hash", g.source_hash},
            {"max_abs_err", json_number(g.max_abs_err)},
            {"max_rel_err", json_number(g.max_rel_err)},
            {"input_sets", g.input_sets},
            {"seeds", g.seeds}};
  // Absent when empty, so records from before these fields keep their exact bytes.
  if (!g.timed_us.empty()) j["timed_us"] = num_array(g.timed_us);
  if (g.sm_clock_mhz > 0) j["sm_clock_mhz"] = g.sm_clock_mhz;
  if (!g.phases_ms.empty()) j["phases_ms"] = num_map(g.phases_ms);
  if (g.reused) j["reused"] = true;
  if (g.homogeneous) j["homogeneous"] = *g.homogeneous;
  if (g.law_checks) j["law_checks"] = *g.law_checks;
  if (g.deferred != DeferredChecks::None) j["deferred_checks"] = to_string(g.deferred);
  return j;
}
GateResult gate_result_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  GateResult g;
  require_object(c, j, "bad gate result");
  if (auto st = status_member(c, j, "status", true)) g.status = *st;
  g.detail = c.string(j, "detail").value_or("");
  g.source_hash = c.string(j, "source_hash").value_or("");
  // null: the check produced a NaN error (a wrong result), kept as NaN.
  g.max_abs_err = c.measured(j, "max_abs_err").value_or(0);
  g.max_rel_err = c.measured(j, "max_rel_err").value_or(0);
  for (const char* k : {"max_abs_err", "max_rel_err"})
    if (j.contains(k) && j[k].is_number() && !(j[k].get<double>() >= 0))
      c.error(std::string("/") + k, "an error bound cannot be negative");
  // Range-checked as a double first: a cast of 1e300 to int is undefined behaviour.
  double sets = c.number(j, "input_sets").value_or(0);
  if (!(sets >= 0 && sets <= kMaxInputSets) || sets != std::floor(sets))
    c.error("/input_sets", "input_sets must be an integer in [0, " + std::to_string(kMaxInputSets) +
                               "], got " + j["input_sets"].dump());
  else
    g.input_sets = static_cast<int>(sets);
  g.seeds = c.unsigned_list(j, "seeds");
  g.timed_us = c.measured_list(j, "timed_us");
  g.sm_clock_mhz = c.number(j, "sm_clock_mhz").value_or(0);
  if (!(g.sm_clock_mhz >= 0)) c.error("/sm_clock_mhz", "sm_clock_mhz must be >= 0");
  g.phases_ms = c.measured_map(j, "phases_ms");
  g.reused = c.boolean(j, "reused").value_or(false);
  g.homogeneous = c.boolean(j, "homogeneous");
  g.law_checks = c.boolean(j, "law_checks");
  if (auto d = c.string(j, "deferred_checks")) {
    if (auto dc = deferred_checks_from_string(*d))
      g.deferred = *dc;
    else
      c.error("/deferred_checks", "unknown deferred_checks '" + *d + "' (none, not_run or ran)");
  }
  c.throw_if_any("bad gate result");
  return g;
}

json to_json(const rules::SignalSet& s) {
  json o = json::object();
  for (const auto& [name, value] : s.values) {
    if (const auto* d = std::get_if<double>(&value))
      o[name] = json_number(*d);
    else if (const auto* b = std::get_if<bool>(&value))
      o[name] = *b;
    else if (const auto* str = std::get_if<std::string>(&value))
      o[name] = *str;
    // a missing value is simply absent
  }
  return o;
}
rules::SignalSet signal_set_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  rules::SignalSet s;
  require_object(c, j, "bad signals");
  for (const auto& [name, v] : j.items()) {
    auto idx = rules::signal_index(name);
    if (!idx) {
      c.error("/" + name, "unknown signal '" + name + "'");
      continue;
    }
    auto type = rules::signal_table()[*idx].type;
    if (type == rules::ValueType::Number && v.is_number() && std::isfinite(v.get<double>()))
      s.set(name, v.get<double>());
    else if (type == rules::ValueType::Bool && v.is_boolean())
      s.set(name, v.get<bool>());
    else if (type == rules::ValueType::String && v.is_string())
      s.set(name, v.get<std::string>());
    else if (!v.is_null())
      c.error("/" + name, std::string("signal '") + name + "' must be a " + rules::to_string(type) +
                              ", got " + v.dump());
  }
  c.throw_if_any("bad signals");
  return s;
}

json to_json(const ProfileResult& p) {
  json j = {{"ok", p.ok},
            {"detail", p.detail},
            {"signals", to_json(p.signals)},
            {"raw_metrics", num_map(p.raw_metrics)},
            {"time_us", json_number(p.time_us)},
            {"origin", p.signal_origin}};
  if (!p.defects.empty())
    j["defects"] = p.defects;  // absent when none: old files stay as they were
  if (!p.phases_ms.empty()) j["phases_ms"] = num_map(p.phases_ms);
  if (p.pc_sampling) j["pc_sampling"] = to_json(*p.pc_sampling);  // absent: not collected
  return j;
}
ProfileResult profile_result_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  ProfileResult p;
  require_object(c, j, "bad profile");
  p.ok = c.boolean(j, "ok", true).value_or(false);
  p.detail = c.string(j, "detail").value_or("");
  p.time_us = c.measured(j, "time_us").value_or(0);
  if (!std::isnan(p.time_us) && !(p.time_us >= 0 && p.time_us <= kMaxTimeUs))
    c.error("/time_us", "a time must be in [0, 1e12] us");
  p.raw_metrics = c.measured_map(j, "raw_metrics");
  p.signal_origin = c.string_map(j, "origin");
  p.defects = c.strings(j, "defects");
  p.phases_ms = c.measured_map(j, "phases_ms");
  c.throw_if_any("bad profile");
  if (j.contains("signals")) p.signals = signal_set_from_json(j["signals"], where + "/signals");
  if (j.contains("pc_sampling") && !j["pc_sampling"].is_null())
    p.pc_sampling = pc_sampling_from_json(j["pc_sampling"], where + "/pc_sampling");
  return p;
}

json to_json(const PairSamples& p) {
  json j = {{"incumbent_us", num_array(p.incumbent_us)},
            {"candidate_us", num_array(p.candidate_us)},
            {"sm_clock_mhz", json_number(p.sm_clock_mhz)}};
  if (!p.phases_ms.empty()) j["phases_ms"] = num_map(p.phases_ms);
  // Absent unless the timing failed, so a success keeps the bytes it always had.
  if (p.failure) j["failure"] = to_string(*p.failure);
  if (!p.detail.empty()) j["detail"] = p.detail;
  if (p.shared_buffers) j["shared_buffers"] = *p.shared_buffers;
  if (p.exchanged_allocations) j["exchanged_allocations"] = *p.exchanged_allocations;
  // Absent unless the worker timed the law pairs (P6d): every other answer keeps its bytes.
  if (!p.law_incumbent_us.empty() || !p.law_candidate_us.empty()) {
    j["law_incumbent_us"] = num_array(p.law_incumbent_us);
    j["law_candidate_us"] = num_array(p.law_candidate_us);
    j["law_audited"] = p.law_audited;
  }
  if (p.fold_rescued > 0) j["fold_rescued"] = p.fold_rescued;  // absent: none (older answers)
  return j;
}
PairSamples pair_samples_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  PairSamples p;
  require_object(c, j, "bad pair samples");
  p.incumbent_us = c.measured_list(j, "incumbent_us");
  p.candidate_us = c.measured_list(j, "candidate_us");
  p.sm_clock_mhz = c.measured(j, "sm_clock_mhz").value_or(0);
  p.phases_ms = c.measured_map(j, "phases_ms");
  p.failure = status_member(c, j, "failure", false);
  p.detail = c.string(j, "detail").value_or("");
  p.shared_buffers = c.boolean(j, "shared_buffers");
  p.exchanged_allocations = c.boolean(j, "exchanged_allocations");
  if (j.contains("law_incumbent_us")) p.law_incumbent_us = c.measured_list(j, "law_incumbent_us");
  if (j.contains("law_candidate_us")) p.law_candidate_us = c.measured_list(j, "law_candidate_us");
  // Counts, range-checked before any conversion: a null (NaN), negative or huge value is a
  // located error, never an undefined cast (review38).
  constexpr int64_t kMaxCount = std::numeric_limits<int>::max();
  p.law_audited = static_cast<int>(c.integer(j, "law_audited", 0, kMaxCount).value_or(0));
  p.fold_rescued = static_cast<int>(c.integer(j, "fold_rescued", 0, kMaxCount).value_or(0));
  c.throw_if_any("bad pair samples");
  return p;
}

json to_json(const TimeSamples& t) {
  json j = {{"kernel_us", num_array(t.kernel_us)},
            {"event_us", num_array(t.event_us)},
            {"sm_clock_mhz", json_number(t.sm_clock_mhz)},
            {"clock_source", t.clock_source},
            {"ok", t.ok},
            {"detail", t.detail}};
  if (t.failure) j["failure"] = to_string(*t.failure);
  if (!t.phases_ms.empty()) j["phases_ms"] = num_map(t.phases_ms);
  return j;
}
TimeSamples time_samples_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  TimeSamples t;
  require_object(c, j, "bad time samples");
  t.kernel_us = c.measured_list(j, "kernel_us");
  t.event_us = c.measured_list(j, "event_us");
  t.sm_clock_mhz = c.measured(j, "sm_clock_mhz").value_or(0);
  t.clock_source = c.string(j, "clock_source").value_or("");
  t.ok = c.boolean(j, "ok").value_or(false);
  t.detail = c.string(j, "detail").value_or("");
  t.failure = status_member(c, j, "failure", false);
  t.phases_ms = c.measured_map(j, "phases_ms");
  c.throw_if_any("bad time samples");
  return t;
}

json to_json(const DeviceInfo& d) {
  return {{"name", d.name},
          {"chip_id", d.chip_id},
          {"cc_major", d.cc_major},
          {"cc_minor", d.cc_minor},
          {"sm_count", d.sm_count},
          {"driver_version", d.driver_version},
          {"driver", d.driver},
          {"ecc", d.ecc},
          {"pci_bus_id", d.pci_bus_id},
          {"l2_bytes", d.l2_bytes},
          {"total_mem_bytes", d.total_mem_bytes},
          {"smem_optin_bytes", d.smem_optin_bytes},
          {"max_threads_per_sm", d.max_threads_per_sm},
          {"sm_clock_mhz", json_number(d.sm_clock_mhz)},
          {"mem_clock_mhz", json_number(d.mem_clock_mhz)},
          {"mem_bus_bits", d.mem_bus_bits},
          {"arch", d.arch},
          {"nvrtc_version", d.nvrtc_version},
          {"protocol", d.protocol}};
}
DeviceInfo device_info_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  DeviceInfo d;
  require_object(c, j, "bad device info");
  constexpr int64_t kInt = INT32_MAX;
  d.name = c.string(j, "name", true).value_or("");
  d.chip_id = c.string(j, "chip_id").value_or("");
  d.cc_major = static_cast<int>(c.integer(j, "cc_major", 0, kInt).value_or(0));
  d.cc_minor = static_cast<int>(c.integer(j, "cc_minor", 0, kInt).value_or(0));
  d.sm_count = static_cast<int>(c.integer(j, "sm_count", 0, kInt).value_or(0));
  d.driver_version = static_cast<int>(c.integer(j, "driver_version", 0, kInt).value_or(0));
  // Absent from an older worker's answer: not reported (never a guess).
  d.driver = c.string(j, "driver").value_or("");
  d.ecc = static_cast<int>(c.integer(j, "ecc", -1, 1).value_or(-1));
  d.pci_bus_id = c.string(j, "pci_bus_id").value_or("");
  d.l2_bytes = c.integer(j, "l2_bytes", 0, INT64_MAX).value_or(0);
  d.total_mem_bytes = c.integer(j, "total_mem_bytes", 0, INT64_MAX).value_or(0);
  d.smem_optin_bytes = c.integer(j, "smem_optin_bytes", 0, INT64_MAX).value_or(0);
  d.max_threads_per_sm = static_cast<int>(c.integer(j, "max_threads_per_sm", 0, kInt).value_or(0));
  d.sm_clock_mhz = c.measured(j, "sm_clock_mhz").value_or(0);
  d.mem_clock_mhz = c.measured(j, "mem_clock_mhz").value_or(0);
  d.mem_bus_bits = static_cast<int>(c.integer(j, "mem_bus_bits", 0, kInt).value_or(0));
  d.arch = c.string(j, "arch").value_or("");
  d.nvrtc_version = c.string(j, "nvrtc_version").value_or("");
  d.protocol = static_cast<int>(c.integer(j, "protocol", 0, kInt).value_or(0));
  c.throw_if_any("bad device info");
  return d;
}

json to_json(const Ceilings& c) {
  return {{"chip_id", c.chip_id},
          {"device_name", c.device_name},
          {"copy_gbps", json_number(c.copy_gbps)},
          {"sgemm_tflops", json_number(c.sgemm_tflops)},
          {"tf32_tflops", json_number(c.tf32_tflops)},
          {"datasheet_dram_gbps", json_number(c.datasheet_dram_gbps)},
          {"datasheet_fp32_tflops", json_number(c.datasheet_fp32_tflops)},
          {"datasheet_tf32_tflops", json_number(c.datasheet_tf32_tflops)},
          {"measured_at", c.measured_at},
          {"from_cache", c.from_cache},
          {"detail", c.detail}};
}
Ceilings ceilings_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  Ceilings out;
  require_object(c, j, "bad ceilings");
  out.chip_id = c.string(j, "chip_id").value_or("");
  out.device_name = c.string(j, "device_name").value_or("");
  out.copy_gbps = c.measured(j, "copy_gbps").value_or(0);
  out.sgemm_tflops = c.measured(j, "sgemm_tflops").value_or(0);
  out.tf32_tflops = c.measured(j, "tf32_tflops").value_or(0);
  out.datasheet_dram_gbps = c.measured(j, "datasheet_dram_gbps").value_or(0);
  out.datasheet_fp32_tflops = c.measured(j, "datasheet_fp32_tflops").value_or(0);
  out.datasheet_tf32_tflops = c.measured(j, "datasheet_tf32_tflops").value_or(0);
  out.measured_at = c.string(j, "measured_at").value_or("");
  out.from_cache = c.boolean(j, "from_cache").value_or(false);
  out.detail = c.string(j, "detail").value_or("");
  c.throw_if_any("bad ceilings");
  return out;
}

}  // namespace solver::engine
