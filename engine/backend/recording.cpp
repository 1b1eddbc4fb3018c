// Reading and writing the recorded-backend format (see recording.h).
#include "engine/backend/recording.h"
#include "rules/text_file.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/backend/json_util.h"
#include "generators/problem_hash.h"
#include "rules/hash.h"

namespace solver::engine {

using nlohmann::json;

namespace {
constexpr double kMaxTimeUs = 1e12;  // 11.6 days: any longer time is a corrupt number
}  // namespace

const RecordedVariant* Recording::find(const std::string& problem, const std::string& key) const {
  auto p = problems.find(problem);
  if (p == problems.end()) return nullptr;
  auto v = p->second.variants.find(key);
  return v == p->second.variants.end() ? nullptr : &v->second;
}

RecordedVariant& Recording::at(const std::string& problem, const std::string& key) {
  return problems[problem].variants[key];
}

json to_json(const Recording& r) {
  json problems = json::object();
  for (const auto& [name, prob] : r.problems) {
    json variants = json::object();
    for (const auto& [key, v] : prob.variants) {
      json jv{{"samples_us", v.samples_us},
              {"event_samples_us", v.event_samples_us},
              {"sm_clock_mhz", v.sm_clock_mhz}};
      if (v.gate) jv["gate"] = to_json(*v.gate);
      if (v.profile) jv["profile"] = to_json(*v.profile);
      variants[key] = std::move(jv);
    }
    problems[name] = json{{"spec_hash", prob.spec_hash}, {"variants", std::move(variants)}};
  }
  json out{{"format", kRecordingFormat},     {"version", r.version}, {"chip", r.chip},
           {"device_name", r.device_name},   {"driver", r.driver},   {"cuda", r.cuda},
           {"created", r.created},           {"note", r.note},       {"ceilings", r.ceilings},
           {"problems", std::move(problems)}};
  // Written only when known, so a recording without it keeps its bytes (and content hash).
  if (r.ecc) out["ecc"] = *r.ecc;
  return out;
}

std::string dump_recording(const Recording& r) {
  return to_json(r).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

std::vector<double> read_samples(JsonChecker& c, const json& j, const std::string& key,
                                 const std::string& ptr) {
  std::vector<double> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) {
    c.error(ptr + "/" + key, "must be a list of times in microseconds");
    return out;
  }
  for (std::size_t i = 0; i < j[key].size(); ++i) {
    const auto& s = j[key][i];
    if (!s.is_number() || !(s.get<double>() > 0) || !(s.get<double>() <= kMaxTimeUs))
      c.error(ptr + "/" + key + "/" + std::to_string(i),
              "a time sample must be a positive number, got " + s.dump());
    else
      out.push_back(s.get<double>());
  }
  return out;
}

}  // namespace

Recording parse_recording(const std::string& text, const std::string& file_label) {
  json j = parse_json_text(text, file_label);
  JsonChecker c(file_label);
  if (!c.object(j, "")) c.throw_if_any("not a recording");
  auto format = c.string(j, "format", true);
  if (format && *format != kRecordingFormat)
    c.error("/format", "not a solver recording (format '" + *format + "', expected '" +
                           kRecordingFormat + "')");
  auto version = c.number(j, "version", true);
  c.throw_if_any("not a recording");
  Recording r;
  if (*version != kRecordingVersion)
    c.error("/version", "recording version " + j["version"].dump() +
                            " is not supported (this solver reads version " +
                            std::to_string(kRecordingVersion) + ")");
  c.throw_if_any("unsupported recording");
  r.file = file_label;
  r.content_hash = rules::sha256_hex(text);
  r.chip = c.string(j, "chip", true).value_or("");
  r.device_name = c.string(j, "device_name").value_or("");
  r.driver = c.string(j, "driver").value_or("");
  r.cuda = c.string(j, "cuda").value_or("");
  r.ecc = c.boolean(j, "ecc");
  r.created = c.string(j, "created").value_or("");
  r.note = c.string(j, "note").value_or("");
  if (j.contains("ceilings")) {
    if (!j["ceilings"].is_object())
      c.error("/ceilings", "must be an object of name -> number");
    else
      for (const auto& [k, v] : j["ceilings"].items()) {
        if (v.is_number() && v.get<double>() >= 0 && v.get<double>() <= 1e12)
          r.ceilings[k] = v.get<double>();
        else
          c.error("/ceilings/" + k, "must be a number in [0, 1e12]");
      }
  }
  if (!j.contains("problems") || !j["problems"].is_object()) {
    c.error("/problems", "missing or not an object of problem -> variants");
    c.throw_if_any("bad recording");
  }
  std::vector<rules::Diagnostic> nested;
  for (const auto& [pname, pj] : j["problems"].items()) {
    std::string pptr = "/problems/" + pname;
    if (!c.object(pj, pptr)) continue;
    RecordedProblem& prob = r.problems[pname];
    prob.spec_hash = c.string(pj, "spec_hash", false, pptr).value_or("");
    if (!pj.contains("variants") || !pj["variants"].is_object()) {
      c.error(pptr + "/variants", "missing or not an object of variant key -> measurements");
      continue;
    }
    for (const auto& [key, vj] : pj["variants"].items()) {
      std::string vptr = pptr + "/variants/" + key;
      if (!c.object(vj, vptr)) continue;
      RecordedVariant v;
      v.samples_us = read_samples(c, vj, "samples_us", vptr);
      v.event_samples_us = read_samples(c, vj, "event_samples_us", vptr);
      v.sm_clock_mhz = c.number(vj, "sm_clock_mhz", false, vptr).value_or(0);
      if (!(v.sm_clock_mhz >= 0 && v.sm_clock_mhz <= 100000))
        c.error(vptr + "/sm_clock_mhz", "an SM clock must be in [0, 100000] MHz");
      try {
        if (vj.contains("gate"))
          v.gate = gate_result_from_json(vj["gate"], file_label + ": " + vptr + "/gate");
        if (vj.contains("profile"))
          v.profile =
              profile_result_from_json(vj["profile"], file_label + ": " + vptr + "/profile");
      } catch (const rules::InputError& e) {
        nested.insert(nested.end(), e.diagnostics().begin(), e.diagnostics().end());
      }
      prob.variants[key] = std::move(v);
    }
  }
  for (auto& d : nested) c.add(d);
  c.throw_if_any("bad recording");
  return r;
}

Recording load_recording(const std::string& path) {
  return parse_recording(rules::read_text_file(path, "recording"), path);
}

std::vector<std::string> split_recording_list(const std::string& paths) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= paths.size()) {
    std::size_t comma = paths.find(',', start);
    if (comma == std::string::npos) comma = paths.size();
    if (comma > start) out.push_back(paths.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

Recording load_recordings(const std::string& paths) {
  std::vector<std::string> files = split_recording_list(paths);
  if (files.size() <= 1) return load_recording(files.empty() ? paths : files.front());
  Recording all = load_recording(files.front());
  std::string hashes = all.content_hash;
  for (std::size_t i = 1; i < files.size(); ++i) {
    Recording more = load_recording(files[i]);
    hashes += "," + more.content_hash;
    merge_recording(all, more);  // another chip: InputError
  }
  all.file = paths;
  all.content_hash = rules::sha256_hex(hashes);
  return all;
}

void save_recording(const Recording& r, const std::string& path) {
  write_file_atomically(path, dump_recording(r));
}

int merge_recording(Recording& into, const Recording& from) {
  if (into.chip.empty()) {
    into.chip = from.chip;
    into.device_name = from.device_name;
    into.driver = from.driver;
    into.cuda = from.cuda;
    into.ecc = from.ecc;
  } else if (!from.chip.empty() && from.chip != into.chip) {
    throw rules::InputError(rules::Diagnostic{{from.file, 0, 0},
                                              "cannot merge a recording from chip '" + from.chip +
                                                  "' into one from '" + into.chip + "'"});
  }
  for (const auto& [k, v] : from.ceilings) into.ceilings.emplace(k, v);
  int added = 0;
  for (const auto& [pname, prob] : from.problems) {
    RecordedProblem& dst = into.problems[pname];
    if (dst.spec_hash.empty()) dst.spec_hash = prob.spec_hash;
    for (const auto& [key, v] : prob.variants) {
      auto [it, fresh] = dst.variants.emplace(key, v);
      if (fresh) {
        ++added;
        continue;
      }
      RecordedVariant& d = it->second;
      if (!d.gate) d.gate = v.gate;
      if (!d.profile) d.profile = v.profile;
      d.samples_us.insert(d.samples_us.end(), v.samples_us.begin(), v.samples_us.end());
      d.event_samples_us.insert(d.event_samples_us.end(), v.event_samples_us.begin(),
                                v.event_samples_us.end());
      if (d.sm_clock_mhz == 0) d.sm_clock_mhz = v.sm_clock_mhz;
    }
  }
  return added;
}

std::string problem_spec_hash(const std::string& problem_yaml_path) {
  return generators::problem_measurement_hash(problem_yaml_path);
}

}  // namespace solver::engine
