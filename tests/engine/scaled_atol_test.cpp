// An exponent-range set's atol is the declared atol times the set's scale, but not below the
// output format's own rounding in its subnormal range (engine/backend/gpu/scaled_atol.h; helper
// hon22, issue 28). x.half() of U[-1, 1) (tests/cheats/control_hon22_imath_half_elut): the gate's
// exponent-range-down set (input_sets' derived_set, the worker's own) puts the largest value at
// 2^-3 under an fp16 class and at 2^-17 under fp32, where FP16 holds values under 2^-14 as
// subnormals 2^-24 apart, so a round-to-nearest conversion errs by up to 2^-25 there while
// atol x scale is 1.25e-8 (atol 1e-7, fp16) or 7.6e-9 (atol 1e-3, fp32): the honest conversion
// passed the regular set and failed the down set.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/scaled_atol.h"
#include "flat_buffer.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

constexpr int64_t kN = int64_t(1) << 20;

generators::ResolvedVariant cast_problem(const std::string& precision) {
  generators::ResolvedVariant v;
  v.precision = precision;
  v.buffers = {test::flat_buffer("x", DType::F32, kN, {"uniform", -1, 1}),
               test::flat_buffer("y", DType::F16, kN, {}, BufferRole::Out)};
  return v;
}

struct Cast {
  std::vector<double> ref;     // the reference: x itself
  std::vector<uint16_t> half;  // an honest kernel's output: x rounded to FP16, to nearest
  double scale = 1;            // the set's outputs over set 0's (a power of two)
};

Cast cast_of(const gpu::HostSet& set, const gpu::HostSet& base) {
  Cast c;
  const float* x = reinterpret_cast<const float*>(set.inputs[0]->data.get());
  const float* x0 = reinterpret_cast<const float*>(base.inputs[0]->data.get());
  for (int64_t i = 0; i < kN; ++i) {
    c.ref.push_back(double(x[i]));
    c.half.push_back(gpu::half_bits(double(x[i])));
    if (c.scale == 1 && x0[i] != 0) c.scale = std::fabs(double(x[i]) / double(x0[i]));
  }
  return c;
}

gpu::Comparison check(const std::vector<uint16_t>& out, const std::vector<double>& ref, double rtol,
                      double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return gpu::compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F16, kN,
                      ref.data(), kN, t, 1);
}

}  // namespace

TEST_CASE("hon22: an FP16 output's subnormal rounding on the exponent-range-down set") {
  for (const char* precision : {"fp16", "fp32"}) {
    CAPTURE(precision);
    const double rtol = 1e-3, atol = std::string(precision) == "fp16" ? 1e-7 : 1e-3;
    const generators::ResolvedVariant v = cast_problem(precision);
    const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(0x5eed2026, 3)[0], nullptr);
    const Cast regular = cast_of(set0, set0);
    // The regular set: the honest conversion passes at the declared atol.
    CHECK(check(regular.half, regular.ref, rtol, atol).ok);
    const auto down = gpu::derived_set(v, set0, gpu::SetKind::ExponentDown, 12);
    REQUIRE(down.has_value());
    const Cast d = cast_of(*down, set0);
    CHECK(d.scale == (std::string(precision) == "fp16" ? 0.125 : std::ldexp(1.0, -17)));
    // atol x scale alone (main's set_tolerance): the same honest conversion fails.
    const gpu::Comparison before = check(d.half, d.ref, rtol, atol * d.scale);
    CHECK_FALSE(before.ok);
    MESSAGE(std::string(precision) << ": atol x scale " << atol * d.scale << ", " << before.failures
                                   << " of 2^20 out, largest error " << before.max_abs_err);
    // scaled_atol: it passes, with the output format's subnormal rounding as the floor.
    const double fixed = gpu::scaled_atol(atol, d.scale, DType::F16);
    CHECK(fixed == std::ldexp(1.0, -25));
    CHECK(check(d.half, d.ref, rtol, fixed).ok);
    // What stays refused on that set: FP16 values flushed to zero below the normal range
    // (6.1e-5 of error, not 3e-8), and a relative error of twice the rtol.
    std::vector<uint16_t> ftz = d.half, loose = d.half;
    for (int64_t i = 0; i < kN; ++i) {
      if ((ftz[size_t(i)] & 0x7c00) == 0) ftz[size_t(i)] &= 0x8000;
      loose[size_t(i)] = gpu::half_bits(d.ref[size_t(i)] * (1 + 2 * rtol));
    }
    CHECK_FALSE(check(ftz, d.ref, rtol, fixed).ok);
    CHECK_FALSE(check(loose, d.ref, rtol, fixed).ok);
  }
}

TEST_CASE("hon22: scaled_atol is atol x scale but for a format's subnormal rounding") {
  CHECK(gpu::scaled_atol(1e-5, 1.0, DType::F16) == 1e-5);       // every set but the scaled ones
  CHECK(gpu::scaled_atol(1e-5, 8.0, DType::F16) == 8e-5);       // the up set: scaled
  CHECK(gpu::scaled_atol(1e-5, 0.125, DType::F16) == 1.25e-6);  // above the floor: scaled
  CHECK(gpu::scaled_atol(1e-9, 0.125, DType::F16) == 1e-9);     // never above the declared
  CHECK(gpu::scaled_atol(0.0, 0.125, DType::F16) == 0.0);       // exact stays exact
  CHECK(gpu::scaled_atol(1e-3, std::ldexp(1.0, -17), DType::F32) ==
        1e-3 * std::ldexp(1.0, -17));  // FP32's subnormals are far below
  CHECK(gpu::scaled_atol(1e-3, std::ldexp(1.0, -17), DType::I32) == 1e-3 * std::ldexp(1.0, -17));
}
