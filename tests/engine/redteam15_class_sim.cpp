// Red team 15's measured-class cases on the host definitions of the harness (not a test: it
// prints what it measures). For each problem it makes the worker's regular sets (regular_set on
// the standing seeds) and two audited timed runs (timed_inputs), the reference on |inputs|
// (absolute_set, class_bound.cpp), and models of the seed, the cheat and the control in double
// on the host, then judges each with the worker's own compare() (host_data.cpp) under the fp64
// class (Tolerance::class_rtol = measured_class_rtol("fp64")), as check_outputs does: the plain
// bound first, then, where only the class bound failed, again with the reference on |inputs|.
//  - tests/cheats/redteam15_f64_pole_short_poly and control_redteam15_f64_pole_exp2_poly:
//    h[i] = sum_j r[j] exp(p[j] t[i]), p in [-16, -1], t in [1, 4]; the kernels' exponentials
//    (a 32-entry table and 1 + r + r^2/2; a 256-entry table and degree 4) in the same FP64
//    operations, against the C library's exp.
//  - tests/cheats/control_redteam15_f64_fd_shift: (g(x + h) - g(x)) / h, h = 2^-26, against the
//    identity sum r exp(-a x) expm1(-a h) / h.
//  - tests/cheats/redteam15_f64_f32out_rsqrt: a float32 output with a 1.7e-7 relative error
//    (red team 13's measured error of rsqrt.approx.ftz.f64 sums), compared as float32.
// Outputs are the first `rows` of each problem's (the inner sums are complete).
// Usage: redteam15_class_sim [rows (default 2048)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "flat_buffer.h"
#include "tests/engine/class_scale_models.h"

using namespace solver;
using generators::DType;
using solver::class_scale::exp_short;
using solver::class_scale::exp_table;

namespace {

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n,
                                  generators::BufferRole role, double lo, double hi) {
  // An output keeps the default draw (never drawn).
  return test::flat_buffer(name, dtype, n,
                           role != generators::BufferRole::Out
                               ? generators::InitDist{"uniform", lo, hi}
                               : generators::InitDist{},
                           role);
}

std::vector<double> doubles(const gpu::HostSet& s, size_t i) {
  const gpu::HostInput& in = *s.inputs[i];
  std::vector<double> v(in.size / 8);
  std::memcpy(v.data(), in.data.get(), v.size() * 8);
  return v;
}

uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// check_outputs on one float64 output: plain, then with the reference on |inputs| where only the
// class bound failed.
std::string judge(const std::vector<double>& got, const std::vector<double>& want,
                  const std::vector<double>* absolute, const generators::Tolerance& tol) {
  gpu::Comparison c = gpu::compare(reinterpret_cast<const unsigned char*>(got.data()), DType::F64,
                                   int64_t(got.size()), want.data(), int64_t(want.size()), tol, 0);
  char line[256];
  std::snprintf(line, sizeof line, "plain: failures %lld, class failures %lld, class ratio %.3g",
                (long long)c.failures, (long long)c.class_failures, c.class_ratio);
  std::string out = line;
  if (c.failures) return out + " -> wrong_result";
  if (!c.class_failures) return out + " -> passes (no reference on |inputs| made)";
  if (!absolute) return out + "; no input negative -> precision_mismatch";
  gpu::Comparison s = gpu::compare(reinterpret_cast<const unsigned char*>(got.data()), DType::F64,
                                   int64_t(got.size()), want.data(), int64_t(want.size()), tol, 0,
                                   absolute->data());
  std::snprintf(line, sizeof line, "; on |inputs|: class failures %lld, class ratio %.3g -> %s",
                (long long)s.class_failures, s.class_ratio,
                s.failures         ? "wrong_result"
                : s.class_failures ? "precision_mismatch"
                                   : "passes");
  return out + line;
}

double max_rel(const std::vector<double>& got, const std::vector<double>& want) {
  double m = 0;
  for (size_t i = 0; i < got.size(); ++i)
    m = std::max(m, std::fabs(got[i] - want[i]) / std::fabs(want[i]));
  return m;
}

void pole_problem(int64_t rows) {
  const int64_t n = 65536, m = 8192;
  generators::ResolvedVariant v;
  v.buffers = {buffer("t", DType::F64, n, generators::BufferRole::In, 1, 4),
               buffer("p", DType::F64, m, generators::BufferRole::In, -16, -1),
               buffer("r", DType::F64, m, generators::BufferRole::In, 0.5, 1.5),
               buffer("h", DType::F64, n, generators::BufferRole::Out, 0, 0)};
  generators::Tolerance tol;
  tol.rtol = 1e-6;
  tol.atol = 0;
  tol.class_rtol = generators::measured_class_rtol("fp64");
  std::printf(
      "pole response (redteam15_f64_pole_short_poly), %lld of %lld outputs, %lld poles, "
      "rtol 1e-6, class 2^%d\n",
      (long long)rows, (long long)n, (long long)m, std::ilogb(tol.class_rtol));
  auto response = [&](const gpu::HostSet& s, const std::function<double(double, int64_t)>& e) {
    const auto t = doubles(s, 0), p = doubles(s, 1), r = doubles(s, 2);
    std::vector<double> h(size_t(rows), 0.0);
    for (int64_t i = 0; i < rows; ++i) {
      double acc = 0;
      for (int64_t j = 0; j < m; ++j)
        acc = std::fma(r[size_t(j)], e(p[size_t(j)] * t[size_t(i)], i * m + j), acc);
      h[size_t(i)] = acc;
    }
    return h;
  };
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::vector<std::pair<std::string, gpu::HostSet>> sets;
  for (int s = 0; s < 3; ++s)
    sets.emplace_back("regular set " + std::to_string(s),
                      gpu::regular_set(v, seeds[size_t(s)], nullptr));
  for (uint64_t run : {11ULL, 12ULL})
    sets.emplace_back("timed run " + std::to_string(run),
                      gpu::timed_inputs(v, set0, run, false, false));
  for (auto& [name, s] : sets) {
    const auto want = response(s, [](double x, int64_t) { return std::exp(x); });
    std::optional<gpu::HostSet> abs = gpu::absolute_set(v, s);
    std::vector<double> absolute;
    if (abs) absolute = response(*abs, [](double x, int64_t) { return std::exp(x); });
    double lo = INFINITY;
    for (size_t i = 0; i < absolute.size(); ++i) lo = std::min(lo, absolute[i] / want[i]);
    const auto cheat = response(s, [](double x, int64_t) { return exp_short(x); });
    const auto table = response(s, [](double x, int64_t) { return exp_table(x); });
    std::printf(" %s: smallest (reference on |inputs|) / reference %.3g\n", name.c_str(), lo);
    std::printf("  cheat (degree 2): largest relative error %.3g; %s\n", max_rel(cheat, want),
                judge(cheat, want, abs ? &absolute : nullptr, tol).c_str());
    std::printf("  control (table): largest relative error %.3g; %s\n", max_rel(table, want),
                judge(table, want, abs ? &absolute : nullptr, tol).c_str());
  }
}

void fd_problem(int64_t rows) {
  const int64_t n = 262144, m = 1024;
  const double h = 0x1p-26;
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F64, n, generators::BufferRole::In, 0.5, 1.5),
               buffer("a", DType::F64, m, generators::BufferRole::In, 1, 16),
               buffer("r", DType::F64, m, generators::BufferRole::In, 0.5, 1.5),
               buffer("out", DType::F64, n, generators::BufferRole::Out, 0, 0)};
  generators::Tolerance tol;
  tol.rtol = 1e-6;
  tol.atol = 0;
  tol.class_rtol = generators::measured_class_rtol("fp64");
  std::printf(
      "forward difference (control_redteam15_f64_fd_shift), %lld of %lld outputs, "
      "%lld terms, h = 2^-26, rtol 1e-6\n",
      (long long)rows, (long long)n, (long long)m);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::vector<std::pair<std::string, gpu::HostSet>> sets;
  for (int s = 0; s < 3; ++s)
    sets.emplace_back("regular set " + std::to_string(s),
                      gpu::regular_set(v, seeds[size_t(s)], nullptr));
  sets.emplace_back("timed run 11", gpu::timed_inputs(v, set0, 11, false, false));
  for (auto& [name, s] : sets) {
    const auto x = doubles(s, 0), a = doubles(s, 1), r = doubles(s, 2);
    std::vector<double> want(static_cast<size_t>(rows)), shift(want), exact(want);
    for (int64_t i = 0; i < rows; ++i) {
      const double xi = x[size_t(i)], xh = xi + h;
      double g1 = 0, g0 = 0, d = 0;
      long double e = 0;
      for (int64_t j = 0; j < m; ++j) {
        g1 = std::fma(r[size_t(j)], std::exp(-a[size_t(j)] * xh), g1);
        g0 = std::fma(r[size_t(j)], std::exp(-a[size_t(j)] * xi), g0);
        d = std::fma(r[size_t(j)] * (std::expm1(-a[size_t(j)] * h) / h),
                     std::exp(-a[size_t(j)] * xi), d);
        e += (long double)r[size_t(j)] * expm1l(-(long double)a[size_t(j)] * h) / h *
             expl(-(long double)a[size_t(j)] * xi);
      }
      want[size_t(i)] = (g1 - g0) / h;
      shift[size_t(i)] = d;
      exact[size_t(i)] = double(e);
    }
    std::optional<gpu::HostSet> abs = gpu::absolute_set(v, s);
    std::printf(
        " %s: reference on |inputs| %s; reference vs long double %.3g, control vs long "
        "double %.3g\n",
        name.c_str(), abs ? "made" : "not made (no input negative)", max_rel(want, exact),
        max_rel(shift, exact));
    std::printf("  control (expm1 shift): largest relative error %.3g; %s\n", max_rel(shift, want),
                judge(shift, want, nullptr, tol).c_str());
  }
}

void f32out_problem() {
  // The cheat's float32 outputs, 1.7e-7 relative from the reference (both rounded to FP32).
  const int64_t n = 65536;
  std::vector<double> want(static_cast<size_t>(n));
  std::vector<float> got(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const double r = 8192.0 * (1.0 + double(mix(uint64_t(i)) >> 11) * 0x1p-53);
    want[size_t(i)] = double(float(r));
    got[size_t(i)] = float(r * (1 + 1.7e-7));
  }
  generators::Tolerance tol;
  tol.rtol = 1e-6;
  tol.atol = 0;
  tol.class_rtol = generators::measured_class_rtol("fp64");
  gpu::Comparison c = gpu::compare(reinterpret_cast<const unsigned char*>(got.data()), DType::F32,
                                   n, want.data(), n, tol, 0);
  std::printf(
      "float32 output under fp64 (redteam15_f64_f32out_rsqrt): 1.7e-7 relative: failures "
      "%lld, class failures %lld, class ratio %.3g -> %s\n",
      (long long)c.failures, (long long)c.class_failures, c.class_ratio,
      c.ok ? "passes" : "refused");
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 2048;
  pole_problem(rows);
  fd_problem(rows);
  f32out_problem();
  return 0;
}
