// Why the gate may make the heavy set's magnitude set only when the plain comparison fails
// (engine/backend/gpu/worker.cpp, check_outputs; issue 28's cost work): compare() with the
// reference on |inputs| only adds a non-negative term to every element's bound, and the
// errors it reports do not depend on the bound. So, over outputs that pass, fail, hold NaN or
// Inf, in float32 and float64, for strict and loose classes: a plain pass is a magnitude pass
// with the same figures, and a plain failure is decided by the magnitude comparison itself.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "engine/backend/gpu/host_data.h"

using namespace solver;
using generators::DType;

namespace {

std::vector<unsigned char> as_f32(const std::vector<double>& v) {
  std::vector<unsigned char> out(v.size() * 4);
  for (size_t i = 0; i < v.size(); ++i) {
    float f = float(v[i]);
    std::memcpy(out.data() + i * 4, &f, 4);
  }
  return out;
}

std::vector<unsigned char> as_f64(const std::vector<double>& v) {
  std::vector<unsigned char> out(v.size() * 8);
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

}  // namespace

TEST_CASE("magnitude bound: a plain pass is a magnitude pass, with the same reported errors") {
  std::mt19937_64 rng(2026);
  std::normal_distribution<double> z(0.0, 1.0);
  int plain_passes = 0, plain_failures = 0, rescued = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int64_t n = 1 + int64_t(rng() % 3000);
    // A reference that cancels (small |r|) next to its sum of |terms| (|m| >= |r|).
    std::vector<double> ref(static_cast<size_t>(n)), mag(ref.size()), out(ref.size());
    const double noise = std::ldexp(1.0, -int(rng() % 30));  // 1 .. 2^-29
    for (int64_t i = 0; i < n; ++i) {
      ref[size_t(i)] = z(rng) * std::ldexp(1.0, int(rng() % 8) - 4);
      mag[size_t(i)] = std::fabs(ref[size_t(i)]) * (1 + std::fabs(z(rng)) * 100);
      out[size_t(i)] = ref[size_t(i)] + z(rng) * noise * mag[size_t(i)];
    }
    if (trial % 7 == 0) out[size_t(rng() % uint64_t(n))] = std::numeric_limits<double>::quiet_NaN();
    if (trial % 11 == 0) out[size_t(rng() % uint64_t(n))] = std::numeric_limits<double>::infinity();
    generators::Tolerance tol;
    tol.rtol = trial % 2 ? 1e-4 : 5e-3;  // strict (the magnitude term capped) and loose
    tol.atol = trial % 3 ? 1e-6 : 0.0;
    for (DType dt : {DType::F32, DType::F64}) {
      auto bytes = dt == DType::F32 ? as_f32(out) : as_f64(out);
      auto plain = gpu::compare(bytes.data(), dt, n, ref.data(), n, tol, 1, nullptr);
      auto scaled = gpu::compare(bytes.data(), dt, n, ref.data(), n, tol, 1, mag.data());
      CAPTURE(trial);
      // The figures never depend on the bound.
      CHECK(same(plain.max_abs_err, scaled.max_abs_err));
      CHECK(same(plain.max_rel_err, scaled.max_rel_err));
      // Every element the magnitude bound refuses, the plain one refuses too.
      CHECK(scaled.failures <= plain.failures);
      if (plain.ok) {
        ++plain_passes;
        CHECK(scaled.ok);
      } else {
        ++plain_failures;
        rescued += scaled.ok;
      }
    }
  }
  // The cases above reach every branch: passes, failures, and failures the magnitude bound
  // lets through (the honest cancelling sums the lazy path exists for).
  CHECK(plain_passes > 50);
  CHECK(plain_failures > 50);
  CHECK(rescued > 10);
}
