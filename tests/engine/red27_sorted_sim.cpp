// Red team 27 (issue 28): tests/cheats/redteam27_sorted_unlinted_sum on the host definitions of
// the harness's lint and input sets (not a test: it prints what it measures). y = sum of
// log B(x + 4, x + 2) over 2^lg x drawn `sorted` from uniform [0.5, 1.5), one f32 output. The
// tolerance lint echoes only element-wise laws (sample_echoed: uniform, normal, randint), so a
// problem whose only input is sorted has no echoed input and sample_lint returns an empty verdict:
// no set, no share, no skip bound. Printed: sample_echoed, what the lint would measure with the
// parity echoes (which keep a sorted array sorted: the fix), and the child's error (log B of the
// mean of 8 values, times 8: 1/8 of the lgammaf) on set 0, regular sets 1 and 2 and timed runs
// (P6b's segment redraw; the fresh set is the same kind).
// Usage: red27_sorted_sim [log2 n (24)] [runs (8)] [rtol (1e-5)] [atol (1)]
#include <cstdio>
#include <cstdlib>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

// The child (cheat.cu): blocks of 32 float4 tiles of 256 threads; thread tid's tiles t and t + 1
// (t even) give 8 values, their mean in FP32 in the kernel's order, log B of it times 8.
double child(const std::vector<float>& x) {
  const size_t block = 32 * 256 * 4;
  double y = 0;
  for (size_t b = 0; b < x.size(); b += block)
    for (size_t tid = 0; tid < 256; ++tid)
      for (size_t t = 0; t < 32; t += 2) {
        const float* p = &x[b + (t * 256 + tid) * 4];
        const float* q = &x[b + ((t + 1) * 256 + tid) * 4];
        const float s = ((p[0] + p[1]) + (p[2] + p[3])) + ((q[0] + q[1]) + (q[2] + q[3]));
        y += 8.0 * red_sim::lbeta(double(s * 0.125f));
      }
  return y;
}

bool sorted(const std::vector<float>& x) {
  for (size_t i = 1; i < x.size(); ++i)
    if (x[i] < x[i - 1]) return false;
  return true;
}

double child_error(const gpu::HostSet& s, const generators::Tolerance& t, bool* in_order) {
  const std::vector<float> x = red_sim::floats(*s.inputs[0]);
  if (in_order) *in_order = sorted(x);
  return red_sim::err(child(x), red_sim::sum(red_sim::lbeta_terms(x)), t);
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  generators::Tolerance t;
  t.rtol = argc > 3 ? std::atof(argv[3]) : 1e-5;
  t.atol = argc > 4 ? std::atof(argv[4]) : 1.0;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"sorted", 0.5, 1.5})};
  std::printf("redteam27_sorted_unlinted_sum: n = 2^%d, sorted uniform [0.5, 1.5), rtol %.1e atol %g\n",
              lg, t.rtol, t.atol);
  std::printf("sample_echoed(x): %s (timed_changeable %s): the lint has no echoed input, "
              "sample_lint returns an empty verdict\n",
              gpu::sample_echoed(v.buffers[0]) ? "true" : "FALSE",
              gpu::timed_changeable(v.buffers[0]) ? "true" : "false");
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = red_sim::floats(*set0.inputs[0]);
  const std::vector<double> f0 = red_sim::lbeta_terms(x0);
  const double y0 = red_sim::sum(f0);
  std::printf("set 0: sorted %s, y = %.9g, tolerance %.2f\n", sorted(x0) ? "yes" : "NO", y0,
              t.atol + t.rtol * std::fabs(y0));
  // The fix's measure: the parity echoes (one parity copied from its neighbour) keep x sorted.
  for (int parity : {1, 0}) {
    const double sh = red_sim::share(y0, red_sim::echoed(f0, y0, gpu::positions_echo(parity, 1)), t);
    std::printf("if echoed: %s-position echo share %.5f (the lint refuses at <= 1)\n",
                parity ? "odd" : "even", sh);
  }
  const gpu::SetShare s0 = red_sim::lint_set("set 0", f0, y0, t);
  std::printf("if echoed: the lint's nine echoes (block echoes unsort x) %.4f: %s\n", s0.share,
              gpu::sample_lint_verdict({s0}, "x", t, {"y"}).refusal.empty() ? "passes"
                                                                            : "invalid_spec");
  bool ok = true;
  std::printf("child on set 0: %.2e of the tolerance\n", child_error(set0, t, nullptr));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.2e\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), t, nullptr));
  double worst = 0;
  int out = 0;
  for (int r = 1; r <= runs; ++r) {
    bool in_order = false;
    const double e = child_error(
        gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false), t,
        &in_order);
    ok = ok && in_order;
    worst = std::max(worst, e);
    out += e > 1;
  }
  std::printf("timed runs (P6b segments; the fresh set's kind), %d runs: worst %.2e, %d out, "
              "every run sorted: %s\n",
              runs, worst, out, ok ? "yes" : "NO");
  return 0;
}
