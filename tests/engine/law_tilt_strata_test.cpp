// Red team 27's two open holes (issue 28, helper h28v), on the red team's own models at 2^18
// values (tests/engine/red27_law_taylor_sim and red27_cv_residual_sim run 2^22-2^24): y = sum of
// log B(x + 4, x + 2) over x uniform [0.5, 1.5), the tolerances scaled with n (rtol the
// folders', atol 2^-8: 1 at 2^24), so a bias of the sum, n times a mean, stays the same number
// of tolerances as in the folders while the sampling noise is 4x (2^18 against 2^22).
//  - P6h's keyed tilt: law-mode runs are drawn from the law tilted by a keyed smooth density
//    ratio in [0.8, 1.15] (timed_perturbation.h kTiltDensityMin/Max), so log B's least-squares
//    parabola (redteam27_law_taylor_sum's model: its residual has mean 0 under the declared
//    density only) is out on most law runs; main's law runs (i.i.d. from the declared law) never
//    put it out. The degree-9 polynomial (control_redteam27_law_poly_lbeta: accurate on the
//    whole support) stays in on every run.
//  - P6j's keyed strata: a fixed 1-in-16 sample of positions (redteam27_cv_residual_sum's
//    control variate: the parabola everywhere, 16 x (f - parabola) at every 16th position) meets
//    the two strata unevenly in most runs and is out; on main every run's positions are
//    exchangeable and it never is.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"

using namespace solver;

namespace {

constexpr int64_t kN = int64_t(1) << 18;
constexpr int kRuns = 24;

double lbeta(double v) {
  return std::lgamma(v + 4.0) + std::lgamma(v + 2.0) - std::lgamma(2.0 * v + 6.0);
}
// The red team's models (tests/engine/red27_law_taylor_sim.cpp): the least-squares parabola in
// t = x - 1 over the law, and the control's degree-9 fit in FP32 Horner.
constexpr double kParabola[3] = {-4.6539752264096936, -1.6039341667768405, 0.042446236565038174};
constexpr float kPoly9[10] = {-4.653960350146515f,     -1.6023809524920654f,
                              0.04185448014601955f,    -0.010217825521044723f,
                              0.0027158533492807474f,  -0.00075447247183551517f,
                              0.00021501499991614909f, -6.2306306218470593e-05f,
                              1.995420282278947e-05f,  -6.4397608411474899e-06f};
double parabola(float x) {
  const double t = double(x - 1.0f);
  return kParabola[0] + kParabola[1] * t + kParabola[2] * t * t;
}
double poly9(float x) {
  const float t = x - 1.0f;
  float p = kPoly9[9];
  for (int k = 8; k >= 0; --k) p = std::fmaf(p, t, kPoly9[k]);
  return double(p);
}

struct Sums {
  double want = 0, model = 0, control = 0, cv = 0;
};
Sums sums(const std::vector<float>& x) {
  Sums s;
  for (size_t i = 0; i < x.size(); ++i) {
    const double f = lbeta(double(x[i])), g = parabola(x[i]);
    s.want += f;
    s.model += g;
    s.control += poly9(x[i]);
    s.cv += g + (i % 16 == 0 ? 16.0 * (f - g) : 0.0);
  }
  return s;
}
double err(double got, double want, double rtol) {
  return std::fabs(got - want) / (0x1p-8 + rtol * std::fabs(want));
}

// One timed run's x (the fresh set and every audit are this kind), with h28v's tilt and strata
// as made, or taken out (`main`: the draws main makes).
std::vector<float> run(const generators::ResolvedVariant& v, const gpu::HostSet& set0, int r,
                       bool law, bool main) {
  std::vector<float> x(static_cast<size_t>(kN));
  std::memcpy(x.data(), set0.inputs[0]->data.get(), size_t(kN) * 4);
  for (gpu::Perturbation p :
       gpu::timed_perturbations(v, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law)) {
    if (main) {
      for (double& c : p.tilt) c = 0;
      p.cls_stride = 0;
    }
    gpu::apply_perturbation(v.buffers[p.buffer], reinterpret_cast<unsigned char*>(x.data()), p);
  }
  return x;
}

struct Fixture {
  generators::ResolvedVariant v;
  gpu::HostSet set0;
  Fixture() {
    v.buffers = {test::flat_buffer("x", generators::DType::F32, kN, {"uniform", 0.5, 1.5})};
    set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  }
};

}  // namespace

TEST_CASE("P6h tilt (h28v): a model unbiased only under the declared law is out on law runs") {
  const Fixture fx;
  int out = 0, out_main = 0;
  double control = 0;
  for (int r = 1; r <= kRuns; ++r) {
    const Sums s = sums(run(fx.v, fx.set0, r, true, false));
    out += err(s.model, s.want, 6e-7) > 1;
    control = std::max(control, err(s.control, s.want, 6e-7));
    const Sums m = sums(run(fx.v, fx.set0, r, true, true));
    out_main += err(m.model, m.want, 6e-7) > 1;
  }
  MESSAGE("law runs: the parabola out on " << out << " of " << kRuns
                                           << " (main's draws: " << out_main
                                           << "), the degree-9 control at worst " << control);
  CHECK(out_main == 0);     // main: every law run i.i.d. from the declared law
  CHECK(out >= kRuns / 6);  // the tilt: 14 of 48 here; a round has 8 verified runs
  CHECK(control <= 0.25);   // accurate on the whole support: kept (0.04 in the folder)
}

TEST_CASE("P6j strata (h28v): a control variate on a fixed 1-in-16 sample is out") {
  const Fixture fx;
  for (bool law : {false, true}) {
    CAPTURE(law);
    int out = 0, out_main = 0;
    for (int r = 1; r <= kRuns; ++r) {
      const Sums s = sums(run(fx.v, fx.set0, r, law, false));
      out += err(s.cv, s.want, 2e-6) > 1;
      const Sums m = sums(run(fx.v, fx.set0, r, law, true));
      out_main += err(m.cv, m.want, 2e-6) > 1;
    }
    MESSAGE(std::string(law ? "law runs" : "off-law runs")
            << ": the control variate out on " << out << " of " << kRuns
            << " (main's draws: " << out_main << ")");
    CHECK(out_main == 0);     // main: positions exchangeable, the sample unbiased
    CHECK(out >= kRuns / 6);  // 16 / 23 of 48 here (off / on the law)
  }
}

TEST_CASE("h28v: the tilt is monotone, keeps the ends, and keeps the density ratio in its bounds") {
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", generators::DType::F32, kN, {"uniform", 0.5, 1.5})};
  for (uint64_t seed = 1; seed <= 32; ++seed) {
    CAPTURE(seed);
    const gpu::Perturbation p = gpu::timed_perturbations(v, seed, false, true)[0];
    CHECK(gpu::perturb_tilt(p, 0) == 0);
    CHECK(gpu::perturb_tilt(p, (uint64_t(1) << 53) - 1) >= (uint64_t(1) << 53) - 2);
    // The density ratio 1 / T' on 4,096 cells: inside [1 / 1.2, 1 / 0.8] up to the grid.
    constexpr int kCells = 4096;
    uint64_t last = 0;
    double lo = 2, hi = 0;
    for (int c = 1; c <= kCells; ++c) {
      const uint64_t at = uint64_t(c) * ((uint64_t(1) << 53) / kCells) - (c == kCells ? 1 : 0);
      const uint64_t t = gpu::perturb_tilt(p, at);
      CHECK(t >= last);
      const double slope = double(t - last) / double((uint64_t(1) << 53) / kCells);
      lo = std::min(lo, slope), hi = std::max(hi, slope);
      last = t;
    }
    CHECK(1 / hi >= gpu::kTiltDensityMin - 1e-3);
    CHECK(1 / lo <= gpu::kTiltDensityMax + 1e-3);
    // Scaled to a bound: a real tilt every run.
    CHECK((1 / hi <= gpu::kTiltDensityMin + 1e-3 || 1 / lo >= gpu::kTiltDensityMax - 1e-3));
    // The strata: an even stride, half of its residues in each.
    REQUIRE(p.cls_stride >= 2);
    CHECK(p.cls_stride % 2 == 0);
    CHECK(p.cls_stride <= gpu::kStrataStrideMax);
    CHECK(__builtin_popcountll(p.cls_mask) == p.cls_stride / 2);
  }
  // dist_fixed: the declared law exactly, neither tilt nor strata.
  v.buffers[0].dist_fixed = true;
  const gpu::Perturbation f = gpu::timed_perturbations(v, 7, false, true)[0];
  CHECK(f.tilt[0] == 0);
  CHECK(f.cls_stride == 0);
}
