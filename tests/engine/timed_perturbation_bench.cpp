// A CPU timing of the timed perturbation's host definition (engine/backend/gpu/
// timed_perturbation.h) per operation: the redraw of an element-wise law, the pairs of a
// permutation, the conjugation of a cycle, the segments of sorted keys and the resample of csr
// offsets, on one buffer of 2^24 elements (median of 5). Not a test: it prints milliseconds.
// The device kernels do the same work per element, in parallel; this is what the host path (the
// fresh set's materialisation after a failed check, the fallback) costs, and a bound on the
// arithmetic per element.
// Usage: timed_perturbation_bench [log2 elements (default 24)]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"

using namespace solver;
using generators::DType;

int main(int argc, char** argv) {
  const int bits = argc > 1 ? std::atoi(argv[1]) : 24;
  const int64_t n = int64_t(1) << bits;
  struct Case {
    const char* name;
    DType dtype;
    generators::InitDist init;
  };
  const Case cases[] = {
      {"uniform f32 (redraw)", DType::F32, {"uniform", 0, 1}},
      {"randint i32 (redraw)", DType::I32, {"randint", 0, 1000}},
      {"permutation i32 (pairs)", DType::I32, {"permutation", 0, 0}},
      {"cycle i32 (conjugate)", DType::I32, {"cycle", 0, 0}},
      {"sorted f32 (segments)", DType::F32, {"sorted", 0, 1}},
      {"sorted i32 (segments)", DType::I32, {"sorted", 0, 1e9}},
      {"csr_rowptr i32 (resample)", DType::I32, {"csr_rowptr", 16.0 * double(n), 0}}};
  std::printf("timed perturbation, host definition, %lld elements (CPU timing)\n", (long long)n);
  for (const Case& c : cases) {
    generators::ResolvedBuffer b;
    b.name = "x";
    b.dtype = c.dtype;
    b.role = generators::BufferRole::In;
    b.init = c.init;
    b.elements = n;
    b.bytes = n * int64_t(generators::dtype_size(c.dtype));
    b.shape = {n};
    b.dist_fixed = true;
    generators::ResolvedVariant v;
    v.buffers = {b};
    std::vector<unsigned char> data = gpu::make_input(b, 1);
    std::vector<double> ms;
    for (uint64_t run = 1; run <= 5; ++run) {
      const auto plan = gpu::timed_perturbations(v, run);
      if (plan.empty()) break;
      const auto t0 = std::chrono::steady_clock::now();
      gpu::apply_perturbation(b, data.data(), plan[0]);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("  %-26s %8.1f ms  (%.2f ns/element)\n", c.name, ms[ms.size() / 2],
                ms[ms.size() / 2] * 1e6 / double(n));
  }
  return 0;
}
