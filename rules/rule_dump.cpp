// Writes a rule table back as rules.yaml (schema v1). Hand-formatted rather than through
// YAML::Emitter so the output looks like a file a person wrote (plain scalars where YAML
// allows them, one key per line, shortest round-trip numbers) and diffs cleanly against the
// input; load(dump(t)) reproduces t exactly (a test checks it).
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "rules/rule_table.h"

namespace solver::rules {
namespace {

bool plain_is_safe(const std::string& s) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ') return false;
  static const std::string indicators = "-?:,[]{}#&*!|>'\"%@`";
  if (indicators.find(s.front()) != std::string::npos) return false;
  for (char c : s)
    if (c == '\n' || c == '\r' || c == '\t' || static_cast<unsigned char>(c) < 0x20) return false;
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos || s.back() == ':')
    return false;
  // Anything YAML would read as another type (bool, null, number) must stay a string.
  std::string low;
  for (char c : s) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const char* special[] = {"true", "false", "yes", "no",   "on",    "off", "y",
                                  "n",    "null",  "~",   ".inf", "-.inf", ".nan"};
  for (const char* w : special)
    if (low == w) return false;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  if (end && *end == '\0') return false;
  return true;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string scalar(const std::string& s) { return plain_is_safe(s) ? s : quoted(s); }
std::string number(double d) { return format_value(Value(d)); }

std::string flow_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    // Flow context adds ',' '[' ']' '{' '}' to the characters that force quotes.
    bool plain = plain_is_safe(items[i]) && items[i].find_first_of(",[]{}") == std::string::npos;
    out += plain ? items[i] : quoted(items[i]);
  }
  return out + "]";
}

}  // namespace

std::string dump_rule_table(const RuleTable& table) {
  const EvolutionConfig& ev = table.evolution;
  std::string out;
  out += "version: " + std::to_string(table.version) + "\n";
  out += "evolution:\n";
  out += "  initial_confidence: " + number(ev.initial_confidence) + "\n";
  out += "  reward: " + number(ev.reward) + "\n";
  out += "  penalty: " + number(ev.penalty) + "\n";
  out += "  retire_below: " + number(ev.retire_below) + "\n";
  out += "  min_trials: " + std::to_string(ev.min_trials) + "\n";
  out += "  promote_above: " + number(ev.promote_above) + "\n";
  out += "  probation_confidence: " + number(ev.probation_confidence) + "\n";
  out += "  probation_trials: " + std::to_string(ev.probation_trials) + "\n";
  out += "  min_gain: " + number(ev.min_gain) + "\n";
  out += "  patience: " + std::to_string(ev.patience) + "\n";
  // Written only when set away from the default, so older tables dump (and hash) unchanged.
  if (ev.soft_margin != EvolutionConfig{}.soft_margin)
    out += "  soft_margin: " + number(ev.soft_margin) + "\n";
  if (ev.min_evidence != EvolutionConfig{}.min_evidence)
    out += "  min_evidence: " + number(ev.min_evidence) + "\n";
  if (ev.min_explained != EvolutionConfig{}.min_explained)
    out += "  min_explained: " + number(ev.min_explained) + "\n";
  if (ev.tie_margin != EvolutionConfig{}.tie_margin)
    out += "  tie_margin: " + number(ev.tie_margin) + "\n";
  if (ev.tie_spread != EvolutionConfig{}.tie_spread)
    out += "  tie_spread: " + number(ev.tie_spread) + "\n";
  // Only when there are any, so a table without them dumps (and hashes) as before.
  if (!table.derived.empty()) out += "derived:\n";
  for (const DerivedSignal& d : table.derived)
    out += "  " + scalar(d.name) + ": " + scalar(d.text) + "\n";
  out += table.rules.empty() ? "rules: []\n" : "rules:\n";
  for (std::size_t i = 0; i < table.rules.size(); ++i) {
    const Rule& r = table.rules[i];
    if (i) out += "\n";  // a blank line between rules, as people write them
    out += "  - id: " + scalar(r.id) + "\n";
    out += "    when: " + scalar(r.when_text) + "\n";
    if (r.estimate) out += "    estimate: " + scalar(r.estimate_text) + "\n";
    if (!r.requires_caps.empty()) out += "    requires: " + flow_list(r.requires_caps) + "\n";
    out += "    hypothesis: " + scalar(r.hypothesis) + "\n";
    if (!r.bottleneck.empty()) out += "    bottleneck: " + scalar(r.bottleneck) + "\n";
    out += "    priority: " + std::to_string(r.priority) + "\n";
    out += "    rationale: " + scalar(r.rationale) + "\n";
    if (r.stop) out += "    stop: true\n";
    if (r.expect) {
      out += "    expect: {signal: " + scalar(r.expect->signal) +
             ", direction: " + (r.expect->direction > 0 ? "up" : "down") + "}\n";
    }
    out += "    status: " + std::string(to_string(r.status)) + "\n";
    out += "    confidence: " + number(r.confidence) + "\n";
    if (r.calibration.samples > 0)
      out += "    calibration: {samples: " + std::to_string(r.calibration.samples) +
             ", estimated: " + number(r.calibration.estimated) +
             ", achieved: " + number(r.calibration.achieved) + "}\n";
    const Provenance& p = r.provenance;
    out += "    provenance:\n";
    out += "      trials: " + std::to_string(p.trials) + "\n";
    out += "      successes: " + std::to_string(p.successes) + "\n";
    out += "      failures: " + std::to_string(p.failures) + "\n";
    out += "      origin: " + scalar(p.origin) + "\n";
    if (p.events.empty()) {
      out += "      events: []\n";
    } else {
      out += "      events:\n";
      for (const auto& e : p.events) out += "        - " + scalar(e) + "\n";
    }
  }
  return out;
}

}  // namespace solver::rules
