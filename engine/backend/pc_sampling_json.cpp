#include "engine/backend/pc_sampling_json.h"

#include <algorithm>

#include "engine/backend/json_util.h"
#include "engine/backend/value_json.h"
#include "profiling/pc_signals.h"

namespace solver::engine {
namespace {

using nlohmann::json;

json counts(const std::map<std::string, uint64_t>& m) {
  json j = json::object();
  for (const auto& [k, v] : m) j[k] = v;
  return j;
}

std::map<std::string, uint64_t> counts_from(JsonChecker& c, const json& j, const std::string& key,
                                            const std::string& pointer) {
  std::map<std::string, uint64_t> out;
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_object()) {
    c.error(pointer + "/" + key, "must be an object of sample counts");
    return out;
  }
  for (const auto& [k, v] : it->items())
    if (auto n = c.unsigned_integer(*it, k, true, pointer + "/" + key)) out[k] = *n;
  return out;
}

}  // namespace

json lines_json(const std::vector<profiling::LineSamples>& lines) {
  json out = json::array();
  for (const auto& l : lines) {
    json j = {{"file", l.file},
              {"line", l.line},
              {"function", l.function},
              {"pc_offset", l.pc_offset},
              {"text", l.text},
              {"samples", l.samples},
              {"stalls", counts(l.stalls)}};
    if (!l.via.empty()) j["via"] = l.via;  // only where inlined code was charged to its call
    out.push_back(std::move(j));
  }
  return out;
}

json lines_summary_json(const profiling::PcSampling& s, const std::vector<std::string>& evidence,
                        size_t n) {
  if (!s.ok || s.total_samples == 0) return nullptr;
  std::vector<profiling::LineSamples> top(s.lines.begin(),
                                          s.lines.begin() + std::min(n, s.lines.size()));
  std::string cite = profiling::cite_evidence(s, evidence);
  json j = {{"kernel", s.kernel},
            {"total_samples", s.total_samples},
            {"lines", lines_json(top)},
            {"citation", cite.empty() ? json(nullptr) : json(cite)}};
  if (!s.causes.empty()) j["causes"] = to_json(s)["causes"];
  return j;
}

json to_json(const profiling::PcSampling& s) {
  json j = {{"ok", s.ok},
            {"detail", s.detail},
            {"kernel", s.kernel},
            {"total_samples", s.total_samples},
            {"dropped_samples", s.dropped_samples},
            {"period_log2", s.period_log2},
            {"ms", json_number(s.ms)},
            {"stall_totals", counts(s.stall_totals)},
            {"lines", lines_json(s.lines)}};
  if (!s.causes.empty()) {
    json causes = json::array();
    for (const auto& c : s.causes)
      causes.push_back({{"pc_offset", c.pc_offset},
                        {"instruction", c.instruction},
                        {"reason", c.reason},
                        {"samples", c.samples},
                        {"producer_pc", c.producer_pc},
                        {"producer", c.producer},
                        {"producer_where", c.producer_where}});
    j["causes"] = causes;
  }
  return j;
}

profiling::PcSampling pc_sampling_from_json(const json& j, const std::string& where) {
  JsonChecker c(where);
  profiling::PcSampling s;
  if (!c.object(j, "")) c.throw_if_any("bad pc_sampling");
  s.ok = c.boolean(j, "ok", true).value_or(false);
  s.detail = c.string(j, "detail").value_or("");
  s.kernel = c.string(j, "kernel").value_or("");
  s.total_samples = c.unsigned_integer(j, "total_samples").value_or(0);
  s.dropped_samples = c.unsigned_integer(j, "dropped_samples").value_or(0);
  s.period_log2 = int(c.integer(j, "period_log2", 0, 31).value_or(0));
  s.ms = c.measured(j, "ms").value_or(0);
  s.stall_totals = counts_from(c, j, "stall_totals", "");
  auto list = [&](const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return json::array();
    if (!it->is_array()) {
      c.error(std::string("/") + key, "must be an array");
      return json::array();
    }
    return *it;
  };
  json lines = list("lines");
  for (size_t i = 0; i < lines.size(); ++i) {
    const json& e = lines[i];
    std::string at = "/lines/" + std::to_string(i);
    if (!c.object(e, at)) continue;
    profiling::LineSamples l;
    l.file = c.string(e, "file", false, at).value_or("");
    l.line = int(c.integer(e, "line", 0, 1 << 30, false, at).value_or(0));
    l.function = c.string(e, "function", false, at).value_or("");
    l.pc_offset = c.unsigned_integer(e, "pc_offset", false, at).value_or(0);
    l.text = c.string(e, "text", false, at).value_or("");
    l.via = c.string(e, "via", false, at).value_or("");
    l.samples = c.unsigned_integer(e, "samples", true, at).value_or(0);
    l.stalls = counts_from(c, e, "stalls", at);
    s.lines.push_back(std::move(l));
  }
  json causes = list("causes");
  for (size_t i = 0; i < causes.size(); ++i) {
    const json& e = causes[i];
    std::string at = "/causes/" + std::to_string(i);
    if (!c.object(e, at)) continue;
    profiling::StallCause k;
    k.pc_offset = c.unsigned_integer(e, "pc_offset", true, at).value_or(0);
    k.instruction = c.string(e, "instruction", false, at).value_or("");
    k.reason = c.string(e, "reason", false, at).value_or("");
    k.samples = c.unsigned_integer(e, "samples", false, at).value_or(0);
    k.producer_pc = c.unsigned_integer(e, "producer_pc", false, at).value_or(0);
    k.producer = c.string(e, "producer", false, at).value_or("");
    k.producer_where = c.string(e, "producer_where", false, at).value_or("");
    s.causes.push_back(std::move(k));
  }
  c.throw_if_any("bad pc_sampling");
  return s;
}

}  // namespace solver::engine
