// Red team 29 (issue 28): tests/cheats/redteam29_* on the host definitions of the harness's lint,
// model echoes, law checks and input sets (not a test: it prints what it measures).
//  head: redteam29_perm_loud_head_boys. out = [sum_i F0(30 |p_i - i| / n), sum_{i<32} p_i] over a
//        permutation of 2^lg at rtol 2e-3. model_lint_op.cpp keeps, per (input, output), the
//        output's *largest* element share (echo_shares_op.cpp share_largest) and the largest over
//        both parities: out[1] is moved by hundreds, so out[0] (0.08) is never judged.
//  deal: redteam29_deal_parity_hand (and control_redteam29_deal_exact_hand at rtol 1e-5). A deck
//        p dealt alternately: out = [sum_{i even} pts(p_i), sum_{i odd} pts(p_i)], pts(v) =
//        floor(256 F0(30 v / n)). Both refills keep the multiset of values at each parity, so the
//        exact (integer) reference moves by exactly 0 under every model echo: "moved by nothing,
//        excused", whatever the tolerance. Also printed: a refill of places (i >> 1) & 1 (a fix).
//  cv37: redteam29_cv_prime_stride. Red team 27's control variate at a stride of 37 elements,
//        which no even strata stride 2..64 shares a factor with (P6l's stated gap).
//  inorm: redteam29_intnormal_cv_sum. The control variate at stride 16 over an i32 `normal`
//        input: timed_perturbations gives an integer normal off the law i.i.d. draws and no
//        strata (`(law || !p.iid)`), so every verified run is exchangeable.
//  tiny: redteam29_atol_tiny_rtol_heavy. Red team 28's atol-excused heavy sum at rtol 1e-12:
//        h28t made atol_parts 0 at rtol 0 only, so P6k's condition (b) excuses y[0] again.
//  shead: redteam29_sorted_loud_head_boys. Red team 28's sorted mean child (refused by h28u's
//        midpoint echo) beside out[1] = 1e5 sum x_0..x_31: the loudest element again.
//  gather: (helper h29m) the red team's fix for head/shead, each element judged by the least
//        share a model echo moved it by, on honest gathers z = p and w = x[p]: refused.
//  quiet: (helper h30t; since h31 also the light part, model_light.h) model_quiet.h's per-element
//  judgement (quiet by construction: never
//        told apart over >= 3 moves where the other elements' quiet rate q gives n q^m < 1e-6)
//        on head, shead, the deal's control and the gathers (2^lg) at rtol 1e-5, 2e-3, 5e-2.
// Since h29m, model_patterns holds a third refill (kKeyedHalf, deal's fix) and timed_perturbations
// strata an integer normal off the law (inorm's fix): deal and inorm print both.
//  corpus: (helper h31) culsp_lomb_scargle's and list_walk's shapes through quiet_run
//  (corpus_mode).
// Usage: red29_sim MODE [log2 n (24)] [runs (8); corpus: the lowest frequencies taken]
//        [rtol: tiny only (1e-12)]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <thread>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/skip_bound.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "model_light_sim.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

double boys0(double v) {
  if (v < 1e-3) return 1.0 - v / 3.0 + v * v / 10.0 - v * v * v / 42.0;
  const double s = std::sqrt(v);
  return 0.88622692545275801365 * std::erf(s) / s;
}

std::vector<int32_t> ints(const gpu::HostInput& in) {
  std::vector<int32_t> p(in.size / 4);
  std::memcpy(p.data(), in.data.get(), in.size);
  return p;
}

// One output of several elements: each element's share, and the output's largest (the lint's).
struct Shares {
  std::vector<double> elem;
  double largest = 0;
};
Shares shares(const std::vector<double>& ref, const std::vector<double>& echo,
              const generators::Tolerance& t) {
  Shares s;
  for (size_t k = 0; k < ref.size(); ++k) {
    s.elem.push_back(red_sim::share(ref[k], echo[k], t));
    if (!(s.elem.back() <= s.largest)) s.largest = s.elem.back();
  }
  return s;
}

using Outputs = std::function<std::pair<std::vector<double>, std::vector<double>>(
    const std::vector<int32_t>&)>;  // (reference, child)

// model_lint_op.cpp's sets and model_lint_verdict, one permutation input, one output buffer.
void model_lint(const generators::ResolvedVariant& v, const gpu::HostSet& set0, const Outputs& f,
                const generators::Tolerance& t) {
  gpu::InputShares ps{"p", false, {}, true};
  auto take = [&](const char* name, const gpu::HostSet& s) {
    const std::vector<double> y = f(ints(*s.inputs[0])).first;
    double top = 0;
    for (const gpu::EchoPattern& e : gpu::model_patterns()) {
      const auto echo =
          gpu::model_echo(v.buffers[0], *s.inputs[0], e.parity, gpu::model_seed(s.seed, e.parity));
      const Shares sh = shares(y, f(ints(*echo)).first, t);
      std::printf("  model echo (%s refill) on %s: element shares",
                  e.parity == gpu::kKeyedHalf ? "keyed-half"
                  : e.parity                  ? "odd"
                                              : "even",
                  name);
      for (double x : sh.elem) std::printf(" %.4g", x);
      std::printf(" -> the output's (largest) %.4g\n", sh.largest);
      top = std::max(top, sh.largest);
    }
    ps.sets.push_back(gpu::SetShare{name, top, {top}});
  };
  take("set 0", set0);
  if (ps.sets[0].share <= 1)
    if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
      take("the fresh set", *fresh);
  const gpu::SampleLintVerdict mv = gpu::model_lint_verdict({ps}, {"out"}, {t});
  std::printf("  model_lint_verdict: %s\n", mv.refusal.empty()
                                                ? ("PASSES (" + mv.note + ")").c_str()
                                                : ("invalid_spec: " + mv.refusal).c_str());
}

void child_runs(const generators::ResolvedVariant& v, const gpu::HostSet& set0, const Outputs& f,
                const generators::Tolerance& t, int runs) {
  auto worst = [&](const std::vector<int32_t>& p) {
    const auto [y, c] = f(p);
    double w = 0;
    for (size_t k = 0; k < y.size(); ++k) w = std::max(w, red_sim::err(c[k], y[k], t));
    return w;
  };
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  std::printf("  child, worst element: set 0 %.4f", worst(ints(*set0.inputs[0])));
  for (int s = 1; s < 3; ++s)
    std::printf(", set %d %.4f", s,
                worst(ints(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0])));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
    std::printf(", the fresh set %.4f", worst(ints(*fresh->inputs[0])));
  double w = 0;
  int out = 0;
  for (int r = 1; r <= runs; ++r) {
    const double e = worst(ints(
        *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false).inputs[0]));
    w = std::max(w, e);
    out += e > 1;
  }
  std::printf("; %d timed runs: worst %.4f, %d out\n", runs, w, out);
}

// ---- head ----
Outputs head_outputs() {
  return [](const std::vector<int32_t>& p) {
    const double n = double(p.size());
    std::vector<float> d(p.size());
    for (size_t i = 0; i < p.size(); ++i)
      d[i] = float(30.0 * std::fabs(double(p[i]) - double(i)) / n);
    const std::vector<double> f = red_sim::terms(d, boys0);
    double child = 0, head = 0;
    for (size_t j = 0; 8 * j < f.size(); ++j) child += 8.0 * f[8 * j + (j & 7)];
    for (size_t i = 0; i < 32 && i < p.size(); ++i) head += double(p[i]);
    return std::make_pair(std::vector<double>{red_sim::sum(f), head},
                          std::vector<double>{child, head});
  };
}

// ---- deal ----
double pts(int32_t v, double n) { return std::floor(256.0 * boys0(30.0 * double(v) / n)); }
Outputs deal_outputs() {
  return [](const std::vector<int32_t>& p) {
    const double n = double(p.size());
    std::vector<double> y(2, 0.0), c(2, 0.0);
    for (size_t i = 0; i < p.size(); ++i) y[i & 1] += pts(p[i], n);
    for (size_t j = 0; 16 * j + 15 < p.size(); ++j) {
      const size_t i = 16 * j + 2 * (j & 7);
      c[0] += 8.0 * pts(p[i], n);
      c[1] += 8.0 * pts(p[i + 1], n);
    }
    return std::make_pair(y, c);
  };
}
// The fix's echo: refill_permutation's rule with the moved places (i >> 1) & 1 == parity (pairs
// of places, so the moved set crosses the dealing parity).
std::vector<int32_t> pair_refill(std::vector<int32_t> p, int parity, uint64_t seed) {
  const size_t n = p.size();
  auto moved = [&](size_t i) { return ((i >> 1) & 1) == size_t(parity); };
  std::vector<char> kept(n, 0);
  for (size_t i = 0; i < n; ++i)
    if (!moved(i)) kept[size_t(p[i])] = 1;
  std::vector<int32_t> lack;
  for (size_t v = 0; v < n; ++v)
    if (!kept[v]) lack.push_back(int32_t(v));
  std::mt19937_64 rng(seed);
  std::shuffle(lack.begin(), lack.end(), rng);
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (moved(i)) p[i] = lack[k++];
  return p;
}

void perm_mode(bool deal, int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const Outputs f = deal ? deal_outputs() : head_outputs();
  for (double rtol : deal ? std::vector<double>{1e-2, 1e-5} : std::vector<double>{2e-3}) {
    generators::Tolerance t;
    t.rtol = rtol;
    t.atol = 0;
    std::printf("%s: n = 2^%d, rtol %.0e; model_echoed(p) %s, sample_echoed(p) %s\n",
                deal ? "redteam29_deal_parity_hand / control_redteam29_deal_exact_hand"
                     : "redteam29_perm_loud_head_boys",
                lg, rtol, gpu::model_echoed(v.buffers[0]) ? "true" : "false",
                gpu::sample_echoed(v.buffers[0]) ? "true" : "false");
    model_lint(v, set0, f, t);
    const std::vector<int32_t> p0 = ints(*set0.inputs[0]);
    if (deal) {
      const std::vector<double> y = f(p0).first;
      double top = 0;
      for (int parity = 0; parity < 2; ++parity)
        top = std::max(top, shares(y, f(pair_refill(p0, parity, 0x29 + parity)).first, t).largest);
      std::printf("  the proposed fix's echo (refill of places (i >> 1) & 1), set 0: %.4g (%s)\n",
                  top, top > 1 ? "told apart: kept" : "in (0, 1]: invalid_spec");
    } else {
      // The fix: each element judged (the least share of an element some echo moved).
      double least0 = 0;
      for (const gpu::EchoPattern& e : gpu::model_patterns()) {
        const auto echo = gpu::model_echo(v.buffers[0], *set0.inputs[0], e.parity,
                                          gpu::model_seed(set0.seed, e.parity));
        least0 = std::max(least0, shares(f(p0).first, f(ints(*echo)).first, t).elem[0]);
      }
      std::printf("  out[0] alone (the fix: each element judged), set 0: %.4f: invalid_spec\n",
                  least0);
    }
    child_runs(v, set0, f, t, runs);
    // In support, laid out against the child: the lowest-scoring values at the sampled places.
    std::vector<int32_t> laid(static_cast<size_t>(n));
    if (deal) {
      std::vector<char> sampled(size_t(n), 0);
      for (size_t j = 0; 16 * j + 15 < size_t(n); ++j)
        sampled[16 * j + 2 * (j & 7)] = sampled[16 * j + 2 * (j & 7) + 1] = 1;
      int32_t hi = int32_t(n) - 1, lo = 0;  // pts falls with v: the largest v where sampled
      for (size_t i = 0; i < size_t(n); ++i) laid[i] = sampled[i] ? hi-- : 0;
      for (size_t i = 0; i < size_t(n); ++i)
        if (!sampled[i]) laid[i] = lo++;
    } else {
      // Fixed points at the sampled places (F0(0) = 1), the rest displaced by n / 2.
      std::vector<char> sampled(size_t(n), 0);
      for (size_t j = 0; 8 * j < size_t(n); ++j) sampled[8 * j + (j & 7)] = 1;
      std::vector<size_t> rest;
      for (size_t i = 0; i < size_t(n); ++i)
        if (sampled[i])
          laid[i] = int32_t(i);
        else
          rest.push_back(i);
      for (size_t k = 0; k < rest.size(); ++k)
        laid[rest[k]] = int32_t(rest[(k + rest.size() / 2) % rest.size()]);
    }
    const auto [y, c] = f(laid);
    std::printf("  a permutation laid out against the child:");
    for (size_t k = 0; k < y.size(); ++k)
      std::printf(" out[%zu] %.1f", k, red_sim::err(c[k], y[k], t));
    std::printf(" tolerances off\n");
  }
}

// ---- cv37 / inorm: a control variate sample ----
struct Cv {
  size_t every;
  double scale = 1;  // x -> t: t = scale * x - 1 (the parabola's variable)
  double c[3];
};
double cv_g(const Cv& cv, double x) {
  const double t = cv.scale * x - 1.0;
  return cv.c[0] + cv.c[1] * t + cv.c[2] * t * t;
}
template <class V>
double cv_child(const Cv& cv, const V& x) {
  double y = 0, r = 0;
  size_t m = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    y += cv_g(cv, double(x[i]));
    if (i % cv.every == 0)
      r += red_sim::lbeta(cv.scale * double(x[i])) - cv_g(cv, double(x[i])), ++m;
  }
  return y + double(x.size()) / double(m) * r;
}
template <class V>
double cv_ref(const Cv& cv, const V& x) {
  double y = 0;
  for (size_t i = 0; i < x.size(); ++i) y += red_sim::lbeta(cv.scale * double(x[i]));
  return y;
}

// redteam29_intnormal_cv_sum's strata detector (cheat.cu strata_seen), in double: the least,
// over lags 2..64 (even), of the mean circular distance of u = Phi((x - 1000) / 300) at
// positions i and i + lag, i < 512; the child sums every term where it is under 0.21.
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

void cv_mode(bool inorm, int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::Tolerance t;
  t.rtol = 2e-6;
  t.atol = 1.0;
  generators::ResolvedVariant v;
  v.buffers = {inorm ? test::flat_buffer("x", DType::I32, n, {"normal", 1000.0, 300.0})
                     : test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  Cv cv{inorm ? size_t(16) : size_t(37),
        inorm ? 1e-3 : 1.0,
        {-4.6539752264096936, -1.6039341667768405, 0.042446236565038174}};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::vector<double> xs;
  if (inorm)
    for (int32_t x : ints(*set0.inputs[0])) xs.push_back(double(x));
  else
    for (float x : red_sim::floats(*set0.inputs[0])) xs.push_back(double(x));
  if (inorm) {  // least squares of log B over set 0 (the law, 2^lg draws)
    double S[5] = {0, 0, 0, 0, 0}, B[3] = {0, 0, 0};
    for (double x : xs) {
      const double u = cv.scale * x - 1.0, f = red_sim::lbeta(cv.scale * x);
      double pw = 1;
      for (int k = 0; k < 5; ++k) S[k] += pw, pw *= u;
      B[0] += f, B[1] += f * u, B[2] += f * u * u;
    }
    double A[3][4] = {{S[0], S[1], S[2], B[0]}, {S[1], S[2], S[3], B[1]}, {S[2], S[3], S[4], B[2]}};
    for (int i = 0; i < 3; ++i)
      for (int r = i + 1; r < 3; ++r) {
        const double q = A[r][i] / A[i][i];
        for (int k = i; k < 4; ++k) A[r][k] -= q * A[i][k];
      }
    for (int i = 2; i >= 0; --i) {
      double s = A[i][3];
      for (int k = i + 1; k < 3; ++k) s -= A[i][k] * cv.c[k];
      cv.c[i] = s / A[i][i];
    }
    std::printf("parabola over set 0: c0 %.17g c1 %.17g c2 %.17g\n", cv.c[0], cv.c[1], cv.c[2]);
  }
  std::printf("%s: n = 2^%d, rtol %.0e atol %g, log B at 1 in %zu\n",
              inorm ? "redteam29_intnormal_cv_sum" : "redteam29_cv_prime_stride", lg, t.rtol,
              t.atol, cv.every);
  std::vector<float> xf(xs.begin(), xs.end());
  std::vector<double> f0(xs.size());
  for (size_t i = 0; i < xs.size(); ++i) f0[i] = red_sim::lbeta(cv.scale * xs[i]);
  const double y0 = red_sim::sum(f0);
  const gpu::SetShare s0 = red_sim::lint_set("set 0", f0, y0, t);
  std::printf(
      "lint (nine echoes), set 0: %.2f: %s\n", s0.share,
      gpu::sample_lint_verdict({s0}, "x", t, {"y"}).refusal.empty() ? "passes" : "invalid_spec");
  const red_sim::LawDecision law = red_sim::law_decision(f0, y0, t);
  std::printf("law_checks: weakest %.2f: %s\n", law.weakest,
              law.on_law ? "ON the law" : "off the law");
  const double sd = gpu::echo_sd(s0, 0);
  std::printf("P6j: phi* %.4f\n",
              gpu::smallest_skip(sd, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch));
  double stat_lo = 1, stat_hi = 0;  // the detector's statistic where the child samples / not
  int honest = 0;
  auto err_of = [&](const gpu::HostInput& in) {
    if (inorm) {
      const std::vector<int32_t> x = ints(in);
      const double st = strata_stat(x);
      if (st < 0.21) {  // the child sums every term (FP32 lgammaf: not modelled, 0 here)
        ++honest, stat_hi = std::max(stat_hi, st);
        return 0.0;
      }
      stat_lo = std::min(stat_lo, st);
      return red_sim::err(cv_child(cv, x), cv_ref(cv, x), t);
    }
    const std::vector<float> x = red_sim::floats(in);
    return red_sim::err(cv_child(cv, x), cv_ref(cv, x), t);
  };
  std::printf("child: set 0 %.4f", err_of(*set0.inputs[0]));
  for (int s = 1; s < 3; ++s)
    std::printf(", set %d %.4f", s,
                err_of(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0]));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    std::printf(", a fresh set %.4f", err_of(*fresh->inputs[0]));
  std::printf("\n");
  for (bool on_law : {false, true}) {
    double w = 0, ss = 0, w2 = 0;
    int out = 0, strata = 0, out2 = 0;
    for (int r = 1; r <= runs; ++r) {
      const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, seed, false, on_law))
        strata += p.cls_stride > 0;
      const gpu::HostSet run = gpu::timed_inputs(v, set0, seed, false, on_law);
      const double e = err_of(*run.inputs[0]);
      w = std::max(w, e), ss += e * e, out += e > 1;
      if (inorm) {  // the sample without the detector (red team 27's child on this input)
        const std::vector<int32_t> x = ints(*run.inputs[0]);
        const double e2 = red_sim::err(cv_child(cv, x), cv_ref(cv, x), t);
        w2 = std::max(w2, e2), out2 += e2 > 1;
      }
    }
    std::printf("%s (%d, P6l strata drawn on %d): rms %.4f worst %.4f, %d out",
                on_law ? "law pairs and law-mode runs" : "off-law timed runs", runs, strata,
                std::sqrt(ss / runs), w, out);
    if (inorm) std::printf("; the sample without its detector: worst %.4f, %d out", w2, out2);
    std::printf("\n");
  }
  if (inorm)
    std::printf(
        "the child's strata detector: %d runs summed honestly (statistic <= %.4f); where "
        "it sampled, the statistic >= %.4f (threshold 0.21)\n",
        honest, stat_hi, stat_lo);
  // In support, laid out against the sample: set 0's values, the largest f - g at sampled places.
  std::vector<double> laid = xs;
  std::sort(laid.begin(), laid.end(), [&](double a, double b) {
    return red_sim::lbeta(cv.scale * a) - cv_g(cv, a) > red_sim::lbeta(cv.scale * b) - cv_g(cv, b);
  });
  std::vector<double> placed(laid.size());
  size_t k = 0;
  for (size_t i = 0; i < placed.size(); i += cv.every) placed[i] = laid[k++];
  for (size_t i = 0; i < placed.size(); ++i)
    if (i % cv.every) placed[i] = laid[k++];
  std::printf("an in-support set laid out against the sample: %.1f tolerances off\n",
              red_sim::err(cv_child(cv, placed), cv_ref(cv, placed), t));
}

// ---- tiny: red team 28's redteam28_atol_excused_heavy at rtol 1e-12 (h28t answered rtol 0) ----
constexpr size_t kHeavyStride = size_t(1) << 17;  // n / 128 for n = 2^24: heavy at i % it == 1
struct Twin {
  std::vector<double> f0, f1;
  double y0 = 0, y1 = 0, child0 = 0;
};
Twin twin_terms(const std::vector<float>& x) {  // red28_sim.cpp's, unchanged
  Twin w;
  w.f0 = red_sim::lbeta_terms(x);
  w.f1.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const bool heavy = i % kHeavyStride == 1;
    w.child0 += ((i >> 8) & 1) ? 0.0 : (heavy ? 1.0e6 : 2.0) * w.f0[i];
    if (heavy) w.f0[i] *= 1.0e6;
    w.f1[i] = 100.0 * double(x[i]);
  }
  w.y0 = red_sim::sum(w.f0);
  w.y1 = red_sim::sum(w.f1);
  return w;
}
void tiny_mode(double rtol, int runs) {
  const int64_t n = int64_t(1) << 24;
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = 2.0e4;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam29_atol_tiny_rtol_heavy: n = 2^24, y[2], rtol %g atol %g\n", t.rtol, t.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const Twin w = twin_terms(red_sim::floats(*set0.inputs[0]));
  auto shares_of = [&](const gpu::EchoMap& m) {
    return std::vector<double>{red_sim::share(w.y0, red_sim::echoed(w.f0, w.y0, m), t),
                               red_sim::share(w.y1, red_sim::echoed(w.f1, w.y1, m), t)};
  };
  double top0 = 0, top1 = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const auto sh = shares_of(gpu::positions_echo(e.parity, e.block));
    top0 = std::max(top0, sh[0]), top1 = std::max(top1, sh[1]);
  }
  gpu::SetShare s0{"set 0", std::max(top0, top1), {std::max(top0, top1)}};
  const gpu::SampleLintVerdict verdict = gpu::sample_lint_verdict({s0}, "x", t, {"y"});
  std::printf("  position echoes (nine): y[0] %.3g, y[1] %.3g: the lint %s\n", top0, top1,
              verdict.refusal.empty() ? "passes" : verdict.refusal.c_str());
  const auto atol = gpu::atol_parts({{w.y0, w.y1}}, {t});
  for (gpu::RegionFamily fam : {gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam))
      by_class.push_back({shares_of(gpu::region_echo(r))});
    const auto light = gpu::light_shares(by_class);
    const auto judged = gpu::judged_light_shares(by_class, light, atol);
    const std::string no = gpu::light_refusal(gpu::refusable_shares(judged), {"y"}, {t}, "x");
    const auto bare = gpu::judged_light_shares(by_class, light, {});
    const std::string would = gpu::light_refusal(gpu::refusable_shares(bare), {"y"}, {t}, "x");
    std::printf(
        "  %s classes: light y[0] %.3g y[1] %.3g, atol parts 1 - %.3g, 1 - %.3g; judged y[0] %.3g: "
        "%s\n"
        "    without (b)'s excuse: judged y[0] %.3g: %s\n",
        fam == gpu::RegionFamily::Hashed ? "hashed" : "strided", light[0][0], light[0][1],
        1 - atol[0][0], 1 - atol[0][1], judged[0][0], no.empty() ? "no refusal" : no.c_str(),
        bare[0][0], would.empty() ? "no refusal" : would.c_str());
  }
  {
    // Helper h30t: the proportional key's test on this folder. y[0]'s and y[1]'s signed strided
    // class moves (echo - reference, over each element's tolerance), over y[0]'s light classes
    // (energy <= 16 x its median): the residual of y[0]'s after the least-squares multiple of
    // y[1]'s, over y[0]'s light share (0: one shared light computation, as a softmax row's).
    std::vector<double> m0, m1;
    for (const gpu::EchoRegion& r : gpu::law_regions(gpu::RegionFamily::Strided)) {
      const gpu::EchoMap m = gpu::region_echo(r);
      m0.push_back((red_sim::echoed(w.f0, w.y0, m) - w.y0) / (t.atol + t.rtol * std::fabs(w.y0)));
      m1.push_back((red_sim::echoed(w.f1, w.y1, m) - w.y1) / (t.atol + t.rtol * std::fabs(w.y1)));
    }
    std::vector<double> en(m0.size()), srt;
    for (size_t r = 0; r < m0.size(); ++r) en[r] = m0[r] * m0[r];
    srt = en;
    std::nth_element(srt.begin(), srt.begin() + long((srt.size() - 1) / 2), srt.end());
    double ij = 0, jj = 0, ii = 0;
    size_t light = 0, flips = 0;
    for (size_t r = 0; r < m0.size(); ++r) {
      if (en[r] > gpu::kDominantEnergy * srt[(srt.size() - 1) / 2]) continue;
      ++light;
      ij += m0[r] * m1[r], jj += m1[r] * m1[r], ii += m0[r] * m0[r];
    }
    double res = 0;
    for (size_t r = 0; r < m0.size(); ++r) {
      if (en[r] > gpu::kDominantEnergy * srt[(srt.size() - 1) / 2]) continue;
      const double d = m0[r] - ij / jj * m1[r];
      res += d * d;
      flips += (m0[r] > 0) != (ij / jj * m1[r] > 0);
    }
    std::printf(
        "  signed strided moves over y[0]'s %zu light classes: correlation with y[1]'s %.6f, "
        "residual %.3g of y[0]'s light share (%.3g of its tolerance), signs off the fit in %zu "
        "classes; y[0]'s grain floor %.3g\n",
        light, ij / std::sqrt(ii * jj), std::sqrt(res / ii), std::sqrt(res), flips,
        gpu::grain_floor(w.y0, t.atol, t.rtol, gpu::output_grain(DType::F32)));
  }
  auto child = [&](const Twin& z) { return red_sim::err(z.child0, z.y0, t); };
  std::printf("  child y[0]: set 0 %.3f", child(w));
  for (int s = 1; s < 3; ++s)
    std::printf(", set %d %.3f", s,
                child(twin_terms(
                    red_sim::floats(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0]))));
  double worst_cells = 0, worst_law = 0;
  for (int r = 1; r <= runs; ++r) {
    const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
    worst_cells =
        std::max(worst_cells, child(twin_terms(red_sim::timed_floats(v, set0, seed, false))));
    worst_law = std::max(worst_law, child(twin_terms(red_sim::timed_floats(v, set0, seed, true))));
  }
  std::printf("; %d timed runs: worst %.3f off the law, %.3f law redraws\n", runs, worst_cells,
              worst_law);
}

// ---- shead: red team 28's sorted mean child beside a loud head on a sorted input ----
double f16(double v) {
  double s = 0;
  for (int k = 0; k < 16; ++k) s += boys0((1.0 + k) * v);
  return s / 16.0;
}
// (reference [y0, y1], child y0): red28_sim.cpp's mean_child for out[0]; out[1] = 1e5 sum x_0..31.
std::pair<std::vector<double>, double> shead_outputs(const std::vector<float>& x) {
  double child = 0, head = 0;
  for (size_t i = 0; i + 8 <= x.size(); i += 8) {
    const float* p = &x[i];
    const float s = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
    child += 8.0 * f16(double(s * 0.125f));
  }
  for (size_t i = 0; i < 32 && i < x.size(); ++i) head += 1.0e5 * double(x[i]);
  return {{red_sim::sum(red_sim::terms(x, f16)), head}, child};
}
void shead_mode(int runs) {
  const int64_t n = int64_t(1) << 16;
  generators::Tolerance t;
  t.rtol = 0;
  t.atol = 0.1;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"sorted", 0.0, 4.0})};
  std::printf("redteam29_sorted_loud_head_boys: n = 2^16, sorted uniform [0, 4), out[2], atol %g\n",
              t.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  gpu::InputShares xs{"x", false, {}, true};
  auto take = [&](const char* name, const gpu::HostSet& s) {
    const std::vector<double> y = shead_outputs(red_sim::floats(*s.inputs[0])).first;
    double top = 0;
    for (const gpu::EchoPattern& e : gpu::model_patterns()) {
      const auto echo =
          gpu::model_echo(v.buffers[0], *s.inputs[0], e.parity, gpu::model_seed(s.seed, e.parity));
      const Shares sh = shares(y, shead_outputs(red_sim::floats(*echo)).first, t);
      std::printf(
          "  model echo (%s midpoints) on %s: out[0] %.4g out[1] %.4g -> the output's %.4g\n",
          e.parity ? "odd" : "even", name, sh.elem[0], sh.elem[1], sh.largest);
      top = std::max(top, sh.largest);
    }
    xs.sets.push_back(gpu::SetShare{name, top, {top}});
  };
  take("set 0", set0);
  if (xs.sets[0].share <= 1)
    if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
      take("the fresh set", *fresh);
  const gpu::SampleLintVerdict mv = gpu::model_lint_verdict({xs}, {"out"}, {t});
  std::printf("  model_lint_verdict: %s\n", mv.refusal.empty()
                                                ? ("PASSES (" + mv.note + ")").c_str()
                                                : ("invalid_spec: " + mv.refusal).c_str());
  auto err0 = [&](const std::vector<float>& x) {
    const auto [y, c] = shead_outputs(x);
    return red_sim::err(c, y[0], t);
  };
  std::printf("  child out[0]: set 0 %.4f", err0(red_sim::floats(*set0.inputs[0])));
  for (int s = 1; s < 3; ++s)
    std::printf(", set %d %.4f", s,
                err0(red_sim::floats(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0])));
  double w = 0;
  for (int r = 1; r <= runs; ++r)
    w = std::max(w,
                 err0(red_sim::floats(
                     *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false)
                          .inputs[0])));
  std::printf("; %d timed runs: worst %.4f (out[1] exact)\n", runs, w);
  // In support, against the mean: the first group of 8 straddles a step (four 0s, four 2s), the
  // rest sorted in [2, 4): 8 f(1) against 4 f(0) + 4 f(2).
  std::vector<float> laid(static_cast<size_t>(n));
  for (size_t i = 0; i < laid.size(); ++i)
    laid[i] = i < 4 ? 0.0f : i < 8 ? 2.0f : float(2.0 + 2.0 * double(i - 8) / double(n - 8));
  std::printf(
      "  a sorted input laid out against the child (a step inside its first group): "
      "out[0] %.1f tolerances off\n",
      err0(laid));
}

}  // namespace

// ---- gather: the red team's fix for the loud head (the least element share, the fold of the
// copy echoes' law_checks) on honest outputs: z = p (a gather's own indices) and w = x[p] (x a
// U[1, 2) float law), each with its loudest element and its fold's weakest over the model echoes.
void gather_mode(int lg) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> u(1.0, 2.0);
  std::vector<double> x(static_cast<size_t>(n));
  for (double& a : x) a = double(float(u(rng)));
  auto outs = [&](const std::vector<int32_t>& p) {
    std::vector<std::vector<double>> o(2, std::vector<double>(p.size()));
    for (size_t i = 0; i < p.size(); ++i) o[0][i] = double(p[i]), o[1][i] = x[size_t(p[i])];
    return o;
  };
  const std::vector<int32_t> p0 = ints(*set0.inputs[0]);
  const auto y = outs(p0);
  for (double rtol : {2e-3, 1e-5}) {
    generators::Tolerance t;
    t.rtol = rtol;
    t.atol = 0;
    std::vector<std::vector<double>> fold;
    std::vector<double> largest(2, 0.0);
    for (const gpu::EchoPattern& e : gpu::model_patterns()) {
      const auto q = outs(ints(*gpu::model_echo(v.buffers[0], *set0.inputs[0], e.parity,
                                                gpu::model_seed(set0.seed, e.parity))));
      std::vector<std::vector<double>> got(2, std::vector<double>(q[0].size()));
      for (size_t k = 0; k < 2; ++k)
        for (size_t i = 0; i < q[k].size(); ++i) {
          got[k][i] = red_sim::share(y[k][i], q[k][i], t);
          largest[k] = std::max(largest[k], got[k][i]);
        }
      gpu::fold_element_shares(fold, got);
    }
    const std::vector<double> weakest = gpu::weakest_shares(fold);
    for (size_t k = 0; k < 2; ++k) {
      size_t quiet = 0;
      for (double a : fold[k]) quiet += a > 0 && a <= 1;
      std::printf(
          "gather %s, n = 2^%d, rtol %.0e: loudest %.4g (main: %s); fold's weakest %.3g "
          "(the red team's fix: %s), %zu elements moved by at most their tolerance\n",
          k ? "w = x[p]" : "z = p", lg, rtol, largest[k], largest[k] > 1 ? "told apart" : "refused",
          weakest[k], weakest[k] > 1 || weakest[k] == 0 ? "told apart" : "REFUSED", quiet);
    }
  }
}

// ---- quiet: helper h30t's per-element judgement (model_quiet.h) on the loud heads, the honest
// gathers and the deal's control: set 0's model echoes, then while some element is undecided
// the fresh set's, then up to kQuietExtraDraws further keyed refills of set 0 ----
using Elements = std::function<std::vector<std::vector<double>>(const gpu::HostInput&)>;
void quiet_run(const char* name, const generators::ResolvedVariant& v, const gpu::HostSet& set0,
               const Elements& outs, const generators::Tolerance& t, DType out = DType::F32) {
  const generators::ResolvedBuffer& b = v.buffers[0];
  gpu::QuietFold f;
  std::vector<double> largest;
  auto draw = [&](const gpu::HostSet& s, const std::vector<std::vector<double>>& y, int parity,
                  uint64_t seed) {
    const auto q = outs(*gpu::model_echo(b, *s.inputs[0], parity, seed));
    std::vector<std::vector<double>> sh(y.size());
    largest.resize(y.size(), 0.0);
    for (size_t k = 0; k < y.size(); ++k)
      for (size_t i = 0; i < y[k].size(); ++i) {
        sh[k].push_back(red_sim::share(y[k][i], q[k][i], t));
        largest[k] = std::max(largest[k], sh[k].back());
      }
    gpu::fold_quiet(f, sh, parity);
  };
  auto patterns = [&](const gpu::HostSet& s) {
    const auto y = outs(*s.inputs[0]);
    for (const gpu::EchoPattern& e : gpu::model_patterns())
      if (gpu::model_pattern_moves(b, e)) draw(s, y, e.parity, gpu::model_seed(s.seed, e.parity));
  };
  patterns(set0);
  const char* took = "set 0";
  const gpu::EchoPattern keyed{1, gpu::kKeyedHalf, true};
  const int more = gpu::model_pattern_moves(b, keyed) ? gpu::kQuietExtraDraws : 0;
  gpu::QuietMore per_set{};  // model_lint_op.cpp's: the fresh set's patterns, the keyed extras
  for (const gpu::EchoPattern& e : gpu::model_patterns())
    per_set[size_t(e.parity)] += gpu::model_pattern_moves(b, e);
  per_set[gpu::kKeyedHalf] += more;
  if (gpu::quiet_undecided(gpu::quiet_verdict(f, per_set)))
    if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL)) {
      patterns(*fresh);
      took = "set 0 and the fresh set";
    }
  int extra = 0;
  if (more) {
    const auto y0 = outs(*set0.inputs[0]);
    while (extra < more &&
           gpu::quiet_undecided(gpu::quiet_verdict(f, gpu::keyed_more(more - extra))))
      draw(set0, y0, gpu::kKeyedHalf, gpu::quiet_seed(set0.seed, ++extra));
  }
  const auto verdict = gpu::quiet_verdict(f);
  for (size_t k = 0; k < verdict.size(); ++k) {
    const gpu::QuietVerdict& q = verdict[k];
    std::printf(
        "%s, output %zu (rtol %.0e, atol %g): largest %.4g (main: %s); %d draws (%s, %d further "
        "keyed): %zu moved, %zu quiet by construction%s, %zu undecided: %s\n",
        name, k, t.rtol, t.atol, largest[k], largest[k] > 1 ? "told apart" : "refused", f.draws,
        took, extra, q.moved, q.by_construction,
        q.by_construction ? (" (element " + std::to_string(q.element) + ": " +
                             std::to_string(q.moves) + " moves, at most " + std::to_string(q.top) +
                             ", the others quiet in " + std::to_string(q.rate) + " of their draws)")
                                .c_str()
                          : "",
        q.undecided, q.by_construction ? "REFUSED (invalid_spec)" : "passes");
  }
  // Helper h31: the light part (model_light.h), where the elements' judgement passes.
  light_sim::judge(name, b, set0, outs, t, out, &f.told);
}

void quiet_mode(int lg) {
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  {
    generators::ResolvedVariant v;
    v.buffers = {test::flat_buffer("p", DType::I32, int64_t(1) << 24, {"permutation", 0, 0})};
    const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
    generators::Tolerance t;
    t.rtol = 2e-3;
    t.atol = 0;
    const Outputs head = head_outputs();
    quiet_run(
        "redteam29_perm_loud_head_boys (2^24)", v, set0,
        [&](const gpu::HostInput& in) {
          return std::vector<std::vector<double>>{head(ints(in)).first};
        },
        t);
    t.rtol = 1e-5;
    const Outputs deal = deal_outputs();
    quiet_run(
        "control_redteam29_deal_exact_hand (2^24)", v, set0,
        [&](const gpu::HostInput& in) {
          return std::vector<std::vector<double>>{deal(ints(in)).first};
        },
        t);
  }
  {
    generators::ResolvedVariant v;
    v.buffers = {test::flat_buffer("x", DType::F32, int64_t(1) << 16, {"sorted", 0.0, 4.0})};
    const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
    generators::Tolerance t;
    t.rtol = 0;
    t.atol = 0.1;
    quiet_run(
        "redteam29_sorted_loud_head_boys (2^16)", v, set0,
        [&](const gpu::HostInput& in) {
          return std::vector<std::vector<double>>{shead_outputs(red_sim::floats(in)).first};
        },
        t);
  }
  {
    const int64_t n = int64_t(1) << lg;
    generators::ResolvedVariant v;
    v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
    const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> u(1.0, 2.0);
    std::vector<double> x(static_cast<size_t>(n));
    for (double& a : x) a = double(float(u(rng)));
    auto gathers = [&](const gpu::HostInput& in) {
      const std::vector<int32_t> p = ints(in);
      std::vector<std::vector<double>> o(2, std::vector<double>(p.size()));
      for (size_t i = 0; i < p.size(); ++i) o[0][i] = double(p[i]), o[1][i] = x[size_t(p[i])];
      return o;
    };
    for (double rtol : {1e-5, 2e-3, 5e-2}) {
      generators::Tolerance t;
      t.rtol = rtol;
      t.atol = 0;
      const std::string name =
          "gathers z = p (output 0), w = x[p] (output 1), 2^" + std::to_string(lg);
      quiet_run(name.c_str(), v, set0, gathers, t);
    }
  }
}

// ---- corpus: (helper h31) two corpus folders whose outputs aggregate over a model-echoed input,
// where the light part (model_light.h) could refuse an honest spec: culsp_lomb_scargle (every
// frequency of the periodogram sums over every sample time t, sorted and dist_fixed, rtol 1e-3,
// atol 1e-3; the reference's float phase and double sums; frequencies 1..`lows` and every 64th
// above, of 262144) and list_walk (8192 walkers of 512 links over a cycle of 2^lg, rtol 1e-4,
// atol 1e-4, val uniform [0, 1)). quiet_run: model_quiet.h's judgement, then the light part ----
void corpus_mode(int lg, int lows) {
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  {
    generators::ResolvedVariant v;
    v.buffers = {test::flat_buffer("t", DType::F32, 4096, {"sorted", 0.0, 100.0}),
                 test::flat_buffer("X", DType::F32, 4096, {"normal", 0.0, 1.0})};
    v.buffers[0].dist_fixed = true;
    const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
    const std::vector<float> X = red_sim::floats(*set0.inputs[1]);
    std::vector<int64_t> freq;
    for (int64_t i = 0; i < lows; ++i) freq.push_back(i);
    for (int64_t i = lows; i < 262144; i += 64) freq.push_back(i);
    const float df = 0.0025f;
    bool full = false;
    auto culsp = [&](const gpu::HostInput& in) {
      const std::vector<float> t = red_sim::floats(in);
      std::vector<std::vector<double>> P(1, std::vector<double>(freq.size()));
      auto part = [&](size_t from, size_t to) {
        for (size_t j = from; j < to; ++j) {
          const float f = float(freq[j] + 1) * df;
          double XC = 0, XS = 0, CC = 0, CS = 0;
          for (size_t k = 0; k < t.size(); ++k) {
            float ft = f * t[k];
            ft -= std::rint(ft);
            const double ph = 6.283185307179586 * double(ft);
            const double c = std::cos(ph), sn = std::sin(ph);
            XC += X[k] * c;
            XS += X[k] * sn;
            CC += c * c;
            CS += c * sn;
          }
          const double SS = double(t.size()) - CC;
          const double tau = 0.5 * std::atan2(2.0 * CS, CC - SS);
          const double ct = std::cos(tau), st = std::sin(tau);
          const double a = ct * XC + st * XS, b = ct * XS - st * XC;
          P[0][j] = 0.5 * (a * a / (ct * ct * CC + 2 * ct * st * CS + st * st * SS) +
                           b * b / (ct * ct * SS - 2 * ct * st * CS + st * st * CC));
        }
      };
      std::thread th(part, size_t(0), freq.size() / 2);
      part(freq.size() / 2, freq.size());
      th.join();
      if (!full) return P;
      // Every frequency: above `lows`, each one the sampled frequency at or below it (the
      // output's n and the told elements' quiet rate as the whole problem's, near enough).
      std::vector<std::vector<double>> all(1, std::vector<double>(262144));
      for (size_t i = 0; i < all[0].size(); ++i)
        all[0][i] = P[0][i < size_t(lows) ? i : size_t(lows) + (i - size_t(lows)) / 64];
      return all;
    };
    generators::Tolerance t;
    t.rtol = 1e-3;
    t.atol = 1e-3;
    for (bool f : {false, true}) {
      full = f;
      const std::string name = "culsp_lomb_scargle (" + std::to_string(freq.size()) +
                               " of 262144 frequencies: the lowest " + std::to_string(lows) +
                               ", then every 64th" +
                               (full ? ", each standing for the 64 at and above it)" : ")");
      quiet_run(name.c_str(), v, set0, culsp, t);
    }
  }
  {
    const int64_t n = int64_t(1) << lg;
    const int W = 8192, S = 512;
    generators::ResolvedVariant v;
    v.buffers = {test::flat_buffer("next", DType::I32, n, {"cycle", 0.0, 0.0}),
                 test::flat_buffer("val", DType::F32, n, {"uniform", 0.0, 1.0})};
    const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
    const std::vector<float> val = red_sim::floats(*set0.inputs[1]);
    auto walk = [&](const gpu::HostInput& in) {
      const std::vector<int32_t> next = ints(in);
      std::vector<std::vector<double>> sum(1, std::vector<double>(W));
      for (int w = 0; w < W; ++w) {
        int64_t node = int64_t(w) * n / W;
        double s = 0;
        for (int k = 0; k < S; ++k) s += val[size_t(node)], node = next[size_t(node)];
        sum[0][size_t(w)] = s;
      }
      return sum;
    };
    generators::Tolerance t;
    t.rtol = 1e-4;
    t.atol = 1e-4;
    const std::string name = "list_walk (a cycle of 2^" + std::to_string(lg) + ")";
    quiet_run(name.c_str(), v, set0, walk, t);
  }
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "head";
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 8;
  if (mode == "head" || mode == "deal")
    perm_mode(mode == "deal", lg, runs);
  else if (mode == "cv37" || mode == "inorm")
    cv_mode(mode == "inorm", lg, runs);
  else if (mode == "shead")
    shead_mode(runs);
  else if (mode == "gather")
    gather_mode(lg);
  else if (mode == "quiet")
    quiet_mode(lg);
  else if (mode == "corpus")
    corpus_mode(lg, runs);
  else if (mode == "tiny")
    tiny_mode(argc > 4 ? std::atof(argv[4]) : 1e-12, runs);
  else
    return std::fprintf(stderr,
                        "red29_sim: mode head | deal | cv37 | inorm | tiny | shead | gather | "
                        "quiet | corpus\n"),
           2;
  return 0;
}
