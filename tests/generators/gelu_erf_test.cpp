// bias_gelu's branch-free GELU (problems/bias_gelu/include/gelu_erf.cuh, the rows variant's
// ERF 1) on the CPU: the header's own arithmetic, with its two approximate operations
// (rcp.approx, ex2.approx on the GPU) perturbed by twice their PTX ISA worst relative error in
// both directions, against the exact GELU in double, over every float step of 1e-4 in
// [-30, 30]. The bound is bias_gelu's fp32 tolerance from its problem.yaml, which the GPU gate
// applies (atol + rtol |ref|); the header claims a 3x margin, so that is what is held to.
#include "gelu_erf.cuh"

#include <doctest/doctest.h>

#include <cmath>

#include "generators/problem_spec.h"
#include "test_support.h"

namespace {

double exact_gelu(float v) {
  const double d = v;
  return 0.5 * d * (1.0 + std::erf(d * 0.70710678118654752440));
}

struct Worst {
  double ratio = 0;  // error / tolerance
  float at = 0;
};

template <class F>
Worst sweep(F gelu, const solver::generators::Tolerance& tol) {
  Worst w;
  for (int i = -300000; i <= 300000; ++i) {
    const float v = float(i * 1e-4);
    const double ref = exact_gelu(v);
    const double ratio = std::fabs(double(gelu(v)) - ref) / (tol.atol + tol.rtol * std::fabs(ref));
    if (!(ratio <= w.ratio)) w = {ratio, v};  // a NaN is the worst
  }
  return w;
}

solver::generators::Tolerance fp32_tolerance() {
  auto p = solver::generators::load_problem(solver::generators::test::source_dir() +
                                            "/problems/bias_gelu");
  REQUIRE(p.tolerances.count("fp32"));
  return p.tolerances.at("fp32");
}

}  // namespace

TEST_CASE("gelu_rational is within a third of bias_gelu's fp32 tolerance at every v") {
  const auto tol = fp32_tolerance();
  const float e = 2.0f * 4.77e-7f;  // twice ex2.approx's 2^-22 (rcp.approx: 2^-23)
  for (float rcp : {1.0f, 1.0f + e, 1.0f - e})
    for (float ex2 : {1.0f, 1.0f + e, 1.0f - e}) {
      gelu_host_rcp_scale = rcp;
      gelu_host_ex2_scale = ex2;
      const Worst w = sweep(gelu_rational, tol);
      CHECK_MESSAGE(w.ratio < 1.0 / 3, "rcp x" << rcp << " ex2 x" << ex2 << ": error " << w.ratio
                                               << " of the tolerance at v = " << w.at);
    }
  gelu_host_rcp_scale = gelu_host_ex2_scale = 1.0f;
}

TEST_CASE("gelu_rational: zero, the positive tail exact, the negative tail 100x under atol") {
  CHECK(gelu_rational(0.0f) == 0.0f);
  CHECK(gelu_rational(12.0f) == 12.0f);  // erfc(8.5) underflows: v exactly
  CHECK(gelu_rational(-12.0f) <= 0.0f);  // and 0 (or a denormal) below
  CHECK(gelu_rational(-12.0f) > -1e-30f);
  // A&S 7.1.26's error is absolute (it carries exp(-x^2)): deep in the negative tail the value
  // is tiny and so is its error, far below the tolerance's atol (1e-6).
  for (float v : {-5.0f, -7.0f, -9.0f}) CHECK(std::fabs(gelu_rational(v) - exact_gelu(v)) < 1e-8);
  // Odd part: gelu(v) - gelu(-v) = v.
  for (float v : {0.3f, 1.7f, 4.2f})
    CHECK(gelu_rational(v) - gelu_rational(-v) == doctest::Approx(v));
}

TEST_CASE("the erff GELU (ERF 0) is within the tolerance too: the sweep can tell them apart") {
  const auto tol = fp32_tolerance();
  CHECK(sweep(gelu_erff, tol).ratio < 0.25);
  // A GELU off by 1e-6 absolute (erf off by ~2e-6 near v = 1) fails the same sweep.
  CHECK(sweep([](float v) { return gelu_erff(v) + 2e-6f; }, tol).ratio > 1.0);
}
