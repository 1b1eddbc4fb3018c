// The measured class bound (engine/backend/gpu/class_bound.h, docs/reliability.md "a declared
// class is measured", issue 28): under fp64 an output inside the problem's tolerance but far
// outside FP64's own error is a class failure (the worker's precision_mismatch), an honest FP64
// error is not, a sum that cancels is judged on the reference's sensitivity S (not the reference
// on |inputs|), and a noisy reference on its own rounding, 64 Qmed |r|. Host code only.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"
#include "tests/engine/class_scale_models.h"
#include "tests/generators/test_support.h"

using namespace solver;
using generators::DType;

namespace {

// red team 6's loose FP64 class (the redteam13 cheats' problems): rtol 1e-6, atol 0, measured.
generators::Tolerance loose_fp64() {
  generators::Tolerance t{1e-6, 0};
  t.class_rtol = generators::measured_class_rtol("fp64");
  return t;
}

gpu::Comparison compare_f64(const std::vector<double>& out, const std::vector<double>& ref,
                            const generators::Tolerance& tol, const double* magnitude = nullptr) {
  return gpu::compare(reinterpret_cast<const unsigned char*>(out.data()), DType::F64,
                      int64_t(out.size()), ref.data(), int64_t(ref.size()), tol, 1, magnitude);
}

generators::ResolvedBuffer buffer(const char* name, DType dtype, int64_t n,
                                  generators::BufferRole role, double low, double high) {
  generators::ResolvedBuffer r;
  r.name = name;
  r.dtype = dtype;
  r.role = role;
  r.elements = n;
  r.shape = {n};
  r.bytes = n * int64_t(generators::dtype_size(dtype));
  r.init = {"uniform", low, high};
  return r;
}

std::vector<double> values(const gpu::HostSet& s, size_t i, DType dtype) {
  const auto& in = *s.inputs[i];
  return gpu::to_doubles(std::vector<unsigned char>(in.data.get(), in.data.get() + in.size), dtype);
}

gpu::HostDoubles host(const std::vector<double>& v) { return gpu::HostDoubles(v.begin(), v.end()); }

// exp(x) the honest way (the library's) and cut short: x = k ln 2 + r, |r| <= ln 2 / 2, and
// 2^k times the Taylor polynomial of degree 6 (error up to r^7 / 5040 ~ 1.2e-7 relative: inside
// rtol 1e-6, ~500x the fp64 class bound), as redteam15_f64_pole_short_poly cuts its exp.
double short_exp(double x) {
  const double k = std::nearbyint(x / std::log(2.0));
  const double r = x - k * std::log(2.0);
  double p = 1, term = 1;
  for (int d = 1; d <= 6; ++d) p += (term *= r / d);
  return std::ldexp(p, int(k));
}

// Signed windowed sums: out[i] = sum of 1024 inputs from i * 61 on (wrapping), in order (the
// reference) or in 4 interleaved partial sums (an honest FP64 kernel).
std::vector<double> window_sums(const std::vector<double>& x, size_t outputs, bool interleaved) {
  std::vector<double> out(outputs);
  for (size_t i = 0; i < outputs; ++i) {
    double part[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < 1024; ++j) part[interleaved ? j % 4 : 0] += x[(i * 61 + j) % x.size()];
    out[i] = (part[0] + part[1]) + (part[2] + part[3]);
  }
  return out;
}

}  // namespace

TEST_CASE("the measured class: only fp64 is measured, at 2^-32") {
  CHECK(generators::measured_class_rtol("fp64") == std::ldexp(1.0, -32));
  for (const char* c : {"fp32", "tf32", "bf16", "fp16", "float32", "exact", "int8"})
    CHECK(generators::measured_class_rtol(c) == 0);
}

TEST_CASE("the measured class: every spelling the PTX scan judges as fp64 is measured") {
  // Red team 15 (tests/cheats/redteam15_f64_alias_rsqrt): the scan read "double" as fp64 and
  // held it to the fp64 rules, while the class bound was given to the exact name "fp64" only,
  // so an unrefined rsqrt.approx.ftz.f64 sum under "double" was measured by nothing.
  for (const char* c : {"double", "float64", "f64", "FP64", "Float64"}) {
    CAPTURE(c);
    CHECK(generators::judged_class(c) == "fp64");
    CHECK(generators::measured_class_rtol(c) == std::ldexp(1.0, -32));
  }
}

TEST_CASE("the measured class bound: 1e-7 off under fp64 fails, an honest 1e-15 passes") {
  std::vector<double> ref;
  for (int i = 0; i < 1000; ++i) ref.push_back(1.0 + i * 0.37);
  generators::Tolerance tol = loose_fp64();
  // An FP32-grade answer (redteam13_f64_rsqrt_approx's 1.7e-7): inside rtol 1e-6.
  std::vector<double> fp32_grade = ref;
  for (double& v : fp32_grade) v *= 1 + 1e-7;
  gpu::Comparison c = compare_f64(fp32_grade, ref, tol);
  CHECK_FALSE(c.ok);
  CHECK(c.failures == 0);  // not a wrong result: the problem's own tolerance holds
  CHECK(c.class_failures == 1000);
  CHECK(c.class_first_bad == 0);
  CHECK(c.class_got == fp32_grade[0]);
  CHECK(c.class_want == ref[0]);
  CHECK(c.class_ratio == doctest::Approx(1e-7 / std::ldexp(1.0, -32)).epsilon(1e-3));  // ~429
  // Without the class (class_rtol 0, the behaviour before) the same outputs pass.
  generators::Tolerance unmeasured = tol;
  unmeasured.class_rtol = 0;
  CHECK(compare_f64(fp32_grade, ref, unmeasured).ok);
  // An honest FP64 error (a few ulps, 1e-15 relative) passes.
  std::vector<double> honest = ref;
  for (size_t i = 0; i < honest.size(); ++i) honest[i] *= 1 + (i % 2 ? 1e-15 : -1e-15);
  c = compare_f64(honest, ref, tol);
  CHECK(c.ok);
  CHECK(c.class_failures == 0);
  CHECK(c.class_ratio < 1e-5);
  // An FP32 output is not measured: its own rounding (2^-24) is above the class bound.
  std::vector<float> narrow(ref.begin(), ref.end());
  gpu::Comparison f32 =
      gpu::compare(reinterpret_cast<const unsigned char*>(narrow.data()), DType::F32,
                   int64_t(narrow.size()), ref.data(), int64_t(ref.size()), tol, 1);
  CHECK(f32.ok);
  CHECK(f32.class_failures == 0);
  // A wrong element is still a failure (wrong_result), whatever the class says.
  honest[500] *= 1 + 1e-5;
  c = compare_f64(honest, ref, tol);
  CHECK(c.failures == 1);
  CHECK(c.class_failures == 1);
}

TEST_CASE("the measured class bound: the problem's atol enters at the class's share only") {
  // red team 39 (redteam39_atol_class_exp): rtol = atol = 1e-6, outputs in [2.8, 204], a degree-2
  // exp's 1.4e-9 relative error. With the atol added (atol + 2^-32 |r|) the bound was 1e-6 +
  // ~1e-9 and the cut passed at ~0.002; at the class's share (2^-32 (atol + |r|)) it is refused.
  generators::Tolerance tol{1e-6, 1e-6};
  tol.class_rtol = generators::measured_class_rtol("fp64");
  std::vector<double> ref;
  for (int i = 0; i < 1000; ++i) ref.push_back(2.8 + i * 0.2);
  std::vector<double> cut = ref;
  for (double& v : cut) v *= 1 + 1.4e-9;
  gpu::Comparison c = compare_f64(cut, ref, tol);
  CHECK(c.failures == 0);  // inside the problem's tolerance
  CHECK(c.class_failures == 1000);
  const double c32 = std::ldexp(1.0, -32);
  CHECK(c.class_ratio ==
        doctest::Approx(1.4e-9 * ref[0] / (c32 * (1e-6 + ref[0]))).epsilon(1e-3));  // ~6.0
  // An honest FP64 error still passes, and an output the atol makes small: a reference of 0
  // met by 2^-40 atol (an underflow's leftover) passes, one met by 2^-20 atol does not.
  std::vector<double> honest = ref;
  for (size_t i = 0; i < honest.size(); ++i) honest[i] *= 1 + (i % 2 ? 1e-15 : -1e-15);
  CHECK(compare_f64(honest, ref, tol).ok);
  const std::vector<double> zero{0.0, 0.0};
  CHECK(compare_f64({std::ldexp(1e-6, -40), 0.0}, zero, tol).ok);
  c = compare_f64({std::ldexp(1e-6, -20), 0.0}, zero, tol);
  CHECK(c.failures == 0);
  CHECK(c.class_failures == 1);
  CHECK(c.class_ratio == doctest::Approx(std::ldexp(1.0, 12)).epsilon(1e-9));
}

TEST_CASE("the measured class bound: a cancelling output is judged on the reference on |inputs|") {
  // A sum of +-1 terms (a thousand) whose result is 1e-6: the honest rounding error is of the
  // sum of |terms|' size (1e3 x 2^-53 ~ 1e-13), 1e-7 relative to the result: inside rtol 1e-6,
  // far outside 2^-32 |r|.
  std::vector<double> ref{1e-6, 2.0, -5e-7};
  std::vector<double> magnitude{1e3, 2.0, 1e3};  // the reference on |inputs|
  std::vector<double> out{1e-6 + 1.1e-13, 2.0 + 4e-16, -5e-7 - 9e-14};
  generators::Tolerance tol = loose_fp64();
  gpu::Comparison plain = compare_f64(out, ref, tol);
  CHECK_FALSE(plain.ok);  // the plain class bound (|r| alone) refuses the honest sum
  CHECK(plain.failures == 0);
  CHECK(plain.class_failures == 2);
  CHECK(plain.class_first_bad == 0);
  gpu::Comparison scaled = compare_f64(out, ref, tol, magnitude.data());
  CHECK(scaled.ok);  // on max(|r|, |magnitude|) it passes
  CHECK(scaled.class_ratio < 1e-3);
  // The same magnitude does not excuse FP32-grade terms: 1e3 x 1e-7 passes the problem's bound
  // widened by the magnitude term (magnitude_rtol, the heavy set's rule) but not the class's.
  out[0] = 1e-6 + 1e-4;
  gpu::Comparison cheat = compare_f64(out, ref, tol, magnitude.data());
  CHECK_FALSE(cheat.ok);
  CHECK(cheat.failures == 0);
  CHECK(cheat.class_failures == 1);
  CHECK(cheat.class_ratio > 400);
  std::vector<double> big_ref{1.0}, big_mag{1e3}, big_out{1.0 + 2e-6 * 0.4};
  cheat = compare_f64(big_out, big_ref, tol, big_mag.data());
  CHECK(cheat.failures == 0);
  CHECK(cheat.class_failures == 1);  // 8e-7 against 2^-32 x 1e3 = 2.3e-7
}

TEST_CASE("the measured class bound: the parallel walk gives the serial one's class fields") {
  const int64_t n = 3 * (int64_t(1) << 20) + 11;  // several stretches
  std::vector<double> ref(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    ref[size_t(i)] = 1.0 + double(i % 977);
    out[size_t(i)] = ref[size_t(i)] * (i % 100003 == 7 ? 1 + 3e-7 : 1.0);
  }
  generators::Tolerance tol = loose_fp64();
  auto bytes = reinterpret_cast<const unsigned char*>(out.data());
  gpu::Comparison serial = gpu::compare(bytes, DType::F64, n, ref.data(), n, tol, 1);
  CHECK(serial.class_first_bad == 7);
  CHECK(serial.class_failures > 20);
  for (int threads : {2, 3, 0}) {
    gpu::Comparison c = gpu::compare(bytes, DType::F64, n, ref.data(), n, tol, threads);
    CHECK(c.class_failures == serial.class_failures);
    CHECK(c.class_first_bad == serial.class_first_bad);
    CHECK(c.class_ratio == serial.class_ratio);
    CHECK(c.ok == serial.ok);
  }
}

TEST_CASE("absolute_set: every float input's sign cleared, integers and outputs untouched") {
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 4096, generators::BufferRole::In, -1, 1),
               buffer("h", DType::F16, 4096, generators::BufferRole::In, -1, 1),
               buffer("w", DType::F32, 4096, generators::BufferRole::In, 0.5, 1.5),
               buffer("out", DType::F64, 4096, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 42, nullptr);
  auto abs = gpu::absolute_set(v, base);
  REQUIRE(abs.has_value());
  CHECK(abs->key == base.key + "/absolute");
  CHECK(abs->kind == gpu::SetKind::HeavyMagnitude);
  std::vector<double> x =
      gpu::to_doubles(std::vector<unsigned char>(base.inputs[0]->data.get(),
                                                 base.inputs[0]->data.get() + base.inputs[0]->size),
                      DType::F64);
  std::vector<double> ax =
      gpu::to_doubles(std::vector<unsigned char>(abs->inputs[0]->data.get(),
                                                 abs->inputs[0]->data.get() + abs->inputs[0]->size),
                      DType::F64);
  bool any_negative = false;
  for (size_t i = 0; i < x.size(); ++i) {
    any_negative |= x[i] < 0;
    CHECK(ax[i] == std::fabs(x[i]));
  }
  CHECK(any_negative);
  CHECK(abs->digests[0] == gpu::digest(abs->inputs[0]->data.get(), abs->inputs[0]->size));
  CHECK(abs->digests[0] != base.digests[0]);
  CHECK(abs->inputs[1] != base.inputs[1]);  // f16 negatives cleared too
  CHECK(abs->inputs[2] == base.inputs[2]);  // positive already: shared, not copied
  // Nothing negative: no set (the reference on |inputs| is the reference).
  v.buffers[0].init = {"uniform", 0, 1};
  v.buffers[1].init = {"uniform", 0, 1};
  CHECK_FALSE(gpu::absolute_set(v, gpu::regular_set(v, 42, nullptr)).has_value());
}

TEST_CASE("timed_inputs: an audited run's inputs made again on the host, keyed by its seed") {
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 8192, generators::BufferRole::In, -1, 1),
               buffer("out", DType::F64, 8192, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 7, nullptr);
  gpu::HostSet seen = gpu::timed_inputs(v, base, 0x1234, false, false);
  CHECK(seen.key == base.key + "/timed-4660");
  REQUIRE(seen.inputs[0]);
  CHECK(std::memcmp(seen.inputs[0]->data.get(), base.inputs[0]->data.get(), base.inputs[0]->size) !=
        0);
  // The bytes are apply_perturbation's on the set's bytes (the device's by construction).
  std::vector<unsigned char> expect(base.inputs[0]->data.get(),
                                    base.inputs[0]->data.get() + base.inputs[0]->size);
  for (const auto& t : gpu::timed_perturbations(v, 0x1234, false, false))
    if (t.buffer == 0) gpu::apply_perturbation(v.buffers[0], expect.data(), t);
  CHECK(std::memcmp(seen.inputs[0]->data.get(), expect.data(), expect.size()) == 0);
  CHECK(seen.digests[0] == gpu::digest(expect.data(), expect.size()));
}

TEST_CASE("the class failure detail: the ratio, the bound, and what to declare") {
  std::vector<double> ref{2.0, 3.0}, out{2.0 * (1 + 1.7e-7), 3.0};
  generators::Tolerance tol = loose_fp64();
  gpu::Comparison c = compare_f64(out, ref, tol);
  REQUIRE(c.class_failures == 1);
  std::string d = gpu::class_failure_detail("fp64", "out", {2}, c, tol, false);
  CAPTURE(d);
  CHECK(d.rfind("out[0] = ", 0) == 0);
  CHECK(d.find("1 element(s) within the problem's tolerance (rtol 1e-06, atol 0)") !=
        std::string::npos);
  CHECK(d.find("fp64 class's own error bound (2^-32 x (atol + |reference|))") != std::string::npos);
  CHECK(d.find("the outputs are 730 x the fp64 class's own error bound") != std::string::npos);
  CHECK(d.find("22 correct bits") != std::string::npos);
  CHECK(d.find("computes at about fp32 precision; declare precision 'fp32'") != std::string::npos);
  CHECK(d.find("measured_class: off") != std::string::npos);
  d = gpu::class_failure_detail("fp64", "out", {2}, c, tol, true);
  CHECK(d.find("max(|reference|, S), S the reference's sensitivity to a relative move of its "
               "inputs") != std::string::npos);
}

TEST_CASE("the measured class's narrowed check: opted out, or outputs narrower than float64") {
  // Red team 15 (tests/cheats/redteam15_f64_f32out_rsqrt): a declared fp64 stored as float32 is
  // not held to the class bound (compare() holds float64 outputs only), and nothing said so.
  generators::ResolvedVariant v;
  v.precision = "fp64";
  v.buffers = {buffer("x", DType::F64, 16, generators::BufferRole::In, -1, 1),
               buffer("out", DType::F64, 16, generators::BufferRole::Out, 0, 1)};
  CHECK(gpu::class_bound_narrowed(true, v).empty());  // measured on every float output
  CHECK(gpu::class_bound_narrowed(false, v) ==
        "measured class bound: off (measured_class: off in problem.yaml: the fp64 outputs were "
        "held to the problem's tolerance only)");
  v.buffers.push_back(buffer("energy32", DType::F32, 16, generators::BufferRole::Out, 0, 1));
  v.buffers.push_back(buffer("acc16", DType::F16, 16, generators::BufferRole::InOut, 0, 1));
  v.buffers.push_back(buffer("index", DType::I32, 16, generators::BufferRole::Out, 0, 1));
  v.buffers.push_back(buffer("w32", DType::F32, 16, generators::BufferRole::In, 0, 1));
  const std::string n = gpu::class_bound_narrowed(true, v);
  // The marker engine/backend/narrowed_checks.cpp carries into the ledger and the report.
  CHECK(n.rfind("measured class bound: off for energy32 (", 0) == 0);
  CHECK(n.find("acc16 (") != std::string::npos);
  CHECK(n.find("index") == std::string::npos);  // an integer output: no class to measure
  CHECK(n.find("w32") == std::string::npos);    // an input
  CHECK(n.find("only float64 outputs are held to the fp64 class's own bound") != std::string::npos);
  // Under a class the scan judges as fp64 (red team 15's alias fix) too; never under fp32.
  v.precision = "double";
  CHECK(gpu::class_bound_narrowed(true, v).rfind("measured class bound: off for energy32", 0) == 0);
  v.precision = "fp32";
  CHECK(gpu::class_bound_narrowed(true, v).empty());
  CHECK(gpu::class_bound_narrowed(false, v).empty());
}

TEST_CASE("sensitivity_sets: float64 and float32 inputs moved by a seeded relative step") {
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 4096, generators::BufferRole::In, -1, 1),
               buffer("n", DType::I32, 4096, generators::BufferRole::In, 0, 100),
               buffer("h", DType::F16, 4096, generators::BufferRole::In, -1, 1),
               buffer("out", DType::F64, 4096, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 42, nullptr);
  gpu::SensitivitySets m = gpu::sensitivity_sets(v, base, 7);
  REQUIRE(m.sets.size() == 2);
  CHECK(m.step == std::ldexp(1.0, -32));
  const std::vector<double> x = values(base, 0, DType::F64);
  std::vector<double> moved[2];
  for (size_t k = 0; k < 2; ++k) {
    const gpu::HostSet& s = m.sets[k];
    CHECK(s.key == base.key + "/sensitivity-" + std::to_string(k));
    moved[k] = values(s, 0, DType::F64);
    int up = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double rel = (moved[k][i] - x[i]) / x[i];
      CHECK(std::fabs(std::fabs(rel) - m.step) <= m.step * 1e-6);
      up += rel > 0;
    }
    CHECK(up > 1900);  // random signs: about half up
    CHECK(up < 2200);
    CHECK(s.digests[0] == gpu::digest(s.inputs[0]->data.get(), s.inputs[0]->size));
    CHECK(s.inputs[1] == base.inputs[1]);  // an integer input: not moved
    CHECK(s.inputs[2] == base.inputs[2]);  // a float16 input: the step is below its ulp
  }
  CHECK(moved[0] != moved[1]);  // two patterns
  // The same seed, the same moves; another seed, others.
  CHECK(values(gpu::sensitivity_sets(v, base, 7).sets[0], 0, DType::F64) == moved[0]);
  CHECK(values(gpu::sensitivity_sets(v, base, 8).sets[0], 0, DType::F64) != moved[0]);
  // A float32 input: its own ulp is 2^-23, so the step is 2^-22.
  v.buffers.push_back(buffer("w", DType::F32, 4096, generators::BufferRole::In, 0.5, 1.5));
  gpu::HostSet with32 = gpu::regular_set(v, 42, nullptr);
  m = gpu::sensitivity_sets(v, with32, 7);
  CHECK(m.step == std::ldexp(1.0, -22));
  const std::vector<double> w = values(with32, 4, DType::F32),
                            mw = values(m.sets[0], 4, DType::F32);
  for (size_t i = 0; i < w.size(); ++i)
    CHECK(std::fabs(std::fabs(mw[i] - w[i]) / w[i] - m.step) <= std::ldexp(1.0, -23));
  // Nothing to move (integers only): no sets.
  v.buffers = {v.buffers[1], v.buffers[3]};
  CHECK(gpu::sensitivity_sets(v, gpu::regular_set(v, 42, nullptr), 7).sets.empty());
}

TEST_CASE("the class bound's scale: a cut-short exp of negative inputs is refused on S") {
  // out = exp(x), x in [-16, -4): the reference on |inputs| is exp(|x|), exp(2 |x|) (3e3 to
  // 8e13) x the reference, so it excused the cut-short exp; S is |x| exp(x), 4-16 x the reference.
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 2048, generators::BufferRole::In, -16, -4),
               buffer("out", DType::F64, 2048, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 11, nullptr);
  auto f = [](const std::vector<double>& x) {
    std::vector<double> y;
    for (double e : x) y.push_back(std::exp(e));
    return y;
  };
  const std::vector<double> x = values(base, 0, DType::F64), ref = f(x);
  std::vector<double> cut;
  for (double e : x) cut.push_back(short_exp(e));
  generators::Tolerance tol = loose_fp64();
  gpu::Comparison plain = compare_f64(cut, ref, tol);
  CHECK(plain.failures == 0);  // inside the problem's rtol 1e-6
  CHECK(plain.class_failures > 0);
  // Before: the reference on |inputs| as the scale, and the cheat passed.
  auto abs = gpu::absolute_set(v, base);
  REQUIRE(abs.has_value());
  const std::vector<double> on_abs = f(values(*abs, 0, DType::F64));
  CHECK(compare_f64(cut, ref, tol, on_abs.data()).ok);
  // Now: S from the two moved sets.
  gpu::SensitivitySets m = gpu::sensitivity_sets(v, base, base.seed);
  std::vector<std::vector<gpu::HostDoubles>> runs;
  for (const auto& s : m.sets) runs.push_back({host(f(values(s, 0, DType::F64)))});
  const std::vector<gpu::HostDoubles> scale = gpu::sensitivity_scale({host(ref)}, runs, m.step);
  REQUIRE(scale.size() == 1);
  for (size_t i = 0; i < x.size(); ++i) {
    CHECK(scale[0][i] <= std::fabs(x[i]) * ref[i] * (1 + 1e-3));
    CHECK(scale[0][i] >= std::fabs(x[i]) * ref[i] * (1 - 1e-3));
  }
  gpu::Comparison scaled = compare_f64(cut, ref, tol, scale[0].data());
  CHECK_FALSE(scaled.ok);
  CHECK(scaled.failures == 0);
  CHECK(scaled.class_failures > 0);
  CHECK(scaled.class_ratio > 10);
  const std::string d = gpu::class_failure_detail("fp64", "out", {2048}, scaled, tol, true);
  CHECK(d.find("max(|reference|, S), S the reference's sensitivity") != std::string::npos);
  // The library's own exp (what the reference computes, its own rounding) passes.
  CHECK(compare_f64(ref, ref, tol, scale[0].data()).ok);
  // A quiet reference: its Qmed is of the 2^-44 move's own size (|x| 2^-44), so the rounding
  // term (64 Qmed |r|, ~4e-11 |r|) raises nothing above 2^-32 max(|r|, S) and the cheat stays
  // refused.
  auto noisy = gpu::noise_set(v, base, base.seed);
  REQUIRE(noisy.has_value());
  const double qmed = gpu::reference_noise({host(ref)}, {host(f(values(*noisy, 0, DType::F64)))});
  CHECK(qmed > 0);
  CHECK(qmed < 20 * std::ldexp(1.0, -44));
  std::vector<gpu::HostDoubles> folded = scale;
  CHECK(gpu::fold_reference_noise(folded, {host(ref)}, qmed, tol.class_rtol) == 0);
  CHECK(folded[0] == scale[0]);
  CHECK_FALSE(compare_f64(cut, ref, tol, folded[0].data()).ok);
}

TEST_CASE("the class bound's rounding term: a noisy forward-difference reference") {
  // out = (g(x + h) - g(x)) / h, g(x) = sum_j w_j exp(-a_j x) over 32 terms, h = 2^-26, in
  // float64 (the reference: two rounded sums that cancel, ~1e-8 relative noise, as
  // control_redteam15_f64_fd_shift's), and the honest sum_j w_j exp(-a_j x) expm1(-a_j h) / h.
  generators::ResolvedVariant v;
  v.precision = "fp64";
  v.buffers = {buffer("x", DType::F64, 2048, generators::BufferRole::In, 0.5, 1.5),
               buffer("out", DType::F64, 2048, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 7, nullptr);
  const double h = std::ldexp(1.0, -26);
  auto terms = [](auto term, double e) {
    double sum = 0;
    for (int j = 0; j < 32; ++j) sum += term(0.5 + (j % 7) / 7.0, 1 + 15 * j / 31.0, e);
    return sum;
  };
  auto fd = [&](const std::vector<double>& x) {
    auto g = [](double w, double a, double e) { return w * std::exp(-a * e); };
    std::vector<double> y;
    for (double e : x) y.push_back((terms(g, e + h) - terms(g, e)) / h);
    return y;
  };
  auto exact = [&](double w, double a, double e) {
    return w * std::exp(-a * e) * std::expm1(-a * h);
  };
  const std::vector<double> x = values(base, 0, DType::F64), ref = fd(x);
  std::vector<double> honest, cheat;
  for (double e : x) honest.push_back(terms(exact, e) / h);
  // An error of 8e-7 relative: inside rtol 1e-6, outside 64 Qmed (~5e-7).
  for (double e : honest) cheat.push_back(e * (1 + 8e-7));
  generators::Tolerance tol = loose_fp64();
  CHECK(compare_f64(honest, ref, tol).class_failures > compare_f64(honest, ref, tol).failures);
  // Under S alone: refused (S sees the noise only as the difference of two roundings).
  gpu::SensitivitySets m = gpu::sensitivity_sets(v, base, base.seed);
  std::vector<std::vector<gpu::HostDoubles>> runs;
  for (const auto& s : m.sets) runs.push_back({host(fd(values(s, 0, DType::F64)))});
  std::vector<gpu::HostDoubles> scale = gpu::sensitivity_scale({host(ref)}, runs, m.step);
  gpu::Comparison on_s = compare_f64(honest, ref, tol, scale[0].data());
  CHECK_FALSE(on_s.ok);
  CHECK(on_s.class_failures > 0);
  // With the term: Qmed is the reference's own rounding (~1e-8, not 2^-44 |x|).
  auto noisy = gpu::noise_set(v, base, base.seed);
  REQUIRE(noisy.has_value());
  CHECK(noisy->key == base.key + "/noise");
  const std::vector<double> moved = values(*noisy, 0, DType::F64);
  for (size_t i = 0; i < x.size(); ++i)
    CHECK(std::fabs(moved[i] - x[i]) == doctest::Approx(std::ldexp(std::fabs(x[i]), -44)));
  const double qmed = gpu::reference_noise({host(ref)}, {host(fd(moved))});
  CHECK(qmed > 1e-9);
  CHECK(qmed < 3e-8);
  const int64_t raised = gpu::fold_reference_noise(scale, {host(ref)}, qmed, tol.class_rtol);
  CHECK(raised > 1000);
  CHECK(compare_f64(honest, ref, tol, scale[0].data()).ok);
  gpu::Comparison refused = compare_f64(cheat, ref, tol, scale[0].data());
  CHECK(refused.failures == 0);
  CHECK_FALSE(refused.ok);
  CHECK(refused.class_failures > 0);
  // The narrowed check's line: its marker, and no "; " (narrowed_checks cuts there).
  const std::string note = gpu::reference_noise_note(qmed, raised);
  CHECK(note.rfind("measured class bound: limited by the reference's own noise", 0) == 0);
  CHECK(note.find("; ") == std::string::npos);
  // No float64 input (float32 only): nothing is moved at 2^-44.
  v.buffers[0] = buffer("x", DType::F32, 16, generators::BufferRole::In, 0.5, 1.5);
  CHECK_FALSE(gpu::noise_set(v, gpu::regular_set(v, 3, nullptr), 1).has_value());
}

TEST_CASE("the class bound's scale: an honest cancelling signed sum passes on S") {
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 4096, generators::BufferRole::In, -1, 1),
               buffer("out", DType::F64, 64, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 5, nullptr);
  std::vector<double> x = values(base, 0, DType::F64);
  // Output 0 made to cancel to about 1e-6: its last term is 1e-6 minus the sum of the others
  // (inside the problem's rtol 1e-6 x 1e-6 after honest reordering, not inside 2^-32 x 1e-6).
  double others = 0;
  for (size_t j = 0; j < 1023; ++j) others += x[j];
  x[1023] = 1e-6 - others;
  std::memcpy(base.inputs[0]->data.get(), x.data(), x.size() * sizeof(double));
  const std::vector<double> ref = window_sums(x, 64, false), honest = window_sums(x, 64, true);
  generators::Tolerance tol = loose_fp64();
  tol.atol = 0;
  gpu::Comparison plain = compare_f64(honest, ref, tol);
  CHECK(plain.class_failures >= 1);  // the cancelled output: its rounding is not of |r|'s size
  CHECK(plain.class_first_bad == 0);
  gpu::SensitivitySets m = gpu::sensitivity_sets(v, base, base.seed);
  std::vector<std::vector<gpu::HostDoubles>> runs;
  for (const auto& s : m.sets)
    runs.push_back({host(window_sums(values(s, 0, DType::F64), 64, false))});
  const std::vector<gpu::HostDoubles> scale = gpu::sensitivity_scale({host(ref)}, runs, m.step);
  gpu::Comparison scaled = compare_f64(honest, ref, tol, scale[0].data());
  CHECK(scaled.ok);
  CHECK(scaled.class_ratio < 1e-2);
  // P4c's forward cap (helper wit39): at the floor share (2^-40 S), the seed's witness unknown,
  // the honest reordering still passes.
  std::vector<gpu::HostDoubles> capped = scale;
  gpu::cap_scale(capped, gpu::witness_share(-1, tol.class_rtol));
  gpu::Comparison floor = compare_f64(honest, ref, tol, capped[0].data());
  MESSAGE("honest cancelling sum at the floor share: class ratio " << floor.class_ratio);
  CHECK(floor.ok);
  // S is the sum's sensitivity (~sqrt(1024) x 0.58), far below the sum of |terms| (~512).
  const std::vector<double> on_abs =
      window_sums(values(*gpu::absolute_set(v, base), 0, DType::F64), 64, false);
  CHECK(scale[0][0] > 1);
  CHECK(scale[0][0] < on_abs[0] / 4);
  // An FP32-grade sum of the same terms is still refused on S.
  std::vector<double> fp32_grade = honest;
  for (double& e : fp32_grade) e += 1e-6 * (1 + std::fabs(e)) * 0.5;
  gpu::Comparison cheat = compare_f64(fp32_grade, ref, tol, scale[0].data());
  CHECK_FALSE(cheat.ok);
  CHECK(cheat.class_failures > 0);
}

// P4c's forward cap, the seed as witness (issue 28, helper wit39; red team 38b's
// redteam38b_kappa_short_exp): S enters a candidate's bound at witness_share's share.
TEST_CASE("witness_share: the floor where the seed never needed S, up to the whole S") {
  const double c = generators::measured_class_rtol("fp64");
  CHECK(gpu::witness_share(-1, c) == gpu::kScaleFloorShare);  // unknown
  CHECK(gpu::witness_share(0, c) == gpu::kScaleFloorShare);   // the seed is the reference
  // a seed that erred 2^-42 S: 16 x that over 2^-32 is 2^-6, above the floor
  CHECK(gpu::witness_share(std::ldexp(1.0, -42), c) == std::ldexp(1.0, -6));
  CHECK(gpu::witness_share(std::ldexp(1.0, -30), c) == 1);  // never above today's 2^-32 S
  CHECK(gpu::witness_of(0.5, c) == 0.5 * c);
  CHECK(gpu::witness_of(std::nan(""), c) == 0);
  std::vector<gpu::HostDoubles> s = {host({256, 512}), host({1024})};
  gpu::cap_scale(s, gpu::kScaleFloorShare);
  CHECK(s[0][0] == 1);
  CHECK(s[0][1] == 2);
  CHECK(s[1][0] == 4);
  gpu::cap_scale(s, 1);
  CHECK(s[1][0] == 4);
}

TEST_CASE(
    "the forward cap: exp cut to degree 2 at |x| 300-640 refused, degree 5 and reorders kept") {
  // out = exp(x), x in [-640, -300): S = |x| exp(x), 300-640 x the reference, so 2^-32 S admitted
  // the degree-2 table exp (2.6e-8 relative, FP32's resolution) as fp64; at the floor share
  // (2^-40 S) it is refused, while the degree-5 one (~1e-16) and the library's pass.
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, 4096, generators::BufferRole::In, -640, -300),
               buffer("out", DType::F64, 4096, generators::BufferRole::Out, 0, 1)};
  gpu::HostSet base = gpu::regular_set(v, 17, nullptr);
  double tab[64];
  for (int j = 0; j < 64; ++j) tab[j] = std::exp2(double(j) / 64.0);
  auto f = [&](const std::vector<double>& x, int degree) {
    std::vector<double> y;
    for (double e : x) y.push_back(degree ? class_scale::exp_tang64(e, tab, degree) : std::exp(e));
    return y;
  };
  const std::vector<double> x = values(base, 0, DType::F64), ref = f(x, 0);
  gpu::SensitivitySets m = gpu::sensitivity_sets(v, base, base.seed);
  std::vector<std::vector<gpu::HostDoubles>> runs;
  for (const auto& s : m.sets) runs.push_back({host(f(values(s, 0, DType::F64), 0))});
  const std::vector<gpu::HostDoubles> scale = gpu::sensitivity_scale({host(ref)}, runs, m.step);
  generators::Tolerance tol = loose_fp64();
  const std::vector<double> cheat = f(x, 2), control = f(x, 5);
  CHECK(compare_f64(cheat, ref, tol).class_failures > 0);   // the plain bound refuses it
  CHECK(compare_f64(cheat, ref, tol, scale[0].data()).ok);  // S (share 1) passed it
  std::vector<gpu::HostDoubles> capped = scale;
  gpu::cap_scale(capped, gpu::witness_share(-1, tol.class_rtol));
  gpu::Comparison refused = compare_f64(cheat, ref, tol, capped[0].data());
  CHECK_FALSE(refused.ok);
  CHECK(refused.failures == 0);  // inside the problem's rtol 1e-6
  CHECK(refused.class_ratio > 10);
  CHECK(compare_f64(control, ref, tol, capped[0].data()).ok);
  CHECK(compare_f64(ref, ref, tol, capped[0].data()).ok);
}

// review40: the witness is the seed at its own knob point; another point of the seed variant is
// a candidate (judged at the witnessed share, and never a witness itself).
TEST_CASE("review40: is_seed_point is the seed variant at its default knob point only") {
  generators::ProblemSpec spec = generators::load_problem(
      std::string(SOLVER_SOURCE_DIR) + "/tests/cheats/control_redteam34_splitk_scratch");
  generators::VariantSpec* seed = nullptr;
  for (auto& v : spec.variants)
    if (v.id == spec.seed_variant) seed = &v;
  REQUIRE(seed);
  REQUIRE(seed->knobs.size() == 1);
  seed->knobs[0].values = {1, 2};  // a seed with two points: SPLITK 1 (its default) and 2
  const rules::ChipProfile chip = generators::test::test_chip();
  generators::ResolvedVariant v;
  v.variant = seed->id;
  v.knobs = {{seed->knobs[0].name, 1}};
  CHECK(gpu::is_seed_point(spec, v, chip));
  v.knobs = {{seed->knobs[0].name, 2}};
  CHECK_FALSE(gpu::is_seed_point(spec, v, chip));
  v.variant = "control";
  v.knobs = {{seed->knobs[0].name, 1}};
  CHECK_FALSE(gpu::is_seed_point(spec, v, chip));
}
