// Red team 38b (issue 28): the host half of tests/cheats/redteam38b_* (fresh_strata_tell,
// recorded_coin, kappa_short_exp), with the engine's own functions.
//  strata: each verified or timed kind of run's input made on the host definition (the bytes the
//    device makes: timed_perturbations + apply_perturbation, as DeviceBuffers::perturb and
//    input_sets.cpp derive_plan do), then the children's sniffs run on it (cheat.cu `sniff` and
//    kernels/cheats/strata_sniff.cuh, the same arithmetic in double): red team 18's
//    small-argument count and the one-block F test for position strata. Prints how often each kind is flagged: a timed run (and its audit:
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
//   ninja -C build red38b_sim && build/tests/engine/red38b_sim strata [runs] [n] [folder]
//   (folder: another tests/cheats folder whose x to draw, red team 39's
//   redteam39_resolution_strata_tell: its law; "lint's twin" is the unstratified fresh draw
//   scratch_resolution_op.cpp measured on before helper fix40s, the "P4m" rows the step's base
//   and moves since: resolution_sets.h; red team 40b's redteam40b_law_only_tail: the "law-like"
//   column is its sniff, the sum of x[0..255] above 64)
//   build/tests/engine/red38b_sim audit [rounds] [pairs] [p_timed] [p_check]
//   build/tests/engine/red38b_sim kappa [t_lo t_hi p_lo p_hi outputs poles atol]
//   build/tests/engine/red38b_sim record [points] [samples] [coin] [p_timed] [p_check]
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
#include "engine/backend/gate_parts.h"
#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/resolution_sets.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "engine/backend/sequence_plan.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "tests/engine/class_scale_models.h"

using namespace solver;
namespace gen = solver::generators;
using solver::class_scale::exp_tang64;

namespace {

// cheat.cu `sniff` and strata_sniff.cuh `strata_found`, in double: {small-argument share test,
// strata F test}.
struct Sniff {
  bool small = false;
  bool strata = false;
  double max_f = 0;
  bool law_like = false;  // red team 40b's law_like (redteam40b_law_only_tail): sum x[0..255] > 64
};

Sniff sniff(const std::vector<float>& x) {
  Sniff out;
  const int64_t n = int64_t(x.size());
  const int64_t stride = n / 1024;
  int small = 0;
  for (int t = 0; t < 1024; ++t) small += x[size_t(t * stride)] < 0.0078125f;
  out.small = small >= 128;
  {
    float s = 0.f;  // in float, in order, as the cheat's loop
    for (int k = 0; k < 256 && k < n; ++k) s += x[size_t(k)];
    out.law_like = s > 64.f;
  }
  constexpr int kSample = 8192;  // STRATA_SAMPLE
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
    out.strata = out.strata || fs > 1 + 5.0 * std::sqrt(2.0 / (s - 1));  // STRATA_F_SD
  }
  return out;
}

int strata_mode(int runs, int64_t n, const std::string& folder) {
  const std::string dir = std::string(SOLVER_SOURCE_DIR) + "/tests/cheats/" + folder;
  const gen::ProblemSpec spec = gen::load_problem(dir);
  gen::ResolvedVariant v = gen::resolve_shapes(spec, spec.variants[1], {});
  size_t xi = 0;
  while (xi < v.buffers.size() && v.buffers[xi].name != "x") ++xi;
  if (xi == v.buffers.size()) return 2;
  v.buffers[xi].elements = n;  // the sniffs read the first 4,096 values and 1,024 spread ones
  v.buffers[xi].bytes = n * 4;
  struct Kind {
    const char* name;
    bool law, strata, redraw, derived;
  };
  // A timed run and its audit (the audit re-makes the same bytes: run_audit.cpp reflip);
  // the fresh set as the worker plans it (input_sets.cpp derive_plan, SetKind::Fresh: strata
  // off before helper fix38b, on since); the tolerance lint's unstratified twin of it (fix38b);
  // a law-pair run (P6d: law on, strata on); a regular set (the standing law draw).
  const Kind kinds[] = {{"timed run / audit", false, true, true, false},
                        {"fresh-set check", false, true, true, true},
                        {"lint's twin", false, false, true, true},
                        {"law-pair run", true, true, true, false},
                        {"regular set (i.i.d. law)", false, false, false, false}};
  gpu::HostSet base;  // derive_plan reads which inputs set 0 holds, not their bytes
  base.inputs.resize(v.buffers.size());
  base.inputs[xi] = std::make_shared<const gpu::HostInput>();
  std::mt19937_64 rng(0x38b);
  std::printf("n = %lld, %d runs a kind (host definition of every run's bytes)\n", (long long)n,
              runs);
  std::printf("%-26s %10s %10s %10s %12s %12s %10s\n", "kind", "small", "strata", "flag", "median F",
              "min F", "law-like");
  for (const Kind& k : kinds) {
    int small = 0, strata = 0, flag = 0, law_like = 0;
    std::vector<double> fs;
    for (int r = 0; r < runs; ++r) {
      std::vector<float> x(static_cast<size_t>(n), 0.0f);
      if (k.redraw) {
        const uint64_t seed = rng();
        std::vector<gpu::Perturbation> ps;
        if (k.derived) {
          for (const gpu::BufferTransform& t :
               gpu::derive_plan(v, base, gpu::SetKind::Fresh, seed, false, k.law, k.strata))
            ps.push_back(t.redraw);
        } else {
          ps = gpu::timed_perturbations(v, seed, /*homogeneous=*/false, k.law, k.strata);
        }
        for (const gpu::Perturbation& p : ps)
          if (p.buffer == xi)
            gpu::apply_perturbation(v.buffers[xi], reinterpret_cast<unsigned char*>(x.data()), p,
                                    false);
      } else {
        // the buffer's own uniform law (red team 38b's folder: [0, 1))
        std::uniform_real_distribution<float> u(float(v.buffers[xi].init.a),
                                                float(v.buffers[xi].init.b));
        for (float& e : x) e = u(rng);
      }
      const Sniff s = sniff(x);
      small += s.small, strata += s.strata, flag += s.small && s.strata;
      law_like += s.law_like;
      fs.push_back(s.max_f);
    }
    std::sort(fs.begin(), fs.end());
    std::printf("%-26s %10.4f %10.4f %10.4f %12.2f %12.2f %10.4f\n", k.name, double(small) / runs,
                double(strata) / runs, double(flag) / runs, fs[fs.size() / 2], fs.front(),
                double(law_like) / runs);
  }
  // P4m's three runs as the step makes them (resolution_sets.h; unstratified before helper
  // fix40s, the "lint's twin" row): its base and the base's two moves (FP32's fine and coarse,
  // the seed + 1 the step passes). A child routing on strata keeps its FP32 path on all three
  // only where none is flagged (it escapes); where the base is flagged and a move is not, or the
  // reverse, its words change path between the runs (out of proportion: refused).
  const gpu::HostSet zero = gpu::regular_set(v, 1, nullptr);
  const char* names[3] = {"P4m base", "P4m fine move 2^-18", "P4m coarse move 2^-10"};
  int flagged[3] = {}, none = 0, all = 0;
  std::vector<double> fs[3];
  auto floats = [&](const gpu::HostSet& s) {
    std::vector<float> x(static_cast<size_t>(n));
    std::memcpy(x.data(), s.inputs[xi]->data.get(), x.size() * 4);
    return x;
  };
  for (int r = 0; r < runs; ++r) {
    const uint64_t seed = rng();
    const auto base = gpu::resolution_base(v, zero, seed, /*homogeneous=*/false, /*law=*/false);
    if (!base) return 2;
    const gpu::HostSet sets[3] = {
        *base, gpu::resolution_moved_set(v, *base, gpu::kFineBits, seed + 1),
        gpu::resolution_moved_set(v, *base, gpu::kFineBits - gpu::kCoarseGap, seed + 1)};
    int here = 0;
    for (int k = 0; k < 3; ++k) {
      const Sniff s = sniff(floats(sets[k]));
      flagged[k] += s.strata, here += s.strata;
      fs[k].push_back(s.max_f);
    }
    none += here == 0, all += here == 3;
  }
  for (int k = 0; k < 3; ++k) {
    std::sort(fs[k].begin(), fs[k].end());
    std::printf("%-26s %10s %10.4f %10s %12.2f %12.2f\n", names[k], "-",
                double(flagged[k]) / runs, "-", fs[k][fs[k].size() / 2], fs[k].front());
  }
  std::printf("P4m's three runs: none flagged %.4f (the child's FP32 path on all three: kept), all "
              "three %.4f, mixed %.4f (refused)\n",
              double(none) / runs, double(all) / runs, double(runs - none - all) / runs);
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


// One series of one runner (the sweep gate's, the gate's or the `time` op's: single_order), `audits`
// runs kept by the worker's reservoir, its fresh-set check at a uniform place where `check`. Each
// timed run takes the child's coin (wrong and fast) with probability `coin` x `p_timed` (the
// strata sniff must flag it); the check with `coin` x `p_check`. Returns whether an audited run
// (or the check) was wrong; `fast` counts the series' wrong-and-fast runs (the check included:
// its time is a sample too).
bool series_caught(std::mt19937_64& rng, int samples, bool check, int audits, double coin,
                   double p_timed, double p_check, int& fast) {
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<int> check_at{check ? int(rng() % uint64_t(samples)) : -1};
  const std::vector<engine::SequenceRun> sched =
      engine::sequence_schedule(1, engine::single_order(samples), check_at);
  engine::AuditReservoir res(rng(), audits);
  std::vector<bool> kept_wrong(size_t(audits), false);
  bool any = false;
  fast = 0;
  for (const engine::SequenceRun& e : sched) {
    if (e.sample < 0) continue;
    const bool wrong = u(rng) < coin * (e.check ? p_check : p_timed);
    fast += wrong;
    if (e.check) {
      any = any || wrong;
      continue;
    }
    const int slot = res.offer();
    if (slot >= 0) kept_wrong[size_t(slot)] = wrong;
  }
  for (int k : res.order()) any = any || kept_wrong[size_t(k)];
  return any;
}

// `solver record` (cmd_record.cpp): with --sweep the sweep gate's series is the point's samples,
// verified as engine::gate_steps says (since helper fix38b its fresh-set check and three audits;
// before, one audit and no check: printed too, as "main before fix38b"); without it the full gate (kGateSamples
// runs, its fresh check, three audits: P7e) and then the `time` op's series is the samples (its
// fresh check, one audit). The first regular set (untimed, unstratified) the child passes
// honestly. A point is recorded fast where nothing caught it and more than half its samples are
// the fast path (the recording's median).
int record_mode(int points, int samples, double coin, double p_timed, double p_check) {
  std::mt19937_64 rng(0x38b1);
  const engine::GateSteps steps = engine::gate_steps(true, engine::GatePart::Full);
  const int sweep_audits = steps.audit ? 1 + (steps.extra_audits ? engine::kExtraAudits : 0) : 0;
  int sweep_passed = 0, sweep_fast = 0, full_passed = 0, full_fast = 0;
  int old_passed = 0, old_fast = 0;
  for (int t = 0; t < points; ++t) {
    int fast = 0;
    if (!series_caught(rng, samples, steps.fresh_check, sweep_audits, coin, p_timed, p_check,
                       fast)) {
      ++sweep_passed;
      sweep_fast += 2 * fast > samples;
    }
    if (!series_caught(rng, samples, false, 1, coin, p_timed, p_check, fast)) {
      ++old_passed;
      old_fast += 2 * fast > samples;
    }
    int gate_fast = 0;
    if (!series_caught(rng, engine::kGateSamples, true, 1 + engine::kExtraAudits, coin, p_timed,
                       p_check, gate_fast) &&
        !series_caught(rng, samples, true, 1, coin, p_timed, p_check, fast)) {
      ++full_passed;
      full_fast += 2 * fast > samples;
    }
  }
  std::printf("%d recorded points of %d samples; the child's coin %.3f, sniff on timed runs %.4f, "
              "on fresh sets %.4f\n",
              points, samples, coin, p_timed, p_check);
  std::printf("record --sweep (gate_steps: check %d, %d audits): gate passed %.4f, recorded with "
              "a fast median %.4f\n",
              int(steps.fresh_check), sweep_audits, double(sweep_passed) / points,
              double(sweep_fast) / points);
  std::printf("record --sweep, main before fix38b (no check, 1 audit): passed %.4f, fast %.4f\n",
              double(old_passed) / points, double(old_fast) / points);
  std::printf("record (full gate, then time): passed %.4f, recorded with a fast median %.4f\n",
              double(full_passed) / points, double(full_fast) / points);
  return 0;
}

// tests/cheats/redteam38b_kappa_short_exp (and red team 15's problem for comparison) modelled in
// double on the host: h_i = sum_j r_j exp(p_j t_i), the reference with std::exp, the child's
// exp_kappa op for op (fma, the 2^52 shifter, the 64-entry table, 2^k in the exponent bits). The
// class bound's scale S comes from the engine's sensitivity_scale on two moved sets made by the
// rule class_bound.h states (every float64 input x (1 + 2^-32 s), s a seeded sign per position).
// Prints, over `outputs` outputs, the child's largest |o - r| over the plain class bound 2^-32 |r|
// and over the worker's 2^-32 max(|r|, S), and S / |r|.
// `atol` (red team 39, tests/cheats/redteam39_atol_class_exp): the problem's absolute tolerance,
// which the class bound added before fix39c (atol + 2^-32 max(|r|, S)) and now takes at the
// class's share (2^-32 (atol + max(|r|, S))); the problem's own is atol + 1e-6 |r|.
int kappa_mode(double t_lo, double t_hi, double p_lo, double p_hi, int outputs, int m,
               double atol) {
  std::mt19937_64 rng(0x38b2);
  std::uniform_real_distribution<double> ut(t_lo, t_hi), up(p_lo, p_hi), ur(0.5, 1.5);
  std::vector<double> t(static_cast<size_t>(outputs)), p(static_cast<size_t>(m)), r(static_cast<size_t>(m));
  for (double& v : t) v = ut(rng);
  for (double& v : p) v = up(rng);
  for (double& v : r) v = ur(rng);
  double tab[64];
  for (int j = 0; j < 64; ++j) tab[j] = std::exp2(double(j) / 64.0);
  auto response = [&](const std::vector<double>& tt, const std::vector<double>& pp,
                      const std::vector<double>& rr, int degree) {
    gpu::HostDoubles h;
    h.resize(tt.size());
    for (size_t i = 0; i < tt.size(); ++i) {
      double acc = 0;
      for (int j = 0; j < m; ++j)
        acc = std::fma(rr[size_t(j)],
                       degree ? exp_tang64(pp[size_t(j)] * tt[i], tab, degree)
                              : std::exp(pp[size_t(j)] * tt[i]),
                       acc);
      h[i] = acc;
    }
    return h;
  };
  const gpu::HostDoubles ref = response(t, p, r, 0);
  const double step = 0x1p-32;
  std::vector<std::vector<gpu::HostDoubles>> moved;
  for (int k = 0; k < 2; ++k) {
    auto move = [&](std::vector<double> v) {
      for (double& e : v) e *= 1 + step * ((rng() & 1) ? 1.0 : -1.0);
      return v;
    };
    moved.push_back({response(move(t), move(p), move(r), 0)});
  }
  const std::vector<gpu::HostDoubles> S = gpu::sensitivity_scale({ref}, moved, step);
  std::printf("t in [%g, %g), p in [%g, %g), %d outputs x %d poles (model in double)\n", t_lo,
              t_hi, p_lo, p_hi, outputs, m);
  for (const int degree : {2, 5}) {
  const gpu::HostDoubles out = response(t, p, r, degree);
  double plain = 0, scaled = 0, s_over_r_min = 1e300, s_over_r_max = 0, rel = 0;
  double with_atol = 0, class_share = 0, tolerance = 0, r_min = 1e300, r_max = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const double err = std::fabs(out[i] - ref[i]);
    with_atol = std::max(with_atol, err / (atol + step * std::max(std::fabs(ref[i]), S[0][i])));
    class_share =
        std::max(class_share, err / (step * (atol + std::max(std::fabs(ref[i]), S[0][i]))));
    tolerance = std::max(tolerance, err / (atol + 1e-6 * std::fabs(ref[i])));
    r_min = std::min(r_min, std::fabs(ref[i]));
    r_max = std::max(r_max, std::fabs(ref[i]));
    plain = std::max(plain, err / (step * std::fabs(ref[i])));
    scaled = std::max(scaled, err / (step * std::max(std::fabs(ref[i]), S[0][i])));
    s_over_r_min = std::min(s_over_r_min, S[0][i] / std::fabs(ref[i]));
    s_over_r_max = std::max(s_over_r_max, S[0][i] / std::fabs(ref[i]));
    rel = std::max(rel, err / std::fabs(ref[i]));
  }
  std::printf("exp_tang64 degree %d (%s)\n", degree, degree == 2 ? "the cheat" : "the control");
  std::printf("largest relative error %.3g (FP64's own ~1e-16; FP32's unit 6.0e-8)\n", rel);
  std::printf("largest |o - r| / (2^-32 |r|)          %.3g  (plain class bound: > 1 refuses)\n",
              plain);
  std::printf("largest |o - r| / (2^-32 max(|r|, S))  %.3g  (the worker's bound: > 1 refuses)\n",
              scaled);
  std::printf("S / |r| in [%.3g, %.3g]\n", s_over_r_min, s_over_r_max);
  if (atol > 0)
    std::printf("|r| in [%.3g, %.3g]; with atol %.3g: largest |o - r| / (atol + 2^-32 max(|r|, S)) "
                "%.3g (the class bound with the problem's atol, before fix39c), / (2^-32 (atol + "
                "max(|r|, S))) %.3g (the class's share of the atol, now: > 1 refuses), / (atol + "
                "1e-6 |r|) %.3g (the tolerance)\n",
                r_min, r_max, atol, with_atol, class_share, tolerance);
  }
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "strata";
  if (mode == "strata")
    return strata_mode(argc > 2 ? std::atoi(argv[2]) : 200,
                       argc > 3 ? std::atoll(argv[3]) : (int64_t(1) << 18),
                       argc > 4 ? argv[4] : "redteam38b_fresh_strata_tell");
  if (mode == "audit")
    return audit_mode(argc > 2 ? std::atoi(argv[2]) : 2000000, argc > 3 ? std::atoi(argv[3]) : 16,
                      argc > 4 ? std::atof(argv[4]) : 0.875, argc > 5 ? std::atof(argv[5]) : 0.01);
  if (mode == "record")
    return record_mode(argc > 2 ? std::atoi(argv[2]) : 200000, argc > 3 ? std::atoi(argv[3]) : 30,
                       argc > 4 ? std::atof(argv[4]) : 0.66, argc > 5 ? std::atof(argv[5]) : 0.875,
                       argc > 6 ? std::atof(argv[6]) : 0.01);
  if (mode == "kappa") {
    // Default: this folder's law; `kappa 1 4 -16 -1` is red team 15's.
    auto arg = [&](int i, double d) { return argc > i ? std::atof(argv[i]) : d; };
    return kappa_mode(arg(2, 3), arg(3, 4), arg(4, -160), arg(5, -100), int(arg(6, 256)),
                      int(arg(7, 8192)), arg(8, 0));
  }
  std::fprintf(stderr,
               "usage: red38b_sim kappa [t_lo t_hi p_lo p_hi outputs poles atol] | strata [runs] [n] [folder] | audit [rounds] [pairs] [p_timed] [p_check] | "
               "record [points] [samples] [coin] [p_timed] [p_check]\n");
  return 2;
}
