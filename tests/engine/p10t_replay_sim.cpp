// Audit 36 (issue 28: no false rejections): does P10t (engine/backend/tail_charge.h, round step
// 7c in engine/loop/total_time.h) refuse an honest candidate with a true gain? Each part runs
// step 7c as the loop does (judge_total: the candidate's top-up, the incumbent's where it is
// tailed or the candidate's stall is unmatched, both arms to kTailedRuns against a tailed one;
// P10T_TAILED_RUNS=N asks another number; each top-up takes its source's next runs):
//
//  replay  every recorded live paired round in docs/results (scripts/p10t_replay_series.py):
//          its pair ratios' and law pair ratios' residuals, its candidate's gate series, a
//          deferred series and the top-up taken from recorded `time` series (measurements.json
//          samples_us, each one kernel's real run-by-run times), the candidate made a true
//          `gain` faster in every run. The pair noise is put on the candidate (w = 1), split
//          (w = 0.5) or on the incumbent (w = 0), the candidate's level set so that the pairs'
//          mean times differ by the gain (a gain in total). Cheats' rounds and series are left
//          out. Every round is judged with every recorded
//          series as its top-up. A refusal of a true 1.05x / 1.10x gain is a false refusal.
//  shape   simulated honest shapes both arms share (a data-dependent or L2 path on a share p of
//          runs, slower by s; a cold first run in each series), at a true gain.
//
//    build/tests/engine/p10t_replay_sim replay build/p10t_replay.json
//  shapes  every recorded honest time series as the shape both arms share, at a true gain.
//
//    build/tests/engine/p10t_replay_sim shape
//    build/tests/engine/p10t_replay_sim shapes build/p10t_replay.json
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/measurement.h"
#include "engine/loop/total_time.h"

using namespace solver::engine;

namespace {

std::vector<double> scaled(const std::vector<double>& v, double to) {
  std::vector<double> out;
  const double m = median(v);
  for (double x : v) out.push_back(x / m * to);
  return out;
}

// P10t as step 7c runs it, the top-up given. 0 kept, 1 not cheaper, 2 the top-up's P9.
// Step 7c is reached only where the pairs and the law pairs said faster (a fixed plan of n pairs,
// min gain 1%, as law_power_test's): P10t's refusals are counted among those rounds.
bool pairs_say_faster(PairSamples& pairs) {
  PairPlan plan(int(pairs.incumbent_us.size()));
  plan.min_gain = 0.01;
  const PairedDecision timed = decide(pairs, plan);
  if (timed.verdict != Verdict::Faster) return false;
  pairs.law_audited = kLawPairAudits;
  return decide_on_law(timed, pairs, plan).verdict == Verdict::Faster;
}

// P10T_TAILED_RUNS=N: each arm's runs against a tailed incumbent (the engine's kTailedRuns).
int tailed_runs() {
  const char* e = std::getenv("P10T_TAILED_RUNS");
  return e ? std::atoi(e) : kTailedRuns;
}

// Step 7c as the loop runs it (judge_total): the candidate's top-up taken from `cand_source`, the
// incumbent's (asked for only where its runs show a tail) from `inc_source`, each scaled to its
// arm's paired median. 0 kept, 1 not cheaper, 2 the candidate's top-up failed P9.
int judge(const std::vector<double>& gate, const std::vector<double>& deferred,
          const PairSamples& pairs, const std::vector<double>& cand_source, TailVerdict* out,
          const std::vector<double>& inc_source, int* inc_topup = nullptr) {
  size_t cand_at = 0, inc_at = 0;  // each top-up takes the source's next runs
  const TotalJudgement j = judge_total(
      gate, deferred, pairs, false,
      [&](bool incumbent, int n, std::string& why) {
        const std::vector<double>& src = incumbent ? inc_source : cand_source;
        size_t& at = incumbent ? inc_at : cand_at;
        if (at + 3 > src.size()) {
          why = "no more recorded runs";
          return std::vector<double>{};
        }
        const size_t to = std::min(src.size(), at + size_t(n));
        std::vector<double> v(src.begin() + long(at), src.begin() + long(to));
        at = to;
        return scaled(v, median(incumbent ? pairs.incumbent_us : pairs.candidate_us));
      },
      tailed_runs());
  *out = j.verdict;
  if (inc_topup) *inc_topup += j.incumbent_topup;
  if (!j.judged) return 2;
  return j.cheaper ? 0 : 1;
}

void split(const std::vector<double>& ratios, double inc_us, double cand_us, double w,
           std::vector<double>& cand, std::vector<double>& inc) {
  const double m = median(ratios);
  for (double r : ratios) {
    const double e = r / m;  // > 1: the candidate relatively faster on this pair
    cand.push_back(cand_us / std::pow(e, w));
    inc.push_back(inc_us * std::pow(e, 1 - w));
  }
}

// The candidate's median time that makes the recorded pairs' (and law pairs') mean times differ
// by `gain`: the true gain is in total (the mean over runs), not in the median, so a series
// skewed on the candidate's side does not count as a false refusal where it is one in total.
double candidate_level(const std::vector<double>& ratios, const std::vector<double>& law,
                       double inc_us, double gain, double w) {
  double c = 0, i = 0;
  for (const auto* s : {&ratios, &law}) {
    if (s->empty()) continue;
    const double m = median(*s);
    for (double r : *s) {
      c += std::pow(r / m, -w);
      i += std::pow(r / m, 1 - w);
    }
  }
  return inc_us / gain * i / c;
}

int replay(const std::string& path) {
  std::ifstream in(path);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<std::vector<double>> ts;
  for (const auto& s : j.at("time_series")) ts.push_back(s.get<std::vector<double>>());
  std::printf("%zu rounds, %zu recorded time series as top-ups\n", j.at("rounds").size(),
              ts.size());
  for (double gain : {1.05, 1.10}) {
    for (double w : {1.0, 0.5, 0.0}) {
      long trials = 0, not_cheaper = 0, p9 = 0;
      int rounds_hit = 0, rounds = 0;
      std::map<std::string, int> worst;  // the rounds refused most, with why
      for (const auto& r : j.at("rounds")) {
        const auto ratios = r.at("ratios").get<std::vector<double>>();
        const auto law = r.at("law_ratios").get<std::vector<double>>();
        const auto gate_rec = r.at("gate_us").get<std::vector<double>>();
        if (r.at("cheat").get<bool>()) continue;  // a cheat's round: not an honest gain
        const double inc_us = 100;                // scale-free: only the gain matters
        const double cand_us = candidate_level(ratios, law, inc_us, gain, w);
        PairSamples pairs;
        split(ratios, inc_us, cand_us, w, pairs.candidate_us, pairs.incumbent_us);
        if (!law.empty())
          split(law, inc_us, cand_us, w, pairs.law_candidate_us, pairs.law_incumbent_us);
        int refused = 0;
        {
          PairSamples copy = pairs;
          if (!pairs_say_faster(copy)) continue;  // not kept by the pairs: 7c not reached
        }
        ++rounds;
        TailVerdict example;
        for (size_t t = 0; t < ts.size(); ++t) {
          const auto& other = ts[(t + 1) % ts.size()];
          const std::vector<double> gate =
              gate_rec.size() >= 3 ? scaled(gate_rec, cand_us)
                                   : scaled({other.begin() + 6, other.begin() + 12}, cand_us);
          const std::vector<double> deferred = scaled({other.begin(), other.begin() + 6}, cand_us);
          TailVerdict v;
          const int k = judge(gate, deferred, pairs, ts[t], &v, ts[(t + 2) % ts.size()]);
          ++trials;
          not_cheaper += k == 1;
          p9 += k == 2;
          if (k == 1 && !refused++) example = v;
        }
        if (refused) {
          ++rounds_hit;
          char buf[512];
          std::snprintf(buf, sizeof buf,
                        "%s round %d: %d/%zu; e.g. cand %d runs %d exc largest %.3f rate %.3f "
                        "excess %.3f E %.4f | inc %d runs %d exc E %.4f | ratio %.4f",
                        r.at("source").get<std::string>().c_str(), r.at("round").get<int>(),
                        refused, ts.size(), example.candidate.runs, example.candidate.excursions,
                        example.candidate.largest, example.candidate.rate, example.candidate.excess,
                        example.candidate.expected, example.incumbent.runs,
                        example.incumbent.excursions, example.incumbent.expected,
                        example.expected_ratio);
          worst[std::string(8 - std::to_string(refused).size(), ' ') + std::to_string(refused) +
                buf] = refused;
        }
      }
      std::printf(
          "gain %.2f, pair noise on the candidate x%.1f: %ld judged, not cheaper %ld "
          "(%.3f%%), top-up P9 %ld (%.3f%%); rounds with any refusal %d of %d\n",
          gain, w, trials, not_cheaper, 100.0 * not_cheaper / trials, p9, 100.0 * p9 / trials,
          rounds_hit, rounds);
      int shown = 0;
      for (auto it = worst.rbegin(); it != worst.rend() && shown < 6; ++it, ++shown)
        std::printf("    %s\n", it->first.substr(8).c_str());
    }
  }
  return 0;
}

// Both arms share the honest shape: a share p of runs slower by s (independent per run), or the
// first run of each series slower by s (cold), on 1% ln-noise. n pairs and as many law pairs.
int shape() {
  std::mt19937_64 rng(36);
  std::normal_distribution<double> noise(0, 0.01);
  auto draw = [&](int n, double level, double p, double s, bool cold) {
    std::vector<double> v;
    std::bernoulli_distribution slow(p);
    for (int i = 0; i < n; ++i)
      v.push_back(level * std::exp(noise(rng)) * ((cold && i == 0) || slow(rng) ? s : 1));
    return v;
  };
  const int trials = 4000;
  std::printf(
      "refused (not cheaper in total) of %d rounds, both arms the same shape; "
      "n pairs = law pairs\n",
      trials);
  for (int n : {8, 15, 30}) {
    for (bool cold : {false, true}) {
      for (double p :
           cold ? std::vector<double>{0} : std::vector<double>{0.02, 0.05, 0.1, 0.2, 0.3}) {
        for (double s : {1.15, 1.3, 2.0}) {
          std::printf("n %2d %s p %.2f s %.2f:", n, cold ? "cold first run" : "share         ", p,
                      s);
          for (double gain : {1.02, 1.05, 1.10}) {
            int refused = 0, reached = 0;
            for (int t = 0; t < trials; ++t) {
              PairSamples pairs;
              pairs.candidate_us = draw(n, 100 / gain, p, s, cold);
              pairs.incumbent_us = draw(n, 100, p, s, cold);
              pairs.law_candidate_us = draw(n, 100 / gain, p, s, cold);
              pairs.law_incumbent_us = draw(n, 100, p, s, cold);
              if (!pairs_say_faster(pairs)) continue;
              ++reached;
              TailVerdict v;
              refused +=
                  judge(draw(6, 100 / gain, p, s, cold), draw(6, 100 / gain, p, s, cold), pairs,
                        draw(320, 100 / gain, p, s, cold), &v, draw(320, 100, p, s, cold)) != 0;
            }
            std::printf("  %.2fx %5.1f%% of %4d", gain, 100.0 * refused / std::max(1, reached),
                        reached);
          }
          std::printf("\n");
        }
      }
    }
  }
  return 0;
}

// Every recorded honest time series as the shape both arms share: each run of each arm's every
// series drawn from it (i.i.d., or contiguous from a random start, which keeps its order:
// alternation, a cold first run), the candidate `gain` faster in every run (in total too).
int recorded_shapes(const std::string& path) {
  std::ifstream in(path);
  const nlohmann::json j = nlohmann::json::parse(in);
  const auto ts = j.at("time_series").get<std::vector<std::vector<double>>>();
  const auto src = j.at("time_sources").get<std::vector<std::string>>();
  std::mt19937_64 rng(36);
  const int trials = 400;
  for (bool ordered : {false, true}) {
    for (int n : {8, 15}) {
      for (double gain : {1.02, 1.05, 1.10}) {
        long refused = 0, judged = 0;
        int inc_runs = 0;  // the incumbent's top-up runs, over every round judged
        std::vector<std::tuple<double, size_t, int, int>> worst;
        for (size_t k = 0; k < ts.size(); ++k) {
          const auto& s = ts[k];
          std::uniform_int_distribution<size_t> pick(0, s.size() - 1);
          auto draw = [&](int m, double level) {
            std::vector<double> v;
            size_t at = pick(rng);
            for (int i = 0; i < m; ++i)
              v.push_back(level * s[ordered ? (at + i) % s.size() : pick(rng)]);
            return v;
          };
          int r = 0, reached = 0;
          for (int t = 0; t < trials; ++t) {
            PairSamples pairs;
            pairs.candidate_us = draw(n, 1 / gain);
            pairs.incumbent_us = draw(n, 1);
            pairs.law_candidate_us = draw(n, 1 / gain);
            pairs.law_incumbent_us = draw(n, 1);
            if (!pairs_say_faster(pairs)) continue;
            ++reached;
            TailVerdict v;
            r += judge(draw(6, 1 / gain), draw(6, 1 / gain), pairs, draw(320, 1 / gain), &v,
                       draw(320, 1), &inc_runs) != 0;
          }
          refused += r;
          judged += reached;
          if (std::getenv("WHY") && r > reached / 5) {
            PairSamples pairs;
            TailVerdict v;
            for (int t = 0; t < 50; ++t) {
              pairs.candidate_us = draw(n, 1 / gain);
              pairs.incumbent_us = draw(n, 1);
              pairs.law_candidate_us = draw(n, 1 / gain);
              pairs.law_incumbent_us = draw(n, 1);
              if (!pairs_say_faster(pairs)) continue;
              if (judge(draw(6, 1 / gain), draw(6, 1 / gain), pairs, draw(320, 1 / gain), &v,
                        draw(320, 1)) == 1) {
                std::printf("  why %s: medians cand %.4f inc %.4f (x gain %.4f) | %s\n",
                            src[k].c_str(), median(pairs.candidate_us), median(pairs.incumbent_us),
                            median(pairs.candidate_us) * gain, v.reason.c_str());
                break;
              }
            }
          }
          if (r) worst.push_back({double(r) / std::max(1, reached), k, r, reached});
        }
        std::sort(worst.rbegin(), worst.rend());
        std::printf(
            "%s n %2d gain %.2f: refused %.3f%% of %ld rounds the pairs kept; series with refusals "
            "%zu of %zu; the incumbent's top-up %.2f runs a round\n",
            ordered ? "ordered" : "i.i.d. ", n, gain, 100.0 * refused / judged, judged,
            worst.size(), ts.size(), double(inc_runs) / std::max(1L, judged));
        for (size_t i = 0; i < worst.size() && i < 4; ++i)
          std::printf("    %5.1f%% (%d of %d) %s (%zu runs)\n", 100 * std::get<0>(worst[i]),
                      std::get<2>(worst[i]), std::get<3>(worst[i]),
                      src[std::get<1>(worst[i])].c_str(), ts[std::get<1>(worst[i])].size());
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "replay" && argc > 2) return replay(argv[2]);
  if (mode == "shape") return shape();
  if (mode == "shapes" && argc > 2) return recorded_shapes(argv[2]);
  std::fprintf(stderr, "usage: p10t_replay_sim replay <series.json> | shape\n");
  return 2;
}
