// Red team 32 (issue 28): tests/cheats/redteam32_* on the host definitions of P6k's judgement with
// helper h30d's tails by kind (law_regions.h judged_light_shares, atol_parts, atol_held,
// refusable_shares) and the harness's own sets (input_sets.h regular_set and derived_set,
// class_bound.h timed_inputs); not a test: it prints what it measures.
//  kind: redteam32_kind_tail_lbeta. h30d's own folder (redteam30_diluted_tail_lbeta: red team
//        28's heavy log-Beta sum in y[0] beside 512 cheap companions W_c x[i 32768 + 3] + b_i sum
//        (x - 1)) with the companions made y[0]'s OWN kind: atol 0 and W_c = 34,000, so that each
//        companion's tolerance is rtol x its value (~1.02 x_p) and a weak companion is weak at
//        atol 0, as y[0] is. The tail of kind 0 then holds (64-odd weak, ~500 near) and excuses
//        y[0].
//  held: the other kind at an ordinary rtol (no folder): y[0] made atol-held by the output's atol
//        (rtol 1.5e-6, atol 19,000: y[0]'s tolerance ~2e4 as in the folder, its atol part 0.95, its
//        light share ~0.09 > 1 - 0.95) beside atol-held companions 10^6 x_p + b_i sum (x - 1).
// Both print the P6k judgement on set 0 (the 256 strided class echoes in closed form, pair j in
// class j mod 256, as h30d_diluted_sim) by main's rule, and the child's y[0] error (red team 28's:
// the 128 heavy terms exact, the light terms of the even 256-value tiles only, doubled) on set 0,
// regular sets 1 and 2, a fresh set and `runs` timed runs off the law and on it (strata and all).
//  control: control_redteam32_kind_tail_rec's spec (y[0] a plain log-Beta sum, every companion told
//        apart at rtol 1e-5 atol 0): the judgement must refuse nothing (no weak element).
// Usage: red32_sim kind|held|control [log2 n (24)] [timed runs (8)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/second_look.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

constexpr size_t kCompanions = 512, kChunk = 32768;

uint64_t run_seed(int r) { return uint64_t(r) * 0x9e3779b97f4a7c15ull; }

// Helper h32's second look (second_look.h): RED32_KEY=K (K != 0) judges each spec again on a
// judging set, a regular set from seed K with the strided and hashed classes keyed by K, and
// prints second_look_shares' verdict. 0 or unset: set 0 alone (main's rule before h32).
uint64_t g_key = 0;
size_t scls(size_t j, size_t pairs, uint64_t key) {
  return size_t(gpu::keyed_class(gpu::EchoFamily::Strided, j, pairs, key));
}
// The judging set's input (regular_set from the key: a draw of the same law from a seed the
// author cannot know).
std::vector<float> judging_floats(const generators::ResolvedVariant& v) {
  return red_sim::floats(*gpu::regular_set(v, g_key, nullptr).inputs[0]);
}
// Each class's move of y = sum f0 under the keyed class echoes of `family` (class r copies
// x[2j] into x[2j + 1] for every pair j in r): closed form, one pass.
std::vector<double> keyed_moves(const std::vector<double>& f0, gpu::EchoFamily family,
                                uint64_t key) {
  const size_t pairs = f0.size() / 2;
  std::vector<double> m(family == gpu::EchoFamily::Strided ? gpu::kEchoStrided : gpu::kEchoRegions,
                        0.0);
  for (size_t j = 0; j < pairs; ++j)
    m[gpu::keyed_class(family, j, pairs, key)] += f0[2 * j] - f0[2 * j + 1];
  return m;
}
const char* verdict(double r) { return r > 0 && r <= 1 ? "invalid_spec" : "no refusal (kept)"; }

// What the worker reads since the wiring (law_regions_op.cpp, helpers h32w and h32tail):
// second_look_merge of set 0's refusable share and the judging set's, then second_look_tail of
// both sets' weak elements by index (add_weak: what the strided passes carry out, host or device).
// Printed beside second_look_shares.
void print_wired(const std::vector<std::vector<double>>& j0,
                 const std::vector<std::vector<double>>& p0,
                 const std::vector<std::vector<double>>& jj,
                 const std::vector<std::vector<double>>& pj) {
  const std::vector<double> a = gpu::refusable_shares(j0, &p0);
  const std::vector<double> b = jj.empty() ? std::vector<double>{} : gpu::refusable_shares(jj, &pj);
  const double merged = gpu::second_look_merge(a, b)[0];
  gpu::WeakElements w0(j0.size()), wj(j0.size());
  for (size_t k = 0; k < j0.size(); ++k) {
    gpu::add_weak(j0[k], k < p0.size() && p0[k].size() == j0[k].size() ? &p0[k] : nullptr, 0,
                  w0[k]);
    if (k < jj.size() && jj[k].size() == j0[k].size())
      gpu::add_weak(jj[k], k < pj.size() && pj[k].size() == jj[k].size() ? &pj[k] : nullptr, 0,
                    wj[k]);
  }
  const double w = gpu::second_look_tail(gpu::second_look_merge(a, b), w0, wj)[0];
  const gpu::TailRecurrence t = gpu::tail_recurrence(w0[0], wj[0]);
  std::printf(
      "  wired (the worker's: second_look_merge %.4g, then second_look_tail: weak by index %llu / "
      "%llu, again %llu / %llu): %.4g: %s\n",
      merged, (unsigned long long)t.weak[0], (unsigned long long)t.weak[1],
      (unsigned long long)t.again[0], (unsigned long long)t.again[1], w, verdict(w));
}

struct Case {
  const char* name;
  double rtol, atol;
  double wc;          // a companion's heavy weight (W_c x[i 32768 + 3])
  double b_scale;     // b_i = s_i x b_scale (s_i in 0.05..0.95 for i < 64, 1.2..15 above)
  double y0w = 1e6;   // y[0]'s weight on its 128 heavy positions (1: a plain sum)
  bool told = false;  // COMPANIONS_TOLD: s_i in 1.2 .. 15 for every i
};

// diluted_sum.cuh's s_i (the companions' designed strided light shares).
double s_of(size_t i, bool told) {
  if (told) return 1.2 + 13.8 * double(i) / 511.0;
  return i < 64 ? 0.05 + 0.9 * double(i) / 63.0 : 1.2 + 13.8 * double(i - 64) / 447.0;
}

struct Y0 {
  double y = 0, child = 0;
};
// y[0] (10^6 log B at i = k n / 128 + 1, log B elsewhere) and the child's y[0].
Y0 y0_of(const std::vector<double>& f, double y0w) {
  const size_t n = f.size(), stride = n / 128;
  Y0 r;
  for (size_t i = 0; i < n; ++i) {
    const bool heavy = i % stride == 1;
    r.y += heavy ? y0w * f[i] : f[i];
    if (heavy)
      r.child += y0w * f[i];
    else if (!((i >> 8) & 1))
      r.child += 2.0 * f[i];
  }
  return r;
}

void run(const Case& c, int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
  const std::vector<double> f = red_sim::lbeta_terms(x);
  generators::Tolerance tol;
  tol.rtol = c.rtol;
  tol.atol = c.atol;
  std::vector<double> b(kCompanions);
  for (size_t i = 0; i < kCompanions; ++i) b[i] = s_of(i, c.told) * c.b_scale;
  const size_t nn = size_t(n), stride = nn / 128, R = gpu::kStridedRegions;
  auto w = [&](size_t p) { return p % stride == 1 ? c.y0w : 1.0; };
  // P6k's judgement of `xs` with the strided classes keyed by `key` (0: set 0's, j mod 256)
  struct Judged {
    gpu::HostDoubles base;
    std::vector<std::vector<std::vector<double>>> by_class;
    std::vector<std::vector<double>> light, parts, judged;
  };
  auto judge = [&](const std::vector<float>& xs, uint64_t key) {
    const std::vector<double> fs = key ? red_sim::lbeta_terms(xs) : f;
    Judged J;
    gpu::HostDoubles& base = J.base;
    base.assign(1 + kCompanions, 0.0);
    double cen = 0;
    for (size_t p = 0; p < nn; ++p) base[0] += w(p) * fs[p], cen += double(xs[p]) - 1.0;
    for (size_t i = 0; i < kCompanions; ++i)
      base[1 + i] = (i * kChunk + 3 < nn ? c.wc * xs[i * kChunk + 3] : 0.0) + b[i] * cen;
    // the strided class echoes in closed form: class r copies x[2j] into x[2j + 1]
    std::vector<double> d0(R, 0.0), dc(R, 0.0);
    for (size_t j = 0; j < nn / 2; ++j) {
      const size_t r = scls(j, nn / 2, key);
      d0[r] += w(2 * j + 1) * (fs[2 * j] - fs[2 * j + 1]);
      dc[r] += double(xs[2 * j]) - double(xs[2 * j + 1]);
    }
    for (size_t r = 0; r < R; ++r) {
      gpu::HostDoubles e = base;
      e[0] += d0[r];
      for (size_t i = 0; i < kCompanions; ++i) {
        e[1 + i] += b[i] * dc[r];
        const size_t p = i * kChunk + 3;
        if (p < nn && scls(p / 2, nn / 2, key) == r)
          e[1 + i] += c.wc * (double(xs[p - 1]) - double(xs[p]));
      }
      J.by_class.push_back(gpu::element_shares({base}, {e}, {tol}));
    }
    J.light = gpu::light_shares(J.by_class);
    J.parts = gpu::atol_parts({base}, {tol});
    J.judged = gpu::judged_light_shares(J.by_class, J.light, J.parts);
    return J;
  };
  const Judged J0 = judge(x, 0);
  const gpu::HostDoubles& base = J0.base;
  const auto& by_class = J0.by_class;
  const auto& light = J0.light;
  const auto& parts = J0.parts;
  const auto& judged = J0.judged;
  size_t kind[2] = {0, 0}, near = 0, unjudged = 0;
  double lo[2] = {1e300, 1e300}, hi[2] = {0, 0};
  for (size_t i = 0; i < judged[0].size(); ++i) {
    const double j = judged[0][i];
    const bool held = gpu::atol_held(j, parts[0][i]);
    const bool weak = j < 0 || (j > 0 && j <= 1);
    kind[held] += weak;
    if (i > 0 && weak)
      lo[held] = std::min(lo[held], std::fabs(j)), hi[held] = std::max(hi[held], std::fabs(j));
    near += j < 0 || (j > 0 && j <= gpu::kNearLight);
    unjudged += j == 0;
  }
  const double by_kind = gpu::refusable_shares(judged, &parts)[0];
  // y[0] alone (the output of one element): what the rule says without the companions
  std::vector<std::vector<std::vector<double>>> alone_cls;
  for (size_t r = 0; r < R; ++r) alone_cls.push_back({{by_class[r][0][0]}});
  const auto alone_light = gpu::light_shares(alone_cls);
  const auto alone_parts = std::vector<std::vector<double>>{{parts[0][0]}};
  const double alone = gpu::refusable_shares(
      gpu::judged_light_shares(alone_cls, alone_light, alone_parts), &alone_parts)[0];
  // the lint's own bar (nine position echoes of set 0): every element told apart?
  double least_told = 1e300;
  {
    std::vector<double> top(1 + kCompanions, 0.0);
    for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
      const gpu::EchoMap m = gpu::positions_echo(e.parity, e.block);
      gpu::HostDoubles ech(1 + kCompanions, 0.0);
      double ce = 0;
      std::vector<float> xe(x);
      for (size_t i = 0; i < nn; ++i) {
        const uint64_t s = gpu::echo_source(m, i, nn);
        if (s != i) xe[i] = x[s];
      }
      double y0 = base[0];
      for (size_t i = 0; i < nn; ++i) {
        const uint64_t s = gpu::echo_source(m, i, nn);
        if (s != i) y0 += w(i) * (f[s] - f[i]);
        ce += double(xe[i]) - 1.0;
      }
      ech[0] = y0;
      for (size_t i = 0; i < kCompanions; ++i)
        ech[1 + i] = (i * kChunk + 3 < nn ? c.wc * xe[i * kChunk + 3] : 0.0) + b[i] * ce;
      const auto sh = gpu::element_shares({base}, {ech}, {tol});
      for (size_t i = 0; i < top.size(); ++i) top[i] = std::max(top[i], sh[0][i]);
    }
    for (double t : top) least_told = std::min(least_told, t);
  }
  std::printf("%s: n = 2^%d, rtol %g atol %g, W_c %g, b_i = s_i x %.4g\n", c.name, lg, c.rtol,
              c.atol, c.wc, c.b_scale);
  std::printf(
      "  set 0: y[0] %.6g (tolerance %.4g, atol part %.3g), light share %.4g, judged %.4g "
      "(kind %s); companions ~%.4g, atol parts %.3g .. %.3g\n",
      base[0], tol.atol + tol.rtol * std::fabs(base[0]), parts[0][0], light[0][0], judged[0][0],
      gpu::atol_held(judged[0][0], parts[0][0]) ? "atol-held" : "weak at atol 0", base[1],
      *std::min_element(parts[0].begin() + 1, parts[0].end()),
      *std::max_element(parts[0].begin() + 1, parts[0].end()));
  std::printf("  lint bar (nine echoes, each element's largest): least element %.4g (%s)\n",
              least_told,
              least_told > 1 ? "every element told apart" : "some element not told apart");
  std::printf(
      "  weak at atol 0 %zu (companions %.3g .. %.3g), atol-held %zu (%.3g .. %.3g), near %zu, "
      "not judged %zu\n",
      kind[0], kind[0] > 1 ? lo[0] : 0.0, hi[0], kind[1], kind[1] > 1 ? lo[1] : 0.0, hi[1], near,
      unjudged);
  std::printf("  refusable_shares (h30d, tails by kind): %.4g: %s; y[0] alone: %.4g: %s\n", by_kind,
              by_kind > 0 && by_kind <= 1 ? "invalid_spec" : "no refusal (kept)", alone,
              alone > 0 && alone <= 1 ? "invalid_spec" : "no refusal");
  if (g_key != 0) {
    const Judged JJ = judge(judging_floats(v), g_key);
    const gpu::TailRecurrence t = gpu::tail_recurrence(judged[0], &parts[0], JJ.judged[0]);
    const double onJ = gpu::refusable_shares(JJ.judged, &JJ.parts)[0];
    const double second = gpu::second_look_shares(judged, parts, JJ.judged, JJ.parts)[0];
    std::printf(
        "  second look (key %#llx): judging set y[0] judged %.4g, refusable %.4g; weak on set 0 "
        "%llu / %llu (kinds), again %llu / %llu: tail %s; second_look_shares %.4g: %s\n",
        (unsigned long long)g_key, JJ.judged[0][0], onJ, (unsigned long long)t.weak[0],
        (unsigned long long)t.weak[1], (unsigned long long)t.again[0],
        (unsigned long long)t.again[1], t.recurs(0) || t.recurs(1) ? "RECURS" : "the data's",
        second, verdict(second));
    print_wired(judged, parts, JJ.judged, JJ.parts);
  }
  // the child on every verified kind
  auto line = [&](const char* name, const std::vector<float>& xs) {
    const Y0 y = y0_of(red_sim::lbeta_terms(xs), c.y0w);
    const double e = red_sim::err(y.child, y.y, tol);
    std::printf("  %s: y[0] %.6g, child %.6g: %.4f of the tolerance\n", name, y.y, y.child, e);
    return e;
  };
  const Y0 s0y = y0_of(f, c.y0w);
  std::printf("  set 0: child %.4f of the tolerance\n", red_sim::err(s0y.child, s0y.y, tol));
  for (int k = 1; k < 3; ++k)
    line(k == 1 ? "set 1" : "set 2",
         red_sim::floats(*gpu::regular_set(v, seeds[size_t(k)], nullptr).inputs[0]));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    line("a fresh set", red_sim::floats(*fresh->inputs[0]));
  for (bool on_law : {false, true}) {
    double worst = 0, ss = 0;
    int out = 0, strata = 0;
    for (int r = 1; r <= runs; ++r) {
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, run_seed(r), false, on_law))
        strata += p.cls_stride > 0;
      const Y0 y =
          y0_of(red_sim::lbeta_terms(red_sim::timed_floats(v, set0, run_seed(r), on_law)), c.y0w);
      const double e = red_sim::err(y.child, y.y, tol);
      worst = std::max(worst, e), ss += e * e, out += e > 1;
    }
    std::printf("  %d %s: strata on %d; child rms %.4f, worst %.4f, %d out\n", runs,
                on_law ? "law redraws" : "off-law timed runs", strata,
                std::sqrt(ss / std::max(runs, 1)), worst, out);
  }
}

// ---- spread: P6k's (c) (kLightSpread) left to the spec: a light part on 63 strided residues ----
// y = W sum_{k < 128} f(x[2 j_k + 1]) + sum_{i in L} f(x_i), f = log B(x + 4, x + 2), W = 10^6,
// j_k = k (n / 512) + 64 + k (128 heavy pairs at the 128 distinct residues 64..191 mod 256, one
// in each 1/128 of the input's first half), L = {i : (i / 2) mod 256 < 63} (a quarter of the input,
// in runs of 126 values every 512). Every strided class of S = {0..62} holds light pairs only, 128
// hold a heavy pair, 65 hold nothing: the median (the 128th smallest) is the largest light class,
// every light class is light, and light_spread counts 63 < kLightSpread = 64: (c) leaves the
// element unjudged, whatever its light share. The child: the heavy terms exact, the light runs of
// every `every`-th 512-value block only, times `every`.
constexpr size_t kS = 63;
size_t g_every = 4;
bool in_light(size_t i) { return ((i >> 1) & 255) < kS; }
struct Spread {
  double y = 0, child = 0, light = 0;
};
Spread spread_sums(const std::vector<float>& x, double W) {
  const size_t n = x.size(), blk = n / 256;
  std::vector<float> lx;
  std::vector<size_t> at;
  for (size_t i = 0; i < n; ++i)
    if (in_light(i)) lx.push_back(x[i]), at.push_back(i);
  const std::vector<double> f = red_sim::lbeta_terms(lx);
  Spread s;
  double heavy = 0;
  for (size_t k = 0; k < 128; ++k) heavy += W * red_sim::lbeta(x[2 * (k * (blk / 2) + 64 + k) + 1]);
  for (size_t m = 0; m < f.size(); ++m) {
    s.light += f[m];
    if ((at[m] / 512) % g_every == 0) s.child += double(g_every) * f[m];
  }
  s.y = heavy + s.light;
  s.child += heavy;
  return s;
}
void spread_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  const size_t nn = size_t(n), R = gpu::kStridedRegions, blk = nn / 256;
  const double W = 1e6;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
  generators::Tolerance tol;
  tol.rtol = 3e-5;
  tol.atol = 0;
  // the heavy pairs j_k = k (n / 512) + 64 + k: residue 64 + k, one in each 1/128 of the first half
  std::vector<size_t> heavy_j(128);
  for (size_t k = 0; k < 128; ++k) heavy_j[k] = k * (blk / 2) + 64 + k;
  // per position weight: W at 2 j_k + 1, 1 in L, 0 elsewhere
  std::vector<uint8_t> is_heavy(nn, 0);
  for (size_t j : heavy_j) is_heavy[2 * j + 1] = 1;
  auto weight = [&](size_t i) -> double { return in_light(i) ? 1.0 : is_heavy[i] ? W : 0.0; };
  std::vector<double> move(R, 0.0);
  double y = 0;
  for (size_t j = 0; j < nn / 2; ++j) {
    const size_t r = j % R;
    if (r < kS) {
      const double a = red_sim::lbeta(x[2 * j]), b = red_sim::lbeta(x[2 * j + 1]);
      y += a + b;
      move[r] += a - b;
    }
  }
  for (size_t j : heavy_j) {
    const double a = red_sim::lbeta(x[2 * j]), b = red_sim::lbeta(x[2 * j + 1]);
    y += W * b;
    move[j % R] += W * (a - b);  // the echo copies x[2j] into x[2j + 1]
  }
  std::vector<std::vector<std::vector<double>>> by_class;
  for (size_t r = 0; r < R; ++r) {
    const double sh = red_sim::share(y, y + move[r], tol);
    by_class.push_back({{sh}});
  }
  const auto light = gpu::light_shares(by_class);
  const auto parts = gpu::atol_parts({{y}}, {tol});
  std::vector<gpu::OutputGrain> grains{gpu::output_grain(DType::F32)};
  grains[0].bound = gpu::grain_bound(double(nn / 2));
  const auto floor = gpu::grain_floors({{y}}, {tol}, grains);
  const auto judged = gpu::judged_light_shares(by_class, light, parts, nullptr, &floor);
  const double refusable = gpu::refusable_shares(judged, &parts)[0];
  const size_t spread = gpu::light_spread(by_class, 0, 0);
  double total = 0;
  for (const auto& c : by_class) total += c[0][0] * c[0][0];
  std::printf("spread: n = 2^%d, |L| = %zu, 128 heavy pairs (W %g) at residues 64..191, rtol %g\n",
              lg, nn / 512 * 2 * kS, W, tol.rtol);
  std::printf(
      "  set 0: y %.6g (tolerance %.4g); strided light share %.4g (energy %.3g of %.3g), "
      "light_spread %zu (kLightSpread %zu), judged %.4g, refusable %.4g: %s\n",
      y, tol.atol + tol.rtol * std::fabs(y), light[0][0], light[0][0] * light[0][0], total, spread,
      gpu::kLightSpread, judged[0][0], refusable,
      refusable > 0 && refusable <= 1 ? "invalid_spec" : "no refusal (kept)");
  std::printf("  without (c) the element would be judged %.4g: %s\n", light[0][0],
              light[0][0] > 0 && light[0][0] <= 1 ? "invalid_spec" : "passes");
  if (g_key != 0) {  // the second look: the judging set, strided classes keyed
    const std::vector<float> xj = judging_floats(v);
    std::vector<double> mj(R, 0.0);
    double yj = 0;
    for (size_t j = 0; j < nn / 2; ++j) {
      const size_t r = scls(j, nn / 2, g_key);
      if (j % R < kS) {
        const double a = red_sim::lbeta(xj[2 * j]), bb = red_sim::lbeta(xj[2 * j + 1]);
        yj += a + bb;
        mj[r] += a - bb;
      }
    }
    for (size_t j : heavy_j) {
      const double a = red_sim::lbeta(xj[2 * j]), bb = red_sim::lbeta(xj[2 * j + 1]);
      yj += W * bb;
      mj[scls(j, nn / 2, g_key)] += W * (a - bb);
    }
    std::vector<std::vector<std::vector<double>>> cj;
    for (size_t r = 0; r < R; ++r) cj.push_back({{red_sim::share(yj, yj + mj[r], tol)}});
    const auto lj = gpu::light_shares(cj);
    const auto pj = gpu::atol_parts({{yj}}, {tol});
    const auto fj = gpu::grain_floors({{yj}}, {tol}, grains);
    const auto jj = gpu::judged_light_shares(cj, lj, pj, nullptr, &fj);
    const double second = gpu::second_look_shares(judged, parts, jj, pj)[0];
    std::printf(
        "  second look (key %#llx): light share %.4g, light_spread %zu, judged %.4g; "
        "second_look_shares %.4g: %s\n",
        (unsigned long long)g_key, lj[0][0], gpu::light_spread(cj, 0, 0), jj[0][0], second,
        verdict(second));
    print_wired(judged, parts, jj, pj);
  }
  // the lint's own bar: nine echoes of set 0 (the heavy pairs tell it apart)
  {
    double top = 0;
    for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
      const gpu::EchoMap m = gpu::positions_echo(e.parity, e.block);
      double ye = y;
      for (size_t i = 0; i < nn; ++i) {
        const uint64_t s = gpu::echo_source(m, i, nn);
        if (s == i) continue;
        const double w = weight(i);
        if (w != 0) ye += w * (red_sim::lbeta(x[s]) - red_sim::lbeta(x[i]));
      }
      top = std::max(top, red_sim::share(y, ye, tol));
      if (top > 1) break;
    }
    std::printf("  lint, nine echoes of set 0: %.4g (%s)\n", top,
                top > 1 ? "told apart: passes" : "not told apart");
  }
  const auto line = [&](const char* name, const std::vector<float>& xs) {
    const Spread s = spread_sums(xs, W);
    const double e = red_sim::err(s.child, s.y, tol);
    std::printf("  %s: y %.6g, child %.6g: %.4f of the tolerance\n", name, s.y, s.child, e);
  };
  line("set 0", x);
  for (int k = 1; k < 3; ++k)
    line(k == 1 ? "set 1" : "set 2",
         red_sim::floats(*gpu::regular_set(v, seeds[size_t(k)], nullptr).inputs[0]));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    line("a fresh set", red_sim::floats(*fresh->inputs[0]));
  for (bool on_law : {false, true}) {
    double worst = 0, ss = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const Spread s = spread_sums(red_sim::timed_floats(v, set0, run_seed(r), on_law), W);
      const double e = red_sim::err(s.child, s.y, tol);
      worst = std::max(worst, e), ss += e * e, out += e > 1;
    }
    std::printf("  %d %s: child (1 block in %zu) rms %.4f, worst %.4f, %d out\n", runs,
                on_law ? "law redraws" : "off-law timed runs", g_every,
                std::sqrt(ss / std::max(runs, 1)), worst, out);
  }
}

// ---- hashed: the strided classes are taken only where the FIXED hashed partition finds a light
// part (law_regions.h strided_needed); a spec that reads the hash puts its light part on pairs j
// with echo_mix(j) % 32 < 15 (15 of the 32 hashed classes, ~47% of the input) and 8 heavy pairs
// (W = 10^7 on both values; the first pair at or after k n / 16 whose class is 15): 16 hashed
// classes move, 16 do not, the median class (the 16th smallest) is 0, the hashed light share is 0,
// and no strided class echo is ever taken. The child: the heavy pairs exact, the light values of
// one group of `g_every` 512-value blocks, its first block's light values only, scaled by the
// group's light count over the block's (both counts the hash's: a ratio estimator, nothing read).
constexpr uint64_t kHashedLight = 15, kHashedHeavy = 15;
uint64_t hashed_class(size_t i) { return gpu::echo_mix(uint64_t(i >> 1)) % gpu::kEchoRegions; }
std::vector<size_t> hashed_heavy_pairs(size_t n) {
  std::vector<size_t> out;
  for (size_t k = 0; k < 8; ++k) {
    size_t j = k * (n / 16);
    while (gpu::echo_mix(j) % gpu::kEchoRegions != kHashedHeavy) ++j;
    out.push_back(j);
  }
  return out;
}
struct Hashed {
  std::vector<double> f0;  // each value's weighted term
  double y = 0, child = 0;
};
Hashed hashed_terms(const std::vector<float>& x, double W) {
  const size_t n = x.size();
  std::vector<double> w(n, 0.0);
  for (size_t i = 0; i < n; ++i)
    if (hashed_class(i) < kHashedLight) w[i] = 1.0;
  for (size_t j : hashed_heavy_pairs(n)) w[2 * j] = w[2 * j + 1] = W;
  std::vector<float> used;
  std::vector<size_t> at;
  for (size_t i = 0; i < n; ++i)
    if (w[i] != 0) used.push_back(x[i]), at.push_back(i);
  const std::vector<double> f = red_sim::lbeta_terms(used);
  Hashed h;
  h.f0.assign(n, 0.0);
  // the child: per group of g_every 512-value blocks, the first block's light values read, their
  // sum times (the group's light count / the first block's): the counts are the hash's, no read
  const size_t group = 512 * g_every;
  std::vector<double> gsum(n / group + 1, 0.0), gcnt(n / group + 1, 0.0), gall(n / group + 1, 0.0);
  for (size_t m = 0; m < f.size(); ++m) {
    const size_t i = at[m];
    h.f0[i] = w[i] * f[m];
    h.y += h.f0[i];
    if (w[i] != 1.0) {
      h.child += h.f0[i];
      continue;
    }
    gall[i / group] += 1;
    if (i % group < 512) gsum[i / group] += f[m], gcnt[i / group] += 1;
  }
  for (size_t g = 0; g < gsum.size(); ++g)
    if (gcnt[g] > 0) h.child += gsum[g] * gall[g] / gcnt[g];
  return h;
}
void hashed_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  const double W = 1e7;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
  generators::Tolerance tol;
  tol.rtol = 3e-5;
  tol.atol = 0;
  const Hashed h = hashed_terms(x, W);
  std::printf(
      "hashed: n = 2^%d, light values on hashed classes 0..%llu, 8 heavy pairs (W %g) in "
      "class %llu, rtol %g\n",
      lg, (unsigned long long)(kHashedLight - 1), W, (unsigned long long)kHashedHeavy, tol.rtol);
  const red_sim::LawDecision d = red_sim::law_decision(h.f0, h.y, tol);
  std::printf("  set 0: y %.6g (tolerance %.4g); law echoes' weakest %.4g", h.y,
              tol.atol + tol.rtol * std::fabs(h.y), d.sixteen);
  for (const auto& [fam, l] : d.light) std::printf("; %s light %.4g", fam.c_str(), l);
  std::printf("; %s\n", d.on_law ? "on the law" : "off the law");
  auto family = [&](gpu::RegionFamily fam) {
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam))
      by_class.push_back(
          {{red_sim::share(h.y, red_sim::echoed(h.f0, h.y, gpu::region_echo(r)), tol)}});
    return by_class;
  };
  const auto hashed = family(gpu::RegionFamily::Hashed);
  const auto hashed_light = gpu::weakest_shares(gpu::light_shares(hashed));
  size_t moving = 0;
  for (const auto& c : hashed) moving += c[0][0] > 0;
  const bool needed = gpu::strided_needed(hashed_light);
  std::printf("  hashed classes moving %zu of %zu, hashed light share %.4g: strided classes %s\n",
              moving, hashed.size(), hashed_light[0],
              needed ? "taken" : "NOT taken (strided_needed false): nothing judged, no refusal");
  // what the strided family would have said
  const auto strided = family(gpu::RegionFamily::Strided);
  const auto light = gpu::light_shares(strided);
  const auto parts = gpu::atol_parts({{h.y}}, {tol});
  const auto judged = gpu::judged_light_shares(strided, light, parts);
  const double ref = gpu::refusable_shares(judged, &parts)[0];
  std::printf("  had the strided classes been taken: light %.4g, judged %.4g, refusable %.4g: %s\n",
              light[0][0], judged[0][0], ref, ref > 0 && ref <= 1 ? "invalid_spec" : "passes");
  if (g_key != 0) {  // the second look: the judging set, hashed and strided classes keyed
    const Hashed hj = hashed_terms(judging_floats(v), W);
    auto shares = [&](gpu::EchoFamily fam) {
      std::vector<std::vector<std::vector<double>>> by;
      for (double m : keyed_moves(hj.f0, fam, g_key))
        by.push_back({{red_sim::share(hj.y, hj.y + m, tol)}});
      return by;
    };
    const auto hl = gpu::weakest_shares(gpu::light_shares(shares(gpu::EchoFamily::Hashed)));
    const bool need = gpu::strided_needed(hl);
    std::vector<std::vector<double>> jj;
    const auto pj = gpu::atol_parts({{hj.y}}, {tol});
    double lj = 0;
    if (need) {
      const auto sj = shares(gpu::EchoFamily::Strided);
      const auto l = gpu::light_shares(sj);
      lj = l[0][0];
      jj = gpu::judged_light_shares(sj, l, pj);
    }
    // set 0 took no strided class: nothing judged there (all 0)
    const std::vector<std::vector<double>> j0{{needed ? judged[0][0] : 0.0}};
    const double second = gpu::second_look_shares(j0, parts, jj, pj)[0];
    std::printf(
        "  second look (key %#llx): keyed hashed light share %.4g: strided %s; light %.4g, judged "
        "%.4g; second_look_shares %.4g: %s\n",
        (unsigned long long)g_key, hl[0], need ? "taken" : "not taken", lj,
        jj.empty() ? 0.0 : jj[0][0], second, verdict(second));
    print_wired(j0, parts, jj, pj);
  }
  {
    double top = 0;
    for (const gpu::EchoPattern& e : gpu::echo_patterns())
      top = std::max(
          top, red_sim::share(
                   h.y, red_sim::echoed(h.f0, h.y, gpu::positions_echo(e.parity, e.block)), tol));
    std::printf("  lint, nine echoes of set 0: %.4g (%s)\n", top,
                top > 1 ? "told apart: passes" : "not told apart");
  }
  const auto line = [&](const char* name, const std::vector<float>& xs) {
    const Hashed s = hashed_terms(xs, W);
    std::printf("  %s: y %.6g, child %.6g: %.4f of the tolerance\n", name, s.y, s.child,
                red_sim::err(s.child, s.y, tol));
  };
  line("set 0", x);
  for (int k = 1; k < 3; ++k)
    line(k == 1 ? "set 1" : "set 2",
         red_sim::floats(*gpu::regular_set(v, seeds[size_t(k)], nullptr).inputs[0]));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    line("a fresh set", red_sim::floats(*fresh->inputs[0]));
  for (bool on_law : {false, true}) {
    double worst = 0, ss = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const Hashed s = hashed_terms(red_sim::timed_floats(v, set0, run_seed(r), on_law), W);
      const double e = red_sim::err(s.child, s.y, tol);
      worst = std::max(worst, e), ss += e * e, out += e > 1;
    }
    std::printf("  %d %s: child (1 block in %zu) rms %.4f, worst %.4f, %d out\n", runs,
                on_law ? "law redraws" : "off-law timed runs", g_every,
                std::sqrt(ss / std::max(runs, 1)), worst, out);
  }
}

// ---- semi: P6k's dominance bar (kDominantEnergy x the median class) is relative to the median,
// which the spec's weights place. y = sum_i f(x_i) + sum_{k < 128} V_k f(x[2 j_k + 1]), one heavy
// pair at each odd strided residue 2k + 1 (j_k the first pair of that residue at or after
// k n / 256 whose |f(x_2j) - f(x_2j+1)| on set 0 is at least 0.3), V_k set from set 0's public
// values so that class 2k + 1 moves by +S, S = sqrt(10) x the largest move of the 128 light
// (even) classes: every heavy class 10 x the median's energy, under the 16 x bar, so nothing is
// dominant: (a) (dominant energy at least the light classes') fails and the element is unjudged,
// while the lint's first echo moves y by 128 S (the heavy moves add). atol only (rtol 0), so that
// the tolerance does not depend on the V_k. The child: the heavy terms exact, the plain sum from
// the even 256-value tiles only, doubled.
struct Semi {
  std::vector<size_t> j;
  std::vector<float> V;
};
constexpr double kSemiAtol = 16000.0;
Semi semi_table(const std::vector<float>& x) {
  const size_t n = x.size(), R = gpu::kStridedRegions;
  std::vector<double> L(R, 0.0);
  for (size_t j = 0; j < n / 2; ++j)
    L[j % R] += red_sim::lbeta(x[2 * j]) - red_sim::lbeta(x[2 * j + 1]);
  double top = 0;
  for (size_t r = 0; r < R; r += 2) top = std::max(top, std::fabs(L[r]));
  const double S = std::sqrt(10.0) * top;
  Semi t;
  for (size_t k = 0; k < 128; ++k) {
    const size_t r = 2 * k + 1;
    size_t j = (k * (n / 256)) / R * R + r;
    double d = 0;
    for (;; j += R) {
      d = red_sim::lbeta(x[2 * j]) - red_sim::lbeta(x[2 * j + 1]);
      if (std::fabs(d) >= 0.3) break;
    }
    t.j.push_back(j);
    t.V.push_back(float((S - L[r]) / d));
  }
  return t;
}
struct SemiSums {
  double y = 0, child = 0;
};
SemiSums semi_sums(const std::vector<float>& x, const Semi& t) {
  const std::vector<double> f = red_sim::lbeta_terms(x);
  SemiSums s;
  for (size_t i = 0; i < f.size(); ++i) {
    s.y += f[i];
    if (!((i >> 8) & 1)) s.child += 2.0 * f[i];
  }
  for (size_t k = 0; k < t.j.size(); ++k) {
    const double h = double(t.V[k]) * f[2 * t.j[k] + 1];
    s.y += h, s.child += h;
  }
  return s;
}
void semi_mode(int lg, int runs, bool table) {
  const int64_t n = int64_t(1) << lg;
  const size_t nn = size_t(n), R = gpu::kStridedRegions;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
  const Semi t = semi_table(x);
  if (table) {
    std::printf(
        "// Generated by build/tests/engine/red32_sim semi_table %d from the harness's set 0\n"
        "// (standing seed 0x5eed2026) of redteam32_semi_heavy_lbeta: heavy pair j_k and weight "
        "V_k.\n"
        "#pragma once\n#define SEMI_HEAVY 128\n__constant__ long long semi_j[SEMI_HEAVY] = {",
        lg);
    for (size_t k = 0; k < t.j.size(); ++k)
      std::printf("%s%zu", k == 0 ? "\n    " : k % 8 ? ", " : ",\n    ", t.j[k]);
    std::printf("};\n__constant__ float semi_v[SEMI_HEAVY] = {");
    for (size_t k = 0; k < t.V.size(); ++k)
      std::printf("%s%.9gf", k == 0 ? "\n    " : k % 6 ? ", " : ",\n    ", double(t.V[k]));
    std::printf("};\n");
    return;
  }
  generators::Tolerance tol;
  tol.rtol = 0;
  tol.atol = kSemiAtol;
  const std::vector<double> f = red_sim::lbeta_terms(x);
  std::vector<double> w(nn, 1.0);
  for (size_t k = 0; k < t.j.size(); ++k) w[2 * t.j[k] + 1] += double(t.V[k]);
  double y = 0;
  for (size_t i = 0; i < nn; ++i) y += w[i] * f[i];
  std::vector<double> move(R, 0.0);
  for (size_t j = 0; j < nn / 2; ++j) move[j % R] += w[2 * j + 1] * (f[2 * j] - f[2 * j + 1]);
  std::vector<std::vector<std::vector<double>>> by_class;
  double light_only = 0;
  for (size_t r = 0; r < R; ++r) {
    by_class.push_back({{red_sim::share(y, y + move[r], tol)}});
    if (r % 2 == 0) light_only += by_class.back()[0][0] * by_class.back()[0][0];
  }
  const auto light = gpu::light_shares(by_class);
  const auto parts = gpu::atol_parts({{y}}, {tol});
  const auto judged = gpu::judged_light_shares(by_class, light, parts);
  const double ref = gpu::refusable_shares(judged, &parts)[0];
  std::vector<double> e(R);
  for (size_t r = 0; r < R; ++r) e[r] = by_class[r][0][0] * by_class[r][0][0];
  std::vector<double> sorted = e;
  std::nth_element(sorted.begin(), sorted.begin() + 127, sorted.end());
  const double median = sorted[127];
  size_t dominant = 0;
  double heavy_lo = 1e300, heavy_hi = 0;
  for (size_t r = 1; r < R; r += 2)
    heavy_lo = std::min(heavy_lo, e[r]), heavy_hi = std::max(heavy_hi, e[r]);
  for (double v : e) dominant += v > gpu::kDominantEnergy * median;
  double vmin = 1e300, vmax = 0;
  for (float V : t.V)
    vmin = std::min(vmin, std::fabs(double(V))), vmax = std::max(vmax, std::fabs(double(V)));
  std::printf("semi: n = 2^%d, 128 heavy pairs (|V_k| %.4g .. %.4g), atol %g (rtol 0)\n", lg, vmin,
              vmax, kSemiAtol);
  std::printf(
      "  set 0: y %.6g; heavy class energies %.3g .. %.3g of the median %.3g (bar %g x): %zu "
      "dominant\n",
      y, heavy_lo / median, heavy_hi / median, median, gpu::kDominantEnergy, dominant);
  std::printf(
      "  the plain sum's own strided light share %.4g; P6k's light share %.4g, judged %.4g, "
      "refusable %.4g: %s\n",
      std::sqrt(light_only), light[0][0], judged[0][0], ref,
      ref > 0 && ref <= 1 ? "invalid_spec" : "no refusal (kept)");
  if (g_key != 0) {  // the second look: the same weights (tuned on set 0) on the judging set
    const std::vector<float> xj = judging_floats(v);
    const std::vector<double> fj = red_sim::lbeta_terms(xj);
    std::vector<double> f0(nn);
    double yj = 0;
    for (size_t i = 0; i < nn; ++i) f0[i] = w[i] * fj[i], yj += f0[i];
    std::vector<std::vector<std::vector<double>>> sj;
    for (double m : keyed_moves(f0, gpu::EchoFamily::Strided, g_key))
      sj.push_back({{red_sim::share(yj, yj + m, tol)}});
    const auto lj = gpu::light_shares(sj);
    const auto pj = gpu::atol_parts({{yj}}, {tol});
    const auto jj = gpu::judged_light_shares(sj, lj, pj);
    std::vector<double> ej(R);
    for (size_t r = 0; r < R; ++r) ej[r] = sj[r][0][0] * sj[r][0][0];
    std::vector<double> so = ej;
    std::nth_element(so.begin(), so.begin() + 127, so.end());
    size_t dom = 0;
    for (double x2 : ej) dom += x2 > gpu::kDominantEnergy * so[127];
    const double second = gpu::second_look_shares(judged, parts, jj, pj)[0];
    std::printf(
        "  second look (key %#llx): %zu dominant classes, light share %.4g, judged %.4g; "
        "second_look_shares %.4g: %s\n",
        (unsigned long long)g_key, dom, lj[0][0], jj[0][0], second, verdict(second));
    print_wired(judged, parts, jj, pj);
  }
  {
    double top = 0;
    for (const gpu::EchoPattern& ep : gpu::echo_patterns()) {
      const gpu::EchoMap m = gpu::positions_echo(ep.parity, ep.block);
      double ye = y;
      for (size_t i = 0; i < nn; ++i) {
        const uint64_t src = gpu::echo_source(m, i, nn);
        if (src != i) ye += w[i] * (f[src] - f[i]);
      }
      top = std::max(top, red_sim::share(y, ye, tol));
    }
    std::printf("  lint, nine echoes of set 0: %.4g (%s)\n", top,
                top > 1 ? "told apart: passes" : "not told apart");
  }
  const auto line = [&](const char* name, const std::vector<float>& xs) {
    const SemiSums s = semi_sums(xs, t);
    std::printf("  %s: y %.6g, child %.6g: %.4f of the tolerance\n", name, s.y, s.child,
                red_sim::err(s.child, s.y, tol));
  };
  line("set 0", x);
  for (int k = 1; k < 3; ++k)
    line(k == 1 ? "set 1" : "set 2",
         red_sim::floats(*gpu::regular_set(v, seeds[size_t(k)], nullptr).inputs[0]));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    line("a fresh set", red_sim::floats(*fresh->inputs[0]));
  for (bool on_law : {false, true}) {
    double worst = 0, ss = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const SemiSums s = semi_sums(red_sim::timed_floats(v, set0, run_seed(r), on_law), t);
      const double er = red_sim::err(s.child, s.y, tol);
      worst = std::max(worst, er), ss += er * er, out += er > 1;
    }
    std::printf("  %d %s: child rms %.4f, worst %.4f, %d out\n", runs,
                on_law ? "law redraws" : "off-law timed runs", std::sqrt(ss / std::max(runs, 1)),
                worst, out);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 8;
  if (const char* k = std::getenv("RED32_KEY")) g_key = std::strtoull(k, nullptr, 0);
  if (mode == "kind") {
    // the folder: companions 34,000 x_p + b_i sum (x - 1) at atol 0 (tolerance 3e-5 x 34,000 x_p
    // ~ 1.02 x_p), b_i as diluted_sum.cuh's (s_i x 1.03 / 1180)
    run({"redteam32_kind_tail_lbeta", 3e-5, 0.0, 34000.0, 1.03 / 1180.0}, lg, runs);
  } else if (mode == "held") {
    run({"held (no folder)", 1.5e-6, 19000.0, 1e6, 19000.0 / 1180.0}, lg, runs);
  } else if (mode == "spread") {
    if (argc > 4) g_every = size_t(std::atoi(argv[4]));
    spread_mode(lg, runs);
  } else if (mode == "hashed") {
    if (argc > 4) g_every = size_t(std::atoi(argv[4]));
    hashed_mode(lg, runs);
  } else if (mode == "semi" || mode == "semi_table") {
    semi_mode(lg, runs, mode == "semi_table");
  } else if (mode == "control") {
    // control_redteam32_kind_tail_rec's spec: y[0] a plain sum, every companion told apart, rtol
    // 1e-5 atol 0 (its child is honest: the judgement is what matters here; the "child" printed
    // is the 1-in-2 tile sampler's error, for comparison)
    Case c{"control_redteam32_kind_tail_rec", 1e-5, 0.0, 34000.0, 1.03 / 1180.0};
    c.y0w = 1.0;
    c.told = true;
    run(c, lg, runs);
  } else {
    std::fprintf(stderr,
                 "usage: red32_sim kind|held|control|spread|hashed|semi|semi_table [log2 n (24)] "
                 "[timed runs (8)]\n");
    return 2;
  }
  return 0;
}
