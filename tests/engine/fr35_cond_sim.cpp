// Helper fr35 (issue 28): why the honest control_redteam32_kind_tail_rec was refused wrong_result
// on an off-law timed audit (h100-2026-12-07b call 2: y[249] 3.91 x its tolerance), and how often.
// Not a test: it prints what it measures.
// The companions y[1 + i] = 34,000 x[i 32768 + 3] + b_i sum (x - 1) (diluted_sum.cuh with
// COMPANIONS_TOLD, shared by the seed and the child) on the harness's own timed inputs
// (red_sim::timed_floats: timed_perturbations + apply_perturbation, off the law and on it), in
// double (the reference, kind_tail_ref.cuh) and in the kernel's FP32 (per block: 256 threads
// each summing 32 float4 as ((a - 1) + (b - 1)) + ((c - 1) + (d - 1)), a butterfly warp sum, 8
// warp slots summed the same way; then 512 float atomicAdds of b_i x centred (+ 34,000 x_p in its
// own block) in a random block order, as the atomics land). Per run: the worst companion's error
// in tolerance units (rtol 1e-5 x |reference|, atol 0), and the same against a bound that
// accounts for conditioning, rtol |reference| + kCondUnits u32 sum_blocks |add_b| (the element's
// sum of the magnitudes it is made of; u32 = 2^-24), with the sum of |add_b| measured here (on a
// GPU the reference run on the magnitudes gives it; docs/reliability.md P6m).
// Usage: fr35_cond_sim [timed runs (64)] [log2 n (24)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

constexpr size_t kCompanions = 512, kChunk = 32768, kThreads = 256;
constexpr double kCondUnits = 8;  // the allowance's multiple of u32 x sum |add_b|

uint64_t run_seed(int r) { return uint64_t(r) * 0x9e3779b97f4a7c15ull; }

float warp_tree(std::vector<float> v) {  // butterfly: v[i] += v[i ^ m], m = 16, 8, ..., 1
  for (size_t m = v.size() / 2; m > 0; m /= 2) {
    std::vector<float> w(v);
    for (size_t i = 0; i < v.size(); ++i) w[i] = v[i] + v[i ^ m];
    v = w;
  }
  return v[0];
}

// The kernel's FP32 centred sum of one block.
float block_centred(const float* c) {
  std::vector<float> th(kThreads, 0.f);
  for (size_t t = 0; t < kThreads; ++t)
    for (size_t q = t; q < kChunk / 4; q += kThreads) {
      const float* v = c + 4 * q;
      th[t] += ((v[0] - 1.f) + (v[1] - 1.f)) + ((v[2] - 1.f) + (v[3] - 1.f));
    }
  std::vector<float> slots(32, 0.f);
  for (size_t w = 0; w < kThreads / 32; ++w)
    slots[w] = warp_tree(std::vector<float>(th.begin() + 32 * w, th.begin() + 32 * (w + 1)));
  return warp_tree(slots);
}

struct RunErr {
  double plain = 0, cond = 0, kappa = 0, mean_shift = 0;
  size_t worst = 0;
};

RunErr companions(const std::vector<float>& x, std::mt19937_64& rng) {
  const size_t blocks = x.size() / kChunk;
  std::vector<float> cen(blocks);
  double S = 0;
  for (size_t b = 0; b < blocks; ++b) cen[b] = block_centred(x.data() + b * kChunk);
  for (float v : x) S += double(v) - 1.0;
  std::vector<size_t> order(blocks);
  for (size_t b = 0; b < blocks; ++b) order[b] = b;
  RunErr r;
  r.mean_shift = S / double(x.size());
  for (size_t i = 0; i < kCompanions && i < blocks; ++i) {
    std::shuffle(order.begin(), order.end(), rng);
    const float bf = (1.2f + 13.8f * float(i) / 511.f) * (1.03f / 1180.f);
    const double bd = (1.2 + 13.8 * double(i) / 511.0) * (1.03 / 1180.0);
    float y = 0.f;
    double mag = 0;
    for (size_t b : order) {
      float add = bf * cen[b];
      if (b == i) add += 34000.f * x[i * kChunk + 3];
      y += add;
      mag += std::fabs(double(add));
    }
    const double ref = 34000.0 * double(x[i * kChunk + 3]) + bd * S;
    const double e = std::fabs(double(y) - ref), tol = 1e-5 * std::fabs(ref);
    const double cond_tol = tol + kCondUnits * std::ldexp(1.0, -24) * mag;
    if (e / tol > r.plain) r.plain = e / tol, r.worst = 1 + i, r.kappa = mag / std::fabs(ref);
    r.cond = std::max(r.cond, e / cond_tol);
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 64;
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::mt19937_64 rng(35);
  std::printf("control_redteam32_kind_tail_rec companions, n = 2^%d, rtol 1e-5 atol 0; "
              "conditioned bound: + %g u32 sum |add_b|\n", lg, kCondUnits);
  {
    const RunErr s0 = companions(red_sim::floats(*set0.inputs[0]), rng);
    std::printf("  set 0 (the law): worst y[%zu] %.3f of the tolerance (kappa %.3g), conditioned "
                "%.3f\n", s0.worst, s0.plain, s0.kappa, s0.cond);
  }
  for (bool on_law : {false, true}) {
    int out = 0, out_cond = 0;
    double worst = 0, worst_cond = 0;
    for (int r = 1; r <= runs; ++r) {
      const RunErr e = companions(red_sim::timed_floats(v, set0, run_seed(r), on_law), rng);
      out += e.plain > 1, out_cond += e.cond > 1;
      worst = std::max(worst, e.plain), worst_cond = std::max(worst_cond, e.cond);
      if (e.plain > 1 || r <= 4)
        std::printf("  run %d %s: mean(x - 1) %+.4f, worst y[%zu] %.3f tol (kappa %.3g), "
                    "conditioned %.3f\n", r, on_law ? "law" : "off-law", e.mean_shift, e.worst,
                    e.plain, e.kappa, e.cond);
    }
    std::printf("%s: %d runs: out of tolerance %d (worst %.3f); out of the conditioned bound %d "
                "(worst %.3f)\n", on_law ? "law redraws" : "off-law timed runs", runs, out, worst,
                out_cond, worst_cond);
  }
  return 0;
}
