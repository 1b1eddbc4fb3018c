// The tolerance lint (engine/backend/gpu/sample_lint.h; red team 7's offlaw_lgamma_sample):
// the odd-from-even echo of a law input, and whether a problem's tolerance tells the
// reference on it from the reference on the set. The references here are host sums and
// element-wise maps standing for the device's: the lint's arithmetic, not the device's.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "engine/backend/gpu/sample_lint.h"

using namespace solver;
using generators::DType;

namespace {

generators::ResolvedBuffer law_buffer(int64_t n, generators::InitDist init, DType d = DType::F32) {
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = d;
  b.role = generators::BufferRole::In;
  b.init = init;
  b.elements = n;
  b.bytes = n * int64_t(generators::dtype_size(d));
  b.shape = {n};
  return b;
}

gpu::HostInput floats(const std::vector<float>& v) {
  gpu::HostInput in;
  in.size = v.size() * 4;
  in.data.reset(new unsigned char[in.size]);
  std::memcpy(in.data.get(), v.data(), in.size);
  return in;
}

std::vector<float> as_floats(const gpu::HostInput& in) {
  std::vector<float> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

// "References": the float64 sum of f(x) (one output) or f(x) element-wise.
std::vector<gpu::HostDoubles> reduce(const std::vector<float>& x, double (*f)(double)) {
  gpu::HostDoubles out(1, 0.0);
  for (float v : x) out[0] += f(v);
  return {out};
}
std::vector<gpu::HostDoubles> map(const std::vector<float>& x, double (*f)(double)) {
  gpu::HostDoubles out(x.size());
  for (size_t i = 0; i < x.size(); ++i) out[i] = f(x[i]);
  return {out};
}
double identity(double x) { return x; }
double log_beta(double x) {
  return std::lgamma(x + 4) + std::lgamma(x + 2) - std::lgamma(2 * x + 6);
}

}  // namespace

TEST_CASE("sample lint: the echo copies every odd element from its even neighbour") {
  const auto b = law_buffer(5, {"uniform", 0.5, 1.5});
  const auto echo = gpu::echo_odd_positions(b, floats({1, 2, 3, 4, 5}));
  CHECK(as_floats(*echo) == std::vector<float>{1, 1, 3, 3, 5});
  // Which inputs it echoes: float law inputs, not dist_fixed, not integers, not structures.
  CHECK(gpu::sample_echoed(b));
  CHECK(gpu::sample_echoed(law_buffer(8, {"normal", 0, 1})));
  auto fixed = b;
  fixed.dist_fixed = true;
  CHECK_FALSE(gpu::sample_echoed(fixed));
  CHECK_FALSE(gpu::sample_echoed(law_buffer(8, {"uniform", 0, 9}, DType::I32)));
  CHECK_FALSE(gpu::sample_echoed(law_buffer(8, {"sorted", 0, 1})));
  CHECK_FALSE(gpu::sample_echoed(law_buffer(8, {"constant", 1, 0})));
}

TEST_CASE("sample lint: a long sum of an offset law at rtol 1e-4 admits a 1-in-2 sample") {
  // redteam7_offlaw_lgamma_sample's law at 2^20 instead of 2^26: the share is sqrt(n) sd over
  // rtol n mean, so rtol 8e-4 here is what rtol 1e-4 is at 2^26 (64x fewer terms, 8x the rtol).
  const int64_t n = 1 << 20;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<float> law(0.5f, 1.5f);
  std::vector<float> x(static_cast<size_t>(n));
  for (auto& v : x) v = law(rng);
  const auto b = law_buffer(n, {"uniform", 0.5, 1.5});
  const auto echo = as_floats(*gpu::echo_odd_positions(b, floats(x)));
  const generators::Tolerance loose{8e-4, 1.0};
  for (auto f : {&identity, &log_beta}) {
    const double share = gpu::tolerance_share(reduce(x, f), reduce(echo, f), loose);
    MESSAGE("share of the tolerance: ", share);
    CHECK(share < 1);
    const std::string note = gpu::sample_lint_note(share, "x");
    CHECK(note.rfind(gpu::kSampleLintMarker, 0) == 0);
    CHECK(note.find("odd position of x") != std::string::npos);
    CHECK(note.find("; ") == std::string::npos);  // one narrowed check: no "; " inside
    // A tolerance under the share tells them apart: the lint is silent.
    const generators::Tolerance tight{8e-4 * share / 2, 0};
    CHECK(gpu::tolerance_share(reduce(x, f), reduce(echo, f), tight) > 1);
    CHECK(gpu::sample_lint_note(gpu::tolerance_share(reduce(x, f), reduce(echo, f), tight), "x")
              .empty());
  }
  // An element-wise output sees every odd element change: outside a tolerance smaller than
  // the law's spread (atol 1 on values in [0.5, 1.5) admits anything, and the lint says so).
  const generators::Tolerance elementwise{1e-4, 1e-5};
  CHECK(gpu::tolerance_share(map(x, &identity), map(echo, &identity), elementwise) > 1);
  CHECK(gpu::tolerance_share(map(x, &identity), map(echo, &identity), loose) <= 1);
  CHECK(gpu::sample_lint_note(2.0, "x").empty());
}

TEST_CASE("sample lint: shapes that differ or values that are not finite never pass") {
  const generators::Tolerance t{1e-4, 1};
  CHECK(
      std::isinf(gpu::tolerance_share({gpu::HostDoubles(2, 1.0)}, {gpu::HostDoubles(3, 1.0)}, t)));
  CHECK(
      std::isinf(gpu::tolerance_share({gpu::HostDoubles(1, NAN)}, {gpu::HostDoubles(1, NAN)}, t)));
  CHECK(gpu::tolerance_share({gpu::HostDoubles(1, 5.0)}, {gpu::HostDoubles(1, 5.0)}, t) == 0);
}
