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
// GPU the reference run on the magnitudes gives it; docs/reliability.md P6p).
// Usage: [FR35_SAMPLERS=26] fr35_cond_sim [timed runs (64)] [log2 n (24)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/backend/gpu/fold_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

constexpr size_t kCompanions = 512, kChunk = 32768, kThreads = 256;
constexpr double kCondUnits = 8;  // the measured bound's multiple of u32 x sum |add_b|

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
  double plain = 0, cond = 0, kappa = 0, mean_shift = 0, fold = 0;
  size_t worst = 0;
};

// P6p's bound: the reference on the inputs folded about the law's centre (fold_bound.h
// centre_fold_set, here in closed form on its floats), kFoldUlps u32 of it beyond rtol |r|.
RunErr companions(const std::vector<float>& x, const std::vector<float>& xf, std::mt19937_64& rng) {
  const size_t blocks = x.size() / kChunk;
  std::vector<float> cen(blocks);
  double S = 0;
  for (size_t b = 0; b < blocks; ++b) cen[b] = block_centred(x.data() + b * kChunk);
  double Sf = 0;
  for (float v : x) S += double(v) - 1.0;
  for (float v : xf) Sf += double(v) - 1.0;
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
    const double folded = 34000.0 * double(xf[i * kChunk + 3]) + bd * Sf;
    r.fold =
        std::max(r.fold, e / (tol + gpu::kFoldUlps * std::ldexp(1.0, -24) * std::fabs(folded)));
  }
  return r;
}

// The inputs folded by the harness's own centre_fold_set.
std::vector<float> folded(const generators::ResolvedVariant& v, const std::vector<float>& x) {
  gpu::HostSet h;
  auto in = std::make_shared<gpu::HostInput>();
  in->size = x.size() * 4;
  in->data.reset(new unsigned char[in->size]);
  std::memcpy(in->data.get(), x.data(), in->size);
  h.inputs = {in};
  h.digests = {0};
  const std::optional<gpu::HostSet> f = gpu::centre_fold_set(v, h);
  return f ? red_sim::floats(*f->inputs[0]) : x;
}

// P6c's sampler (its unit test's 7-of-8-lines estimator of a sum of 2^22 uniform [0, 1) at rtol
// 4e-4) on the off-law timed runs: out of the plain bound and out of P6p's.
// skip = 0: P6c's unit-test estimator (7 of 8 lines of 128); skip = 16: cheat_skip_rescale's
// (every 16th element skipped, x 16/15), at n = 2^lg and `rtol`; P6p's allowance at kFoldUlps and
// at half of it.
void p6c_sampler(int runs, int lg, double rtol, int skip) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.0, 1.0})};
  const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(0x5eed2026, 3)[0], nullptr);
  int out = 0, out_fold = 0, out_half = 0;
  double kappa = 0;
  for (int r = 1; r <= runs; ++r) {
    const std::vector<float> x = red_sim::timed_floats(v, set0, run_seed(r), false);
    const std::vector<float> xf = folded(v, x);
    double y = 0, est = 0, M = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      y += x[i];
      if (skip ? i % size_t(skip) != 0 : (i / 128) % 8 != 7) est += x[i];
      M += xf[i];
    }
    est *= skip ? double(skip) / double(skip - 1) : 8.0 / 7.0;
    const double e = std::fabs(est - y), tol = rtol * std::fabs(y);
    out += e > tol;
    out_fold += e > tol + gpu::kFoldUlps * std::ldexp(1.0, -24) * M;
    out_half += e > tol + 0.5 * gpu::kFoldUlps * std::ldexp(1.0, -24) * M;
    kappa = std::max(kappa, M / y);
  }
  std::printf(
      "%s, sum of 2^%d uniform [0, 1), rtol %g, %d off-law runs: out of tolerance %d, out of "
      "P6p's bound %d (at half its ulps %d; fold / sum up to %.3g)\n",
      skip ? "skip 1 in 16 and rescale" : "P6c's 7-of-8 sampler", lg, rtol, runs, out, out_fold,
      out_half, kappa);
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 64;
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  // FR35_SAMPLERS=L: the samplers alone, cheat_skip_rescale's at n = 2^L (its folder: 26)
  if (const char* only = std::getenv("FR35_SAMPLERS")) {  // the samplers alone (no companions)
    p6c_sampler(runs, 22, 4e-4, 0);
    p6c_sampler(runs, std::atoi(only), 1e-4, 16);
    return 0;
  }
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::mt19937_64 rng(35);
  std::printf(
      "control_redteam32_kind_tail_rec companions, n = 2^%d, rtol 1e-5 atol 0; measured "
      "bound + %g u32 sum |add_b|; P6p's + %g u32 |reference on the folded inputs|\n",
      lg, kCondUnits, gpu::kFoldUlps);
  {
    const std::vector<float> x = red_sim::floats(*set0.inputs[0]);
    const RunErr s0 = companions(x, folded(v, x), rng);
    std::printf(
        "  set 0 (the law): worst y[%zu] %.3f of the tolerance (kappa %.3g), measured "
        "%.3f, P6p %.3f\n",
        s0.worst, s0.plain, s0.kappa, s0.cond, s0.fold);
  }
  for (bool on_law : {false, true}) {
    int out = 0, out_cond = 0, out_fold = 0;
    double worst = 0, worst_cond = 0, worst_fold = 0;
    for (int r = 1; r <= runs; ++r) {
      const std::vector<float> x = red_sim::timed_floats(v, set0, run_seed(r), on_law);
      const RunErr e = companions(x, folded(v, x), rng);
      out += e.plain > 1, out_cond += e.cond > 1, out_fold += e.fold > 1;
      worst = std::max(worst, e.plain), worst_cond = std::max(worst_cond, e.cond);
      worst_fold = std::max(worst_fold, e.fold);
      if (e.plain > 1 || r <= 2)
        std::printf(
            "  run %d %s: mean(x - 1) %+.4f, worst y[%zu] %.3f tol (kappa %.3g), "
            "measured %.3f, P6p %.3f\n",
            r, on_law ? "law" : "off-law", e.mean_shift, e.worst, e.plain, e.kappa, e.cond, e.fold);
    }
    std::printf(
        "%s: %d runs: out of tolerance %d (worst %.3f); out of the measured bound %d "
        "(worst %.3f); out of P6p's %d (worst %.3f)\n",
        on_law ? "law redraws" : "off-law timed runs", runs, out, worst, out_cond, worst_cond,
        out_fold, worst_fold);
  }
  p6c_sampler(runs, 22, 4e-4, 0);
  return 0;
}
