#include "engine/eval/eval_score.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "rules/bottlenecks.h"
#include "rules/unexplained.h"

namespace solver::engine {
namespace {

nlohmann::json value_json(const rules::Value& v) {
  if (std::holds_alternative<double>(v)) return std::get<double>(v);
  if (std::holds_alternative<bool>(v)) return std::get<bool>(v);
  if (std::holds_alternative<std::string>(v)) return std::get<std::string>(v);
  return nullptr;
}

}  // namespace

namespace {
// What every case says of its kernel, measured or not.
EvalCase case_of(const LabelledKernel& k) {
  EvalCase c;
  c.kernel = k.name;
  c.label = k.label.bottleneck;
  c.accept = k.label.accept;
  c.held_out = k.held_out;
  c.pending = k.label.pending;
  return c;
}
}  // namespace

EvalCase score_case(const LabelledKernel& k, const rules::MatchResult& m, std::string source,
                    const rules::SignalSet* signals) {
  EvalCase c = case_of(k);
  c.source = std::move(source);
  c.missing_signals.assign(m.missing_signals.begin(), m.missing_signals.end());
  if (!m.fired) {
    // No rule's condition holds: the verdict is "no rule explains this" with the time
    // account's largest items, right where the label says no class fits (issue 29: a cost
    // with no class gets that, not a wrong class and not silence).
    c.got = "unexplained";
    c.detail = "no rule's condition holds: " + rules::unexplained_summary(signals);
    c.correct = label_matches(k.label, "unexplained");
  } else if (m.weak) {
    // The best rule explains too little of the time to be the verdict (rules/matcher.h, weak):
    // "no rule explains this", right where the label says no class fits.
    c.fired = m.fired->id;
    c.hypothesis = m.fired->hypothesis;
    c.got = "unexplained";
    c.detail = "the best rule, " + m.fired->id + ", explains " +
               std::to_string(static_cast<int>(100 * m.explained + 0.5)) + "% of the time";
    // What the rule read, as for a verdict: without it the confusion line said "no signal read"
    // of a rule that had read every signal and only explained too little (issue 29).
    for (const auto& [name, value] : m.evidence) c.evidence.emplace_back(name, value);
    c.correct = label_matches(k.label, "unexplained");
  } else {
    c.fired = m.fired->id;
    c.hypothesis = m.fired->hypothesis;
    c.got = m.fired->bottleneck.empty() ? kRuleNamesNone : m.fired->bottleneck;
  }
  if (m.fired && m.weak && m.tie_unexplained) {
    c.tie = m.fired->bottleneck;  // explained just under the line: its class or none
  } else if (m.fired && !m.weak && m.tie) {
    c.tie = m.tie->bottleneck.empty() ? kRuleNamesNone : m.tie->bottleneck;
    c.tie_margin = m.tie_margin;
  } else if (m.fired && !m.weak && m.tie_unexplained) {
    c.tie = "unexplained";  // explained just over the line
  }
  if (m.fired && !m.weak) {
    for (const auto& [name, value] : m.evidence) c.evidence.emplace_back(name, value);
    c.correct = label_matches(k.label, m.fired->bottleneck);
    c.accepted_alternative = c.correct && m.fired->bottleneck != k.label.bottleneck;
  }
  return c;
}

EvalCase unmeasured_case(const LabelledKernel& k, std::string why) {
  EvalCase c = case_of(k);
  c.got = kNotMeasured;
  c.detail = std::move(why);
  return c;
}

profiling::SignalFile live_signal_file(const LabelledKernel& k, const std::string& variant_key,
                                       const ProfileResult& p, const std::string& chip_id,
                                       const std::string& device_name) {
  profiling::SignalFile f;
  f.kernel = k.name + "/" + variant_key;
  f.source = "solver eval, live on " + device_name;
  f.chip = chip_id;
  f.problem_name = k.name;
  f.time_us = p.time_us;
  f.launch_count = double(k.launches);
  f.kernel_count = double(k.entries.size());
  f.raw_metrics = p.raw_metrics;
  f.signals = p.signals;
  f.signal_origin = p.signal_origin;
  if (!p.detail.empty()) f.notes.push_back(p.detail);
  return f;
}

profiling::SignalFile derived_signal_file(const LabelledKernel& k, const profiling::Derivation& d,
                                          const std::string& chip_id, const std::string& source) {
  profiling::SignalFile f;
  f.kernel = k.name + "/" + k.variant;
  f.source = "solver eval, derived from " + source;
  f.chip = chip_id;
  f.problem_name = k.name;
  f.signals = d.signals;
  for (const auto& [name, origin] : d.origin) f.signal_origin[name] = profiling::to_string(origin);
  f.notes = d.notes;
  f.notes.insert(f.notes.end(), d.defects.begin(), d.defects.end());
  return f;
}

void save_signal_file(const std::string& dir, const std::string& name,
                      const profiling::SignalFile& f) {
  std::ofstream(std::filesystem::path(dir) / (name + ".json")) << profiling::dump_signal_file(f);
}

int EvalReport::correct() const {
  return int(
      std::count_if(cases.begin(), cases.end(), [](const EvalCase& c) { return c.correct; }));
}

int EvalReport::measured() const {
  return int(std::count_if(cases.begin(), cases.end(),
                           [](const EvalCase& c) { return c.got != kNotMeasured; }));
}

double EvalReport::accuracy() const {
  return cases.empty() ? 0.0 : double(correct()) / double(total());
}

std::pair<int, int> EvalReport::split_score(bool held_out) const {
  int correct = 0, total = 0;
  for (const auto& c : cases)
    if (c.held_out == held_out) ++total, correct += c.correct ? 1 : 0;
  return {correct, total};
}

std::vector<ClassScore> EvalReport::classes() const {
  std::vector<ClassScore> out;
  std::vector<std::string> ids;
  for (const auto& b : rules::bottleneck_table()) ids.emplace_back(b.id);
  for (const auto& c : cases)  // labels of classes the taxonomy does not have yet, after it
    if (c.pending && std::find(ids.begin(), ids.end(), c.label) == ids.end())
      ids.push_back(c.label);
  for (const auto& id : ids) {
    ClassScore s;
    s.bottleneck = id;
    for (const auto& c : cases) {
      if (c.label == s.bottleneck) {
        ++s.n;
        if (c.correct) ++s.correct;
      }
      if (c.got == s.bottleneck) ++s.called;
    }
    if (s.n > 0 || s.called > 0) out.push_back(s);
  }
  return out;
}

std::vector<const EvalCase*> EvalReport::confusions() const {
  std::vector<const EvalCase*> out;
  for (const auto& c : cases)
    if (!c.correct) out.push_back(&c);
  return out;
}

nlohmann::json eval_json(const EvalReport& r) {
  nlohmann::json j;
  j["suite"] = r.suite;
  j["backend"] = r.backend;
  j["rules"] = r.rules_file;
  j["chip"] = r.chip;
  j["total"] = r.total();
  j["measured"] = r.measured();
  j["correct"] = r.correct();
  j["accuracy"] = r.accuracy();
  j["split"] = r.split;
  if (r.has_split) {
    nlohmann::json parts = nlohmann::json::object();
    for (bool held : {false, true}) {
      auto [correct, total] = r.split_score(held);
      if (total == 0) continue;
      parts[held ? "heldout" : "dev"] = {
          {"correct", correct}, {"total", total}, {"accuracy", double(correct) / double(total)}};
    }
    j["splits"] = parts;
  }
  nlohmann::json classes = nlohmann::json::array();
  for (const auto& s : r.classes())
    classes.push_back(
        {{"bottleneck", s.bottleneck}, {"n", s.n}, {"correct", s.correct}, {"called", s.called}});
  j["classes"] = classes;
  nlohmann::json cases = nlohmann::json::array();
  nlohmann::json confusions = nlohmann::json::array();
  for (const auto& c : r.cases) {
    nlohmann::json ev = nlohmann::json::object();
    for (const auto& [name, value] : c.evidence) ev[name] = value_json(value);
    nlohmann::json one = {
        {"kernel", c.kernel},
        {"label", c.label},
        {"accept", c.accept},
        {"got", c.got},
        {"fired", c.fired.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.fired)},
        {"hypothesis", c.hypothesis},
        {"correct", c.correct},
        {"accepted_alternative", c.accepted_alternative},
        {"held_out", c.held_out},
        {"pending_class", c.pending},
        {"evidence", ev},
        {"missing_signals", c.missing_signals},
        {"source", c.source},
        {"detail", c.detail}};
    if (!c.tie.empty()) one["tie"] = {{"with", c.tie}, {"margin", c.tie_margin}};
    if (!c.correct)
      confusions.push_back({{"kernel", c.kernel},
                            {"label", c.label},
                            {"got", c.got},
                            {"fired", one["fired"]},
                            {"evidence", ev},
                            {"missing_signals", c.missing_signals},
                            {"detail", c.detail}});
    cases.push_back(std::move(one));
  }
  j["cases"] = cases;
  j["confusions"] = confusions;
  return j;
}

}  // namespace solver::engine
