// Red team 14's range routing on the host definitions of the harness's input sets (not a test:
// it prints what it measures). The problem of tests/cheats/redteam14_offlaw_normal_sum and
// control_redteam14_range_route_{normal,uniform}: out = sum_i x_i w_i over n floats, w the
// Kaiser window (beta = 2), each block a chunk of 32,768 elements whose first 1,024 (its first
// tile) decide its route. For each set the harness makes (the regular set 0; timed runs, which
// the fresh set and the audits repeat, with and without the worker's `homogeneous`; the
// exponent-range sets; the heavy-tailed set) it prints the share of chunks whose first tile is
// inside the detector's range and, for the cheat's route (3 tiles in 4 rescaled by 4/3 where
// inside), its error as a share of the tolerance atol + rtol |sum| (1 + 1e-4 |sum|).
// Usage: redteam14_route_sim [log2 elements (default 26)] [timed runs (default 8)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
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

}  // namespace

int main(int argc, char** argv) {
  const int bits = argc > 1 ? std::atoi(argv[1]) : 26;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  const int64_t n = int64_t(1) << bits;
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
