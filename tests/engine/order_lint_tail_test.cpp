// Red team 26 (issue 28): the tolerance lint on an order-free output with a count
// (order_view.h mark_uncounted; tests/cheats/redteam26_counted_tail_sum). Part of sample_lint_test.
// The folder's problem at 2^20 values of x (64 segments of 16,384; the folder has 1,024):
//   for each segment s with active[s] = 1, in the order its atomic slot gives: seg = s and
//   sums = the sum over the segment of log B(x + 4, x + 2); n_out = how many. x: uniform
//   [0.5, 1.5), rtol 1e-2. seg is the lead (order: free, count: n_out), sums follows it.
// The reference leaves each slot past n_out unwritten, as an atomic compaction does: its 0xFF
// poison, NaN once read back into float64. NaN is unequal to itself, so before mark_uncounted
// every echo's share of seg and sums was infinite at those slots: both outputs "told apart"
// whatever the counted sums showed, and the lint passed a tolerance that admits a sampler of
// half the segment (the counted sums move by ~0.25 of it under the echo).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"
#include "host_floats.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int64_t kSegment = 16384;

double lbeta(double v) {
  return std::lgamma(v + 4.0) + std::lgamma(v + 2.0) - std::lgamma(2.0 * v + 6.0);
}

// Segment s is active where bit 0 of a mix of s is set (the folder's mask input, fixed here: the
// lint did not echo masks when this was written; since h28s it does, and x's echo alone is what
// this test judges).
bool active(int64_t s) { return ((uint64_t(s) * 0x9e3779b97f4a7c15ull) >> 63) != 0; }

// The reference as read back: seg, sums and n_out in float64 slots, the slots past the count
// holding the poison's bytes (all set: NaN); the active segments in descending order (an atomic
// slot order, which the view sorts away).
std::vector<gpu::HostDoubles> reference(const std::vector<float>& x, int64_t segments) {
  std::vector<gpu::HostDoubles> o(3);
  double poison;
  const uint64_t ones = ~uint64_t(0);
  std::memcpy(&poison, &ones, 8);
  o[0].assign(size_t(segments), poison);
  o[1].assign(size_t(segments), poison);
  o[2].assign(1, 0.0);
  size_t at = 0;
  for (int64_t s = segments; s-- > 0;) {
    if (!active(s)) continue;
    double v = 0;
    for (int64_t i = 0; i < kSegment; ++i) v += lbeta(double(x[size_t(s * kSegment + i)]));
    o[0][at] = double(s);
    o[1][at] = v;
    ++at;
  }
  o[2][0] = double(at);
  return o;
}

generators::ResolvedVariant problem(int64_t n, int64_t segments) {
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5}),
               test::flat_buffer("seg", DType::I32, segments, {}, generators::BufferRole::Out),
               test::flat_buffer("sums", DType::F32, segments, {}, generators::BufferRole::Out),
               test::flat_buffer("n_out", DType::I32, 1, {}, generators::BufferRole::Out)};
  v.buffers[1].order_lead = 1;
  v.buffers[1].order_count = 3;
  v.buffers[2].order_lead = 1;
  v.buffers[3].is_count = true;
  return v;
}

// The view every reader of a reference sees (Worker::run_reference).
void view(const generators::ResolvedVariant& v, std::vector<gpu::HostDoubles>& ref) {
  std::vector<double*> data;
  for (gpu::HostDoubles& o : ref) data.push_back(o.data());
  gpu::order_reference(v, {1, 2, 3}, data);
}

generators::Tolerance tol_of(double rtol, double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

}  // namespace

TEST_CASE(
    "order view: a counted output's unwritten slots do not tell the lint's echo apart "
    "(redteam26_counted_tail_sum)") {
  const int64_t segments = 64, n = segments * kSegment;
  const generators::ResolvedVariant v = problem(n, segments);
  const generators::Tolerance tol = tol_of(1e-2, 1e-6);
  const std::vector<std::string> outputs = {"seg", "sums", "n_out"};
  const std::vector<generators::Tolerance> tols = {tol, tol, tol_of(0, 0)};  // the count: exact
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  const std::vector<float> x0 = test::as_floats(*set0.inputs[0]);
  std::vector<gpu::HostDoubles> base = reference(x0, segments);
  const int64_t counted = int64_t(base[2][0]);
  REQUIRE(counted > 8);
  REQUIRE(counted < segments);  // a tail exists
  view(v, base);
  // The view: the counted prefix sorted by seg, the tail one value (+infinity), on both sides.
  for (int64_t j = 1; j < counted; ++j) CHECK(base[0][size_t(j - 1)] < base[0][size_t(j)]);
  for (int64_t j = counted; j < segments; ++j) {
    CHECK(base[0][size_t(j)] == std::numeric_limits<double>::infinity());
    CHECK(base[1][size_t(j)] == std::numeric_limits<double>::infinity());
  }
  gpu::SetShare set{"set 0", 0, {0.0, 0.0, 0.0}};
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    std::vector<gpu::HostDoubles> echo = reference(
        test::as_floats(*gpu::echo_positions(v.buffers[0], *set0.inputs[0], e.parity, e.block)),
        segments);
    view(v, echo);
    const auto sh = gpu::tolerance_shares(base, echo, tols);
    for (size_t k = 0; k < 3; ++k) {
      set.outputs[k] = std::max(set.outputs[k], sh[k]);
      set.share = std::max(set.share, set.outputs[k]);
    }
  }
  MESSAGE("set 0, nine echoes: seg " << set.outputs[0] << ", sums " << set.outputs[1]
                                     << ", n_out " << set.outputs[2] << " (" << counted << " of "
                                     << segments << " counted)");
  // Before mark_uncounted: inf, inf (the NaN tails), and the lint passed.
  CHECK(set.outputs[0] == 0);  // x does not move which segments are counted
  CHECK(set.outputs[1] > 0);
  CHECK(set.outputs[1] < 1);  // the half-segment sampler's error is inside the tolerance
  CHECK(set.outputs[2] == 0);
  const gpu::SampleLintVerdict verdict = gpu::sample_lint_verdict({set}, "x", tol, outputs, tols);
  INFO(verdict.refusal);
  CHECK(verdict.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(verdict.refusal.find("sums") != std::string::npos);

  // An entry counted on one side only is still told apart (compare() fails it): the echo's
  // reference with its last counted entry dropped.
  std::vector<gpu::HostDoubles> shorter = reference(x0, segments);
  {
    double poison;
    const uint64_t ones = ~uint64_t(0);
    std::memcpy(&poison, &ones, 8);
    shorter[0][size_t(counted - 1)] = shorter[1][size_t(counted - 1)] = poison;
    shorter[2][0] = double(counted - 1);
  }
  view(v, shorter);
  const auto dropped = gpu::tolerance_shares(base, shorter, tols);
  CHECK(std::isinf(dropped[0]));
  CHECK(std::isinf(dropped[1]));
  CHECK(dropped[2] > 1);

  // The gate's comparison is unchanged: an honest candidate (f32 sums, another slot order, its
  // own tail unwritten) passes against the marked view at the counted prefix.
  std::vector<int32_t> seg(size_t(segments), -1);
  std::vector<float> sums(size_t(segments), std::nanf(""));
  const gpu::HostDoubles plain = reference(x0, segments)[1], ids = reference(x0, segments)[0];
  for (int64_t j = 0; j < counted; ++j) {  // reversed again: ascending
    seg[size_t(j)] = int32_t(ids[size_t(counted - 1 - j)]);
    sums[size_t(j)] = float(plain[size_t(counted - 1 - j)]);
  }
  int32_t count = int32_t(counted);
  std::vector<unsigned char*> cand = {reinterpret_cast<unsigned char*>(seg.data()),
                                      reinterpret_cast<unsigned char*>(sums.data()),
                                      reinterpret_cast<unsigned char*>(&count)};
  gpu::order_candidate(v, {1, 2, 3}, cand);
  const std::vector<int64_t> out_counts = {counted}, ref_counts = {counted};
  const gpu::RowValid valid{segments, out_counts.data(), ref_counts.data()};
  CHECK(gpu::compare(cand[0], DType::I32, segments, base[0].data(), segments, tol, 1, nullptr,
                     &valid)
            .ok);
  CHECK(gpu::compare(cand[1], DType::F32, segments, base[1].data(), segments, tol, 1, nullptr,
                     &valid)
            .ok);
}
