// An audited law-pair run (P6e) is held to the bound a check of the same bytes gets in the gate
// (issue 28, helper h28x). The audit re-makes the run's inputs on the host for the measured
// class bound (class_check_op.cpp audit_class_magnitude, class_bound.h timed_inputs) and derives
// the scale there: the reference's sensitivity S and its own rounding, 64 Qmed |r|, both per
// output element. Before h28x the re-made inputs dropped the run's `law` flag: a law-pair run's
// scale was measured on the timed-kind draw of the same run seed (P13's cells), so each output
// was held to another input's sensitivity, and live (2026-12-05, H100) the law pairs refused
// control_redteam15_f64_fd_shift, an honest FP64 child more accurate than its reference
// (precision_mismatch, 293 elements). Here that control's reference and child on the host
// (tests/engine/class_scale_problems.h's models: the reference's formula and the child's in
// double), at 4,096 of its 262,144 points, its laws and tolerance as in its problem.yaml.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_spec.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

constexpr int64_t kPoints = 4096, kPoles = 1024;
constexpr double kStep = 0x1p-26;  // control.cu / reference.cu kFdStep

generators::ResolvedBuffer buffer(const char* name, int64_t n, BufferRole role, double low,
                                  double high) {
  generators::ResolvedBuffer r;
  r.name = name;
  r.dtype = DType::F64;
  r.role = role;
  r.elements = n;
  r.shape = {n};
  r.bytes = n * 8;
  r.init = {"uniform", low, high};
  return r;
}

// tests/cheats/control_redteam15_f64_fd_shift/problem.yaml, n cut to kPoints.
generators::ResolvedVariant fd_problem() {
  generators::ResolvedVariant v;
  v.precision = "fp64";
  v.buffers = {
      buffer("x", kPoints, BufferRole::In, 0.5, 1.5), buffer("a", kPoles, BufferRole::In, 1, 16),
      buffer("r", kPoles, BufferRole::In, 0.5, 1.5), buffer("out", kPoints, BufferRole::Out, 0, 0)};
  return v;
}

std::vector<double> input(const gpu::HostSet& s, size_t i) {
  const auto& in = *s.inputs[i];
  return gpu::to_doubles(std::vector<unsigned char>(in.data.get(), in.data.get() + in.size),
                         DType::F64);
}

// reference.cu fd_ref: (g(x + h) - g(x)) / h, each g summed in order with FMAs.
std::vector<gpu::HostDoubles> reference(const gpu::HostSet& s) {
  const auto x = input(s, 0), a = input(s, 1), r = input(s, 2);
  gpu::HostDoubles out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double xh = x[i] + kStep;
    double g1 = 0, g0 = 0;
    for (size_t j = 0; j < a.size(); ++j) g1 = std::fma(r[j], std::exp(-a[j] * xh), g1);
    for (size_t j = 0; j < a.size(); ++j) g0 = std::fma(r[j], std::exp(-a[j] * x[i]), g0);
    out[i] = (g1 - g0) / kStep;
  }
  return {out};
}

// control.cu fd_shift: sum r exp(-a x) expm1(-a h) / h, the weight made once per pole.
std::vector<double> child(const gpu::HostSet& s) {
  const auto x = input(s, 0), a = input(s, 1), r = input(s, 2);
  std::vector<double> w(a.size()), out(x.size());
  for (size_t j = 0; j < a.size(); ++j) w[j] = r[j] * (std::expm1(-a[j] * kStep) / kStep);
  for (size_t i = 0; i < x.size(); ++i) {
    double d = 0;
    for (size_t j = 0; j < a.size(); ++j) d = std::fma(w[j], std::exp(-a[j] * x[i]), d);
    out[i] = d;
  }
  return out;
}

// Worker::class_scale (class_check_op.cpp) on `seen`: S from the two sensitivity moves, then
// the reference's own rounding folded in (64 Qmed |r|).
std::vector<gpu::HostDoubles> class_scale(const generators::ResolvedVariant& v,
                                          const gpu::HostSet& seen, uint64_t seed) {
  gpu::SensitivitySets moved = gpu::sensitivity_sets(v, seen, seed);
  std::vector<std::vector<gpu::HostDoubles>> runs;
  for (const gpu::HostSet& m : moved.sets) runs.push_back(reference(m));
  const std::vector<gpu::HostDoubles> ref = reference(seen);
  std::vector<gpu::HostDoubles> scale = gpu::sensitivity_scale(ref, runs, moved.step);
  std::optional<gpu::HostSet> noisy = gpu::noise_set(v, seen, seed);
  REQUIRE(noisy);
  const double qmed = gpu::reference_noise(ref, reference(*noisy));
  gpu::fold_reference_noise(scale, ref, qmed, generators::measured_class_rtol("fp64"));
  return scale;
}

gpu::Comparison judge(const std::vector<double>& out, const gpu::HostDoubles& ref,
                      const double* scale) {
  generators::Tolerance tol{1e-6, 0};  // problem.yaml: fp64 rtol 1e-6, atol 0, measured class
  tol.class_rtol = generators::measured_class_rtol("fp64");
  return gpu::compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F64,
                      int64_t(out.size()), ref.data(), int64_t(ref.size()), tol, 1, scale);
}

}  // namespace

TEST_CASE("a law-pair run's inputs made again for its audit are the bytes the run saw") {
  const generators::ResolvedVariant v = fd_problem();
  const gpu::HostSet base = gpu::regular_set(v, 7, nullptr);
  const uint64_t run = 0x5eed28;
  const gpu::HostSet law = gpu::timed_inputs(v, base, run, false, true);
  const gpu::HostSet timed = gpu::timed_inputs(v, base, run, false, false);
  CHECK(law.key == base.key + "/law-" + std::to_string(run));
  CHECK(timed.key == base.key + "/timed-" + std::to_string(run));
  for (size_t i = 0; i < 3; ++i) {
    // The device's law-pair run: apply_perturbation of timed_perturbations(..., law = true)
    // (device_buffers_timed.cpp perturb with Flip::law).
    std::vector<unsigned char> expect(base.inputs[i]->data.get(),
                                      base.inputs[i]->data.get() + base.inputs[i]->size);
    for (const auto& t : gpu::timed_perturbations(v, run, false, true))
      if (t.buffer == i) gpu::apply_perturbation(v.buffers[i], expect.data(), t);
    CAPTURE(i);
    CHECK(std::memcmp(law.inputs[i]->data.get(), expect.data(), expect.size()) == 0);
    CHECK(law.digests[i] == gpu::digest(expect.data(), expect.size()));
    // The timed-kind draw of the same seed is other data (what the audit derived S on before).
    CHECK(std::memcmp(timed.inputs[i]->data.get(), expect.data(), expect.size()) != 0);
  }
}

TEST_CASE(
    "control_redteam15_f64_fd_shift on a law-pair run: the audit's class bound is the "
    "check's") {
  const auto start = std::chrono::steady_clock::now();
  const generators::ResolvedVariant v = fd_problem();
  const gpu::HostSet base = gpu::regular_set(v, 7, nullptr);
  // A run seed whose timed-kind draw puts many points at the top of x's law where the law draw
  // has them at the bottom (|out| ~15x apart: the timed draw's scale ~15x too small there);
  // live the seed is random (293 of 262,144 refused on 2026-12-05; here 29 of 4,096; seeds 1
  // and 4: none, the largest 0.59 and 0.32 of the bound).
  const uint64_t run = 22;
  const gpu::HostSet seen = gpu::timed_inputs(v, base, run, false, true);
  const std::vector<gpu::HostDoubles> want = reference(seen);
  const std::vector<double> got = child(seen);
  // Inside the problem's rtol 1e-6, outside the plain class bound 2^-32 |r| (the reference's
  // cancellation, ~1.5e-7 relative): the scale is derived, as the worker derives it.
  const gpu::Comparison plain = judge(got, want[0], nullptr);
  CHECK(plain.failures == 0);
  CHECK(plain.class_failures > kPoints / 2);
  // The gate's check of these bytes (class_check_op.cpp class_magnitude on the set checked):
  // the scale on the inputs the outputs came from. Kept.
  const std::vector<gpu::HostDoubles> own = class_scale(v, seen, run);
  const gpu::Comparison check = judge(got, want[0], own[0].data());
  CAPTURE(check.class_ratio);
  CHECK(check.failures == 0);
  CHECK(check.class_failures == 0);
  // The audit now (class_check_op.cpp audit_class_magnitude: timed_inputs with the Flip's law)
  // derives that very scale.
  const std::vector<gpu::HostDoubles> audit =
      class_scale(v, gpu::timed_inputs(v, base, run, false, /*law=*/true), run);
  CHECK(std::memcmp(audit[0].data(), own[0].data(), own[0].size() * 8) == 0);
  // Before h28x: the scale of the timed-kind draw (no law flag), element by element another
  // input's: precision_mismatch on a share of the outputs (live: 293 of 262,144).
  const std::vector<gpu::HostDoubles> stale =
      class_scale(v, gpu::timed_inputs(v, base, run, false, /*law=*/false), run);
  const gpu::Comparison before = judge(got, want[0], stale[0].data());
  CAPTURE(before.class_failures);
  CAPTURE(before.class_ratio);
  CHECK(before.failures == 0);
  CHECK(before.class_failures > 0);
  // And looser elsewhere (a wrong draw errs both ways): outputs whose stale scale was more than
  // twice their own, where a kernel less precise on law-pair runs alone had room it lacks now.
  int64_t looser = 0;
  for (size_t i = 0; i < own[0].size(); ++i) looser += stale[0][i] > 2 * own[0][i];
  CAPTURE(looser);
  CHECK(looser > kPoints / 16);
  MESSAGE("fd_shift on a law-pair run ("
          << kPoints << " points): plain class bound " << plain.class_failures
          << " failures; the run's own scale " << check.class_ratio
          << " x the bound; the timed draw's " << before.class_failures << " failures, "
          << before.class_ratio << " x, " << looser << " outputs' bound over 2x their own; "
          << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
          << " s");
}

// control_hon20_half2_hfma2_gemv (y = W x, W O x 4096 and x FP16 U[-1, 1), y FP32; the child
// accumulates 16 products a lane in a packed half2 with __hfma2, then FP32 across threads), on
// `rows` rows of a set: the child's output (its FP16 FMAs emulated, one rounding each), the
// reference (in double, as reference.cu) and the child's error spread per row, sqrt(sum ulp^2
// / 12) over its 4,096 half roundings (round to nearest: uniform within half an ulp).
struct Gemv {
  std::vector<double> got, want, sigma;
};

double half_ulp(double v) {
  v = std::fabs(v);
  if (v < 0x1p-14) return 0x1p-24;  // subnormal
  int e = 0;
  std::frexp(v, &e);
  return std::ldexp(1.0, e - 11);
}

Gemv hfma2_gemv(const gpu::HostSet& s, int64_t rows, int64_t cols) {
  const auto& wb = *s.inputs[0];
  const auto& xb = *s.inputs[1];
  const std::vector<double> W = gpu::to_doubles(
      std::vector<unsigned char>(wb.data.get(), wb.data.get() + rows * cols * 2), DType::F16);
  const std::vector<double> x = gpu::to_doubles(
      std::vector<unsigned char>(xb.data.get(), xb.data.get() + xb.size), DType::F16);
  Gemv g;
  for (int64_t o = 0; o < rows; ++o) {
    const double* w = &W[size_t(o * cols)];
    double ref = 0, var = 0;
    for (int64_t i = 0; i < cols; ++i) ref += w[i] * x[size_t(i)];
    float lanes[128];
    for (int t = 0; t < 128; ++t) {
      double acc[2] = {0, 0};
      for (int64_t i = t; i < cols / 2; i += 128)
        for (int l = 0; l < 2; ++l) {
          const double exact = w[2 * i + l] * x[size_t(2 * i + l)] + acc[l];  // exact in double
          acc[l] = gpu::half_value(gpu::half_bits(exact));
          var += half_ulp(exact) * half_ulp(exact) / 12;
        }
      lanes[t] = float(acc[0]) + float(acc[1]);
    }
    float warp[4];
    for (int k = 0; k < 4; ++k) {  // __shfl_xor_sync tree, then the four warps in order
      float v[32];
      for (int l = 0; l < 32; ++l) v[l] = lanes[32 * k + l];
      for (int d = 16; d > 0; d >>= 1) {
        float n[32];
        for (int l = 0; l < 32; ++l) n[l] = v[l] + v[l ^ d];
        std::memcpy(v, n, sizeof v);
      }
      warp[k] = v[0];
    }
    g.got.push_back(double(warp[0] + warp[1] + warp[2] + warp[3]));
    g.want.push_back(ref);
    g.sigma.push_back(std::sqrt(var));
  }
  return g;
}

// How many of a set's 16,384 rows the problem's bound atol + rtol |r| refuses, expected (the
// error of a row normal with its sigma: a sum of 4,096 independent roundings).
double expected_failures(const Gemv& g, double atol, double rtol) {
  double sum = 0;
  for (size_t i = 0; i < g.want.size(); ++i)
    sum += std::erfc((atol + rtol * std::fabs(g.want[i])) / g.sigma[i] / std::sqrt(2.0));
  return sum * 16384.0 / double(g.want.size());
}

TEST_CASE(
    "control_hon20_half2_hfma2_gemv on a law-pair run: the regular sets' bound, and its own "
    "error above its declared atol") {
  const auto start = std::chrono::steady_clock::now();
  const int64_t rows = 256, cols = 4096;
  generators::ResolvedVariant v;
  v.precision = "fp16";
  auto half = [](const char* name, int64_t n) {
    generators::ResolvedBuffer b = buffer(name, n, BufferRole::In, -1, 1);
    b.dtype = DType::F16;
    b.bytes = n * 2;
    return b;
  };
  v.buffers = {half("W", rows * cols), half("x", cols), buffer("y", rows, BufferRole::Out, 0, 0)};
  v.buffers[2].dtype = DType::F32;
  v.buffers[2].bytes = rows * 4;
  // The live refusal (2026-12-05, H100): one element, judged by compare() at the problem's
  // tolerance with no magnitude (the audit of a law-pair run: its values moved, run_audit.cpp
  // signs_only false; a regular set's check: no magnitude set either, output_check.cpp).
  const std::vector<double> live_got{-0.213474274}, live_want{-0.156958081};
  auto judge16 = [&](double atol, const double* magnitude) {
    const std::vector<float> out{float(live_got[0])};
    return gpu::compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F32, 1,
                        live_want.data(), 1, generators::Tolerance{1e-2, atol}, 1, magnitude);
  };
  CHECK(judge16(5e-2, nullptr).failures == 1);  // the audit's bound and a regular set's: refused
  const double row_abs = 1024;  // ~ the reference on |inputs| of a row (4,096 x E|w| E|x|)
  CHECK(judge16(5e-2, &row_abs).failures == 0);  // the heavy set's magnitude bound only
  CHECK(judge16(1e-1, nullptr).failures == 0);
  // The child's own error on the three kinds of data the gate and the law pairs check.
  const gpu::HostSet regular = gpu::regular_set(v, 7, nullptr);
  const Gemv on_regular = hfma2_gemv(regular, rows, cols);
  const Gemv on_law = hfma2_gemv(gpu::timed_inputs(v, regular, 22, true, true), rows, cols);
  const Gemv on_timed = hfma2_gemv(gpu::timed_inputs(v, regular, 22, true, false), rows, cols);
  const double regular_05 = expected_failures(on_regular, 5e-2, 1e-2);
  const double law_05 = expected_failures(on_law, 5e-2, 1e-2);
  const double timed_05 = expected_failures(on_timed, 5e-2, 1e-2);
  // The law pairs' data is the regular sets' law: the same expected refusals a set (~2%, eight
  // more such sets audited a round), not a bound the audit alone applies.
  CHECK(regular_05 > 5e-3);
  CHECK(law_05 > 5e-3);
  CHECK(law_05 < 3 * regular_05);
  CHECK(regular_05 < 3 * law_05);
  // At atol 0.1 (problem.yaml since h28x) none is expected on any kind of data.
  for (const Gemv* g : {&on_regular, &on_law, &on_timed})
    CHECK(expected_failures(*g, 1e-1, 1e-2) < 1e-5);
  MESSAGE("hfma2 gemv, expected refused rows a 16,384-row set at atol 0.05 / 0.1: regular "
          << regular_05 << " / " << expected_failures(on_regular, 1e-1, 1e-2) << ", law " << law_05
          << " / " << expected_failures(on_law, 1e-1, 1e-2) << ", timed " << timed_05 << " / "
          << expected_failures(on_timed, 1e-1, 1e-2) << "; "
          << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
          << " s");
}
