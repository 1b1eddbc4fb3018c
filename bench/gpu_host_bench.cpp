// Host-side cost of the GPU worker's gate / time / profile at the real problem sizes, on the
// CPU alone (no GPU needed): seeded input generation, the float64 copy of in-out inputs, and
// the output check (the device-to-host copy is stood in for by a memcpy of the same bytes).
//
//   gpu_host_bench [THREADS] [PROBLEM]   (THREADS 0 = all cores; PROBLEM: one name, default all)
//
// Sizes and distributions are those of problems/*/problem.yaml (2026-11). Each phase is timed
// three times; the median is printed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"

using namespace solver;
using generators::DType;
using Clock = std::chrono::steady_clock;

namespace {

struct Case {
  const char* problem;
  std::vector<generators::ResolvedBuffer> inputs;
  int64_t output_elements;  // f32 output of the variant (float64 in the reference)
};

generators::ResolvedBuffer input(const char* name, int64_t n, const char* kind, double a,
                                 double b) {
  generators::ResolvedBuffer r;
  r.name = name;
  r.dtype = DType::F32;
  r.elements = n;
  r.bytes = n * 4;
  r.init = {kind, a, b};
  return r;
}

template <class F>
double median_s(F&& f) {
  std::vector<double> t;
  for (int i = 0; i < 3; ++i) {
    auto t0 = Clock::now();
    f();
    t.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[1];
}

}  // namespace

int main(int argc, char** argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 0;
  std::string only = argc > 2 ? argv[2] : "";
  const int64_t M = 16384, N = 4096;
  std::vector<Case> cases = {
      {"sigmoid", {input("x", int64_t(1) << 27, "uniform", -10, 10)}, int64_t(1) << 27},
      {"reduce", {input("x", int64_t(1) << 27, "uniform", 0, 1)}, 1},
      {"softmax", {input("x", M * N, "normal", 0, 2)}, M * N},
      {"layernorm",
       {input("x", M * N, "normal", 1, 2), input("gamma", N, "uniform", 0.5, 1.5),
        input("beta", N, "uniform", -0.5, 0.5)},
       M * N},
      {"matmul_scalar", {input("A", M * N, "uniform", -1, 1)}, M * N},
      {"matmul",
       {input("A", 4096 * 4096, "uniform", -1, 1), input("B", 4096 * 4096, "uniform", -1, 1)},
       4096 * 4096},
  };
  std::printf("threads %d (0 = all cores)\n", threads);
  for (const Case& c : cases) {
    if (!only.empty() && only != c.problem) continue;
    // One input set: every input buffer generated (the gate draws two sets, fresh seeds).
    double gen = median_s([&] {
      for (const auto& b : c.inputs) {
        auto in = std::make_shared<gpu::HostInput>();
        in->size = size_t(b.bytes);
        in->data.reset(new unsigned char[in->size]);
        gpu::fill_input(b, 42, in->data.get(), nullptr, threads);
      }
    });
    // A cached set (time / profile / time_pairs after the first request with these seeds).
    gpu::InputCache cache(size_t(4) << 30);
    for (const auto& b : c.inputs) cache.get(b, 42);
    double hit = median_s([&] {
      for (const auto& b : c.inputs) cache.get(b, 42);
    });
    // The check of one output: the variant's f32 output copied into the reused host buffer, the
    // reference's float64 output copied into a fresh vector (once per seed), and the comparison.
    std::vector<unsigned char> device_out(size_t(c.output_elements) * 4);
    std::vector<double> device_ref(size_t(c.output_elements));
    gpu::fill_input(input("y", c.output_elements, "normal", 0, 1), 7, device_out.data(),
                    device_ref.data(), threads);
    std::vector<unsigned char> scratch;
    double download = median_s([&] {
      scratch.resize(device_out.size());
      std::memcpy(scratch.data(), device_out.data(), device_out.size());
    });
    double ref = median_s([&] {
      gpu::HostDoubles r(device_ref.size());
      gpu::touch_pages(r.data(), r.size() * 8);
      std::memcpy(r.data(), device_ref.data(), r.size() * 8);
    });
    bool ok = true;
    double cmp = median_s([&] {
      ok = gpu::compare(scratch.data(), DType::F32, c.output_elements, device_ref.data(),
                        c.output_elements, {1e-4, 1e-5}, threads)
               .ok;
    });
    // Gate: 2 sets generated, 3 checks (2 before timing, 1 after), 2 reference reads.
    double gate = 2 * gen + 3 * (download + cmp) + 2 * ref;
    std::printf(
        "%-14s gen/set %.3f s  cached/set %.6f s  out copy %.3f s  ref read %.3f s  compare %.3f s "
        "(ok %d)"
        "  => gate host ~%.2f s\n",
        c.problem, gen, hit, download, ref, cmp, int(ok), gate);
  }
}
