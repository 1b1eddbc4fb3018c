#include "engine/loop/match_record.h"

#include <cmath>
#include <variant>

namespace solver::engine {

using nlohmann::json;

namespace {
json value_json(const rules::Value& v) {
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* b = std::get_if<bool>(&v)) return *b;
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  return nullptr;
}
}  // namespace

MatchRecord match_record(const rules::MatchResult& m) {
  MatchRecord rec;
  if (m.fired) {
    rec.fired = m.fired->id;
    rec.hypothesis = m.fired->hypothesis;
    rec.stop = m.fired->stop;
  }
  for (const auto& [name, v] : m.evidence) rec.evidence[name] = value_json(v);
  for (const auto& b : m.blocked) rec.blocked[b.rule->id] = b.missing_caps;
  for (const auto* o : m.outranked) rec.outranked.push_back(o->id);
  rec.missing_signals.assign(m.missing_signals.begin(), m.missing_signals.end());
  for (const auto& rr : m.ranked)
    rec.ranked.push_back({{"rule", rr.rule->id},
                          {"estimate", rr.raw_estimate ? json(rr.estimate) : json(nullptr)},
                          {"evidence", rr.evidence},
                          {"calibration", rr.calibration},
                          {"score", rr.score}});
  if (m.tie) rec.tie = MatchRecord::Tie{m.tie->id, m.tie->bottleneck, m.tie_margin};
  rec.tie_unexplained = m.tie_unexplained;
  return rec;
}

void tie_to_json(const MatchRecord& r, json& match) {
  if (r.tie)
    match["tie"] = {
        {"rule", r.tie->rule}, {"bottleneck", r.tie->bottleneck}, {"margin", r.tie->margin}};
  if (r.tie_unexplained) match["tie_unexplained"] = true;
}

void tie_from_json(JsonChecker& c, const json& match, MatchRecord& r) {
  r.tie.reset();
  r.tie_unexplained = c.boolean(match, "tie_unexplained", false, "/match").value_or(false);
  if (r.tie_unexplained && r.fired.empty())
    c.error("/match/tie_unexplained", "a tie with \"no rule explains this\" needs a fired rule");
  auto it = match.find("tie");
  if (it == match.end()) return;  // no tie, or a ledger written before ties
  if (!c.object(*it, "/match/tie")) return;
  MatchRecord::Tie tie;
  tie.rule = c.string(*it, "rule", true, "/match/tie").value_or("");
  tie.bottleneck = c.string(*it, "bottleneck", true, "/match/tie").value_or("");
  tie.margin = c.number(*it, "margin", true, "/match/tie").value_or(0);
  if (!(tie.margin >= -1 && tie.margin <= 1))
    c.error("/match/tie/margin", "a tie margin is a number in [-1, 1]");
  if (r.fired.empty()) c.error("/match/tie", "a tie needs a fired rule (nothing fired)");
  if (!tie.rule.empty() && tie.rule == r.fired)
    c.error("/match/tie/rule", "the runner-up cannot be the fired rule '" + r.fired + "'");
  r.tie = std::move(tie);
}

}  // namespace solver::engine
