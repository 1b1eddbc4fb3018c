// Infinite references (helper hon21, issue 28: "0 honest refused"). An honest kernel's exact
// answer may be an infinity its float64 reference holds too: PyTorch's causal log_softmax writes
// -inf at every masked key (log 0; tests/cheats/control_hon21_causal_log_softmax) and
// x.erfinv_() writes -inf where x = -1 (control_hon21_erfinv_normal_inplace). The comparison
// (host_data.h compare, and the device's compare_source.cpp, held to it by
// gpu_compare_emulation_test) refused every non-finite output, so both seeds were refused on
// every set holding one. Here, on the harness's own input sets: how often the gate's regular sets
// hold such a value, and that the comparison now passes the same infinity and nothing else.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/sequence_plan.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

// The float64 reference of sqrt(2) erfinv(x) where it is infinite, and a stand-in elsewhere (the
// kernels' finite values agree with it within their tolerance; only the infinities matter here).
void erfinv_like(const unsigned char* bytes, int64_t n, std::vector<float>& out,
                 std::vector<double>& ref, int64_t& minus_ones) {
  out.resize(size_t(n));
  ref.resize(size_t(n));
  std::memcpy(out.data(), bytes, size_t(n) * 4);
  minus_ones = 0;
  for (int64_t i = 0; i < n; ++i) {
    const float x = out[size_t(i)];
    if (std::fabs(x) == 1.f) {
      ++minus_ones;
      out[size_t(i)] = std::copysign(INFINITY, x);  // both kernels' answer (erfinvf, Giles + ends)
      ref[size_t(i)] = std::copysign(double(INFINITY), double(x));
    } else {
      ref[size_t(i)] = double(x);
    }
  }
}

}  // namespace

TEST_CASE("hon21: the gate's regular sets of U[-1, 1) at 2^24 values hold -1.0f, erfinv's -inf") {
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, int64_t(1) << 24, {"uniform", -1, 1},
                                 generators::BufferRole::InOut)};
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-6;
  // The worker's standing seeds (Worker::standing_seeds: derive_seeds(0x5eed2026, n)): the sets
  // every gate verifies on, the same for every worker and problem of this shape.
  const std::vector<uint64_t> seeds = gpu::derive_seeds(0x5eed2026, engine::kRotationSets);
  int64_t total = 0;
  int sets_with = 0;
  for (uint64_t seed : seeds) {
    gpu::HostSet s = gpu::regular_set(v, seed, nullptr);
    std::vector<float> out;
    std::vector<double> ref;
    int64_t ones = 0;
    erfinv_like(s.inputs[0]->data.get(), v.buffers[0].elements, out, ref, ones);
    const gpu::Comparison c =
        gpu::compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F32,
                     int64_t(out.size()), ref.data(), int64_t(ref.size()), tol, 0);
    CHECK(c.ok);  // main: refused wherever ones > 0 (a non-finite output never passed)
    MESSAGE("standing set " << seed << ": " << ones << " value(s) at +-1.0f");
    total += ones;
    sets_with += ones > 0;
  }
  // A float64 draw of U[-1, 1) rounds to -1.0f with probability 2^-26: 2^24 values hold one
  // with probability 1 - e^-0.25 = 0.22 a set. What these seeds give (deterministic):
  MESSAGE(sets_with << " of " << seeds.size() << " standing sets hold +-1.0f (" << total << ")");
}

TEST_CASE("hon21: an output equal to an infinite reference passes; the lint reads it as unmoved") {
  // A causal log_softmax row (query 1 of 4 keys): two masked keys are -inf in both.
  const std::vector<double> ref{-0.31326168751822286, -1.3132616875182228, -INFINITY, -INFINITY};
  std::vector<float> out{-0.3132617f, -1.3132617f, -INFINITY, -INFINITY};
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1e-5;
  auto bytes = [](const std::vector<float>& v) {
    return reinterpret_cast<const unsigned char*>(v.data());
  };
  CHECK(gpu::compare(bytes(out), DType::F32, 4, ref.data(), 4, tol, 1).ok);  // main: refused
  // +inf for -inf, a finite value, NaN (the unwritten output's fill): refused.
  for (float wrong : {INFINITY, -3.4e38f, std::nanf("")}) {
    std::vector<float> bad = out;
    bad[2] = wrong;
    const gpu::Comparison c = gpu::compare(bytes(bad), DType::F32, 4, ref.data(), 4, tol, 1);
    CHECK_FALSE(c.ok);
    CHECK(c.first_bad == 2);
  }
  // The lint's element shares: an element -inf in a set's reference and in its echo's was not
  // moved by the echo (0), as an equal finite one (main: infinity, "told apart").
  std::vector<gpu::HostDoubles> base{gpu::HostDoubles(ref.begin(), ref.end())};
  std::vector<gpu::HostDoubles> echo = base;
  echo[0][1] = -1.5;
  const auto shares = gpu::element_shares(base, echo, std::vector<generators::Tolerance>{tol});
  REQUIRE(shares.size() == 1);
  CHECK(shares[0][0] == 0);
  CHECK(shares[0][1] > 1000);
  CHECK(shares[0][2] == 0);  // main: inf
  CHECK(shares[0][3] == 0);
  echo[0][3] = -2.0;  // a masked key that the echo unmasked: moved, told apart
  CHECK(std::isinf(gpu::element_shares(base, echo, std::vector<generators::Tolerance>{tol})[0][3]));
}
