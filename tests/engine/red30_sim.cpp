// Red team 30 (issue 28): tests/cheats/redteam30_* on the host definitions of the harness's lint,
// law regions, grain floor, input sets and timed perturbations (not a test: it prints what it
// measures). Every rule is the harness's (law_regions.h, sample_lint.h, input_lint.h,
// timed_perturbation.h, class_bound.h timed_inputs); only the sums and the children are the
// simulation's.
//  grain: redteam30_grain_mean_lbeta. y = W sum of log B at 128 heavy positions + sum of log B
//         over the other 2^24 - 128 values of uniform [0.5, 1.5), W = 1.25 x 2^32, so |y| ~ 3.2e12
//         (FP32 step 2^18) at rtol 5e-6. Its strided light part moves y by ~1.9e3 under the
//         1-in-2 class echoes (16 x that under half a step: P6k's condition (d) leaves it unseen),
//         but the light part's total is ~7.8e7 (~4.9 tolerances): the grain hides the light
//         part's fluctuation, not its mean, and a 1-in-16 sample of it (rescaled) errs by ~7e3.
//  grain16: redteam30_grain_bf16_lbeta. The same sum at W = 4e5 with a BF16 output, rtol 5e-3:
//         |y| ~ 3.2e8 (BF16 step 2^21); the light part is ~25% of y (~49 tolerances). Without
//         the 128 heavy terms the BF16 sum is refused by the lint's own bar.
//  two:   redteam30_two_input_strata_cv. out = sum of log B(t + 4, t + 2), t = x / 1000, over two
//         int32 inputs a and b of normal(1000, 300), 2^23 each, rtol 2e-6: red team 29's control
//         variate on two inputs. P6l's strata go on ONE law input a run (timed_perturbations:
//         `can[draw(...) % can.size()]`), so the child detects which input is stratified (red team
//         29's statistic), sums that one honestly and samples the other: on every timed run half
//         the work is sampled on an unstratified input.
//  pagerank: fix A (kGrainBound = sqrt(pairs)) on the case (d) exists for, blw_pagerank_edgelist's
//         float64 reordering noise (grain_floor_test.cpp's scaled shape): must stay unseen.
// Usage: red30_sim MODE [log2 n (24)] [runs (8)]; red30_sim pagerank [log2 V (12)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

uint64_t run_seed(int r) { return uint64_t(r) * 0x9e3779b97f4a7c15ull; }

// ---- grain: a heavy-weighted log-Beta sum whose |y| puts its light part under FP32's grain ----
// The two folders: the heavy weight (problem.yaml's scalar W), the tolerance, the output dtype.
struct GrainCase {
  const char* name;
  double W, rtol, atol;
  DType out;
  int digits;  // the output's significand bits (FP32 24, BF16 8)
};
constexpr GrainCase kGrainF32{
    "redteam30_grain_mean_lbeta", 5368709120.0, 5e-6, 1.0, DType::F32, 24};  // W = 1.25 x 2^32
constexpr GrainCase kGrainBf16{"redteam30_grain_bf16_lbeta", 4.0e5, 5e-3, 1.0, DType::BF16, 8};

// cheat.cu's sample: in each 16-value group g, the value at sel(g) (grain_pick), 16 x its term.
uint32_t grain_pick(uint32_t g) {
  uint32_t h = g * 0x9E3779B1u;
  h ^= h >> 15;
  h *= 0x85EBCA77u;
  h ^= h >> 13;
  return h & 15u;
}

struct GrainSums {
  std::vector<double> f;  // each position's weighted term (the reference's addends)
  double y = 0, child = 0, doubler = 0, light = 0;
};
GrainSums grain_sums(const std::vector<float>& x, double W) {
  GrainSums s;
  const std::vector<double> t = red_sim::lbeta_terms(x);
  const size_t n = x.size(), stride = n / 128;
  s.f.resize(n);
  double heavy = 0;
  for (size_t i = 0; i < n; ++i) {
    const bool h = i % stride == 1;
    s.f[i] = h ? W * t[i] : t[i];
    if (h)
      heavy += s.f[i];
    else
      s.light += t[i];
  }
  s.y = heavy + s.light;
  // the child: heavy exact, the light part from one value of each 16 (another where that one is
  // the heavy value), times 16
  double est = 0;
  for (size_t g = 0; g < n / 16; ++g) {
    size_t e = 16 * g + grain_pick(uint32_t(g));
    if (e % stride == 1) e ^= 2;
    est += 16.0 * t[e];
  }
  s.child = heavy + est;
  // red team 26's 1-in-2 doubler (even 256-value tiles, times 2): what (d)'s 16 x bound is about
  double half = 0;
  for (size_t i = 0; i < n; ++i)
    if (!(i % stride == 1) && !((i >> 8) & 1)) half += 2.0 * t[i];
  s.doubler = heavy + half;
  return s;
}

void grain_mode(const GrainCase& c, int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::Tolerance t;
  t.rtol = c.rtol;
  t.atol = c.atol;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const GrainSums s0 = grain_sums(red_sim::floats(*set0.inputs[0]), c.W);
  const double tol = t.atol + t.rtol * std::fabs(s0.y);
  int e = 0;
  std::frexp(std::fabs(s0.y), &e);
  std::printf("%s: n = 2^%d, W = %.10g, rtol %g atol %g, output %s\n", c.name, lg, c.W, t.rtol,
              t.atol, generators::to_string(c.out));
  std::printf(
      "  set 0: y = %.6g (|y| in [2^%d, 2^%d): output step 2^%d), tolerance %.4g; the light "
      "part's total %.4g = %.2f tolerances, %.0f%% of |y| (a kernel that skips it is out)\n",
      s0.y, e - 1, e, e - c.digits, tol, s0.light, std::fabs(s0.light) / tol,
      100 * std::fabs(s0.light / s0.y));
  const gpu::SetShare nine = red_sim::lint_set("set 0", s0.f, s0.y, t);
  const gpu::SampleLintVerdict verdict = gpu::sample_lint_verdict({nine}, "x", t, {"y"});
  std::printf("  lint, nine position echoes: %.4g: %s\n", nine.share,
              verdict.refusal.empty() ? "passes" : verdict.refusal.c_str());
  {  // the same sum without its 128 heavy terms (every term weighted 1): the lint's own bar
    std::vector<double> plain = s0.f;
    const size_t stride = size_t(n) / 128;
    double yp = 0;
    for (size_t i = 0; i < plain.size(); ++i) {
      if (i % stride == 1) plain[i] /= c.W;
      yp += plain[i];
    }
    const gpu::SetShare pl = red_sim::lint_set("set 0", plain, yp, t);
    const bool refused = !gpu::sample_lint_verdict({pl}, "x", t, {"y"}).refusal.empty();
    std::printf("  the same sum with no heavy weight: nine echoes %.4g: %s\n", pl.share,
                refused ? "invalid_spec (the lint's own bar)" : "passes");
  }
  const red_sim::LawDecision law = red_sim::law_decision(s0.f, s0.y, t);
  std::printf("  law_checks: sixteen %.4g, weakest %.4g (", law.sixteen, law.weakest);
  for (const auto& [fam, l] : law.light) std::printf(" %s %.4g", fam.c_str(), l);
  std::printf(" ): %s\n", law.on_law ? "ON the law" : "off the law");
  // P6k: the strided classes, judged with and without (d)
  std::vector<std::vector<std::vector<double>>> by_class;
  std::vector<double> moves;
  for (const gpu::EchoRegion& r : gpu::law_regions(gpu::RegionFamily::Strided)) {
    const double m = red_sim::echoed(s0.f, s0.y, gpu::region_echo(r));
    moves.push_back(m - s0.y);
    by_class.push_back({{red_sim::share(s0.y, m, t)}});
  }
  const std::vector<gpu::HostDoubles> base{gpu::HostDoubles{s0.y}};
  const auto light = gpu::light_shares(by_class);
  const auto atol = gpu::atol_parts(base, {t});
  // (d) at main ddb1edcc's bound (kGrainBound, 16) and at the worker's now (output_grains:
  // grain_bound(light_pairs), red team 30's fix A, helper h30g)
  const auto floor = gpu::grain_floors(base, {t}, {gpu::output_grain(c.out)});
  std::vector<generators::ResolvedBuffer> io = v.buffers;
  io.push_back(test::flat_buffer("y", c.out, 1, {}, generators::BufferRole::Out));
  const std::vector<gpu::OutputGrain> now = gpu::output_grains(io, {1});
  const auto floor_now = gpu::grain_floors(base, {t}, now);
  const double bare =
      gpu::refusable_shares(gpu::judged_light_shares(by_class, light, atol, nullptr, nullptr))[0];
  const double with_d =
      gpu::refusable_shares(gpu::judged_light_shares(by_class, light, atol, nullptr, &floor))[0];
  const double with_now = gpu::refusable_shares(
      gpu::judged_light_shares(by_class, light, atol, nullptr, &floor_now))[0];
  const std::string no_d = gpu::light_refusal({bare}, {"y"}, {t}, "x");
  const std::string yes_d = gpu::light_refusal({with_d}, {"y"}, {t}, "x");
  const std::string yes_now = gpu::light_refusal({with_now}, {"y"}, {t}, "x");
  const double half_step = floor[0][0] * gpu::kGrainBound * tol;
  std::printf(
      "  strided classes: light share %.4g (%.4g absolute, 16 x = %.4g), grain floor %.4g "
      "(half a step %.6g), light / floor %.3f\n",
      light[0][0], light[0][0] * tol, 16 * light[0][0] * tol, floor[0][0], half_step,
      light[0][0] / floor[0][0]);
  std::printf("    judged before (d): %.4g: %s\n", bare,
              no_d.empty() ? "no refusal" : ("invalid_spec: " + no_d.substr(0, 160)).c_str());
  std::printf("    judged with (d) at bound 16 (main ddb1edcc): %.4g: %s\n", with_d,
              yes_d.empty()
                  ? ("NO REFUSAL; note: " + gpu::grain_note({with_d}, {"y"}, {c.out})).c_str()
                  : yes_d.c_str());
  std::printf(
      "    judged with (d) at the worker's bound (grain_bound %.0f, floor %.4g): %.4g: %s\n",
      now[0].bound, floor_now[0][0], with_now,
      yes_now.empty() ? ("NO REFUSAL; note: " + gpu::grain_note({with_now}, {"y"}, {c.out})).c_str()
                      : ("invalid_spec: " + yes_now.substr(0, 160)).c_str());
  // Fix A: the bound of a kernel that reads one pair in P and rescales: sqrt(P) x the light share
  const double pairs = double(n) / 2;
  const double fix_floor = half_step / (std::sqrt(pairs) * tol);
  std::printf("  fix A (kGrainBound -> sqrt(light pairs) = %.0f): floor %.4g: %s\n",
              std::sqrt(pairs), fix_floor,
              light[0][0] < fix_floor ? "still unseen" : "judged, refused as before (d)");
  // Fix B: the light classes' odd positions at the law's low end (an in-support echo that moves
  // a sum by its light part's mean, not its fluctuation)
  double mean_move = 0;
  const size_t stride = size_t(n) / 128;
  {
    const double f_lo = red_sim::lbeta(0.5);
    const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
    for (uint64_t j = 0; j < uint64_t(n) / 2; ++j) {
      if (j % gpu::kEchoStrided == 0) continue;  // the heavy class (dominant) is left out
      const size_t i = 2 * j + 1;
      if (i % stride == 1) continue;
      mean_move += f_lo - red_sim::lbeta(double(x[i]));
    }
  }
  std::printf(
      "  fix B (light classes' odd values at the law's low end): moves y by %.4g = %.1f "
      "half steps, %.3f tolerances: a light part the grain does not hide\n",
      mean_move, std::fabs(mean_move) / half_step, std::fabs(mean_move) / tol);
  auto errs = [&](const GrainSums& g) {
    return std::pair<double, double>{red_sim::err(g.child, g.y, t),
                                     red_sim::err(g.doubler, g.y, t)};
  };
  const auto e0 = errs(s0);
  std::printf(
      "  the child (1 in 16, rescaled): set 0 %.5f (%.4g absolute = %.2f half steps); red "
      "team 26's 1-in-2 doubler %.5f\n",
      e0.first, std::fabs(s0.child - s0.y), std::fabs(s0.child - s0.y) / half_step, e0.second);
  for (int k = 1; k < 3; ++k)
    std::printf(
        "    set %d %.5f\n", k,
        errs(grain_sums(red_sim::floats(*gpu::regular_set(v, seeds[size_t(k)], nullptr).inputs[0]),
                        c.W))
            .first);
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    std::printf("    a fresh set %.5f\n",
                errs(grain_sums(red_sim::floats(*fresh->inputs[0]), c.W)).first);
  for (bool on_law : {false, true}) {
    double w = 0, ss = 0;
    int out = 0, strata = 0;
    for (int r = 1; r <= runs; ++r) {
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, run_seed(r), false, on_law))
        strata += p.cls_stride > 0;
      const double er =
          errs(grain_sums(red_sim::timed_floats(v, set0, run_seed(r), on_law), c.W)).first;
      w = std::max(w, er), ss += er * er, out += er > 1;
    }
    std::printf("    %d %s (P6l strata on %d): rms %.5f worst %.5f, %d out\n", runs,
                on_law ? "law redraws" : "off-law timed runs", strata, std::sqrt(ss / runs), w,
                out);
  }
}

// ---- two: red team 29's control variate over two integer-normal inputs ----
double lb(int32_t x) { return red_sim::lbeta(double(x) * 1e-3); }
// The parabola of log B in u = t - 1 over the law N(1, 0.3) (red team 29's kC0..kC2, cheat.cu).
constexpr double kC[3] = {-4.6540314177488629, -1.6052321246311025, 0.043404870389126174};
double g_of(int32_t x) {
  const double u = double(x - 1000) * 1e-3;
  return kC[0] + kC[1] * u + kC[2] * u * u;
}
double exact_sum(const std::vector<int32_t>& x) {
  double y = 0;
  for (int32_t v : x) y += lb(v);
  return y;
}
double cv_sum(const std::vector<int32_t>& x) {  // every 16th position's residual, x 16
  double y = 0, r = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    y += g_of(x[i]);
    if (i % 16 == 0) r += lb(x[i]) - g_of(x[i]);
  }
  return y + 16.0 * r;
}
// The same control variate at one hashed place in each 16-value group (grain_pick): a sample no
// residue class of any stride favours.
double cv_hashed(const std::vector<int32_t>& x) {
  double y = 0, r = 0;
  for (size_t i = 0; i < x.size(); ++i) y += g_of(x[i]);
  for (size_t g = 0; g < x.size() / 16; ++g) {
    const size_t i = 16 * g + grain_pick(uint32_t(g));
    r += lb(x[i]) - g_of(x[i]);
  }
  return y + 16.0 * r;
}
// The honest path's FP32 log B (host lgammaf, not CUDA's: an estimate of its own error)
double fp32_sum(const std::vector<int32_t>& x) {
  double y = 0;
  for (int32_t v : x) {
    const float tt = float(v) * 1e-3f;
    y += double(lgammaf(tt + 4.0f) + lgammaf(tt + 2.0f) - lgammaf(2.0f * tt + 6.0f));
  }
  return y;
}
// red team 29's detector (cheat.cu strata_seen) on one input's first 576 values
double strata_stat(const std::vector<int32_t>& x) {
  double least = 1;
  for (int s = 2; s <= 64; s += 2) {
    double sum = 0;
    for (int i = 0; i < 512; ++i) {
      const double a = 0.5 * std::erfc(-(x[size_t(i)] - 1000) / 300.0 / std::sqrt(2.0));
      const double b = 0.5 * std::erfc(-(x[size_t(i + s)] - 1000) / 300.0 / std::sqrt(2.0));
      const double d = std::fabs(a - b);
      sum += std::min(d, 1 - d);
    }
    least = std::min(least, sum / 512);
  }
  return least;
}
std::vector<int32_t> ints(const gpu::HostInput& in) {
  std::vector<int32_t> p(in.size / 4);
  std::memcpy(p.data(), in.data.get(), in.size);
  return p;
}

struct TwoErr {
  double child = 0, blind = 0, fp32 = 0, hashed = 0;  // in tolerances
  bool seen[2] = {false, false};
  double stat[2] = {0, 0};
};
TwoErr two_err(const gpu::HostSet& s, const generators::Tolerance& t) {
  TwoErr e;
  double ref = 0, child = 0, blind = 0, fp32 = 0, hashed = 0;
  double cv[2], f32[2];
  for (int k = 0; k < 2; ++k) {
    const std::vector<int32_t> x = ints(*s.inputs[size_t(k)]);
    cv[k] = cv_sum(x), f32[k] = fp32_sum(x);
    e.stat[k] = strata_stat(x);
    e.seen[k] = e.stat[k] < 0.21;
    ref += exact_sum(x), blind += cv[k], fp32 += f32[k], hashed += cv_hashed(x);
  }
  // the child samples one input a run: b unless only b shows strata (two_cv.cuh); FP32 elsewhere
  const bool sample_b = !e.seen[1] || e.seen[0];
  child = sample_b ? f32[0] + cv[1] : cv[0] + f32[1];
  e.child = red_sim::err(child, ref, t);
  e.blind = red_sim::err(blind, ref, t);
  e.fp32 = red_sim::err(fp32, ref, t);
  e.hashed = red_sim::err(hashed, ref, t);
  return e;
}

void two_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << (lg - 1);  // each input
  generators::Tolerance t;
  t.rtol = 2e-6;
  t.atol = 1.0;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("a", DType::I32, n, {"normal", 1000.0, 300.0}),
               test::flat_buffer("b", DType::I32, n, {"normal", 1000.0, 300.0})};
  std::printf(
      "redteam30_two_input_strata_cv: a, b of 2^%d int32 normal(1000, 300), rtol %g atol "
      "%g\n",
      lg - 1, t.rtol, t.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  // The lint's nine echoes, each applied to both inputs (sample_lint) and to each alone
  // (input_lint): a sum's move is the sum of the inputs' moves.
  std::vector<std::vector<double>> f(2);
  double y = 0;
  for (int k = 0; k < 2; ++k) {
    for (int32_t x : ints(*set0.inputs[size_t(k)])) f[size_t(k)].push_back(lb(x));
    y += red_sim::sum(f[size_t(k)]);
  }
  double both = 0, alone[2] = {0, 0};
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    double m[2];
    for (int k = 0; k < 2; ++k) {
      const auto echo =
          gpu::buffer_echo(v.buffers[size_t(k)], gpu::positions_echo(e.parity, e.block));
      const double yk = red_sim::sum(f[size_t(k)]);
      m[k] = echo ? red_sim::echoed(f[size_t(k)], yk, *echo) - yk : 0.0;
      alone[k] = std::max(alone[k], red_sim::share(y, y + m[k], t));
    }
    both = std::max(both, red_sim::share(y, y + m[0] + m[1], t));
  }
  gpu::SetShare s0{"set 0", both, {both}};
  const gpu::SampleLintVerdict sv = gpu::sample_lint_verdict({s0}, "a, b", t, {"out"});
  std::vector<gpu::InputShares> ins;
  for (int k = 0; k < 2; ++k)
    ins.push_back(gpu::InputShares{
        k ? "b" : "a", false, {gpu::SetShare{"set 0", alone[k], {alone[k]}}}, false});
  const gpu::SampleLintVerdict iv = gpu::input_lint_verdict(ins, {s0}, t, {"out"});
  std::printf(
      "  lint, set 0: both inputs %.3f (%s); a alone %.3f, b alone %.3f (%s); law_checks "
      "bar %.0f: %s\n",
      both, sv.refusal.empty() ? "passes" : sv.refusal.c_str(), alone[0], alone[1],
      iv.refusal.empty() ? "passes" : iv.refusal.c_str(), gpu::kLawCheckShare,
      both >= gpu::kLawCheckShare ? "on the law" : "off the law");
  auto line = [&](const char* name, const gpu::HostSet& s) {
    const TwoErr e = two_err(s, t);
    std::printf(
        "  %s: strata seen a %d (%.4f) b %d (%.4f); child %.4f; CV on both %.4f; FP32 on "
        "both %.4f\n",
        name, e.seen[0], e.stat[0], e.seen[1], e.stat[1], e.child, e.blind, e.fp32);
  };
  line("set 0", set0);
  for (int k = 1; k < 3; ++k)
    line(k == 1 ? "set 1" : "set 2", gpu::regular_set(v, seeds[size_t(k)], nullptr));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    line("a fresh set", *fresh);
  for (bool on_law : {false, true}) {
    int drawn[2] = {0, 0}, right = 0, out = 0, out_blind = 0, both_seen = 0, out_hashed = 0;
    double w = 0, ss = 0, wb = 0, wh = 0, wf = 0, lo_seen = 1, hi_seen = 0, lo_not = 1;
    int out_fp32 = 0;
    for (int r = 1; r <= runs; ++r) {
      int which = -1;
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, run_seed(r), false, on_law))
        if (p.cls_stride > 0) which = int(p.buffer), ++drawn[p.buffer];
      const TwoErr e = two_err(gpu::timed_inputs(v, set0, run_seed(r), false, on_law), t);
      right += which >= 0 && e.seen[which] && !e.seen[1 - which];
      both_seen += e.seen[0] && e.seen[1];
      for (int k = 0; k < 2; ++k) {
        if (k == which)
          lo_seen = std::min(lo_seen, e.stat[k]), hi_seen = std::max(hi_seen, e.stat[k]);
        else
          lo_not = std::min(lo_not, e.stat[k]);
      }
      w = std::max(w, e.child), ss += e.child * e.child, out += e.child > 1;
      wb = std::max(wb, e.blind), out_blind += e.blind > 1;
      wh = std::max(wh, e.hashed), out_hashed += e.hashed > 1;
      wf = std::max(wf, e.fp32), out_fp32 += e.fp32 > 1;
    }
    std::printf(
        "  %d %s: strata on a %d, b %d; the detector names the stratified "
        "input alone on %d (statistic %.4f..%.4f there, >= %.4f on the other), both seen "
        "%d; the child rms %.4f worst %.4f, %d out; CV on both (no detector): worst %.3f, "
        "%d out; a hashed 1-in-16 place on both (no detector): worst %.3f, %d out; the control "
        "(FP32 on both) worst %.4f, %d out\n",
        runs, on_law ? "law redraws" : "off-law timed runs", drawn[0], drawn[1], right, lo_seen,
        hi_seen, lo_not, both_seen, std::sqrt(ss / runs), w, out, wb, out_blind, wh, out_hashed, wf,
        out_fp32);
  }
  // The fix, emulated: both inputs stratified in one run, each with its own keys (buffer a's
  // stratified perturbation from a run seed that chose a, b's from one that chose b).
  std::vector<gpu::Perturbation> by[2];
  for (int q = 1000; int(std::min(by[0].size(), by[1].size())) < runs && q < 1000 + 64 * runs; ++q)
    for (const gpu::Perturbation& p : gpu::timed_perturbations(v, run_seed(q), false, false))
      if (p.cls_stride > 0) by[p.buffer].push_back(p);
  int out = 0, both_seen = 0, made = 0;
  double w = 0;
  for (size_t r = 0; r < std::min(by[0].size(), by[1].size()) && made < runs; ++r) {
    gpu::HostSet s = set0;
    for (size_t k = 0; k < 2; ++k) {
      auto in = std::make_shared<gpu::HostInput>();
      in->size = set0.inputs[k]->size;
      in->data.reset(new unsigned char[in->size]);
      std::memcpy(in->data.get(), set0.inputs[k]->data.get(), in->size);
      gpu::apply_perturbation(v.buffers[k], in->data.get(), by[k][r]);
      s.inputs[k] = in;
    }
    const TwoErr e = two_err(s, t);
    both_seen += e.seen[0] && e.seen[1];
    w = std::max(w, e.child), out += e.child > 1, ++made;
  }
  std::printf(
      "  the fix emulated (both inputs stratified, own keys), %d runs: both seen %d; the "
      "child (samples b) worst %.3f, %d out\n",
      made, both_seen, w, out);
}

// ---- pagerank: fix A on the case (d) exists for (grain_floor_test.cpp's scaled pagerank) ----
// blw_pagerank_edgelist's push (V vertices, E edges sorted by source, random destinations, ranks
// uniform [0, 4e-7)), its float64 reference in an order of `order_seed` (the device's atomics):
// grain_floor_test.cpp's Pagerank, copied (a test's, not a kernel).
struct Pagerank {
  int64_t V = 4096, E = 65536;
  std::vector<uint32_t> src, dst, begin;
  std::vector<float> rank;
  std::vector<double> reference(const std::vector<float>& r, const std::vector<uint32_t>& d,
                                uint64_t order_seed) const {
    std::vector<std::vector<double>> in(static_cast<size_t>(V));
    for (int64_t e = 0; e < E; ++e) {
      const uint32_t u = src[size_t(e)];
      const double deg = double(begin[u + 1]) - double(begin[u]);
      in[d[size_t(e)]].push_back(double(r[u]) / deg);
    }
    std::vector<double> out(size_t(V), 0.0);
    std::mt19937_64 g(order_seed);
    for (int64_t v = 0; v < V; ++v) {
      std::shuffle(in[size_t(v)].begin(), in[size_t(v)].end(), g);
      for (double t : in[size_t(v)]) out[size_t(v)] += t;
    }
    return out;
  }
};
Pagerank make_pagerank(int64_t V, int64_t E) {
  Pagerank p;
  p.V = V, p.E = E;
  std::mt19937_64 g(0x9a6e);
  std::uniform_int_distribution<uint32_t> vert(0, uint32_t(p.V - 1));
  for (int64_t e = 0; e < p.E; ++e) p.src.push_back(vert(g)), p.dst.push_back(vert(g));
  std::sort(p.src.begin(), p.src.end());
  p.begin.assign(size_t(p.V + 1), 0);
  for (uint32_t u : p.src) ++p.begin[u + 1];
  for (int64_t v = 0; v < p.V; ++v) p.begin[size_t(v + 1)] += p.begin[size_t(v)];
  std::uniform_real_distribution<float> r(0.0f, 4.0e-7f);
  for (int64_t v = 0; v < p.V; ++v) p.rank.push_back(r(g));
  return p;
}
std::shared_ptr<gpu::HostInput> host_bytes(const void* data, size_t bytes) {
  auto in = std::make_shared<gpu::HostInput>();
  in->size = bytes;
  in->data.reset(new unsigned char[bytes]);
  std::memcpy(in->data.get(), data, bytes);
  return in;
}
void pagerank_mode(int lgv) {
  const Pagerank p = make_pagerank(int64_t(1) << lgv, int64_t(16) << lgv);
  generators::Tolerance t;  // the folder's fp32 tolerance
  t.rtol = 1e-5;
  t.atol = 1e-12;
  const auto rank_b = test::flat_buffer("pagerank", DType::F32, p.V, {"uniform", 0, 4e-7});
  const auto dst_b = test::flat_buffer("outEdges", DType::U32, p.E, {"randint", 0, double(p.V)});
  const auto rank_in = host_bytes(p.rank.data(), p.rank.size() * 4);
  const auto dst_in = host_bytes(p.dst.data(), p.dst.size() * 4);
  const std::vector<double> r0 = p.reference(p.rank, p.dst, 1);
  const std::vector<gpu::HostDoubles> base{gpu::HostDoubles(r0.begin(), r0.end())};
  std::vector<std::vector<std::vector<double>>> by_class;
  for (const gpu::EchoRegion& reg : gpu::law_regions(gpu::RegionFamily::Strided)) {
    const auto r = gpu::echo_region(rank_b, *rank_in, reg);
    const auto d = gpu::echo_region(dst_b, *dst_in, reg);
    std::vector<float> rv(p.rank.size());
    std::vector<uint32_t> dv(p.dst.size());
    std::memcpy(rv.data(), r->data.get(), r->size);
    std::memcpy(dv.data(), d->data.get(), d->size);
    const std::vector<double> e = p.reference(rv, dv, 2 + reg.cls);
    by_class.push_back(gpu::element_shares(base, {gpu::HostDoubles(e.begin(), e.end())}, {t}));
  }
  const auto light = gpu::light_shares(by_class);
  const auto atol = gpu::atol_parts(base, {t});
  const auto floor = gpu::grain_floors(base, {t}, {gpu::output_grain(DType::F32)});
  // fix A as the worker takes it now (output_grains: grain_bound(light_pairs), helper h30g)
  const auto out_b =
      test::flat_buffer("new_pagerank", DType::F32, p.V, {}, generators::BufferRole::Out);
  const std::vector<gpu::OutputGrain> now = gpu::output_grains({rank_b, dst_b, out_b}, {2});
  const double pairs = gpu::light_pairs({rank_b, dst_b, out_b});
  const auto fix = gpu::grain_floors(base, {t}, now);
  auto verdict = [&](const std::vector<std::vector<double>>* fl, const char* name) {
    const auto judged = gpu::judged_light_shares(by_class, light, atol, nullptr, fl);
    const double v = gpu::refusable_shares(judged)[0];
    size_t unseen = 0;
    double worst = 0;
    for (size_t i = 0; fl && i < judged[0].size(); ++i)
      if (judged[0][i] < 0) ++unseen, worst = std::max(worst, -judged[0][i] / (*fl)[0][i]);
    const std::string no = gpu::light_refusal({v}, {"new_pagerank"}, {t}, "pagerank");
    std::printf("  %s: judged %.4g, %zu unseen (the largest at %.3g of its floor): %s\n", name, v,
                unseen, worst, no.empty() ? "no refusal" : "REFUSED");
  };
  std::printf("pagerank (V 2^%d, E 2^%d; grain_floor_test's shape):\n", lgv, lgv + 4);
  verdict(nullptr, "before (d)");
  verdict(&floor, "(d), kGrainBound 16 (main)");
  char name[80];
  std::snprintf(name, sizeof name, "fix A (the worker's now), grain_bound(%.0f) = %.0f", pairs,
                now[0].bound);
  verdict(&fix, name);
}
}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 8;
  if (mode == "grain")
    grain_mode(kGrainF32, lg, runs);
  else if (mode == "grain16")
    grain_mode(kGrainBf16, lg, runs);
  else if (mode == "two")
    two_mode(lg, runs);
  else if (mode == "pagerank")
    pagerank_mode(argc > 2 ? lg : 12);
  else
    return std::fprintf(stderr,
                        "red30_sim: mode grain | grain16 | two [log2 n (24)] [runs (8)] | pagerank "
                        "[log2 V (12)]\n"),
           2;
  return 0;
}
