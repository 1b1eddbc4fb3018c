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
  MESSAGE(
      "fd_shift on a law-pair run ("
      << kPoints << " points): plain class bound " << plain.class_failures
      << " failures; the run's own scale " << check.class_ratio << " x the bound; the timed draw's "
      << before.class_failures << " failures, " << before.class_ratio << " x; "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
}
