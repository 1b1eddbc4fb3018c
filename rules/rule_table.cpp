// Loading rules.yaml (schema v1): every field checked, every problem of the file collected with
// its file:line:column, then one InputError. Whole-table analyses (shadowing) are in
// rule_lint.cpp, the YAML writer in rule_dump.cpp, slot binding (the hot path) in rule_slots.cpp.
#include "rules/rule_table.h"

#include "rules/names.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "rules/bottlenecks.h"
#include "rules/enum_names.h"
#include "rules/hash.h"
#include "rules/hypotheses.h"
#include "rules/rule_lint.h"
#include "rules/signals.h"
#include "rules/yaml_util.h"

namespace solver::rules {
namespace {

constexpr int kMaxPriority = 10000;

// " (did you mean 'x'?)" when one candidate is within about one typo per three characters.
template <typename Range, typename Key>
std::string suggestion(std::string_view wrong, const Range& candidates, Key key) {
  std::string_view best;
  std::size_t best_d = wrong.size() / 3 + 1;
  for (const auto& c : candidates) {
    std::string_view k = key(c);
    std::size_t d = edit_distance(wrong, k);
    if (d <= best_d) best_d = d, best = k;
  }
  return best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)";
}

bool is_fraction(double v) { return v >= 0 && v <= 1; }

void parse_evolution(const YAML::Node& node, const std::string& file, Diagnostics& diags,
                     EvolutionConfig& ev) {
  if (!expect_map(node, "evolution", file, diags)) return;
  check_keys(node,
             {"initial_confidence", "reward", "penalty", "retire_below", "min_trials",
              "promote_above", "probation_confidence", "probation_trials", "min_gain", "patience",
              "soft_margin", "min_evidence", "min_explained", "tie_margin", "tie_spread"},
             file, diags);
  auto at = [&](const char* key) { return location_of(node[key], file); };
  struct Frac {
    const char* key;
    double* field;
    bool positive;  // 0 is not allowed either
  };
  const Frac fracs[] = {{"initial_confidence", &ev.initial_confidence, false},
                        {"reward", &ev.reward, true},
                        {"penalty", &ev.penalty, true},
                        {"retire_below", &ev.retire_below, false},
                        {"promote_above", &ev.promote_above, false},
                        {"probation_confidence", &ev.probation_confidence, false},
                        {"min_gain", &ev.min_gain, false},
                        {"soft_margin", &ev.soft_margin, false},
                        {"min_evidence", &ev.min_evidence, true},
                        {"min_explained", &ev.min_explained, false},
                        {"tie_margin", &ev.tie_margin, false},
                        {"tie_spread", &ev.tie_spread, false}};
  std::set<std::string> bad;  // keys already reported, so relations between them stay quiet
  for (const auto& f : fracs) {
    auto v = get_double(node, f.key, file, diags);
    if (!v) {
      if (node[f.key].IsDefined() && !node[f.key].IsNull()) bad.insert(f.key);
      continue;
    }
    if (!is_fraction(*v) || (f.positive && *v == 0)) {
      diags.error(at(f.key), std::string("evolution.") + f.key + " must be " +
                                 (f.positive ? "in (0, 1]" : "in [0, 1]") + ", got " +
                                 format_value(*v));
      bad.insert(f.key);
      continue;
    }
    *f.field = *v;
  }
  struct Count {
    const char* key;
    int* field;
  };
  const Count counts[] = {{"min_trials", &ev.min_trials},
                          {"probation_trials", &ev.probation_trials},
                          {"patience", &ev.patience}};
  for (const auto& c : counts) {
    auto v = get_int(node, c.key, file, diags);
    if (!v) continue;
    if (*v < 1 || *v > 1000000) {
      diags.error(at(c.key), std::string("evolution.") + c.key +
                                 " must be a whole number >= 1, got " + std::to_string(*v));
      continue;
    }
    *c.field = static_cast<int>(*v);
  }
  auto ok = [&](const char* k) { return !bad.count(k); };
  if (ok("retire_below") && ok("promote_above") && ev.retire_below >= ev.promote_above) {
    diags.error(node["retire_below"].IsDefined() ? at("retire_below") : at("promote_above"),
                "evolution.retire_below (" + format_value(ev.retire_below) +
                    ") must be below promote_above (" + format_value(ev.promote_above) + ")");
    return;
  }
  // A rule that starts at or under the retirement line is retired by its first failure.
  const std::pair<const char*, double> starts[] = {
      {"initial_confidence", ev.initial_confidence},
      {"probation_confidence", ev.probation_confidence}};
  for (const auto& [key, value] : starts) {
    if (ok(key) && ok("retire_below") && value <= ev.retire_below)
      diags.error(node[key].IsDefined() ? at(key) : at("retire_below"),
                  std::string("evolution.") + key + " (" + format_value(value) +
                      ") must be above retire_below (" + format_value(ev.retire_below) + ")");
  }
}

void parse_provenance(const YAML::Node& node, const std::string& file, Diagnostics& diags,
                      Provenance& p) {
  if (!expect_map(node, "provenance", file, diags)) return;
  check_keys(node, {"trials", "successes", "failures", "origin", "events"}, file, diags);
  const std::pair<const char*, int*> counts[] = {
      {"trials", &p.trials}, {"successes", &p.successes}, {"failures", &p.failures}};
  for (const auto& [key, field] : counts) {
    if (auto v = get_int(node, key, file, diags)) {
      if (*v < 0)
        diags.error(location_of(node[key], file),
                    std::string("provenance.") + key + " must not be negative");
      else
        *field = static_cast<int>(*v);
    }
  }
  if (auto o = get_string(node, "origin", file, diags)) p.origin = *o;
  if (auto e = get_string_list(node, "events", file, diags)) p.events = *e;
}

void parse_calibration(const YAML::Node& node, const std::string& file, Diagnostics& diags,
                       Calibration& c) {
  if (!expect_map(node, "calibration", file, diags)) return;
  check_keys(node, {"samples", "estimated", "achieved"}, file, diags);
  if (auto v = get_int(node, "samples", file, diags)) {
    if (*v < 0)
      diags.error(location_of(node["samples"], file), "calibration.samples must not be negative");
    else
      c.samples = static_cast<int>(*v);
  }
  const std::pair<const char*, double*> sums[] = {{"estimated", &c.estimated},
                                                  {"achieved", &c.achieved}};
  for (const auto& [key, field] : sums) {
    if (auto v = get_double(node, key, file, diags)) {
      if (!(*v >= 0) || *v > c.samples)
        diags.error(location_of(node[key], file),
                    std::string("calibration.") + key +
                        " is a sum of shares in [0, 1]: it must lie in [0, samples], got " +
                        format_value(*v));
      else
        *field = *v;
    }
  }
}

void parse_expect(const YAML::Node& node, const std::string& file, Diagnostics& diags,
                  std::optional<Expectation>& out) {
  if (!expect_map(node, "expect", file, diags)) return;
  check_keys(node, {"signal", "direction"}, file, diags);
  Expectation e;
  bool good = true;
  if (auto s = get_string(node, "signal", file, diags, true)) {
    auto idx = signal_index(*s);
    if (!idx) {
      diags.error(location_of(node["signal"], file),
                  "expect.signal: unknown signal '" + *s + "'" +
                      suggestion(*s, signal_table(), [](const SignalDef& d) { return d.name; }));
      good = false;
    } else if (signal_table()[*idx].type != ValueType::Number) {
      diags.error(location_of(node["signal"], file),
                  "expect.signal: '" + *s + "' is a " + to_string(signal_table()[*idx].type) +
                      " signal; an expectation needs a number that can go up or down");
      good = false;
    }
    e.signal = *s;
  } else {
    good = false;
  }
  if (auto d = get_string(node, "direction", file, diags, true)) {
    if (*d == "up") {
      e.direction = +1;
    } else if (*d == "down") {
      e.direction = -1;
    } else {
      diags.error(location_of(node["direction"], file),
                  "expect.direction must be 'up' or 'down', got '" + *d + "'");
      good = false;
    }
  } else {
    good = false;
  }
  if (good) out = e;
}

std::optional<Rule> parse_rule(const YAML::Node& node, const std::string& file,
                               const EvolutionConfig& ev, const Resolver& resolve,
                               Diagnostics& diags) {
  if (!expect_map(node, "rule", file, diags)) return std::nullopt;
  check_keys(node,
             {"id", "when", "estimate", "requires", "hypothesis", "bottleneck", "priority",
              "rationale", "stop", "expect", "status", "confidence", "provenance", "calibration"},
             file, diags);
  Rule r;
  r.where = location_of(node, file);
  r.confidence = ev.initial_confidence;
  std::size_t before = diags.size();

  // Valid UTF-8, no control character, at most kMaxIdBytes: the id goes into every JSON file.
  if (auto id = get_id(node, "id", file, diags, "rule id", true)) r.id = *id;
  if (auto w = get_string(node, "when", file, diags, true)) {
    r.when_text = *w;
    r.when = get_expression(node, "when", file, resolve, diags, ValueType::Bool);
  }
  if (node["estimate"].IsDefined() && !node["estimate"].IsNull()) {
    if (auto e = get_string(node, "estimate", file, diags)) {
      r.estimate_text = *e;
      r.estimate = get_expression(node, "estimate", file, resolve, diags, ValueType::Number);
    }
  }
  if (node["calibration"].IsDefined() && !node["calibration"].IsNull())
    parse_calibration(node["calibration"], file, diags, r.calibration);

  if (auto caps = get_string_list(node, "requires", file, diags)) {
    const auto& known = known_capabilities();
    YAML::Node list = node["requires"];
    for (std::size_t i = 0; i < caps->size(); ++i) {
      const std::string& c = (*caps)[i];
      if (std::find(known.begin(), known.end(), c) == known.end()) {
        diags.error(location_of(list[i], file), "unknown capability '" + c + "' in requires" +
                                                    suggestion(c, known, [](const std::string& k) {
                                                      return std::string_view(k);
                                                    }));
      } else if (std::find(r.requires_caps.begin(), r.requires_caps.end(), c) !=
                 r.requires_caps.end()) {
        diags.error(location_of(list[i], file), "capability '" + c + "' required twice");
      } else {
        r.requires_caps.push_back(c);
      }
    }
  }

  if (auto h = get_string(node, "hypothesis", file, diags, true)) {
    r.hypothesis = *h;
    if (!is_known_hypothesis(*h))
      diags.error(
          location_of(node["hypothesis"], file),
          "unknown hypothesis '" + *h + "'" +
              suggestion(*h, hypothesis_table(), [](const HypothesisDef& d) { return d.id; }));
  }

  if (auto b = get_string(node, "bottleneck", file, diags)) {
    if (is_known_bottleneck(*b))
      r.bottleneck = *b;
    else
      diags.error(
          location_of(node["bottleneck"], file),
          "unknown bottleneck '" + *b + "'" +
              suggestion(*b, bottleneck_table(), [](const BottleneckDef& d) { return d.id; }) +
              "; known: " + known_bottlenecks_list());
  }

  if (auto p = get_int(node, "priority", file, diags, true)) {
    if (*p < 0 || *p > kMaxPriority)
      diags.error(location_of(node["priority"], file), "priority must be between 0 and " +
                                                           std::to_string(kMaxPriority) + ", got " +
                                                           std::to_string(*p));
    else
      r.priority = static_cast<int>(*p);
  }

  YAML::Node rat = node["rationale"];
  if (!rat.IsDefined() || rat.IsNull()) {
    diags.error(rat.IsDefined() ? location_of(rat, file) : r.where,
                "rule '" + r.id +
                    "' has no rationale (one line: why this signal means this "
                    "bottleneck)");
  } else if (auto s = get_string(node, "rationale", file, diags)) {
    std::string trimmed = *s;
    trimmed.erase(0, trimmed.find_first_not_of(" \t\n"));
    if (trimmed.empty())
      diags.error(location_of(rat, file), "rule '" + r.id + "' has an empty rationale");
    else if (s->find('\n') != std::string::npos && s->find('\n') + 1 < s->size())
      diags.error(location_of(rat, file), "rationale must be one line");
    r.rationale = *s;
    while (!r.rationale.empty() && r.rationale.back() == '\n') r.rationale.pop_back();
  }

  if (auto s = get_bool(node, "stop", file, diags)) r.stop = *s;
  if (node["expect"].IsDefined() && !node["expect"].IsNull()) {
    parse_expect(node["expect"], file, diags, r.expect);
    if (r.stop && r.expect)
      diags.error(location_of(node["expect"], file),
                  "a stop rule has no variant to measure, so it cannot carry an expect");
  }
  if (auto st = get_string(node, "status", file, diags)) {
    if (auto s = rule_status_from_string(*st))
      r.status = *s;
    else
      diags.error(location_of(node["status"], file),
                  "status must be active, probation, promoted or retired, got '" + *st + "'");
  }
  if (auto c = get_double(node, "confidence", file, diags)) {
    if (!is_fraction(*c))
      diags.error(location_of(node["confidence"], file),
                  "confidence must be in [0, 1], got " + format_value(*c));
    else
      r.confidence = *c;
  }
  if (node["provenance"].IsDefined() && !node["provenance"].IsNull())
    parse_provenance(node["provenance"], file, diags, r.provenance);

  if (diags.size() != before) return std::nullopt;
  return r;
}

}  // namespace

double Calibration::factor() const {
  if (samples <= 0) return 1.0;
  double f = (achieved + kCalibrationPrior) / (estimated + kCalibrationPrior);
  return std::clamp(f, kMinCalibration, kMaxCalibration);
}

const char* to_string(RuleStatus s) {
  switch (s) {
    case RuleStatus::Active:
      return "active";
    case RuleStatus::Probation:
      return "probation";
    case RuleStatus::Promoted:
      return "promoted";
    case RuleStatus::Retired:
      return "retired";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<RuleStatus> rule_status_from_string(std::string_view s) {
  return parse_enum<RuleStatus>(s);
}

const Rule* RuleTable::find(const std::string& id) const {
  for (const auto& r : rules)
    if (r.id == id) return &r;
  return nullptr;
}

Rule* RuleTable::find(const std::string& id) {
  for (auto& r : rules)
    if (r.id == id) return &r;
  return nullptr;
}

Resolver RuleTable::resolver() const { return derived_resolver(rule_resolver(), derived); }

std::string RuleTable::content_hash() const { return sha256_hex(dump_rule_table(*this)); }

RuleTable parse_rule_table(const std::string& yaml_text, const std::string& file_label) {
  YAML::Node root = load_yaml_string(yaml_text, file_label);
  Diagnostics diags;
  RuleTable table;
  table.file = file_label;
  if (!expect_map(root, "rules file", file_label, diags)) diags.throw_if_any(file_label);
  check_keys(root, {"version", "evolution", "derived", "rules"}, file_label, diags);
  if (auto v = get_int(root, "version", file_label, diags, true); v && *v != 1)
    diags.error(location_of(root["version"], file_label),
                "unsupported rules version " + std::to_string(*v) + " (this tool reads 1)");
  // Thresholds first: a rule without `confidence:` starts at evolution.initial_confidence.
  if (root["evolution"].IsDefined() && !root["evolution"].IsNull())
    parse_evolution(root["evolution"], file_label, diags, table.evolution);

  // Derived signals before the rules that use them.
  if (root["derived"].IsDefined() && !root["derived"].IsNull())
    table.derived = parse_derived_signals(root["derived"], file_label, rule_resolver(), diags);
  const Resolver resolve = table.resolver();

  YAML::Node list = root["rules"];
  if (!list.IsDefined()) {
    diags.error(location_of(root, file_label), "missing required key 'rules'");
  } else if (expect_sequence(list, "rules", file_label, diags)) {
    std::map<std::string, SourceLocation> seen;
    for (const auto& node : list) {
      auto rule = parse_rule(node, file_label, table.evolution, resolve, diags);
      // Duplicate ids are checked on the raw text, so a rule with other mistakes still counts.
      if (node.IsMap() && node["id"].IsDefined() && node["id"].IsScalar()) {
        const std::string id = node["id"].Scalar();
        auto [it, fresh] = seen.emplace(id, location_of(node["id"], file_label));
        if (!fresh)
          diags.error(location_of(node["id"], file_label), "duplicate rule id '" + printable(id) +
                                                               "' (first defined at " +
                                                               it->second.to_string() + ")");
      }
      if (rule) table.rules.push_back(std::move(*rule));
    }
  }
  lint_rule_table(table, diags);
  diags.throw_if_any_in_file_order(file_label);
  return table;
}

RuleTable load_rule_table(const std::string& path) {
  std::string text;
  load_yaml_file(path, &text);  // unreadable file or YAML syntax error: located InputError
  return parse_rule_table(text, path);
}

}  // namespace solver::rules
