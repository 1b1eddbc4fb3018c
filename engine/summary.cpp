#include "engine/summary.h"

#include <cmath>
#include <cstdio>
#include <ostream>

namespace solver::engine {

namespace {

std::string us(double v) {
  char buf[32];
  if (v <= 0) return "-";
  if (v >= 1000) std::snprintf(buf, sizeof buf, "%.3g ms", v / 1000);
  else std::snprintf(buf, sizeof buf, "%.3g us", v);
  return buf;
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
  }
  t.rounds = r.round;
  switch (r.outcome) {
    case Outcome::Kept:
      ++t.kept;
      t.best_variant = r.candidate;
      t.best_us = r.candidate_time_us;
      t.rounds_to_best = r.round;
      break;
    case Outcome::Rejected: ++t.rejected; break;
    case Outcome::GateFailed: ++t.gate_failed; break;
    case Outcome::NoVariant: ++t.no_variant; break;
    default: break;
  }
  if (r.outcome == Outcome::Stop) t.ended = "stop";
  else if (r.outcome == Outcome::Converged) t.ended = "converged";
  else if (r.ends_track) t.ended = "incumbent failed";
  else t.ended = r.round >= budget ? "budget" : "running";
}

nlohmann::json track_json(const TrackSummary& t) {
  if (!t.present) return nullptr;
  return {{"seed_variant", t.seed_variant}, {"seed_us", t.seed_us},
          {"best_variant", t.best_variant}, {"best_us", t.best_us},
          {"speedup_over_seed", t.best_us > 0 ? t.seed_us / t.best_us : 0},
          {"rounds", t.rounds},             {"rounds_to_best", t.rounds_to_best},
          {"kept", t.kept},                 {"rejected", t.rejected},
          {"gate_failed", t.gate_failed},   {"no_variant", t.no_variant},
          {"ended", t.ended}};
}

}  // namespace

Summary build_summary(const std::vector<RoundRecord>& records, int rounds, double min_gain,
                      const std::vector<std::string>& problem_order) {
  Summary s;
  for (const auto& p : problem_order) s.problems.push_back(ProblemSummary{p, {}, {}, {}, {}, 0, ""});
  auto find = [&](const std::string& name) -> ProblemSummary& {
    for (auto& p : s.problems)
      if (p.problem == name) return p;
    s.problems.push_back(ProblemSummary{name, {}, {}, {}, {}, 0, ""});
    return s.problems.back();
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
    if (p.off.present && p.on.present && p.on.best_us > 0) {
      p.off_on_ratio = p.off.best_us / p.on.best_us;
      if (p.off_on_ratio > 1 + min_gain)
        p.verdict = "evolution changed the outcome: ON reached " + us(p.on.best_us) + " (" +
                    p.on.best_variant + "), OFF stayed at " + us(p.off.best_us) + " (" +
                    p.off.best_variant + ")";
      else if (p.off_on_ratio < 1 / (1 + min_gain))
        p.verdict = "evolution made it worse: OFF " + us(p.off.best_us) + " beat ON " +
                    us(p.on.best_us);
      else
        p.verdict = "evolution did not change the outcome: both tracks ended at " +
                    (p.on.best_variant == p.off.best_variant ? p.on.best_variant
                                                             : p.on.best_variant + " / " + p.off.best_variant);
    }
  }
  return s;
}

nlohmann::json Summary::to_json() const {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& p : problems)
    arr.push_back({{"problem", p.problem},
                   {"off", track_json(p.off)},
                   {"on", track_json(p.on)},
                   {"off_on_ratio", p.off_on_ratio},
                   {"retirements", p.retirements},
                   {"proposals", p.proposals},
                   {"verdict", p.verdict}});
  return {{"format", "solver-summary"}, {"version", 1}, {"backend", backend_line},
          {"problems", std::move(arr)}};
}

void Summary::print_table(std::ostream& out) const {
  char line[512];
  std::snprintf(line, sizeof line, "%-16s %-11s %-11s %-9s %-9s %-10s %-7s %-8s\n", "problem",
                "best OFF", "best ON", "to-best", "to-best", "OFF/ON", "retired", "proposed");
  out << line;
  std::snprintf(line, sizeof line, "%-16s %-11s %-11s %-9s %-9s %-10s %-7s %-8s\n", "", "", "",
                "OFF", "ON", "", "", "");
  out << line;
  for (const auto& p : problems) {
    std::snprintf(line, sizeof line, "%-16s %-11s %-11s %-9s %-9s %-10s %-7zu %-8zu\n",
                  p.problem.c_str(), us(p.off.best_us).c_str(), us(p.on.best_us).c_str(),
                  p.off.present ? std::to_string(p.off.rounds_to_best).c_str() : "-",
                  p.on.present ? std::to_string(p.on.rounds_to_best).c_str() : "-",
                  ratio(p.off_on_ratio).c_str(), p.retirements.size(), p.proposals.size());
    out << line;
  }
  for (const auto& p : problems)
    if (!p.verdict.empty()) out << "  " << p.problem << ": " << p.verdict << '\n';
}

}  // namespace solver::engine
