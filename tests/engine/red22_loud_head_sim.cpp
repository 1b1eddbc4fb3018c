// Red team 22 (issue 28): tests/cheats/redteam22_loud_head_sum on the host definitions of the
// harness's input sets (not a test: it prints what it measures). The problem: x, n = 2^24
// values U[0, 1); y[k] = sum of x[8k .. 8k + 8) for k < 16 (the head, 128 values), y[16] = sum
// of x[128 .. n) (the tail), FP32 out, rtol = 5e-4, atol = 1e-6. For set 0 it prints the
// tolerance lint's share (sample_lint.h: the largest |ref - echo| / tolerance over the output's
// elements, over echo_patterns()) and the same on the tail element alone; for each verified-run
// kind (the law redraw of P6h, the off-law timed kind of P6c/P13 main used before P6h) it prints
// the cheat's error (the tail from its even 256-value blocks only, doubled) in tolerance units.
// With `term` (tests/cheats/redteam22_loud_term_sum): a second input z, 16 values of uniform
// [0, 10^6), and one output element y = sum z + sum x; the cheat samples the x sum alike; the
// share printed for "tail alone" is then the x sum's echo against y's tolerance.
// Usage: red22_loud_head_sim [log2 n (default 24)] [runs (default 8)] [rtol (default 5e-4)]
//        [head | term (default head)] [z's high end (default 1e6)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int kHead = 16, kSeg = 8;
constexpr int64_t kBlock = 256;  // the cheat's tile: it reads the even ones
double kRtol = 5e-4;
constexpr double kAtol = 1e-6;

std::vector<float> floats(const unsigned char* p, size_t bytes) {
  std::vector<float> v(bytes / 4);
  std::memcpy(v.data(), p, bytes);
  return v;
}

bool term = false;     // redteam22_loud_term_sum
std::vector<float> z;  // its loud input (term)

gpu::HostDoubles reference(const std::vector<float>& x) {
  if (term) {
    double y = 0;
    for (float v : z) y += double(v);
    for (float v : x) y += double(v);
    return {y};
  }
  gpu::HostDoubles y(kHead + 1, 0.0);
  for (int k = 0; k < kHead; ++k)
    for (int j = 0; j < kSeg; ++j) y[size_t(k)] += double(x[size_t(k * kSeg + j)]);
  for (size_t i = kHead * kSeg; i < x.size(); ++i) y[kHead] += double(x[i]);
  return y;
}

// The cheat's tail (cheat.cu): the tail values in the even 256-value tiles of x, doubled.
double cheat_tail(const std::vector<float>& x) {
  double s = 0;
  if (term)
    for (float v : z) s += double(v);
  for (size_t i = term ? 0 : kHead * kSeg; i < x.size(); ++i)
    if ((i / kBlock) % 2 == 0) s += 2.0 * double(x[i]);
  return s;
}

double tol(double r) { return kAtol + kRtol * std::fabs(r); }

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  if (argc > 3) kRtol = std::atof(argv[3]);
  term = argc > 4 && std::string(argv[4]) == "term";
  const size_t elem = term ? 0 : kHead;  // the element the cheat samples
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0, 1})};
  const double zhigh = argc > 5 ? std::atof(argv[5]) : 1e6;
  if (term) v.buffers.push_back(test::flat_buffer("z", DType::F32, 16, {"uniform", 0, zhigh}));
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  const std::vector<float> x0 = floats(set0.inputs[0]->data.get(), set0.inputs[0]->size);
  if (term) z = floats(set0.inputs[1]->data.get(), set0.inputs[1]->size);
  const std::vector<float> z0 = z;
  const gpu::HostDoubles r0 = reference(x0);
  generators::Tolerance t;
  t.rtol = kRtol;
  t.atol = kAtol;
  std::printf("%s, n = 2^%d, rtol %.0e atol %.0e\n",
              term ? "redteam22_loud_term_sum" : "redteam22_loud_head_sum", lg, kRtol, kAtol);
  double buffer_share = 0, tail_share = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const auto echo = gpu::echo_positions(v.buffers[0], *set0.inputs[0], e.parity, e.block);
    const std::vector<float> xe = floats(echo->data.get(), echo->size);
    // The x part alone (z kept): what a sampler of the x sum errs by, in y's tolerance.
    const double st = std::fabs(reference(xe)[elem] - r0[elem]) / tol(r0[elem]);
    if (term) {
      const auto ze = gpu::echo_positions(v.buffers[1], *set0.inputs[1], e.parity, e.block);
      z = floats(ze->data.get(), ze->size);
    }
    const gpu::HostDoubles re = reference(xe);
    z = z0;
    const double s = gpu::tolerance_shares({r0}, {re}, t)[0];
    buffer_share = std::max(buffer_share, s);
    tail_share = std::max(tail_share, st);
    std::printf("  set 0 echo block %3zu parity %d: buffer share %9.2f  tail alone %6.3f\n",
                e.block, e.parity, s, st);
  }
  std::printf("set 0: the lint's share %.1f (P6h bar 30: %s); the tail's own %.3f\n", buffer_share,
              buffer_share >= 30 ? "law mode" : "off-law", tail_share);
  std::printf("cheat on set 0: %.3f of the tolerance\n",
              std::fabs(cheat_tail(x0) - r0[elem]) / tol(r0[elem]));
  for (bool law : {true, false}) {
    double worst = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      std::vector<unsigned char> d(set0.inputs[0]->data.get(),
                                   set0.inputs[0]->data.get() + set0.inputs[0]->size);
      std::vector<unsigned char> dz(z0.size() * 4);
      std::memcpy(dz.data(), z0.data(), dz.size());
      for (const gpu::Perturbation& p :
           gpu::timed_perturbations(v, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law))
        gpu::apply_perturbation(v.buffers[p.buffer], p.buffer == 0 ? d.data() : dz.data(), p);
      const std::vector<float> x = floats(d.data(), d.size());
      z = floats(dz.data(), dz.size());
      const double ref = reference(x)[elem];
      const double e = std::fabs(cheat_tail(x) - ref) / tol(ref);
      worst = std::max(worst, e);
      out += e > 1;
      std::printf("  %s run %d: cheat tail %.3f of the tolerance\n",
                  law ? "law redraw (P6h)" : "off-law timed kind", r, e);
    }
    std::printf("%s: worst %.3f, %d of %d runs out\n",
                law ? "law redraws (main, P6h on)" : "off-law timed kind (before P6h)", worst, out,
                runs);
  }
  return 0;
}
