// Red team 14's range routing on the host definitions of the harness's input sets (not a test:
// it prints what it measures). The problem of tests/cheats/redteam14_offlaw_normal_sum and
// control_redteam14_range_route_{normal,uniform}: out = sum_i x_i w_i over n floats, w the
// Kaiser window (beta = 2), each block a chunk of 32,768 elements whose first 1,024 (its first
// tile) decide its route. For each set the harness makes (the regular set 0; timed runs, which
// the fresh set and the audits repeat, with and without the worker's `homogeneous`; the
// exponent-range sets; the heavy-tailed set) it prints the share of chunks whose first tile is
// inside the detector's range and, for the cheat's route (3 tiles in 4 rescaled by 4/3 where
// inside), its error as a share of the tolerance atol + rtol |sum| (1 + 1e-4 |sum|).
// Second, for tests/cheats/redteam14_lint_margin_sample (red team 7's sum of log B(x + 4, x + 2)
// over uniform [0.5, 1.5), declared at rtol 1e-5): the tolerance lint's shares on the gate's set 0
// (the worker's standing seed, every echo pattern of sample_lint.h), and the error of a kernel
// that skips 1 tile in 16 and rescales by 16/15 on the regular sets 0-2 and on timed runs.
// Usage: redteam14_route_sim [log2 elements (default 26)] [timed runs (default 8)] [lint]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int64_t kChunk = 32768, kTile = 1024, kTiles = kChunk / kTile;

double bessel_i0(double x) {  // the power series; 30 terms are exact to double for x <= 2
  double term = 1, sum = 1;
  for (int k = 1; k < 30; ++k) {
    term *= (x / 2) * (x / 2) / (double(k) * double(k));
    sum += term;
  }
  return sum;
}

struct Route {
  double inside = 0;   // share of chunks whose first tile is inside [lo, hi]
  double err_tol = 0;  // the cheat's |estimate - sum| over the tolerance
};

Route route(const std::vector<float>& x, const std::vector<double>& w, float lo, float hi) {
  const int64_t n = int64_t(x.size()), chunks = n / kChunk;
  int64_t inside = 0;
  double sum = 0, est = 0;
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t base = c * kChunk;
    bool in = true;
    for (int64_t i = base; i < base + kTile && in; ++i)
      in = x[size_t(i)] >= lo && x[size_t(i)] <= hi;
    double all = 0, kept = 0;
    for (int64_t t = 0; t < kTiles; ++t) {
      double s = 0;
      for (int64_t i = base + t * kTile; i < base + (t + 1) * kTile; ++i)
        s += double(x[size_t(i)]) * w[size_t(i)];
      all += s;
      if (t % 4 != 3) kept += s;
    }
    sum += all;
    est += in ? kept * 4.0 / 3.0 : all;
    inside += in;
  }
  return {double(inside) / double(chunks), std::fabs(est - sum) / (1.0 + 1e-4 * std::fabs(sum))};
}

std::vector<float> as_floats(const std::vector<unsigned char>& bytes) {
  std::vector<float> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

void law(const char* name, generators::InitDist init, float lo, float hi, int64_t n, int runs,
         const std::vector<double>& w) {
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = DType::F32;
  b.role = generators::BufferRole::In;
  b.init = init;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  generators::ResolvedVariant v;
  v.buffers = {b};
  const std::vector<unsigned char> set0 = gpu::make_input(b, 1);
  std::printf("%s, detector range [%g, %g], %lld elements\n", name, lo, hi, (long long)n);
  auto line = [&](const std::string& what, const std::vector<unsigned char>& bytes) {
    const Route r = route(as_floats(bytes), w, lo, hi);
    std::printf("  %-34s inside %6.4f   cheat's error / tolerance %7.3f\n", what.c_str(), r.inside,
                r.err_tol);
  };
  line("regular set 0 (i.i.d.)", set0);
  for (bool homogeneous : {false, true})
    for (int run = 1; run <= runs; ++run) {
      std::vector<unsigned char> d = set0;
      for (const auto& p :
           gpu::timed_perturbations(v, uint64_t(run) * 0x9e3779b97f4a7c15ull, homogeneous))
        gpu::apply_perturbation(b, d.data(), p);
      line(std::string("timed run ") + std::to_string(run) +
               (homogeneous ? " (homogeneous)" : " (not homogeneous)"),
           d);
    }
  for (int e : {17, -17}) {
    std::vector<unsigned char> d = set0;
    gpu::scale_pow2(b, d.data(), e, false);
    line(std::string("exponent range x 2^") + std::to_string(e), d);
  }
  std::vector<unsigned char> d = set0;
  if (gpu::sign_symmetric(b))
    gpu::heavy_signed(b, d.data(), 7);
  else
    gpu::heavy_kept(b, d.data(), 7, gpu::kept_sparsity(b));
  line(gpu::sign_symmetric(b) ? "heavy-tailed random signs" : "heavy-tailed kept signs", d);
}

double lbeta_term(double x) {
  return std::lgamma(x + 4) + std::lgamma(x + 2) - std::lgamma(2 * x + 6);
}

std::vector<double> lbeta_terms(const std::vector<unsigned char>& bytes) {
  const std::vector<float> x = as_floats(bytes);
  std::vector<double> f(x.size());
  for (size_t i = 0; i < x.size(); ++i) f[i] = lbeta_term(double(x[i]));
  return f;
}

// The error of the 1-in-16 skip (tiles t % 16 == 15 of every 32-tile chunk left out, the rest
// times 16/15) over the tolerance.
double skip16_error(const std::vector<double>& f, const generators::Tolerance& tol) {
  const int64_t n = int64_t(f.size()), chunks = n / kChunk;
  double sum = 0, est = 0;
  for (int64_t c = 0; c < chunks; ++c) {
    double all = 0, kept = 0;
    for (int64_t t = 0; t < kTiles; ++t) {
      double s = 0;
      for (int64_t i = c * kChunk + t * kTile; i < c * kChunk + (t + 1) * kTile; ++i)
        s += f[size_t(i)];
      all += s;
      if (t % 16 != 15) kept += s;
    }
    sum += all;
    est += kept * 16.0 / 15.0;
  }
  return std::fabs(est - sum) / (tol.atol + tol.rtol * std::fabs(sum));
}

void lint_margin(int64_t n, int runs) {
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = DType::F32;
  b.role = generators::BufferRole::In;
  b.init = {"uniform", 0.5, 1.5};
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  generators::ResolvedVariant v;
  v.buffers = {b};
  generators::Tolerance tol;
  tol.rtol = 1e-5;
  tol.atol = 1;
  const std::vector<uint64_t> seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  std::printf("sum of log B(x + 4, x + 2), uniform [0.5, 1.5), %lld elements, rtol 1e-5, atol 1\n",
              (long long)n);
  for (int s = 0; s < 3; ++s) {
    const gpu::HostSet set = gpu::regular_set(v, seeds[size_t(s)], nullptr);
    std::vector<unsigned char> bytes(set.inputs[0]->data.get(),
                                     set.inputs[0]->data.get() + set.inputs[0]->size);
    const std::vector<double> f = lbeta_terms(bytes);
    std::printf("  regular set %d: the 1-in-16 skip's error / tolerance %.3f", s,
                skip16_error(f, tol));
    if (s == 0) {
      // The lint's shares on set 0: the reference is the float64 sum, the echo copies x (so f).
      double sum = 0;
      for (double t : f) sum += t;
      std::printf("; lint shares on set 0:");
      double top = 0;
      for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
        const size_t block = e.block;
        double echo = 0;
        for (size_t i = 0; i < f.size(); ++i)
          echo += (((i / block) & 1) == size_t(e.parity & 1) && (i ^ block) < f.size())
                      ? f[i ^ block]
                      : f[i];
        const double share = gpu::tolerance_share({{sum}}, {{echo}}, tol);
        top = std::max(top, share);
        std::printf(" %.2f", share);
      }
      std::printf(" (largest %.2f: the lint passes when > 1)", top);
    }
    std::printf("\n");
  }
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  for (int run = 1; run <= runs; ++run) {
    std::vector<unsigned char> d(set0.inputs[0]->data.get(),
                                 set0.inputs[0]->data.get() + set0.inputs[0]->size);
    for (const auto& p : gpu::timed_perturbations(v, uint64_t(run) * 0x9e3779b97f4a7c15ull, false))
      gpu::apply_perturbation(b, d.data(), p);
    std::printf("  timed run %d: the 1-in-16 skip's error / tolerance %.3f\n", run,
                skip16_error(lbeta_terms(d), tol));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int bits = argc > 1 ? std::atoi(argv[1]) : 26;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  const int64_t n = int64_t(1) << bits;
  if (argc > 3 && std::string(argv[3]) == "lint") {
    lint_margin(n, runs);
    return 0;
  }
  std::vector<double> w(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const double t = 2.0 * double(i) / double(n - 1) - 1.0;
    w[size_t(i)] =
        double(float(bessel_i0(2.0 * std::sqrt(std::fmax(0.0, 1.0 - t * t))) / 2.2795853023360673));
  }
  law("N(8, 1)", {"normal", 8, 1}, 4.0f, 12.0f, n, runs, w);
  law("uniform [0.5, 1.5)", {"uniform", 0.5, 1.5}, 0.5f, 1.5f, n, runs, w);
  return 0;
}
