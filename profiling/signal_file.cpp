#include "profiling/signal_file.h"
#include "rules/text_file.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "rules/diagnostics.h"
#include "rules/json_strict.h"
#include "rules/names.h"

namespace solver::profiling {
namespace {

using nlohmann::json;
using rules::Diagnostics;
using rules::SourceLocation;

// nlohmann::json keeps no positions, so a key's location is found again in the text: the first
// `"key"` after the enclosing section's key. Exact for the files this format describes.
class Locator {
 public:
  Locator(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {}
  SourceLocation at(const std::string& section, const std::string& key = "") const {
    std::size_t pos = 0;
    if (!section.empty()) pos = find_key(section, 0);
    if (!key.empty() && pos != std::string::npos) pos = find_key(key, pos + 1);
    if (pos == std::string::npos) return {file_, 0, 0};
    auto [line, col] = line_column(text_, pos);
    return {file_, line, col};
  }
  SourceLocation file() const { return {file_, 0, 0}; }

 private:
  std::size_t find_key(const std::string& key, std::size_t from) const {
    return text_.find('"' + key + '"', from);
  }
  const std::string& text_;
  std::string file_;
};

class Reader {
 public:
  Reader(const Locator& loc, Diagnostics& diags) : loc_(loc), diags_(diags) {}

  void check_keys(const json& obj, const std::string& section,
                  const std::set<std::string>& allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it)
      if (!allowed.count(it.key()))
        diags_.error(
            loc_.at(section, it.key()),
            "unknown key '" + it.key() + "'" + (section.empty() ? "" : " in '" + section + "'"));
  }
  std::optional<double> number(const json& obj, const std::string& section,
                               const std::string& key) {
    if (!obj.contains(key) || obj[key].is_null()) return std::nullopt;
    if (!obj[key].is_number()) {
      diags_.error(loc_.at(section, key), "'" + key + "' must be a number");
      return std::nullopt;
    }
    return obj[key].get<double>();
  }
  // A count: a whole number in [0, 1e9]; anything else is an error at the key, never a cast.
  std::optional<int> count(const json& obj, const std::string& section, const std::string& key) {
    auto v = number(obj, section, key);
    if (!v) return std::nullopt;
    if (!(*v >= 0 && *v <= 1e9) || *v != std::floor(*v)) {
      diags_.error(loc_.at(section, key), "'" + key + "' must be a whole number in [0, 1e9]");
      return std::nullopt;
    }
    return int(*v);
  }
  std::optional<bool> flag(const json& obj, const std::string& section, const std::string& key) {
    if (!obj.contains(key) || obj[key].is_null()) return std::nullopt;
    if (!obj[key].is_boolean()) {
      diags_.error(loc_.at(section, key), "'" + key + "' must be true or false");
      return std::nullopt;
    }
    return obj[key].get<bool>();
  }
  std::optional<std::string> text(const json& obj, const std::string& section,
                                  const std::string& key) {
    if (!obj.contains(key) || obj[key].is_null()) return std::nullopt;
    if (!obj[key].is_string()) {
      diags_.error(loc_.at(section, key), "'" + key + "' must be a string");
      return std::nullopt;
    }
    return obj[key].get<std::string>();
  }
  const json* object(const json& obj, const std::string& key) {
    if (!obj.contains(key) || obj[key].is_null()) return nullptr;
    if (!obj[key].is_object()) {
      diags_.error(loc_.at("", key), "'" + key + "' must be an object");
      return nullptr;
    }
    return &obj[key];
  }

 private:
  const Locator& loc_;
  Diagnostics& diags_;
};

void read_signals(const json& sig, const Locator& loc, Diagnostics& diags, rules::SignalSet& out) {
  for (auto it = sig.begin(); it != sig.end(); ++it) {
    const std::string& name = it.key();
    auto idx = rules::signal_index(name);
    if (!idx) {
      diags.error(loc.at("signals", name), "unknown signal '" + name + "' (see: solver signals)");
      continue;
    }
    const json& v = it.value();
    if (v.is_null()) continue;  // explicitly not measured
    rules::ValueType want = rules::signal_table()[*idx].type;
    bool ok = (want == rules::ValueType::Number && v.is_number()) ||
              (want == rules::ValueType::Bool && v.is_boolean()) ||
              (want == rules::ValueType::String && v.is_string());
    if (!ok) {
      diags.error(loc.at("signals", name), "signal '" + name + "' must be a " +
                                               rules::to_string(want) +
                                               " (or null when not measured)");
      continue;
    }
    if (v.is_number()) {
      if (auto why = rules::signal_value_problem(rules::signal_table()[*idx], v.get<double>())) {
        diags.error(loc.at("signals", name), "signal '" + name + "' = " + *why);
        continue;
      }
      out.set(name, v.get<double>());
    } else if (v.is_boolean())
      out.set(name, v.get<bool>());
    else
      out.set(name, v.get<std::string>());
  }
}

// Every key and string of the file is text: no control character but tab, newline and CR (a
// kernel name holding ESC sequences reached the terminal raw through `classify`). Reports the
// first offending string, located at its key.
void check_strings(const json& j, const std::string& section, const std::string& key,
                   const Locator& loc, Diagnostics& diags) {
  if (j.is_string()) {
    if (auto why = rules::text_problem(j.get_ref<const std::string&>()))
      diags.error(loc.at(section, key), "the value of '" + key + "' " + *why);
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (auto why = rules::text_problem(it.key()))
        diags.error(loc.at(section), "a key " + *why);
      else
        check_strings(it.value(), key.empty() ? section : key, it.key(), loc, diags);
    }
  } else if (j.is_array()) {
    for (const auto& e : j) check_strings(e, section, key, loc, diags);
  }
}

template <class J, class T>
void put(J& obj, const char* key, const std::optional<T>& v) {
  if (v) obj[key] = *v;
}

}  // namespace

std::pair<int, int> line_column(const std::string& text, std::size_t offset) {
  int line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  return {line, col};
}

SignalFile parse_signal_file(const std::string& text, const std::string& file_label) {
  json j;
  try {
    j = rules::parse_json_strict(text);
  } catch (const rules::DuplicateKey& e) {
    throw rules::InputError(
        rules::Diagnostic{{file_label, 0, 0}, "invalid JSON: " + std::string(e.what())});
  } catch (const json::parse_error& e) {
    // e.byte is 1-based: the offset just past the character the parser stopped at.
    auto [line, col] = line_column(text, e.byte > 0 ? e.byte - 1 : 0);
    std::string msg = e.what();
    if (auto p = msg.find("syntax error"); p != std::string::npos) msg = msg.substr(p);
    throw rules::InputError(rules::Diagnostic{{file_label, line, col}, "invalid JSON: " + msg});
  } catch (const json::exception& e) {
    // Valid syntax the parser still refuses: a number beyond double range ("1e400").
    throw rules::InputError(
        rules::Diagnostic{{file_label, 0, 0}, std::string("invalid JSON: ") + e.what()});
  }
  Locator loc(text, file_label);
  Diagnostics diags;
  if (!j.is_object()) {
    diags.error({file_label, 1, 1}, "a signal file is a JSON object");
    diags.throw_if_any(file_label);
  }
  check_strings(j, "", "", loc, diags);
  diags.throw_if_any(file_label);
  Reader r(loc, diags);
  r.check_keys(j, "",
               {"version", "kernel", "source", "chip", "problem", "inputs", "raw_metrics",
                "signals", "signal_origin", "notes"});
  SignalFile f;
  f.path = file_label;
  auto version = r.number(j, "", "version");
  if (!version)
    diags.error(loc.file(), "missing 'version' (this reader knows version 1)");
  else if (*version != 1)
    diags.error(loc.at("", "version"),
                "unsupported version " + j["version"].dump() + " (this reader knows version 1)");
  f.kernel = r.text(j, "", "kernel").value_or("");
  if (f.kernel.empty()) diags.error(loc.file(), "missing 'kernel' (the kernel's name)");
  f.source = r.text(j, "", "source").value_or("");
  f.chip = r.text(j, "", "chip");
  if (const json* p = r.object(j, "problem")) {
    r.check_keys(*p, "problem", {"name", "flops", "bytes", "note"});
    f.problem_name = r.text(*p, "problem", "name").value_or("");
    f.problem_note = r.text(*p, "problem", "note").value_or("");
    f.flops = r.number(*p, "problem", "flops");
    f.bytes = r.number(*p, "problem", "bytes");
  }
  if (const json* in = r.object(j, "inputs")) {
    r.check_keys(*in, "inputs",
                 {"time_us", "dtype", "kernel_count", "launch_count", "weight", "launch_gap_frac",
                  "launch", "ceilings", "code"});
    f.launch_gap_frac = r.number(*in, "inputs", "launch_gap_frac");
    if (in->contains("code") && (*in)["code"].is_object()) {
      const json& c = (*in)["code"];
      r.check_keys(
          c, "code",
          {"tensor_ops", "wgmma_ops", "gemm_loop", "load_chain", "code_contiguous_access_frac",
           "code_strided_access_frac", "code_store_fill_frac", "code_index_load_frac",
           "code_guard_lanes"});
      if (auto v = r.count(c, "code", "tensor_ops")) f.code_tensor_ops = *v;
      if (auto v = r.count(c, "code", "wgmma_ops")) f.code_wgmma_ops = *v;
      f.code_gemm_loop = r.flag(c, "code", "gemm_loop");
      if (auto v = r.count(c, "code", "load_chain")) f.code_load_chain = *v;
      f.code_contiguous_access_frac = r.number(c, "code", "code_contiguous_access_frac");
      f.code_strided_access_frac = r.number(c, "code", "code_strided_access_frac");
      f.code_store_fill_frac = r.number(c, "code", "code_store_fill_frac");
      f.code_index_load_frac = r.number(c, "code", "code_index_load_frac");
      if (auto v = r.count(c, "code", "code_guard_lanes")) f.code_guard_lanes = *v;
    }
    f.time_us = r.number(*in, "inputs", "time_us");
    f.dtype = r.text(*in, "inputs", "dtype");
    f.kernel_count = r.number(*in, "inputs", "kernel_count");
    f.launch_count = r.number(*in, "inputs", "launch_count");
    f.weight = r.number(*in, "inputs", "weight");
    if (in->contains("launch") && (*in)["launch"].is_object()) {
      const json& l = (*in)["launch"];
      r.check_keys(
          l, "launch",
          {"regs_per_thread", "static_smem_bytes", "dynamic_smem_bytes", "local_bytes_per_thread",
           "block_threads", "grid_blocks", "max_active_blocks_per_sm", "occupancy_limiter"});
      f.launch.regs_per_thread = r.number(l, "launch", "regs_per_thread");
      f.launch.static_smem_bytes = r.number(l, "launch", "static_smem_bytes");
      f.launch.dynamic_smem_bytes = r.number(l, "launch", "dynamic_smem_bytes");
      f.launch.local_bytes_per_thread = r.number(l, "launch", "local_bytes_per_thread");
      f.launch.block_threads = r.number(l, "launch", "block_threads");
      f.launch.grid_blocks = r.number(l, "launch", "grid_blocks");
      f.launch.max_active_blocks_per_sm = r.number(l, "launch", "max_active_blocks_per_sm");
      f.launch.occupancy_limiter = r.text(l, "launch", "occupancy_limiter");
    }
    if (in->contains("ceilings") && (*in)["ceilings"].is_object()) {
      const json& c = (*in)["ceilings"];
      r.check_keys(c, "ceilings",
                   {"dram_bytes_per_s", "fp32_flops_per_s", "tf32_flops_per_s", "fp16_flops_per_s",
                    "bf16_flops_per_s"});
      f.ceilings.dram_bytes_per_s = r.number(c, "ceilings", "dram_bytes_per_s");
      f.ceilings.fp32_flops_per_s = r.number(c, "ceilings", "fp32_flops_per_s");
      f.ceilings.tf32_flops_per_s = r.number(c, "ceilings", "tf32_flops_per_s");
      f.ceilings.fp16_flops_per_s = r.number(c, "ceilings", "fp16_flops_per_s");
      f.ceilings.bf16_flops_per_s = r.number(c, "ceilings", "bf16_flops_per_s");
    }
  }
  if (const json* raw = r.object(j, "raw_metrics")) {
    for (auto it = raw->begin(); it != raw->end(); ++it) {
      if (it.value().is_null()) continue;
      if (!it.value().is_number())
        diags.error(loc.at("raw_metrics", it.key()),
                    "raw metric '" + it.key() + "' must be a number");
      else
        f.raw_metrics[it.key()] = it.value().get<double>();
    }
  }
  if (const json* sig = r.object(j, "signals"))
    read_signals(*sig, loc, diags, f.signals);
  else
    diags.error(loc.file(), "missing 'signals'");
  if (const json* o = r.object(j, "signal_origin"))
    for (auto it = o->begin(); it != o->end(); ++it)
      if (it.value().is_string()) f.signal_origin[it.key()] = it.value().get<std::string>();
  if (j.contains("notes") && j["notes"].is_array())
    for (const auto& n : j["notes"])
      if (n.is_string()) f.notes.push_back(n.get<std::string>());
  diags.throw_if_any(file_label);
  return f;
}

SignalFile load_signal_file(const std::string& path) {
  return parse_signal_file(rules::read_text_file(path, "signal file"), path);
}

std::string dump_signal_file(const SignalFile& f) {
  // Ordered so a file reads top-down: identity, problem, inputs, raw metrics, then signals.
  using nlohmann::ordered_json;
  ordered_json j = ordered_json::object();
  j["version"] = 1;
  j["kernel"] = f.kernel;
  j["source"] = f.source;
  put(j, "chip", f.chip);
  ordered_json p = ordered_json::object();
  if (!f.problem_name.empty()) p["name"] = f.problem_name;
  put(p, "flops", f.flops);
  put(p, "bytes", f.bytes);
  if (!f.problem_note.empty()) p["note"] = f.problem_note;
  if (!p.empty()) j["problem"] = p;
  ordered_json in = ordered_json::object();
  put(in, "time_us", f.time_us);
  put(in, "dtype", f.dtype);
  put(in, "kernel_count", f.kernel_count);
  put(in, "launch_count", f.launch_count);
  put(in, "weight", f.weight);
  put(in, "launch_gap_frac", f.launch_gap_frac);
  ordered_json code = ordered_json::object();
  put(code, "tensor_ops", f.code_tensor_ops);
  put(code, "wgmma_ops", f.code_wgmma_ops);
  put(code, "gemm_loop", f.code_gemm_loop);
  put(code, "load_chain", f.code_load_chain);
  put(code, "code_contiguous_access_frac", f.code_contiguous_access_frac);
  put(code, "code_strided_access_frac", f.code_strided_access_frac);
  put(code, "code_store_fill_frac", f.code_store_fill_frac);
  put(code, "code_index_load_frac", f.code_index_load_frac);
  put(code, "code_guard_lanes", f.code_guard_lanes);
  if (!code.empty()) in["code"] = code;
  ordered_json l = ordered_json::object();
  put(l, "regs_per_thread", f.launch.regs_per_thread);
  put(l, "static_smem_bytes", f.launch.static_smem_bytes);
  put(l, "dynamic_smem_bytes", f.launch.dynamic_smem_bytes);
  put(l, "local_bytes_per_thread", f.launch.local_bytes_per_thread);
  put(l, "block_threads", f.launch.block_threads);
  put(l, "grid_blocks", f.launch.grid_blocks);
  put(l, "max_active_blocks_per_sm", f.launch.max_active_blocks_per_sm);
  put(l, "occupancy_limiter", f.launch.occupancy_limiter);
  if (!l.empty()) in["launch"] = l;
  ordered_json c = ordered_json::object();
  put(c, "dram_bytes_per_s", f.ceilings.dram_bytes_per_s);
  put(c, "fp32_flops_per_s", f.ceilings.fp32_flops_per_s);
  put(c, "tf32_flops_per_s", f.ceilings.tf32_flops_per_s);
  put(c, "fp16_flops_per_s", f.ceilings.fp16_flops_per_s);
  put(c, "bf16_flops_per_s", f.ceilings.bf16_flops_per_s);
  if (!c.empty()) in["ceilings"] = c;
  if (!in.empty()) j["inputs"] = in;
  j["raw_metrics"] = f.raw_metrics;
  ordered_json s = ordered_json::object();
  for (const auto& [name, v] : f.signals.values) {
    if (const double* d = std::get_if<double>(&v))
      s[name] = *d;
    else if (const bool* b = std::get_if<bool>(&v))
      s[name] = *b;
    else if (const std::string* t = std::get_if<std::string>(&v))
      s[name] = *t;
  }
  j["signals"] = s;
  if (!f.signal_origin.empty()) j["signal_origin"] = f.signal_origin;
  if (!f.notes.empty()) j["notes"] = f.notes;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

DerivationInput derivation_input(const SignalFile& f, const rules::ChipProfile* chip) {
  DerivationInput in;
  in.raw = f.raw_metrics;
  in.time_us = f.time_us;
  in.flops = f.flops;
  in.bytes = f.bytes;
  in.chip = chip;
  in.measured = f.ceilings;
  in.launch = f.launch;
  in.kernel_count = f.kernel_count;
  in.launch_count = f.launch_count;
  in.weight = f.weight;
  in.launch_gap_frac = f.launch_gap_frac;
  in.dtype = f.dtype;
  in.code_tensor_ops = f.code_tensor_ops;
  in.code_wgmma_ops = f.code_wgmma_ops;
  in.code_gemm_loop = f.code_gemm_loop;
  in.code_load_chain = f.code_load_chain;
  in.code_contiguous_access_frac = f.code_contiguous_access_frac;
  in.code_strided_access_frac = f.code_strided_access_frac;
  in.code_store_fill_frac = f.code_store_fill_frac;
  in.code_index_load_frac = f.code_index_load_frac;
  in.code_guard_lanes = f.code_guard_lanes;
  return in;
}

void store_derivation(SignalFile& f, const Derivation& d) {
  f.signals = d.signals;
  f.signal_origin.clear();
  for (const auto& [name, o] : d.origin) f.signal_origin[name] = to_string(o);
  f.notes = d.notes;
  for (const auto& defect : d.defects) f.notes.push_back("defect: " + defect);
}

std::vector<std::string> store_derived_signals(SignalFile& f, const Derivation& d,
                                               const std::vector<std::string>& names) {
  std::vector<std::string> changed;
  for (const auto& name : names) {
    const rules::Value& now = d.signals.get(name);
    const rules::Value& was = f.signals.get(name);
    if (now != was) changed.push_back(name);
    if (rules::is_missing(now)) {
      f.signals.values.erase(name);
      f.signal_origin.erase(name);
    } else {
      f.signals.set(name, now);
      if (auto o = d.origin.find(name); o != d.origin.end())
        f.signal_origin[name] = to_string(o->second);
    }
    for (const auto& defect : d.defects) {
      if (defect.rfind(name + " ", 0) != 0) continue;  // a defect starts with its signal's name
      std::string note = "defect: " + defect;
      if (std::find(f.notes.begin(), f.notes.end(), note) == f.notes.end()) f.notes.push_back(note);
    }
  }
  return changed;
}

}  // namespace solver::profiling
