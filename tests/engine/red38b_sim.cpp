// Red team 38b (issue 28): the host half of tests/cheats/redteam38b_fresh_strata_tell, with the
// engine's own functions.
//  strata: each verified or timed kind of run's input made on the host definition (the bytes the
//    device makes: timed_perturbations + apply_perturbation, as DeviceBuffers::perturb and
//    input_sets.cpp derive_plan do), then the child's two sniffs run on it (cheat.cu `sniff`,
//    the same arithmetic in double): red team 18's small-argument count and the one-block F test
//    for position strata. Prints how often each kind is flagged: a timed run (and its audit:
//    the same bytes), the fresh set (strata off), a law-pair run (law on), a regular set.
//  audit: a kept round's verified timed-kind runs of the candidate, on the worker's own schedule
//    (sequence_schedule: warm-ups, traced run, the check's place, slot k mod 3) and its own
//    reservoir (AuditReservoir, P7e's three a sequence): the deferred gate (6 runs, its fresh
//    check, 3 audits) and the timed pairs (PAIRS pairs, the candidate's fresh check, 3 audits).
//    The child is wrong on the timed runs at slots 1 and 2 (red team 18's router); P(no verified
//    run wrong) with the fresh checks blind (red team 18's child: wrong at the check too) and
//    with them told apart (this child: honest at the check). The law pairs are law-like data,
//    where both children are honest: they catch neither.
//
//   ninja -C build red38b_sim && build/tests/engine/red38b_sim strata [runs] [n]
//   build/tests/engine/red38b_sim audit [rounds] [pairs] [p_timed] [p_check]
// (p_timed, p_check: how often the child's sniff flags a timed run and a fresh set; defaults are
// strata mode's measured rates at n = 2^18, 1,000 runs: 0.875 and 0.01.)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/audit_choice.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/sequence_plan.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"

using namespace solver;
namespace gen = solver::generators;

namespace {

// cheat.cu `sniff`, in double: {small-argument share test, strata F test}.
struct Sniff {
  bool small = false;
  bool strata = false;
  double max_f = 0;
};

Sniff sniff(const std::vector<float>& x) {
  Sniff out;
  const int64_t n = int64_t(x.size());
  const int64_t stride = n / 1024;
  int small = 0;
  for (int t = 0; t < 1024; ++t) small += x[size_t(t * stride)] < 0.0078125f;
  out.small = small >= 128;
  constexpr int kSample = 8192;
  // The feature is the significand (cheat.cu `feature`): P6c's shrink multiplies by 2^-g, exact
  // in binary, so the significand keeps the cell a value was drawn in, its size does not.
  std::vector<double> f(kSample);
  for (int i = 0; i < kSample; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &x[size_t(i)], 4);
    f[size_t(i)] = double(bits & 0x7fffffu) * 0x1p-23;
  }
  for (int s = 2; s <= 64; s += 2) {
    double sum[64] = {}, sq[64] = {};
    int cnt[64] = {};
    double all = 0;
    for (int i = 0; i < kSample; ++i) {
      const int r = i % s;
      sum[r] += f[size_t(i)], sq[r] += f[size_t(i)] * f[size_t(i)], ++cnt[r];
      all += f[size_t(i)];
    }
    const double mean = all / kSample;
    double between = 0, within = 0;
    for (int r = 0; r < s; ++r) {
      const double m = sum[r] / cnt[r];
      between += cnt[r] * (m - mean) * (m - mean);
      within += sq[r] - cnt[r] * m * m;
    }
    const double fs = (between / (s - 1)) / (within / (kSample - s) + 1e-300);
    out.max_f = std::max(out.max_f, fs);
    // Five standard deviations of F(s - 1, large) above 1 (cheat.cu F_SD).
    out.strata = out.strata || fs > 1 + 5.0 * std::sqrt(2.0 / (s - 1));
  }
  return out;
}

int strata_mode(int runs, int64_t n) {
  const std::string dir =
      std::string(SOLVER_SOURCE_DIR) + "/tests/cheats/redteam38b_fresh_strata_tell";
  const gen::ProblemSpec spec = gen::load_problem(dir);
  gen::ResolvedVariant v = gen::resolve_shapes(spec, spec.variants[1], {});
  size_t xi = 0;
  while (xi < v.buffers.size() && v.buffers[xi].name != "x") ++xi;
  if (xi == v.buffers.size()) return 2;
  v.buffers[xi].elements = n;  // the sniffs read the first 4,096 values and 1,024 spread ones
  v.buffers[xi].bytes = n * 4;
  struct Kind {
    const char* name;
    bool law, strata, redraw;
  };
  // A timed run and its audit (the audit re-makes the same bytes: run_audit.cpp reflip);
  // the fresh set (derive_plan, SetKind::Fresh: strata off); a law-pair run (P6d: law on,
  // strata on); a regular set (the standing law draw: no perturbation).
  const Kind kinds[] = {{"timed run / audit", false, true, true},
                        {"fresh-set check", false, false, true},
                        {"law-pair run", true, true, true},
                        {"regular set (i.i.d. law)", false, false, false}};
  std::mt19937_64 rng(0x38b);
  std::printf("n = %lld, %d runs a kind (host definition of every run's bytes)\n", (long long)n,
              runs);
  std::printf("%-26s %10s %10s %10s %12s %12s\n", "kind", "small", "strata", "flag", "median F",
              "min F");
  for (const Kind& k : kinds) {
    int small = 0, strata = 0, flag = 0;
    std::vector<double> fs;
    for (int r = 0; r < runs; ++r) {
      std::vector<float> x(static_cast<size_t>(n), 0.0f);
      if (k.redraw) {
        const uint64_t seed = rng();
        for (const gpu::Perturbation& p :
             gpu::timed_perturbations(v, seed, /*homogeneous=*/false, k.law, k.strata))
          if (p.buffer == xi)
            gpu::apply_perturbation(v.buffers[xi], reinterpret_cast<unsigned char*>(x.data()), p,
                                    false);
      } else {
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        for (float& e : x) e = u(rng);
      }
      const Sniff s = sniff(x);
      small += s.small, strata += s.strata, flag += s.small && s.strata;
      fs.push_back(s.max_f);
    }
    std::sort(fs.begin(), fs.end());
    std::printf("%-26s %10.4f %10.4f %10.4f %12.2f %12.2f\n", k.name, double(small) / runs,
                double(strata) / runs, double(flag) / runs, fs[fs.size() / 2], fs.front());
  }
  return 0;
}

// One sequence of the candidate (runner `cand` of `runners`), its check at a uniform place: true
// when some audited run is wrong. `check_wrong`: the child is wrong at the check too (red team
// 18's, which cannot tell it) where its slot is 1 or 2.
bool caught(std::mt19937_64& rng, int runners, const std::vector<int>& order, int cand,
            double p_timed, double p_check) {
  std::uniform_real_distribution<double> coin(0, 1);
  int samples = 0;
  for (int r : order) samples += r == cand;
  std::vector<int> check_at(size_t(runners), -1);
  for (int r = 0; r < runners; ++r) check_at[size_t(r)] = int(rng() % uint64_t(samples));
  const std::vector<engine::SequenceRun> sched =
      engine::sequence_schedule(runners, order, check_at);
  engine::AuditReservoir res(rng(), 1 + engine::kExtraAudits);
  std::vector<bool> kept_wrong(size_t(1 + engine::kExtraAudits), false);
  bool check_caught = false;
  for (const engine::SequenceRun& e : sched) {
    if (e.runner != cand || e.sample < 0) continue;
    const bool routed = e.slot == 1 || e.slot == 2;
    if (e.check) {
      check_caught = check_caught || (routed && coin(rng) < p_check);
      continue;  // the check is verified where it stands, never offered to the reservoir
    }
    const bool wrong = routed && coin(rng) < p_timed;
    const int slot = res.offer();
    if (slot >= 0) kept_wrong[size_t(slot)] = wrong;
  }
  bool any = check_caught;
  for (int s : res.order()) any = any || kept_wrong[size_t(s)];
  return any;
}

int audit_mode(int rounds, int pairs, double p_timed, double p_check) {
  std::mt19937_64 rng(0x38b0);
  const std::vector<int> gate = engine::single_order(engine::kGateSamples);
  const std::vector<int> paired = engine::paired_order(pairs);
  int escaped_blind = 0, escaped_told = 0;
  for (int t = 0; t < rounds; ++t) {
    // The deferred gate's series, then the pairs (the candidate is runner 1).
    const bool blind = caught(rng, 1, gate, 0, 1, 1) || caught(rng, 2, paired, 1, 1, 1);
    const bool told = caught(rng, 1, gate, 0, p_timed, p_check) ||
                      caught(rng, 2, paired, 1, p_timed, p_check);
    escaped_blind += !blind;
    escaped_told += !told;
  }
  std::printf("%d rounds, deferred gate %d runs + %d pairs, 3 audits a sequence (P7e)\n", rounds,
              engine::kGateSamples, pairs);
  std::printf("fresh checks blind (redteam18_slot_taylor): escaped %.6f (caught %.6f)\n",
              double(escaped_blind) / rounds, 1 - double(escaped_blind) / rounds);
  std::printf("told: flagged on %.4f of timed runs, %.4f of fresh checks (strata mode's rates)\n",
              p_timed, p_check);
  std::printf("fresh checks told  (redteam38b_fresh_strata_tell): escaped %.6f (caught %.6f)\n",
              double(escaped_told) / rounds, 1 - double(escaped_told) / rounds);
  std::printf("ratio of escapes: %.2f\n",
              escaped_blind ? double(escaped_told) / escaped_blind : 0.0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "strata";
  if (mode == "strata")
    return strata_mode(argc > 2 ? std::atoi(argv[2]) : 200,
                       argc > 3 ? std::atoll(argv[3]) : (int64_t(1) << 18));
  if (mode == "audit")
    return audit_mode(argc > 2 ? std::atoi(argv[2]) : 2000000, argc > 3 ? std::atoi(argv[3]) : 16,
                      argc > 4 ? std::atof(argv[4]) : 0.875, argc > 5 ? std::atof(argv[5]) : 0.01);
  std::fprintf(stderr, "usage: red38b_sim strata [runs] [n] | audit [rounds] [pairs]\n");
  return 2;
}
