// The tolerance lint per (input, output) pair (engine/backend/gpu/input_lint.h, helper h28y;
// red team 25's tests/cheats/redteam25_twin_loud_input). Its own ctest, input_lint_test.
// The folder's problem at 2^20 values of x (its 2^26 take minutes: red25_twin_loud_sim), on the
// harness's own set code (regular_set, echo_positions, tolerance_shares), rtol 1e-3 so that x's
// echo alone stays inside out's tolerance at this size as it does at 2^26 and rtol 1e-4 (0.152):
//   out = sum log B(x + 4, x + 2) + sum z,  chunk_mean[c] = the mean of x over chunk c,
// x: uniform [0.5, 1.5), z: 16 values of uniform [0, 3e5).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"
#include "host_floats.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int64_t kChunk = 32768;

double lbeta(double v) {
  return std::lgamma(v + 4.0) + std::lgamma(v + 2.0) - std::lgamma(2.0 * v + 6.0);
}

// The reference: out (one value) and chunk_mean.
std::vector<gpu::HostDoubles> twin(const std::vector<float>& x, const std::vector<float>& z) {
  std::vector<gpu::HostDoubles> o(2);
  o[0].assign(1, 0.0);
  o[1].assign(x.size() / kChunk, 0.0);
  for (size_t c = 0; c < o[1].size(); ++c) {
    double m = 0;
    for (int64_t i = 0; i < kChunk; ++i) {
      const float v = x[c * kChunk + size_t(i)];
      o[0][0] += lbeta(double(v));
      m += v;
    }
    o[1][c] = m / kChunk;
  }
  for (float v : z) o[0][0] += double(v);
  return o;
}

generators::Tolerance tol_of(double rtol, double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

}  // namespace

TEST_CASE(
    "lint per pair: redteam25_twin_loud_input's x is refused for out, and a declaration "
    "excuses it") {
  const int64_t n = int64_t(1) << 20;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5}),
               test::flat_buffer("z", DType::F32, 16, {"uniform", 0, 3e5})};
  const generators::Tolerance tol = tol_of(1e-3, 1e-6);
  const std::vector<std::string> outputs = {"out", "chunk_mean"};
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  const std::vector<float> x0 = test::as_floats(*set0.inputs[0]),
                           z0 = test::as_floats(*set0.inputs[1]);
  const auto want = twin(x0, z0);
  // Set 0's shares, each output on its own: every input echoed (-1), x alone (0), z alone (1).
  std::vector<gpu::SetShare> all{gpu::SetShare{"set 0", 0, {0.0, 0.0}}};
  std::vector<gpu::InputShares> alone{{"x", false, {gpu::SetShare{"set 0", 0, {0.0, 0.0}}}},
                                      {"z", false, {gpu::SetShare{"set 0", 0, {0.0, 0.0}}}}};
  for (const gpu::EchoPattern& e : gpu::echo_patterns())
    for (int only : {-1, 0, 1}) {
      std::vector<float> x = x0, z = z0;
      if (only != 1)
        x = test::as_floats(*gpu::echo_positions(v.buffers[0], *set0.inputs[0], e.parity, e.block));
      if (only != 0)
        z = test::as_floats(*gpu::echo_positions(v.buffers[1], *set0.inputs[1], e.parity, e.block));
      const auto sh = gpu::tolerance_shares(want, twin(x, z), tol);
      gpu::SetShare& s = only < 0 ? all[0] : alone[size_t(only)].sets[0];
      for (size_t k = 0; k < 2; ++k) {
        s.outputs[k] = std::max(s.outputs[k], sh[k]);
        s.share = std::max(s.share, s.outputs[k]);
      }
    }
  MESSAGE("every input: out " << all[0].outputs[0] << ", chunk_mean " << all[0].outputs[1]
                              << "; x alone: out " << alone[0].sets[0].outputs[0] << ", chunk_mean "
                              << alone[0].sets[0].outputs[1] << "; z alone: out "
                              << alone[1].sets[0].outputs[0]);
  // The all-input lint tells both outputs apart (z's echo for out): no refusal there.
  CHECK(all[0].outputs[0] > 10);
  CHECK(all[0].outputs[1] > 1);
  CHECK(gpu::sample_lint_verdict(all, "x, z", tol, outputs).refusal.empty());
  // x alone: inside out's tolerance, told apart on chunk_mean; z alone tells out apart and does
  // not move chunk_mean.
  CHECK(alone[0].sets[0].outputs[0] > 0);
  CHECK(alone[0].sets[0].outputs[0] <= 1);
  CHECK(alone[0].sets[0].outputs[1] > 1);
  CHECK(alone[1].sets[0].outputs[0] > 10);
  CHECK(alone[1].sets[0].outputs[1] == 0);
  // h28z's per-input rule excused x for out (it tells chunk_mean apart); per pair it is refused,
  // naming the pair, its share and both remedies.
  const gpu::SampleLintVerdict each = gpu::input_lint_verdict(alone, all, tol, outputs);
  MESSAGE(each.refusal);
  REQUIRE_FALSE(each.refusal.empty());
  CHECK(each.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(each.refusal.find("x's echo alone moves out by 0.") != std::string::npos);
  CHECK(each.refusal.find("x alone tells chunk_mean apart") != std::string::npos);
  CHECK(each.refusal.find("z's echo") == std::string::npos);
  CHECK(each.refusal.find("tighten rtol and atol") != std::string::npos);
  CHECK(each.refusal.find("`blind_to: [x]` on out") != std::string::npos);
  // Declared on out, the pair is excused; the note names it and where it was declared.
  const std::vector<gpu::BlindDeclared> decl{{"out", "x", "problem.yaml:9:41"}};
  const gpu::SampleLintVerdict ok = gpu::input_lint_verdict(alone, all, tol, outputs, {}, decl);
  CHECK(ok.refusal.empty());
  CHECK(ok.note.find("x alone moves out by 0.") != std::string::npos);
  CHECK(ok.note.find("(declared blind_to at problem.yaml:9:41)") != std::string::npos);
  // Declared where it does not hold (x alone tells chunk_mean apart, z alone tells out apart):
  // a refusal naming the declaration's place.
  for (const gpu::BlindDeclared& wrong :
       {gpu::BlindDeclared{"chunk_mean", "x", "problem.yaml:10:30"},
        gpu::BlindDeclared{"out", "z", "problem.yaml:9:41"}}) {
    const auto bad = gpu::input_lint_verdict(alone, all, tol, outputs, {}, {decl[0], wrong});
    INFO(bad.refusal);
    CHECK(bad.refusal.find(wrong.where + ": " + wrong.output + " declares blind_to " + wrong.input +
                           ", but " + wrong.input + "'s echo alone tells " + wrong.output +
                           " apart") != std::string::npos);
  }
  // An input that does not move the output (z on chunk_mean): a declaration of nothing, refused.
  const auto none = gpu::input_lint_verdict(
      alone, all, tol, outputs, {},
      {decl[0], gpu::BlindDeclared{"chunk_mean", "z", "problem.yaml:10:34"}});
  CHECK(none.refusal.find("problem.yaml:10:34: chunk_mean declares blind_to z, but z's echo "
                          "alone moves chunk_mean by nothing") != std::string::npos);
  // dist_fixed x: excused for every output, as before.
  alone[0].dist_fixed = true;
  const auto fixed = gpu::input_lint_verdict(alone, all, tol, outputs);
  CHECK(fixed.refusal.empty());
  CHECK(fixed.note.find("x alone moves out by 0.") != std::string::npos);
  CHECK(fixed.note.find("(dist_fixed)") != std::string::npos);
}
