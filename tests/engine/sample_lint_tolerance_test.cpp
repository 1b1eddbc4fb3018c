// The tolerance lint and the comparison with an output's own tolerance (issue 28, helper h28v):
// vLLM's per-token int8 quantisation (tests/cheats/control_hon19_int8_dyn_quant) has codes q,
// held to atol 1 (a rounding tie of x * 127 / absmax may go either way), and a scale absmax /
// 127 of ~0.035. One tolerance for both admitted anything for scale, and the lint refused the
// honest control live (H100, 2026-12-05c call3); scale's own tolerance tells its echo apart.
// Part of sample_lint_test. The references are host loops standing for the device's.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/sample_lint.h"

using namespace solver;

namespace {

constexpr int kRows = 64, kCols = 256;

// The float64 reference of the quantisation: q and scale of every row of x.
std::vector<gpu::HostDoubles> quantise(const std::vector<float>& x) {
  gpu::HostDoubles q(x.size()), scale(kRows);
  for (int r = 0; r < kRows; ++r) {
    double m = 0;
    for (int c = 0; c < kCols; ++c) m = std::max(m, std::fabs(double(x[r * kCols + c])));
    scale[r] = m / 127;
    for (int c = 0; c < kCols; ++c)
      q[r * kCols + c] = std::nearbyint(std::clamp(x[r * kCols + c] * 127 / m, -127.0, 127.0));
  }
  return {q, scale};
}

// The lint's echo: every odd position copied from its even neighbour.
std::vector<float> echo(std::vector<float> x) {
  for (size_t i = 1; i < x.size(); i += 2) x[i] = x[i - 1];
  return x;
}

std::vector<float> normal_data(uint64_t seed) {
  std::mt19937_64 g(seed);
  std::normal_distribution<float> n(0, 1);
  std::vector<float> x(kRows * kCols);
  for (float& v : x) v = n(g);
  return x;
}

const generators::Tolerance kShared{1e-6, 1};    // hon19's one tolerance (q needs atol 1)
const generators::Tolerance kScale{1e-6, 1e-9};  // scale's own: one FP32 division

}  // namespace

TEST_CASE("h28v: scale's own tolerance tells the echo apart where the shared one admits it") {
  const std::vector<std::string> outputs{"q", "scale"};
  std::vector<gpu::SetShare> shared, own;
  for (uint64_t seed : {1u, 2u}) {
    const std::vector<float> x = normal_data(seed);
    const auto base = quantise(x), echoed = quantise(echo(x));
    const std::string set = seed == 1 ? "set 0" : "the fresh set";
    const auto one = gpu::tolerance_shares(base, echoed, kShared);
    const auto each = gpu::tolerance_shares(base, echoed, std::vector{kShared, kScale});
    REQUIRE(one.size() == 2);
    REQUIRE(each.size() == 2);
    // q's share is the same under both (its tolerance did not change); scale's share under the
    // shared atol 1 is a fraction (its row's absmax moves by ~1e-2 at most), under its own far
    // above 1.
    CHECK(each[0] == one[0]);
    CHECK(one[1] < 0.05);
    CHECK(each[1] > 1000);
    shared.push_back({set, std::max(one[0], one[1]), one});
    own.push_back({set, std::max(each[0], each[1]), each});
  }
  const auto refused = gpu::sample_lint_verdict(shared, "x", kShared, outputs);
  CHECK(refused.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(refused.refusal.find("for scale on every set") != std::string::npos);
  // The remedy names the blind output and the per-buffer tolerance that would answer it.
  CHECK(refused.refusal.find("for scale alone, in a `tolerance:` of its own under buffers") !=
        std::string::npos);
  CHECK(refused.refusal.find("; ") == std::string::npos);
  const auto kept = gpu::sample_lint_verdict(own, "x", kShared, outputs, {kShared, kScale});
  INFO(kept.refusal);
  CHECK(kept.refusal.empty());
  CHECK(kept.note.rfind("1-in-2 echo told apart for every output it moves", 0) == 0);
}

TEST_CASE("h28v: a blind output with its own tolerance: the remedy is sized on that tolerance") {
  // scale at its own (rtol 1e-3, atol 1e-3): blind; the remedy's figures are scale's, not q's.
  const generators::Tolerance loose{1e-3, 1e-3};
  const std::vector<gpu::SetShare> shares{{"set 0", 5, {5, 0.5}}, {"the fresh set", 4, {4, 0.4}}};
  const auto v = gpu::sample_lint_verdict(shares, "x", kShared, {"q", "scale"}, {kShared, loose});
  CHECK(v.refusal.find("scale's largest share 0.5 of its tolerance") != std::string::npos);
  CHECK(v.refusal.find("(rtol 0.001, atol 0.001: e.g. rtol <= 0.00025, atol <= 0.00025)") !=
        std::string::npos);
}

TEST_CASE("h28v: tolerance_shares refuses a tolerance list that does not match the outputs") {
  const std::vector<gpu::HostDoubles> a{{1.0}, {2.0}, {3.0}};
  const auto s = gpu::tolerance_shares(a, a, std::vector{kShared, kScale});
  REQUIRE(s.size() == 3);
  CHECK(std::isinf(s[0]));
  CHECK(gpu::tolerance_shares(a, a, std::vector<generators::Tolerance>{}).size() == 3);
}

TEST_CASE("h28v: the comparison at scale's own tolerance refuses what the shared one admits") {
  // A kernel whose scale is absmax / 128 (a different scale, codes unchanged): within atol 1,
  // out of scale's own tolerance on every row.
  const auto ref = quantise(normal_data(3));
  std::vector<double> got(ref[1].begin(), ref[1].end()), want = got;
  for (double& s : got) s = s * 127 / 128;
  CHECK(gpu::compare(got, want, kShared).ok);
  const gpu::Comparison c = gpu::compare(got, want, kScale);
  CHECK_FALSE(c.ok);
  CHECK(c.failures == kRows);
}
