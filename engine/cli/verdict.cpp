#include "engine/cli/verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "engine/cli/output.h"
#include "engine/cli/verdict_lines.h"
#include "rules/unexplained.h"

namespace solver::cli {
namespace {

std::string origin_of(const VerdictInput& v, std::string_view name) {
  if (name.substr(0, 5) == "chip.") return "chip";
  // A derived signal of the rule table (rules/derived.h), computed from the names beside it.
  if (v.match &&
      std::find(v.match->derived.begin(), v.match->derived.end(), name) != v.match->derived.end())
    return "derived";
  auto it = v.origin.find(std::string(name));
  return it == v.origin.end() ? "" : it->second;
}

nlohmann::json rule_json(const rules::Rule& r) {
  return {
      {"id", r.id},
      {"hypothesis", r.hypothesis},
      {"bottleneck", r.bottleneck.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.bottleneck)},
      {"priority", r.priority},
      {"confidence", r.confidence},
      {"requires", r.requires_caps},
      {"when", r.when_text},
      {"rationale", r.rationale},
      {"estimate_expr",
       r.estimate_text.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.estimate_text)},
      {"stop", r.stop}};
}

// With no rule to name, the time account's largest items (rules/unexplained.h).
nlohmann::json unexplained_json(const VerdictInput& v) {
  nlohmann::json j;
  // The signals' own types: a name as a string, a fraction as a number, null where unmeasured.
  auto put = [&](const char* key, const char* signal) {
    const rules::Value* val = v.signals ? &v.signals->get(signal) : nullptr;
    if (!val || rules::is_missing(*val))
      j[key] = nullptr;
    else if (const auto* d = std::get_if<double>(val))
      j[key] = *d;
    else if (const auto* t = std::get_if<std::string>(val))
      j[key] = *t;
    else
      j[key] = rules::format_value(*val);
  };
  put("stall_top", "stall_top");
  put("stall_top_frac", "stall_top_frac");
  put("pipe_top", "pipe_top");
  put("pipe_top_frac", "pipe_top_frac");
  put("issue_frac", "issue_frac");
  return j;
}

std::string unexplained_line(const VerdictInput& v) {
  return rules::unexplained_summary(v.signals);
}

std::string pct(double f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * f);
  return buf;
}

}  // namespace

std::string fired_label(const rules::MatchResult& m) {
  if (!m.fired) return "nothing fired";
  return m.fired->id + " -> " + m.fired->hypothesis;
}

std::string blocked_label(const rules::BlockedRule& b) {
  return b.rule->id + " (needs " + join(b.missing_caps, ", ") + ")";
}

nlohmann::json verdict_json(const VerdictInput& v) {
  const rules::MatchResult& m = *v.match;
  nlohmann::json j;
  j["kernel"] = v.kernel;
  j["source"] = v.source;
  j["chip"] = v.chip ? v.chip->id : "";
  j["fired"] = m.fired ? rule_json(*m.fired) : nlohmann::json(nullptr);
  nlohmann::json ev = nlohmann::json::array();
  for (const auto& [name, value] : m.evidence)
    ev.push_back({{"name", std::string(name)},
                  {"value", value_to_json(value)},
                  {"origin", origin_of(v, name)}});
  j["evidence"] = ev;
  nlohmann::json est = nlohmann::json::array();
  for (const auto& [name, value] : m.estimate_inputs)
    est.push_back({{"name", std::string(name)},
                   {"value", value_to_json(value)},
                   {"origin", origin_of(v, name)}});
  j["estimate_inputs"] = est;
  nlohmann::json ranked = nlohmann::json::array();
  for (const auto& rr : m.ranked) {
    auto r = rule_json(*rr.rule);
    r["evidence"] = rr.evidence;
    r["estimate"] = rr.raw_estimate ? nlohmann::json(rr.estimate) : nlohmann::json(nullptr);
    r["estimate_raw"] =
        rr.raw_estimate ? nlohmann::json(*rr.raw_estimate) : nlohmann::json(nullptr);
    r["calibration"] = rr.calibration;
    r["score"] = rr.score;
    r["fired"] = rr.rule == m.fired;
    ranked.push_back(r);
  }
  j["ranked"] = ranked;
  if (m.unexplained()) j["unexplained"] = unexplained_json(v);
  j["explained"] = m.explained;
  j["weak"] = m.weak;
  // A tie (rules/verdict_tie.h): the other class the signals' measured spread could name.
  if (m.tie)
    j["tie"] = {{"rule", m.tie->id}, {"bottleneck", m.tie->bottleneck}, {"margin", m.tie_margin}};
  if (m.tie_unexplained) j["tie_unexplained"] = true;
  nlohmann::json blocked = nlohmann::json::array();
  for (const auto& b : m.blocked) {
    auto r = rule_json(*b.rule);
    r["missing_caps"] = b.missing_caps;
    blocked.push_back(r);
  }
  j["blocked"] = blocked;
  nlohmann::json out = nlohmann::json::array();
  for (const auto* r : m.outranked) out.push_back(rule_json(*r));
  j["outranked"] = out;
  nlohmann::json undecided = nlohmann::json::array();
  for (const auto& u : m.undecided) {
    auto r = rule_json(*u.rule);
    r["missing"] = std::vector<std::string>(u.missing.begin(), u.missing.end());
    r["outranks_fired"] = u.outranks_fired;
    undecided.push_back(r);
  }
  j["undecided"] = undecided;
  j["missing_signals"] = m.missing_signals;
  j["defects"] = v.defects;
  if (v.signals) {
    nlohmann::json s = nlohmann::json::object();
    for (const auto& [name, value] : v.signals->values) s[name] = value_to_json(value);
    j["signals"] = s;
  }
  j["signal_origin"] = v.origin;
  if (!v.gate.empty()) j["gate_outcome"] = {{"passed", v.gate_passed}, {"status", v.gate}};
  j["notes"] = v.notes;
  if (v.pc) add_pc_json(j, *v.pc, m);
  return j;
}

void print_verdict(std::ostream& out, const VerdictInput& v) {
  const rules::MatchResult& m = *v.match;
  out << "kernel " << v.kernel << " on " << (v.chip ? v.chip->id + " (" + v.chip->name + ")" : "?");
  if (!v.source.empty()) out << "  [" << v.source << "]";
  out << '\n';
  if (!v.gate.empty())
    out << "  gate:       " << (v.gate_passed ? "passed" : "FAILED") << " (" << v.gate << ")"
        << (v.gate_passed ? "" : ": the diagnosis below stands; the kernel is not a valid solution")
        << '\n';
  if (!m.fired) {
    out << "  fired:      nothing (no eligible rule's condition is true)\n";
    out << "  verdict:    " << unexplained_line(v) << '\n';
    // With no rule to point at, the measured values are what the reader needs to see.
    if (v.signals) {
      std::vector<std::string> parts;
      for (const auto& [name, value] : v.signals->values) {
        std::string o = origin_of(v, name);
        parts.push_back(name + "=" +
                        (std::holds_alternative<double>(value)
                             ? format_number(std::get<double>(value))
                             : rules::format_value(value)) +
                        (o.empty() ? "" : " [" + o + "]"));
      }
      out << "  signals:    " << join(parts, ", ") << '\n';
    }
  } else {
    const rules::Rule& r = *m.fired;
    out << "  fired:      " << r.id << " (priority " << r.priority << ")"
        << (r.stop ? "  [stop]" : "") << '\n'
        << "  bottleneck: " << (r.bottleneck.empty() ? "(the rule names none)" : r.bottleneck)
        << '\n'
        << "  hypothesis: " << r.hypothesis << '\n'
        << "  why:        " << r.rationale << '\n'
        << "  when:       " << r.when_text << '\n';
    if (m.weak)
      out << "  verdict:    " << unexplained_line(v) << " (the best rule, " << r.id
          << ", explains only " << pct(m.explained)
          << " of the time: under the table's min_explained, so not the verdict)\n";
    if (m.tie && !m.weak) {
      out << "  tie:        " << m.tie->bottleneck << " (" << m.tie->id << ") is as likely on the "
          << "next measurement: ";
      if (m.tie_margin < 0)
        out << "it ranks above the fired rule but is a stop rule whose condition misses by a "
               "little\n";
      else
        out << "its score is " << pct(m.tie_margin) << " below, within the signals' measured "
            << "spread\n";
    }
    if (m.tie_unexplained)
      out << "  tie:        " << (m.weak ? r.bottleneck : std::string("unexplained"))
          << ": the share explained, " << pct(m.explained)
          << ", is within the tie margin of the table's min_explained\n";
    if (!r.requires_caps.empty()) out << "  requires:   " << join(r.requires_caps, ", ") << '\n';
    Table t({"signal", "value", "origin"});
    for (const auto& [name, value] : m.evidence)
      t.add_row({std::string(name),
                 std::holds_alternative<double>(value) ? format_number(std::get<double>(value))
                                                       : rules::format_value(value),
                 origin_of(v, name)});
    out << "  evidence:\n";
    std::ostringstream table;
    t.print(table);
    std::istringstream lines(table.str());
    for (std::string line; std::getline(lines, line);) out << "    " << line << '\n';
    if (!r.estimate_text.empty()) {
      std::vector<std::string> inputs;
      for (const auto& [name, value] : m.estimate_inputs)
        inputs.push_back(std::string(name) + "=" +
                         (std::holds_alternative<double>(value)
                              ? format_number(std::get<double>(value))
                              : rules::format_value(value)));
      out << "  estimate:   " << r.estimate_text << "  (" << join(inputs, ", ") << ")\n";
    }
  }
  // The ranking: every rule that holds or nearly holds, best first, with what it estimates.
  if (!m.ranked.empty()) {
    out << "  ranked:     (score = evidence x estimate x calibration x confidence)\n";
    Table t({"#", "rule", "bottleneck", "estimate", "evidence", "calib", "conf", "score", ""});
    int i = 0;
    for (const auto& rr : m.ranked) {
      std::string est = rr.raw_estimate ? pct(rr.estimate) : "-";
      if (rr.raw_estimate && (*rr.raw_estimate > 1 || *rr.raw_estimate < 0))
        est += " (" + format_number(*rr.raw_estimate) + " clamped)";
      t.add_row({std::to_string(++i), rr.rule->id,
                 rr.rule->bottleneck.empty() ? "-" : rr.rule->bottleneck, est,
                 format_number(rr.evidence), format_number(rr.calibration),
                 format_number(rr.rule->confidence), format_number(rr.score),
                 rr.rule == m.fired ? "fired"
                 : rr.holds()       ? ""
                                    : "near miss"});
    }
    std::ostringstream table;
    t.print(table);
    std::istringstream lines(table.str());
    for (std::string line; std::getline(lines, line);) out << "    " << line << '\n';
  }
  for (const auto& b : m.blocked)
    out << "  blocked:    " << b.rule->id << " -> " << b.rule->hypothesis << " (guard: chip lacks "
        << join(b.missing_caps, ", ") << ")\n";
  for (const auto* r : m.outranked)
    out << "  outranked:  " << r->id << " -> " << r->hypothesis << " (priority " << r->priority
        << ")\n";
  // In text, the undecided rules that could have changed the verdict (all of them when none
  // fired); --json lists every one.
  int later = 0;
  for (const auto& u : m.undecided) {
    if (!u.outranks_fired) {
      ++later;
      continue;
    }
    out << "  undecided:  " << u.rule->id << " -> " << u.rule->hypothesis << " (priority "
        << u.rule->priority << "; not measured: "
        << join(std::vector<std::string>(u.missing.begin(), u.missing.end()), ", ") << ")"
        << (m.fired ? "  [outranks the verdict]" : "") << '\n';
  }
  if (later > 0) out << "  undecided:  " << later << " lower-priority rule(s) (see --json)\n";
  if (!m.missing_signals.empty())
    out << "  not measured (rules reading them stay undecided): " << join(m.missing_signals, ", ")
        << '\n';
  for (const auto& d : v.defects) out << "  defect:     " << d << '\n';
  bool profiled_rates = false;
  for (const auto& [name, value] : m.evidence)
    if (origin_of(v, name) == "profiled-run") profiled_rates = true;
  if (profiled_rates)
    out << "  caution:    evidence marked profiled-run is a rate over the profiled run's time, "
           "which the\n"
           "              profiler's replay slows for memory-bound kernels: it understates "
           "bandwidth\n";
  if (v.pc) print_pc_lines(out, *v.pc, m);
  for (const auto& n : v.notes) out << "  note:       " << n << '\n';
}

}  // namespace solver::cli
