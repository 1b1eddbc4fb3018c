// Red team 28 (issue 28): tests/cheats/redteam28_sorted_mean_boys and
// tests/cheats/redteam28_perm_sampled_boys and tests/cheats/redteam28_atol_excused_heavy on the host definitions of the harness's lint and input
// sets (not a test: it prints what it measures; shared scaffolding in red_sum_sim.h).
//  1. y = sum_i f(x_i), f(v) = (1/16) sum_k F0((1 + k) v), over 2^16 x drawn `sorted` from
//     uniform [0, 4), atol 0.1. Since h28s a sorted input is echoed by its two parity echoes
//     (buffer_echo); the echo copies a neighbour, a one-sided move of every pair by one gap, so
//     it moves y by ~(f(0) - f(4)) / 2 whatever n is: the lint passes the spec. The child
//     evaluates f once per 8 consecutive values, at their mean (a second-order error).
//  2. y = sum_i F0(30 |p_i - i| / n) over a `permutation` p of 2^lg: never echoed
//     (unechoed_note); the child evaluates 1 term in 8 (i = 8j + (j mod 8)), times 8.
//  3. y[0] = 10^6 sum of log B at 128 scattered positions + sum of log B over the rest (red team
//     26's heavy sum), y[1] = 100 sum x, over 2^24 x of uniform [0.5, 1.5), one output at rtol 0,
//     atol 2e4: y[0]'s light share is under 1 only through its atol (rtol 0 makes every element
//     atol-held), and y[1]'s light share is above 1, so judged_light_shares' condition (b)
//     excuses y[0]. The child evaluates the light terms of the even 256-value tiles only, doubled.
// Since h28u the lint also takes model echoes (model_echo.h): folder 1's x by its neighbours'
// midpoints, folder 2's p by a seeded refill of one parity; both print their shares and
// model_lint_verdict's refusal.
// F0 is evaluated in double here (the kernels' FP32 Simpson adds their own ~1e-7 relative).
// Usage: red28_sim [log2 n of the permutation (24)] [runs (8)] [log2 n, atol: folder 1 alone]
#include <cstdio>
#include <cstdlib>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

double boys0(double v) {
  if (v < 1e-3) return 1.0 - v / 3.0 + v * v / 10.0 - v * v * v / 42.0;
  const double s = std::sqrt(v);
  return 0.88622692545275801365 * std::erf(s) / s;
}
double f16(double v) {
  double s = 0;
  for (int k = 0; k < 16; ++k) s += boys0((1.0 + k) * v);
  return s / 16.0;
}

// Folder 1's child (cheat.cu): each thread's 8 consecutive values, their mean in FP32 in the
// kernel's order, f of it times 8.
double mean_child(const std::vector<float>& x) {
  double y = 0;
  for (size_t i = 0; i + 8 <= x.size(); i += 8) {
    const float* p = &x[i];
    const float s = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
    y += 8.0 * f16(double(s * 0.125f));
  }
  return y;
}

void sorted_mean(int runs, int lg_sorted, double atol) {
  const int64_t n = int64_t(1) << lg_sorted;
  generators::Tolerance t;
  t.rtol = 0;
  t.atol = atol;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"sorted", 0.0, 4.0})};
  std::printf("redteam28_sorted_mean_boys: n = 2^%d, sorted uniform [0, 4), rtol 0 atol %g; "
              "sample_echoed(x) %s\n", lg_sorted, t.atol, gpu::sample_echoed(v.buffers[0]) ? "true" : "FALSE");
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = red_sim::floats(*set0.inputs[0]);
  const std::vector<double> f0 = red_sim::terms(x0, f16);
  const double y0 = red_sim::sum(f0);
  int taken = 0;
  std::vector<gpu::SetShare> shares{red_sim::lint_round("set 0", v.buffers[0], f0, y0, t, true, &taken)};
  if (gpu::lint_pending(shares, 0)) {
    std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL);
    const std::vector<double> ff = red_sim::terms(red_sim::floats(*(fresh ? *fresh : set0).inputs[0]), f16);
    shares.push_back(red_sim::lint_round("the fresh set", v.buffers[0], ff, red_sim::sum(ff), t, false, &taken));
  }
  for (const gpu::SetShare& sh : shares)
    std::printf("  lint share on %s: %.3f (%d echoes)\n", sh.set.c_str(), sh.share, sh.echoes[0]);
  const gpu::SampleLintVerdict verdict = gpu::sample_lint_verdict(shares, "x", t, {"out"});
  std::printf("  the lint's verdict (%d reference runs): %s %s\n", taken,
              verdict.refusal.empty() ? "passes" : "invalid_spec",
              verdict.refusal.empty() ? "" : verdict.refusal.c_str());
  // Since h28u: x's model echo (the midpoint of its neighbours, model_echo.h) on set 0, then the
  // fresh set where set 0 leaves it at most 1 (model_lint_op.cpp), and the model verdict.
  {
    gpu::InputShares xs{"x", false, {}, true};
    auto model_set = [&](const char* name, const gpu::HostSet& s) {
      const std::vector<double> f = red_sim::terms(red_sim::floats(*s.inputs[0]), f16);
      const double y = red_sim::sum(f);
      double top = 0;
      for (const gpu::EchoPattern& e : gpu::model_patterns()) {
        const auto echo = gpu::model_echo(v.buffers[0], *s.inputs[0], e.parity, gpu::model_seed(s.seed, e.parity));
        top = std::max(top, red_sim::share(y, red_sim::sum(red_sim::terms(red_sim::floats(*echo), f16)), t));
      }
      xs.sets.push_back(gpu::SetShare{name, top, {top}});
      std::printf("  model echo (midpoints) on %s: share %.4f (2 reference runs)\n", name, top);
    };
    model_set("set 0", set0);
    if (xs.sets[0].share <= 1)
      if (std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
        model_set("the fresh set", *fresh);
    const gpu::SampleLintVerdict mv = gpu::model_lint_verdict({xs}, {"out"}, {t});
    std::printf("  the model verdict: %s\n", mv.refusal.empty() ? ("passes " + mv.note).c_str()
                                                                 : ("invalid_spec: " + mv.refusal).c_str());
  }
  // P6k: the hashed then strided class echoes (each as buffer_echo keeps a sorted input), their
  // light shares and the judged share light_refusal reads (condition (a): dominant >= light).
  for (gpu::RegionFamily fam : {gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam)) {
      const std::optional<gpu::EchoMap> m = gpu::buffer_echo(v.buffers[0], gpu::region_echo(r));
      by_class.push_back({{m ? red_sim::share(y0, red_sim::echoed(f0, y0, *m), t) : 0.0}});
    }
    const auto light = gpu::light_shares(by_class);
    const auto atol = gpu::atol_parts({{y0}}, {t});
    const auto judged = gpu::weakest_shares(gpu::judged_light_shares(by_class, light, atol));
    const std::string no = gpu::light_refusal(judged, {"out"}, {t}, "x");
    std::printf("  %s classes: light share %.3f, judged %.3f: %s\n",
                fam == gpu::RegionFamily::Hashed ? "hashed" : "strided", light[0][0], judged[0],
                no.empty() ? "no refusal" : no.c_str());
  }
  std::printf("  child on set 0: %.3f of the tolerance\n", red_sim::err(mean_child(x0), y0, t));
  for (int s = 1; s < 3; ++s) {
    const std::vector<float> x = red_sim::floats(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0]);
    std::printf("  child on regular set %d: %.3f\n", s,
                red_sim::err(mean_child(x), red_sim::sum(red_sim::terms(x, f16)), t));
  }
  double worst = 0;
  for (int r = 1; r <= runs; ++r) {
    const std::vector<float> x = red_sim::floats(
        *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false).inputs[0]);
    worst = std::max(worst, red_sim::err(mean_child(x), red_sim::sum(red_sim::terms(x, f16)), t));
  }
  std::printf("  child on %d timed runs (P6b segments; the fresh set's kind): worst %.3f\n", runs, worst);
}

// Folder 2: the reference and the child (1 term in 8, times 8) on a permutation's values.
std::pair<double, double> perm_sums(const gpu::HostInput& in) {
  std::vector<int32_t> p(in.size / 4);
  std::memcpy(p.data(), in.data.get(), in.size);
  const double n = double(p.size());
  std::vector<float> d(p.size());
  for (size_t i = 0; i < p.size(); ++i) d[i] = float(30.0 * std::fabs(double(p[i]) - double(i)) / n);
  const std::vector<double> f = red_sim::terms(d, boys0);
  double child = 0;
  for (size_t j = 0; 8 * j < f.size(); ++j) child += 8.0 * f[8 * j + (j & 7)];
  return {red_sim::sum(f), child};
}

void perm_sampled(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::Tolerance t;
  t.rtol = 2e-3;
  t.atol = 0;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  std::printf("redteam28_perm_sampled_boys: n = 2^%d, rtol %.0e; sample_echoed(p) %s, "
              "timed_changeable %s\n  narrowed check: %s\n", lg, t.rtol,
              gpu::sample_echoed(v.buffers[0]) ? "true" : "false",
              gpu::timed_changeable(v.buffers[0]) ? "true" : "false",
              gpu::unechoed_note(v.buffers).c_str());
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  double worst = 0;
  // Since h28u: p's model echo (a refill of the moved half from what the kept half lacks, in a
  // seeded random order: model_echo.h) on set 0, then the fresh set where set 0 leaves it <= 1.
  {
    gpu::InputShares ps{"p", false, {}, true};
    auto model_set = [&](const char* name, const gpu::HostSet& s) {
      const double y = perm_sums(*s.inputs[0]).first;
      double top = 0;
      for (const gpu::EchoPattern& e : gpu::model_patterns()) {
        const auto echo = gpu::model_echo(v.buffers[0], *s.inputs[0], e.parity, gpu::model_seed(s.seed, e.parity));
        top = std::max(top, red_sim::share(y, perm_sums(*echo).first, t));
      }
      ps.sets.push_back(gpu::SetShare{name, top, {top}});
      std::printf("  model echo (refills) on %s: share %.4f (2 reference runs)\n", name, top);
    };
    model_set("set 0", set0);
    if (ps.sets[0].share <= 1)
      if (std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
        model_set("the fresh set", *fresh);
    const gpu::SampleLintVerdict mv = gpu::model_lint_verdict({ps}, {"out"}, {t});
    std::printf("  the model verdict: %s\n  narrowed check now: '%s'\n",
                mv.refusal.empty() ? ("passes " + mv.note).c_str() : ("invalid_spec: " + mv.refusal).c_str(),
                gpu::unechoed_note(v.buffers).c_str());
  }
  for (int s = 0; s < 3; ++s) {
    const auto [y, c] = perm_sums(*(s ? gpu::regular_set(v, seeds[size_t(s)], nullptr) : set0).inputs[0]);
    std::printf("  set %d: y = %.6g, child %.3f of the tolerance\n", s, y, red_sim::err(c, y, t));
  }
  std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL);
  if (fresh) {
    const auto [y, c] = perm_sums(*fresh->inputs[0]);
    std::printf("  the fresh set: child %.3f\n", red_sim::err(c, y, t));
  }
  for (int r = 1; r <= runs; ++r) {
    const auto [y, c] = perm_sums(
        *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false).inputs[0]);
    worst = std::max(worst, red_sim::err(c, y, t));
  }
  std::printf("  child on %d timed runs: worst %.3f\n", runs, worst);
}

// Folder 3 (redteam28_atol_excused_heavy): the terms of y[0] and y[1], and the child's y[0].
constexpr size_t kHeavyStride = size_t(1) << 17;  // n / 128 for n = 2^24: heavy at i % it == 1
struct Twin {
  std::vector<double> f0, f1;
  double y0 = 0, y1 = 0, child0 = 0;
};
Twin twin_terms(const std::vector<float>& x) {
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

void atol_excused(int runs) {
  const int64_t n = int64_t(1) << 24;
  generators::Tolerance t;
  t.rtol = 0;
  t.atol = 2.0e4;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam28_atol_excused_heavy: n = 2^24, uniform [0.5, 1.5), y[2], rtol 0 atol %g\n",
              t.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const Twin w = twin_terms(red_sim::floats(*set0.inputs[0]));
  auto shares_of = [&](const gpu::EchoMap& m) {
    return std::vector<double>{red_sim::share(w.y0, red_sim::echoed(w.f0, w.y0, m), t),
                               red_sim::share(w.y1, red_sim::echoed(w.f1, w.y1, m), t)};
  };
  double top0 = 0, top1 = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const auto s = shares_of(gpu::positions_echo(e.parity, e.block));
    top0 = std::max(top0, s[0]);
    top1 = std::max(top1, s[1]);
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
    const auto judged = gpu::weakest_shares(gpu::judged_light_shares(by_class, light, atol));
    const auto unexcused = gpu::weakest_shares(gpu::judged_light_shares(by_class, light, {}));
    const std::string no = gpu::light_refusal(judged, {"y"}, {t}, "x");
    const std::string would = gpu::light_refusal(unexcused, {"y"}, {t}, "x");
    std::printf("  %s classes: light y[0] %.3g y[1] %.3g, atol parts %.2f %.2f; judged %.3g: %s\n"
                "    without (b)'s excuse: judged %.3g: %s\n",
                fam == gpu::RegionFamily::Hashed ? "hashed" : "strided", light[0][0], light[0][1],
                atol[0][0], atol[0][1], judged[0], no.empty() ? "no refusal" : no.c_str(),
                unexcused[0], would.empty() ? "no refusal" : would.c_str());
  }
  auto child = [&](const Twin& z) { return red_sim::err(z.child0, z.y0, t); };
  std::printf("  child y[0] on set 0: %.3f of the tolerance (y[1] exact)\n", child(w));
  for (int s = 1; s < 3; ++s)
    std::printf("  child on regular set %d: %.3f\n", s,
                child(twin_terms(red_sim::floats(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0]))));
  double worst_cells = 0, worst_law = 0;
  for (int r = 1; r <= runs; ++r) {
    const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
    worst_cells = std::max(worst_cells, child(twin_terms(red_sim::floats(
                                            *gpu::timed_inputs(v, set0, seed, false, false).inputs[0]))));
    worst_law = std::max(worst_law, child(twin_terms(red_sim::floats(
                                        *gpu::timed_inputs(v, set0, seed, false, true).inputs[0]))));
  }
  std::printf("  child on %d timed runs: worst %.3f in cells (the off-law verified kind), %.3f law "
              "redraws\n", runs, worst_cells, worst_law);
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  // A what-if of folder 1 alone (h28u): red28_sim 24 RUNS LG_SORTED ATOL.
  if (argc > 3) {
    sorted_mean(runs, std::atoi(argv[3]), argc > 4 ? std::atof(argv[4]) : 0.1);
    return 0;
  }
  sorted_mean(runs, 16, 0.1);
  perm_sampled(lg, runs);
  atol_excused(runs);
  return 0;
}
