#include "engine/eval/calibration.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "engine/backend/draw_seed.h"
#include "engine/backend/recorded_backend.h"
#include "engine/loop/round_loop.h"
#include "generators/variant_space.h"

namespace solver::engine {

using nlohmann::json;

void VerdictCounts::add(Verdict v) {
  switch (v) {
    case Verdict::Faster:
      ++faster;
      break;
    case Verdict::Slower:
      ++slower;
      break;
    case Verdict::Same:
      ++same;
      break;
    case Verdict::Ambiguous:
      ++ambiguous;
      break;
  }
}

void VerdictCounts::add(const VerdictCounts& o) {
  faster += o.faster, slower += o.slower, same += o.same, ambiguous += o.ambiguous,
      failed += o.failed;
}

json VerdictCounts::to_json() const {
  return {{"faster", faster},       {"slower", slower}, {"same", same},
          {"ambiguous", ambiguous}, {"failed", failed}, {"decided", decided()}};
}

namespace {
// P(X <= k) for X ~ Binomial(n, p).
double binom_cdf(int k, int n, double p) {
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  double s = 0;
  for (int i = 0; i <= k; ++i)
    s += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) +
                  i * std::log(p) + (n - i) * std::log1p(-p));
  return s;
}
}  // namespace

double rate_upper_bound(int k, int n, double confidence) {
  if (n <= 0) return 1;
  if (k >= n) return 1;
  // The p at which seeing k or fewer hits becomes as unlikely as 1 - confidence.
  double lo = static_cast<double>(k) / n, hi = 1;
  for (int it = 0; it < 100; ++it) {
    double mid = 0.5 * (lo + hi);
    if (binom_cdf(k, n, mid) > 1 - confidence)
      lo = mid;
    else
      hi = mid;
  }
  return hi;
}

VerdictCounts CalibrationResult::totals(const std::string& kind) const {
  VerdictCounts t;
  for (const auto& r : rows)
    if (r.kind == kind) t.add(r.counts);
  return t;
}

namespace {
std::string pct(int k, int n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", n > 0 ? 100.0 * k / n : 0.0);
  return buf;
}

json row_json(const CalibrationRow& r) {
  return {{"problem", r.problem},
          {"incumbent", r.incumbent},
          {"candidate", r.candidate},
          {"kind", r.kind},
          {"k_pct", r.k_pct},
          {"counts", r.counts.to_json()},
          {"median_ratios", r.median_ratios},
          {"ms_per_trial", r.ms_per_trial},
          {"pairs_used", r.pairs_used}};
}
}  // namespace

json CalibrationResult::to_json() const {
  json rows_j = json::array();
  for (const auto& r : rows) rows_j.push_back(row_json(r));
  VerdictCounts id = totals("identical");
  return {{"format", "solver-calibration"},
          {"version", 1},
          {"backend", backend_line},
          {"pairs", pairs},
          {"pair_rule", adaptive     ? "adaptive"
                        : sequential ? "sequential"
                                     : "fixed"},
          {"min_gain", min_gain},
          {"wall_s", wall_s},
          {"complete", complete},
          {"identical",
           {{"counts", id.to_json()},
            {"false_faster_rate", id.decided() ? double(id.faster) / id.decided() : 0},
            {"false_faster_upper_95", rate_upper_bound(id.faster, id.decided())}}},
          {"rows", rows_j}};
}

void CalibrationResult::print(std::ostream& out) const {
  out << backend_line << '\n';
  char line[400];
  const char* fmt = "%-14s %-40s %-13s %6s %7s %7s %7s %9s %6s %8s %6s\n";
  std::snprintf(line, sizeof line, fmt, "problem", "arms", "kind", "trials", "faster", "slower",
                "same", "ambiguous", "failed", "ms/trial", "pairs");
  out << line;
  for (const auto& r : rows) {
    const int n = r.counts.decided();
    std::string arms =
        r.incumbent == r.candidate ? r.incumbent : r.incumbent + " vs " + r.candidate;
    char kind[48];
    if (r.kind == "against")
      std::snprintf(kind, sizeof kind, "real %+.1f%%", r.k_pct);
    else
      std::snprintf(kind, sizeof kind, "%s", r.kind.c_str());
    char ms[32] = "-";
    if (r.ms_per_trial > 0) std::snprintf(ms, sizeof ms, "%.0f", r.ms_per_trial);
    char used[32] = "-";
    if (r.pairs_used > 0) std::snprintf(used, sizeof used, "%.1f", r.pairs_used);
    std::snprintf(line, sizeof line, fmt, r.problem.c_str(), arms.substr(0, 40).c_str(), kind,
                  std::to_string(n).c_str(), pct(r.counts.faster, n).c_str(),
                  pct(r.counts.slower, n).c_str(), pct(r.counts.same, n).c_str(),
                  pct(r.counts.ambiguous, n).c_str(), std::to_string(r.counts.failed).c_str(), ms,
                  used);
    out << line;
  }
  VerdictCounts id = totals("identical");
  if (id.decided() > 0) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "identical arms: %d trials, false faster %d (%.2f%%, 95%% upper bound %.2f%%), "
                  "same %.1f%%, ambiguous %.1f%%, slower %.1f%%\n",
                  id.decided(), id.faster, 100.0 * id.faster / id.decided(),
                  100 * rate_upper_bound(id.faster, id.decided()), 100.0 * id.same / id.decided(),
                  100.0 * id.ambiguous / id.decided(), 100.0 * id.slower / id.decided());
    out << buf;
  }
  std::map<double, VerdictCounts> by_k;
  for (const auto& r : rows)
    if (r.kind.rfind("scaled", 0) == 0) by_k[r.k_pct].add(r.counts);
  for (const auto& [k, c] : by_k) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "candidate +%.3g%% slower (scaled): detected as slower %s, "
                  "false faster %s, over %d trials\n",
                  k, pct(c.slower, c.decided()).c_str(), pct(c.faster, c.decided()).c_str(),
                  c.decided());
    out << buf;
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: up to %d pairs per trial, min gain %.3g; %.1f s in all\n",
                adaptive ? "adaptive rule (8-pair pilot sets the cap; at most 3 looks at 0.0067)"
                : sequential ? "sequential rule (looks at 8, 12, ...; each at alpha/K)"
                             : "fixed pairs",
                pairs, min_gain, wall_s);
  out << buf;
}

CalibrationResult run_calibration(Backend& backend,
                                  const std::map<std::string, generators::ProblemSpec>& specs,
                                  const rules::ChipProfile& chip, const CalibrationOptions& opt,
                                  std::ostream& err,
                                  const std::function<void(const CalibrationResult&)>& checkpoint) {
  using clock = std::chrono::steady_clock;
  auto ms_since = [](clock::time_point t) {
    return std::chrono::duration<double, std::milli>(clock::now() - t).count();
  };
  const auto start = clock::now();
  CalibrationResult res;
  res.pairs = opt.pairs;
  res.sequential = opt.sequential;
  res.adaptive = opt.adaptive;
  res.min_gain = opt.min_gain;
  // Every trial times the full series; the sequential rule is then replayed on it per row
  // (decide_sequentially), so a scaled row is judged on its own stopping point.
  PairPlan plan(opt.pairs);
  plan.sequential = opt.sequential;
  plan.min_gain = opt.min_gain;
  if (opt.adaptive) plan = PairPlan::adaptive_plan(opt.pairs, opt.min_gain);
  auto judge = [&](const PairSamples& s, CalibrationRow& row) {
    PairedDecision d = decide_sequentially(s, plan);
    row.counts.add(d.verdict);
    row.median_ratios.push_back(d.median_ratio);
    row.pairs_used += double(d.ratios.size());
    return d;
  };
  auto finish = [&](CalibrationRow& row) {
    const int n = int(row.median_ratios.size());
    if (n > 0) row.pairs_used /= n;
  };
  for (const auto& problem : opt.problems) {
    const generators::ProblemSpec& spec = specs.at(problem);
    std::string key = opt.variants.count(problem)
                          ? opt.variants.at(problem)
                          : initial_state(spec, chip, "off").incumbent_key();
    auto [id, knobs] = generators::parse_variant_key(key);
    VariantRef ref{problem, id, knobs};
    CalibrationRow same;
    same.problem = problem, same.incumbent = same.candidate = key, same.kind = "identical";
    std::vector<CalibrationRow> scaled;
    for (double k : opt.slowdowns_pct) {
      char kind[32];
      std::snprintf(kind, sizeof kind, "scaled +%.3g%%", k);
      CalibrationRow r;
      r.problem = problem, r.incumbent = key, r.kind = kind, r.k_pct = k;
      r.candidate = key + " x" + std::to_string(1 + k / 100).substr(0, 5);
      scaled.push_back(r);
    }
    GateResult g = backend.gate(ref);
    if (!g.passed()) {
      err << "solver calibrate: " << problem << " " << key << " fails its gate ("
          << to_string(g.status) << ": " << g.detail << "): no trial\n";
      same.counts.failed = opt.trials;
      res.rows.push_back(same);
      if (checkpoint) checkpoint(res);
      continue;
    }
    double timing_ms = 0;
    for (int i = 0; i < opt.trials; ++i) {
      uint64_t seed = draw_seed(opt.seed, problem, "calibrate " + std::to_string(i));
      auto t0 = clock::now();
      PairSamples s = backend.time_pairs(ref, ref, PairPlan(opt.pairs), seed);
      timing_ms += ms_since(t0);
      if (s.failure || s.incumbent_us.empty()) {
        ++same.counts.failed;
        for (auto& r : scaled) ++r.counts.failed;
        continue;
      }
      judge(s, same);
      for (auto& r : scaled) {
        PairSamples slow = s;
        for (double& c : slow.candidate_us) c *= 1 + r.k_pct / 100;
        judge(slow, r);
      }
      if (!opt.quiet && (i + 1) % 25 == 0)
        err << "[calibrate " << problem << "] " << i + 1 << "/" << opt.trials << " trials\n";
    }
    same.ms_per_trial = opt.trials > 0 ? timing_ms / opt.trials : 0;
    finish(same);
    res.rows.push_back(same);
    for (auto& r : scaled) {
      finish(r);
      res.rows.push_back(r);
    }

    if (auto it = opt.against.find(problem); it != opt.against.end()) {
      auto [cid, cknobs] = generators::parse_variant_key(it->second);
      VariantRef cand{problem, cid, cknobs};
      CalibrationRow row;
      row.problem = problem, row.incumbent = key, row.candidate = it->second, row.kind = "against";
      GateResult cg = backend.gate(cand);
      TimeSamples a = backend.time_samples(ref, opt.unpaired_samples,
                                           draw_seed(opt.seed, problem, "unpaired a"));
      TimeSamples b = backend.time_samples(cand, opt.unpaired_samples,
                                           draw_seed(opt.seed, problem, "unpaired b"));
      if (!cg.passed() || !a.ok || !b.ok || a.kernel_us.empty() || b.kernel_us.empty()) {
        err << "solver calibrate: " << problem << " " << it->second
            << ": cannot measure the --against arm ("
            << (cg.passed() ? a.detail + b.detail : cg.detail) << ")\n";
        row.counts.failed = opt.trials;
        res.rows.push_back(row);
        if (checkpoint) checkpoint(res);
        continue;
      }
      row.k_pct = (median(b.kernel_us) / median(a.kernel_us) - 1) * 100;
      double ms = 0;
      for (int i = 0; i < opt.trials; ++i) {
        uint64_t seed = draw_seed(opt.seed, problem, "against " + std::to_string(i));
        auto t0 = clock::now();
        PairSamples s = backend.time_pairs(ref, cand, PairPlan(opt.pairs), seed);
        ms += ms_since(t0);
        if (s.failure || s.incumbent_us.empty()) {
          ++row.counts.failed;
          continue;
        }
        judge(s, row);
      }
      row.ms_per_trial = opt.trials > 0 ? ms / opt.trials : 0;
      finish(row);
      res.rows.push_back(row);
    }
    res.wall_s = ms_since(start) / 1000;
    if (checkpoint) checkpoint(res);
  }
  res.wall_s = ms_since(start) / 1000;
  res.complete = true;
  return res;
}

}  // namespace solver::engine
