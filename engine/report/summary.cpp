#include "engine/report/summary.h"

#include "engine/report/device_block.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace solver::engine {

std::string format_us(double v) {
  char buf[32];
  if (v <= 0 || !std::isfinite(v)) return "-";
  if (v >= 1000)
    std::snprintf(buf, sizeof buf, "%.3g ms", v / 1000);
  else
    std::snprintf(buf, sizeof buf, "%.3g us", v);
  return buf;
}

namespace {

std::string us(double v) { return format_us(v); }

// "2.42 ms tf32": a time is never shown without its precision class when the class is known.
std::string us_class(double v, const std::string& cls) {
  if (v <= 0) return "-";
  return cls.empty() ? us(v) : us(v) + " " + cls;
}

std::string ratio(double v) {
  if (v <= 0 || !std::isfinite(v)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3fx", v);
  return buf;
}

void fold(TrackSummary& t, const RoundRecord& r, int budget) {
  if (!t.present) {
    t.present = true;
    t.seed_variant = t.best_variant = r.incumbent;
    t.seed_us = t.best_us = r.incumbent_time_us;
    t.seed_precision = t.best_precision = r.incumbent_precision;
    if (t.seed_us > 0) t.best_by_round.emplace_back(0, t.seed_us);
  }
  t.rounds = r.round;
  switch (r.outcome) {
    case Outcome::Kept:
      ++t.kept;
      if (!r.candidate_precision.empty() && !t.best_precision.empty() &&
          r.candidate_precision != t.best_precision)
        t.class_changes.push_back("r" + std::to_string(r.round) + " " + t.best_variant + " (" +
                                  t.best_precision + ") -> " + r.candidate + " (" +
                                  r.candidate_precision + ")");
      t.best_variant = r.candidate;
      t.best_us = r.candidate_time_us;
      t.best_precision = r.candidate_precision;
      t.rounds_to_best = r.round;
      break;
    case Outcome::Rejected:
      ++t.rejected;
      break;
    case Outcome::GateFailed:
      ++t.gate_failed;
      break;
    case Outcome::NoVariant:
      ++t.no_variant;
      break;
    case Outcome::Refused:
      ++t.refused;
      break;
    case Outcome::GeneratorFailed:
      ++t.generator_failed;
      break;
    case Outcome::NotRecorded:
      ++t.not_recorded;
      break;
    default:
      break;
  }
  if (t.best_us > 0) t.best_by_round.emplace_back(r.round, t.best_us);
  if (r.outcome == Outcome::Stop)
    t.ended = "stop";
  else if (r.outcome == Outcome::Converged)
    t.ended = "converged";
  else if (r.ends_track && r.outcome == Outcome::NotRecorded)
    t.ended = "not recorded";
  else if (r.ends_track && r.detail.find("gate invalid_spec: ") != std::string::npos)
    // The seed's gate refused the problem's spec (the tolerance lint, sample_lint.h): no
    // kernel's fault, and said so.
    t.ended = "spec refused";
  else if (r.ends_track)
    t.ended = "incumbent failed";
  else
    t.ended = r.round >= budget ? "budget" : "running";
}

void against_oracle(TrackSummary& t, const ProblemSummary& p, const ProblemOracle* o) {
  if (!t.present) return;
  if (o) {
    // Older ledgers carry no classes: the oracle file knows every point's.
    if (const auto* pt = o->find(t.best_variant); pt && t.best_precision.empty())
      t.best_precision = pt->precision;
    if (const auto* pt = o->find(t.seed_variant); pt && t.seed_precision.empty())
      t.seed_precision = pt->precision;
    if (const auto* pt = o->find(t.best_variant)) t.floor_us = pt->floor_us;
    if (t.floor_us > 0 && t.best_us > 0) t.floor_pct = t.floor_us / t.best_us * 100;
  }
  if (p.oracle_us <= 0 || t.best_us <= 0) return;
  t.oracle_ratio = t.best_us / p.oracle_us;
  for (auto [round, best] : t.best_by_round)
    if (best <= p.oracle_us * kOracleTolerance) {
      t.within_oracle_round = round;
      break;
    }
}

nlohmann::json track_json(const TrackSummary& t) {
  if (!t.present) return nullptr;
  nlohmann::json by_round = nlohmann::json::array();
  for (auto [r, b] : t.best_by_round) by_round.push_back({r, b});
  nlohmann::json j = {{"seed_variant", t.seed_variant},
                      {"seed_us", t.seed_us},
                      {"seed_precision", t.seed_precision},
                      {"best_variant", t.best_variant},
                      {"best_us", t.best_us},
                      {"best_precision", t.best_precision},
                      {"speedup_over_seed", t.best_us > 0 ? t.seed_us / t.best_us : 0},
                      {"rounds", t.rounds},
                      {"rounds_to_best", t.rounds_to_best},
                      {"kept", t.kept},
                      {"rejected", t.rejected},
                      {"gate_failed", t.gate_failed},
                      {"no_variant", t.no_variant},
                      {"refused", t.refused},
                      {"ended", t.ended},
                      {"class_changes", t.class_changes},
                      {"best_by_round", by_round},
                      {"ratio_to_oracle", t.oracle_ratio > 0 ? nlohmann::json(t.oracle_ratio)
                                                             : nlohmann::json(nullptr)},
                      {"within_2pct_of_oracle_round", t.within_oracle_round >= 0
                                                          ? nlohmann::json(t.within_oracle_round)
                                                          : nlohmann::json(nullptr)},
                      {"floor_us", t.floor_us},
                      {"floor_pct", t.floor_pct}};
  if (t.generator_failed) j["generator_failed"] = t.generator_failed;  // only runs with a generator
  if (t.not_recorded) j["not_recorded"] = t.not_recorded;  // only replays that left the recording
  return j;
}

}  // namespace

Summary build_summary(const std::vector<RoundRecord>& records, int rounds, double min_gain,
                      const std::vector<std::string>& problem_order, const PoolOracle* oracle,
                      const std::string& precision) {
  Summary s;
  s.precision = precision;
  if (oracle) {
    s.oracle_source = oracle->source;
    s.floor_source = oracle->rates.source;
  }
  auto add = [&](const std::string& name) -> ProblemSummary& {
    s.problems.emplace_back();
    s.problems.back().problem = name;
    return s.problems.back();
  };
  for (const auto& p : problem_order) add(p);
  auto find = [&](const std::string& name) -> ProblemSummary& {
    for (auto& p : s.problems)
      if (p.problem == name) return p;
    return add(name);
  };
  for (const auto& r : records) {
    ProblemSummary& p = find(r.problem);
    fold(r.track == "on" ? p.on : p.off, r, rounds);
    for (const auto& e : r.evolution) {
      if (e.kind == "retired") p.retirements.push_back(e.rule + ": " + e.detail);
      if (e.kind == "proposed") p.proposals.push_back(e.detail);
    }
  }
  for (auto& p : s.problems) {
    const ProblemOracle* o = nullptr;
    if (oracle)
      if (auto it = oracle->problems.find(p.problem); it != oracle->problems.end()) o = &it->second;
    if (o) {
      p.floors = o->floors;
      p.oracle_complete = o->complete;
      const OraclePoint* any = o->known ? o->best() : nullptr;
      const OraclePoint* held = precision == "same" && o->known ? o->best(o->seed_precision) : any;
      if (held)
        p.oracle_key = held->key, p.oracle_precision = held->precision, p.oracle_us = held->time_us;
      if (any && any != held)
        p.oracle_any_key = any->key, p.oracle_any_precision = any->precision,
        p.oracle_any_us = any->time_us;
    }
    against_oracle(p.off, p, o);
    against_oracle(p.on, p, o);
    if (p.off.present && p.on.present && p.on.best_us > 0) {
      p.off_on_ratio = p.off.best_us / p.on.best_us;
      p.ahead = p.off_on_ratio > 1 + min_gain         ? "on"
                : p.off_on_ratio < 1 / (1 + min_gain) ? "off"
                                                      : "same";
      if (p.off_on_ratio > 1 + min_gain)
        p.verdict = "evolution changed the outcome: ON reached " +
                    us_class(p.on.best_us, p.on.best_precision) + " (" + p.on.best_variant +
                    "), OFF stayed at " + us_class(p.off.best_us, p.off.best_precision) + " (" +
                    p.off.best_variant + ")";
      else if (p.off_on_ratio < 1 / (1 + min_gain))
        p.verdict = "evolution made it worse: OFF " +
                    us_class(p.off.best_us, p.off.best_precision) + " beat ON " +
                    us_class(p.on.best_us, p.on.best_precision);
      else
        p.verdict = "evolution did not change the outcome: both tracks ended at " +
                    (p.on.best_variant == p.off.best_variant
                         ? p.on.best_variant
                         : p.on.best_variant + " / " + p.off.best_variant);
    }
  }
  return s;
}

nlohmann::json Summary::to_json() const {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& p : problems) {
    nlohmann::json oracle = nullptr;
    if (p.oracle_us > 0) {
      oracle = {{"key", p.oracle_key},
                {"precision", p.oracle_precision},
                {"time_us", p.oracle_us},
                {"complete", p.oracle_complete}};
      if (p.oracle_any_us > 0)
        oracle["any_class"] = {{"key", p.oracle_any_key},
                               {"precision", p.oracle_any_precision},
                               {"time_us", p.oracle_any_us}};
    }
    arr.push_back({{"problem", p.problem},
                   {"off", track_json(p.off)},
                   {"on", track_json(p.on)},
                   {"off_on_ratio", p.off_on_ratio},
                   {"oracle", oracle},
                   {"floors_us", p.floors},
                   {"retirements", p.retirements},
                   {"proposals", p.proposals},
                   {"verdict", p.verdict}});
  }
  return {{"format", "solver-summary"},     {"version", 1},
          {"backend", backend_line},        {"off_policy", off_policy},
          {"precision", precision},         {"oracle_source", oracle_source},
          {"floor_source", floor_source},   {"problems", std::move(arr)},
          {"verdict_line", verdict_line()}, {"device", device}};
}

std::string Summary::verdict_line() const {
  int on = 0, off = 0, same = 0, other = 0;
  for (const auto& p : problems)
    (p.ahead == "on" ? on : p.ahead == "off" ? off : p.ahead == "same" ? same : other) += 1;
  std::string s = "ON ahead on " + std::to_string(on) + ", OFF on " + std::to_string(off) +
                  ", same on " + std::to_string(same);
  if (other) s += ", " + std::to_string(other) + " with one track only";
  return s + " (of " + std::to_string(problems.size()) + " problem" +
         (problems.size() == 1 ? "" : "s") + ")";
}

void Summary::print_table(std::ostream& out) const {
  out << "verdict: " << verdict_line() << '\n';
  if (!device.is_null()) out << "device: " << device_line(device) << '\n';
  out << "OFF policy: " << off_policy << "; precision: " << precision << "; oracle: "
      << (oracle_source.empty() ? "not known (live run without --oracle)" : oracle_source) << '\n';
  // Columns sized to their content (problem names of any length).
  std::vector<std::vector<std::string>> rows = {{"problem", "best OFF", "best ON", "pool best",
                                                 "OFF/pool", "ON/pool", "OFF within 2%",
                                                 "ON within 2%", "OFF/ON", "retired", "proposed"}};
  auto round_or_dash = [](const TrackSummary& t) {
    return t.present && t.within_oracle_round >= 0
               ? "round " + std::to_string(t.within_oracle_round)
               : std::string("-");
  };
  for (const auto& p : problems)
    rows.push_back({p.problem, us_class(p.off.best_us, p.off.best_precision),
                    us_class(p.on.best_us, p.on.best_precision),
                    us_class(p.oracle_us, p.oracle_precision), ratio(p.off.oracle_ratio),
                    ratio(p.on.oracle_ratio), round_or_dash(p.off), round_or_dash(p.on),
                    ratio(p.off_on_ratio), std::to_string(p.retirements.size()),
                    std::to_string(p.proposals.size())});
  std::vector<std::size_t> width(rows[0].size(), 0);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i)
      line += r[i] + (i + 1 < r.size() ? std::string(width[i] - r[i].size() + 2, ' ') : "");
    out << line << '\n';
  }
  out << "(X/pool: the track's best over the pool's best; within 2%: the first round at most 2% "
         "from the pool's best; OFF/ON > 1: evolution won; retired, proposed: rules)\n";
  for (const auto& p : problems) {
    if (!p.verdict.empty()) out << "  " << p.problem << ": " << p.verdict << '\n';
    if (p.oracle_us > 0)
      out << "    pool best " << p.oracle_key << " " << us_class(p.oracle_us, p.oracle_precision)
          << (p.oracle_complete ? "" : " (pool not completely measured)")
          << (p.oracle_any_us > 0 ? "; of any class: " + p.oracle_any_key + " " +
                                        us_class(p.oracle_any_us, p.oracle_any_precision)
                                  : std::string())
          << '\n';
    for (const auto* t : {&p.off, &p.on})
      for (const auto& c : t->class_changes)
        out << "    " << (t == &p.off ? "OFF" : "ON") << " changed precision class: " << c << '\n';
  }
}

}  // namespace solver::engine
