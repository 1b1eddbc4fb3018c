// control_redteam12_f64_cutoff_prefilter on the host definitions of the harness's timed data (not
// a test: it prints what it measures). n points (px, py, pz: f64, each uniform [lo, hi)); for the
// regular set 0, the timed runs (the shrunk / planted redraws every pair is timed on, with and
// without `homogeneous`) and the law pairs' i.i.d. redraws (P6d) it prints the share of pairs
// the control's FP32 prefilter lets through (d^2 < 1.001 in FP32) and the share of (warp of 32
// consecutive points, j) steps where at least one lane of the warp does: on such a step the whole
// warp runs the FP64 distance and force after the FP32 test, so that share sets the control's
// cost against the seed's (the FP64 distance every step).
// Usage: redteam12_cutoff_sim [lo] [hi] [n (default 16384)] [timed runs (default 4)]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"

using namespace solver;
using generators::DType;

namespace {

struct Share {
  double pairs = 0, warp_steps = 0;
};

Share prefilter(const std::vector<double> (&p)[3]) {
  const int64_t n = int64_t(p[0].size());
  std::vector<float> f[3];
  for (int a = 0; a < 3; ++a) {
    f[a].resize(size_t(n));
    for (int64_t i = 0; i < n; ++i) f[a][size_t(i)] = float(p[a][size_t(i)]);
  }
  int64_t pass = 0, steps = 0, warp_pass = 0;
  for (int64_t w0 = 0; w0 < n; w0 += 32)
    for (int64_t j = 0; j < n; ++j) {
      bool any = false;
      for (int64_t i = w0; i < w0 + 32 && i < n; ++i) {
        const float ex = f[0][size_t(i)] - f[0][size_t(j)], ey = f[1][size_t(i)] - f[1][size_t(j)],
                    ez = f[2][size_t(i)] - f[2][size_t(j)];
        const bool in = ex * ex + ey * ey + ez * ez < 1.001f;
        pass += in, any = any || in;
      }
      ++steps, warp_pass += any;
    }
  return {double(pass) / double(n) / double(n), double(warp_pass) / double(steps)};
}

}  // namespace

int main(int argc, char** argv) {
  const double lo = argc > 1 ? std::atof(argv[1]) : 0, hi = argc > 2 ? std::atof(argv[2]) : 16;
  const int64_t n = argc > 3 ? std::atoll(argv[3]) : 16384;
  const int runs = argc > 4 ? std::atoi(argv[4]) : 4;
  generators::ResolvedVariant v;
  const char* names[3] = {"px", "py", "pz"};
  for (const char* name : names) {
    generators::ResolvedBuffer b;
    b.name = name;
    b.dtype = DType::F64;
    b.role = generators::BufferRole::In;
    b.init = {"uniform", lo, hi};
    b.elements = n;
    b.bytes = n * 8;
    b.shape = {n};
    v.buffers.push_back(b);
  }
  std::vector<unsigned char> set0[3];
  for (int a = 0; a < 3; ++a) set0[a] = gpu::make_input(v.buffers[size_t(a)], 1);
  auto line = [&](const std::string& what, const std::vector<unsigned char>(&bytes)[3]) {
    std::vector<double> p[3];
    for (int a = 0; a < 3; ++a) {
      p[a].resize(size_t(n));
      std::memcpy(p[a].data(), bytes[a].data(), size_t(n) * 8);
    }
    const Share s = prefilter(p);
    std::printf("  %-36s pairs through the FP32 test %.5f   warp steps with one %.4f\n",
                what.c_str(), s.pairs, s.warp_steps);
  };
  std::printf("%lld points, each coordinate uniform [%g, %g)\n", (long long)n, lo, hi);
  line("regular set 0 (i.i.d.)", set0);
  for (int kind = 0; kind < 3; ++kind)
    for (int run = 1; run <= runs; ++run) {
      std::vector<unsigned char> d[3] = {set0[0], set0[1], set0[2]};
      const bool homogeneous = kind == 1, law = kind == 2;
      for (const auto& pert :
           gpu::timed_perturbations(v, uint64_t(run) * 0x9e3779b97f4a7c15ull, homogeneous, law))
        gpu::apply_perturbation(v.buffers[pert.buffer], d[pert.buffer].data(), pert);
      line(std::string(law ? "law pair run " : "timed run ") + std::to_string(run) +
               (law           ? ""
                : homogeneous ? " (homogeneous)"
                              : " (not homogeneous)"),
           d);
    }
  return 0;
}
