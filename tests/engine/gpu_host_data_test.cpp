// The correctness gate's host-side rules (engine/gpu/host_data.cpp), which need no GPU: the
// element comparison, NaN/Inf handling, dtype conversions and seeded input generation.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "engine/gpu/host_data.h"

using namespace solver;
using gpu::compare;

namespace {
generators::Tolerance tol(double rtol, double atol) { return {rtol, atol}; }
}  // namespace

TEST_CASE("an element passes within atol + rtol*|ref| and fails just outside it") {
  auto c = compare({1.0 + 1.5e-4}, {1.0}, tol(1e-4, 1e-4));  // bound 2e-4
  CHECK(c.ok);
  c = compare({1.0 + 2.5e-4}, {1.0}, tol(1e-4, 1e-4));
  CHECK_FALSE(c.ok);
  CHECK(c.first_bad == 0);
  CHECK(c.max_abs_err == doctest::Approx(2.5e-4));
}

TEST_CASE("NaN and Inf never pass, and the first failing index is reported") {
  double nan = std::numeric_limits<double>::quiet_NaN();
  double inf = std::numeric_limits<double>::infinity();
  auto c = compare({1.0, nan, 3.0, inf}, {1.0, 2.0, 3.0, 4.0}, tol(1e9, 1e9));
  CHECK_FALSE(c.ok);
  CHECK(c.failures == 2);
  CHECK(c.first_bad == 1);
  CHECK(std::isnan(c.max_abs_err));
  // A NaN reference is no licence either.
  CHECK_FALSE(compare({nan}, {nan}, tol(1, 1)).ok);
  CHECK_FALSE(compare({1.0, 2.0}, {1.0}, tol(1, 1)).ok);  // size mismatch
}

TEST_CASE("a failure is described with row-major coordinates") {
  auto c = compare({0, 0, 0, 0, 0, 9}, {0, 0, 0, 0, 0, 1}, tol(0, 0));
  std::string d = c.describe("C", {2, 3});
  CHECK(d.find("C[5] (at 1 2)") != std::string::npos);
  CHECK(d.find("1 element(s)") != std::string::npos);
}

TEST_CASE("seeded inputs are reproducible, differ by seed and by buffer, and respect dtype") {
  generators::ResolvedBuffer b;
  b.name = "A";
  b.dtype = generators::DType::F32;
  b.elements = 3 * (1 << 20) + 17;  // several generator chunks and a ragged tail
  b.init = {"uniform", -1.0, 1.0};
  std::vector<double> as_double;
  auto one = gpu::make_input(b, 42, &as_double);
  auto two = gpu::make_input(b, 42);
  CHECK(one == two);
  CHECK(gpu::make_input(b, 43) != one);
  generators::ResolvedBuffer other = b;
  other.name = "B";
  CHECK(gpu::make_input(other, 42) != one);
  auto values = gpu::to_doubles(one, b.dtype);
  REQUIRE(values.size() == size_t(b.elements));
  CHECK(values == as_double);  // the float64 copy is exactly what the kernel sees
  double lo = 1, hi = -1;
  for (double v : values) { lo = std::min(lo, v); hi = std::max(hi, v); }
  CHECK(lo >= -1.0);
  CHECK(hi < 1.0);
  CHECK(hi - lo > 1.9);  // spread over the range, not constant
}

TEST_CASE("half-precision conversions round to nearest and survive the round trip") {
  generators::ResolvedBuffer b;
  b.name = "h";
  b.dtype = generators::DType::F16;
  b.elements = 1000;
  b.init = {"normal", 0.0, 3.0};
  std::vector<double> as_double;
  auto bytes = gpu::make_input(b, 7, &as_double);
  CHECK(gpu::to_doubles(bytes, b.dtype) == as_double);
  CHECK(gpu::half_bits(1.0) == 0x3c00);
  CHECK(gpu::half_bits(-2.0) == 0xc000);
  CHECK(gpu::bf16_bits(1.0) == 0x3f80);
  CHECK(gpu::derive_seeds(5, 3).size() == 3);
  CHECK(gpu::derive_seeds(5, 3) == gpu::derive_seeds(5, 3));
  CHECK(gpu::derive_seeds(5, 2)[0] != gpu::derive_seeds(5, 2)[1]);
}
