// Red team 31 (issue 28): tests/cheats/redteam31_* on the host definitions of the harness's model
// echoes and helper h30t's per-element judgement (model_quiet.h); not a test: it prints what it
// measures.
//  twin: redteam31_twin_quiet_boys. Red team 29's loud head with a TWIN: out = [sum_i F0(30 d_i),
//        sum_i F0(10 d_i), sum_{i<32} p_i], d_i = |p_i - i| / n, over a permutation of 2^lg at
//        rtol 2e-3. Both sums are quiet by construction (a refill of half the places moves each by
//        ~0.1 of its tolerance, every time); quiet_verdict reads each one's chance q from the
//        OTHER elements' quiet draws, and the twin is quiet in every one of its draws: q = 1/2 for
//        each, n q^m = 3 / 2^m, never under 1e-6 within the 3 + 3 + 8 draws model_lint can take
//        (so none is "decidable" and no draw beyond set 0's three is taken). Also printed: the
//        same output without the twin (red team 29's folder: refused) and the child's errors.
//  inner: redteam31_inner_head_boys. The loud head INSIDE the element: out = S30 + sum_{i<32} p_i,
//        one element. Every model echo tells it apart by the head's moves, so h30t's element
//        judgement has nothing quiet to judge, and S30 (the 65-exponential bulk) is a light part
//        no model echo measures: the child models it from 1 term in 1024 (or 8).
// Helper h31: both print the model echoes' light part too (model_light.h, model_light_sim.h): the
// class refills of set 0 judged as P6k judges the copy echoes' light part.
//  bits: P6l's strata on a randint [0, hi) input (hi the second argument): whether a stratified
//        small-range integer becomes a function of i mod s (a period to memo) in some runs.
//  decoy (helper h31decoy): redteam31_decoy_quiet_boys, the twin sums beside a decoy D told by the
//        keyed refill only and quiet by construction under both parity refills (q = 2/2 = 1 on
//        set 0 on main: nothing decidable, the sums hidden again).
// Usage: red31_sim twin|decoy|inner|bits [log2 n (24)] [timed runs (8)]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/model_echo.h"
#include "engine/backend/gpu/model_quiet.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "model_light_sim.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

double boys0(double v) {
  if (v < 1e-3) return 1.0 - v / 3.0 + v * v / 10.0 - v * v * v / 42.0;
  const double s = std::sqrt(v);
  return 0.88622692545275801365 * std::erf(s) / s;
}

std::vector<int32_t> ints(const gpu::HostInput& in) {
  std::vector<int32_t> p(in.size / 4);
  std::memcpy(p.data(), in.data.get(), in.size);
  return p;
}

// (reference, child) per element. kHead: red team 29's two elements [S30, head]; kTwin: the twin
// folder's [S30, S10, head]; kInner: redteam31_inner_head_boys's ONE element S30 + head, whose
// child models S30 from one term in `every` (times every) and adds the head exactly.
// kDecoy: the decoy folder's [S30, S10, D] (helper h31decoy): D = 4 sqrt(n) + sum_i (-1)^i p_i / n
// + (sqrt(n) / 1024) sum_{i<32} p_i / n, a function of each parity's multiset (the signed sum:
// exactly unmoved by both parity refills, moved ~36 tolerances by the keyed half) plus a head
// small enough to move it ~0.2 of its tolerance (a move, quiet) under the parity refills. The
// child computes D exactly (one add a place) and S30, S10 from one term in 8.
enum Shape { kHead, kTwin, kInner, kDecoy };
size_t g_every = 1024;
std::pair<std::vector<double>, std::vector<double>> outputs(const std::vector<int32_t>& p,
                                                            Shape shape) {
  const bool twin = shape == kTwin || shape == kDecoy;
  const double n = double(p.size());
  std::vector<float> d30(p.size()), d10(p.size());
  for (size_t i = 0; i < p.size(); ++i) {
    const double d = std::fabs(double(p[i]) - double(i)) / n;
    d30[i] = float(30.0 * d);
    d10[i] = float(10.0 * d);
  }
  const std::vector<double> f30 = red_sim::terms(d30, boys0);
  double c30 = 0, c10 = 0, head = 0;
  std::vector<double> f10;
  if (twin) f10 = red_sim::terms(d10, boys0);
  const size_t every = shape == kInner ? g_every : 8;
  for (size_t j = 0; every * j < p.size(); ++j) {
    c30 += double(every) * f30[every * j + (j % every)];
    if (twin) c10 += 8.0 * f10[8 * j + (j & 7)];
  }
  for (size_t i = 0; i < 32 && i < p.size(); ++i) head += double(p[i]);
  if (shape == kInner) return {{red_sim::sum(f30) + head}, {c30 + head}};
  if (shape == kDecoy) {
    int64_t signed_sum = 0;  // exact: a function of each parity's multiset
    for (size_t i = 0; i < p.size(); ++i) signed_sum += (i & 1) ? -int64_t(p[i]) : int64_t(p[i]);
    const double d = 4 * std::sqrt(n) + double(signed_sum) / n + std::sqrt(n) / 1024 * (head / n);
    return {{red_sim::sum(f30), red_sim::sum(f10), d}, {c30, c10, d}};
  }
  if (!twin) return {{red_sim::sum(f30), head}, {c30, head}};
  return {{red_sim::sum(f30), red_sim::sum(f10), head}, {c30, c10, head}};
}

// Whether the last model_lint refused (the worker then takes no light part).
bool g_refused = false;

// model_lint_op.cpp's schedule and model_lint_verdict, one permutation input, one output buffer.
std::vector<std::vector<uint8_t>> model_lint(const generators::ResolvedVariant& v,
                                             const gpu::HostSet& set0, Shape twin,
                                             const generators::Tolerance& t) {
  const generators::ResolvedBuffer& b = v.buffers[0];
  gpu::InputShares in{"p", false, {}, true};
  gpu::QuietFold fold;
  auto draw = [&](const gpu::HostSet& s, int parity, uint64_t seed, const char* what) {
    const std::vector<double> y = outputs(ints(*s.inputs[0]), twin).first;
    const std::vector<double> q =
        outputs(ints(*gpu::model_echo(b, *s.inputs[0], parity, seed)), twin).first;
    std::vector<std::vector<double>> sh(1);
    double top = 0;
    std::printf("  %s: element shares", what);
    for (size_t k = 0; k < y.size(); ++k) {
      sh[0].push_back(red_sim::share(y[k], q[k], t));
      std::printf(" %.4g", sh[0].back());
      if (!(sh[0].back() <= top)) top = sh[0].back();
    }
    std::printf("\n");
    gpu::fold_quiet(fold, sh, parity);
    return top;
  };
  auto take = [&](const gpu::HostSet& s, const char* name) {
    in.sets.push_back(gpu::SetShare{name, 0, {0.0}});
    for (const gpu::EchoPattern& e : gpu::model_patterns()) {
      if (!gpu::model_pattern_moves(b, e)) continue;
      const std::string what = std::string(name) + ", refill " + std::to_string(e.parity);
      const double g = draw(s, e.parity, gpu::model_seed(s.seed, e.parity), what.c_str());
      in.sets.back().outputs[0] = std::max(in.sets.back().outputs[0], g);
      in.sets.back().share = in.sets.back().outputs[0];
    }
  };
  take(set0, "set 0");
  const bool pending = in.sets.front().outputs[0] <= 1;
  const gpu::EchoPattern keyed{1, gpu::kKeyedHalf, true};
  const int extra = gpu::model_pattern_moves(b, keyed) ? gpu::kQuietExtraDraws : 0;
  gpu::QuietMore per_set{};  // model_lint_op.cpp's: the fresh set's patterns, the keyed extras
  for (const gpu::EchoPattern& e : gpu::model_patterns())
    per_set[size_t(e.parity)] += gpu::model_pattern_moves(b, e);
  per_set[gpu::kKeyedHalf] += extra;
  const auto v0 = gpu::quiet_verdict(fold, per_set);
  std::printf(
      "  after set 0: %zu moved, %zu by construction, %zu undecided, %zu decidable with "
      "%d + %d + %d more moves (odd, even, keyed); rates odd %.3g, even %.3g, keyed %.3g "
      "(pooled %.3g)\n",
      v0[0].moved, v0[0].by_construction, v0[0].undecided, v0[0].decidable, per_set[1], per_set[0],
      per_set[gpu::kKeyedHalf], v0[0].rates[1], v0[0].rates[0], v0[0].rates[gpu::kKeyedHalf],
      v0[0].rate);
  if (pending || gpu::quiet_undecided(v0))
    if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
      take(*fresh, "the fresh set");
  int j = 1;
  for (;
       j <= extra && gpu::quiet_undecided(gpu::quiet_verdict(fold, gpu::keyed_more(extra - j + 1)));
       ++j) {
    const std::string what = "keyed refill " + std::to_string(j);
    draw(set0, gpu::kKeyedHalf, gpu::quiet_seed(set0.seed, j), what.c_str());
  }
  const auto qv = gpu::quiet_verdict(fold);
  const gpu::QuietVerdict& q = qv[0];
  std::printf(
      "  %d draws (%d further keyed): %zu moved, %zu quiet by construction, %zu undecided; rates "
      "odd %.3g, even %.3g, keyed %.3g (pooled %.3g)",
      fold.draws, j - 1, q.moved, q.by_construction, q.undecided, q.rates[1], q.rates[0],
      q.rates[gpu::kKeyedHalf], q.rate);
  for (size_t i = 0; i < fold.moves[0].size(); ++i)
    std::printf("; element %zu: %d moves, %d quiet, told %d, top %.4g", i, fold.moves[0][i],
                fold.quiet[0][i], fold.told[0][i], fold.top[0][i]);
  std::printf("\n");
  const gpu::SampleLintVerdict mv = gpu::model_lint_verdict({in}, {"out"}, {t}, {}, {qv});
  g_refused = !mv.refusal.empty();
  std::printf("  model_lint_verdict: %s\n", mv.refusal.empty()
                                                ? ("PASSES (" + mv.note + ")").c_str()
                                                : ("invalid_spec: " + mv.refusal).c_str());
  return fold.told;
}

// Helper h31: the model echoes' light part (model_light.h) of the same output on set 0.
void light(const generators::ResolvedVariant& v, const gpu::HostSet& set0, Shape shape,
           const generators::Tolerance& t, const std::vector<std::vector<uint8_t>>& told) {
  light_sim::judge(
      "set 0", v.buffers[0], set0,
      [&](const gpu::HostInput& in) {
        return std::vector<std::vector<double>>{outputs(ints(in), shape).first};
      },
      t, DType::F32, &told);
}

void child_runs(const generators::ResolvedVariant& v, const gpu::HostSet& set0, Shape twin,
                const generators::Tolerance& t, int runs) {
  auto worst = [&](const std::vector<int32_t>& p) {
    const auto [y, c] = outputs(p, twin);
    double w = 0;
    for (size_t k = 0; k < y.size(); ++k) w = std::max(w, red_sim::err(c[k], y[k], t));
    return w;
  };
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  std::printf("  child, worst element: set 0 %.4f", worst(ints(*set0.inputs[0])));
  for (int s = 1; s < 3; ++s)
    std::printf(", set %d %.4f", s,
                worst(ints(*gpu::regular_set(v, seeds[size_t(s)], nullptr).inputs[0])));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf7e5b5e7ULL))
    std::printf(", the fresh set %.4f", worst(ints(*fresh->inputs[0])));
  double w = 0;
  int out = 0;
  for (int r = 1; r <= runs; ++r) {
    const double e = worst(ints(
        *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, false).inputs[0]));
    w = std::max(w, e);
    out += e > 1;
  }
  std::printf("; %d timed runs: worst %.4f, %d out\n", runs, w, out);
}

// decoy (helper h31decoy): tests/cheats/redteam31_decoy_quiet_boys, the twin sums beside a
// decoy told by the keyed refill only and quiet (moved, at most its tolerance) under both
// parity refills by construction.
void decoy_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  generators::Tolerance t;
  t.rtol = 2e-3;
  t.atol = 0;
  std::printf("redteam31_decoy_quiet_boys (out = [S30, S10, D]): n = 2^%d, rtol 2e-3\n", lg);
  const auto told = model_lint(v, set0, kDecoy, t);
  if (g_refused)
    std::printf("  light part: not taken (the model echoes' verdict refused)\n");
  else
    light(v, set0, kDecoy, t, told);
  child_runs(v, set0, kDecoy, t, runs);
}

void twin_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  generators::Tolerance t;
  t.rtol = 2e-3;
  t.atol = 0;
  for (Shape twin : {kHead, kTwin}) {
    std::printf("%s: n = 2^%d, rtol 2e-3\n",
                twin == kTwin
                    ? "redteam31_twin_quiet_boys (out = [S30, S10, head])"
                    : "redteam29_perm_loud_head_boys (out = [S30, head]; h30t refuses it)",
                lg);
    const auto told = model_lint(v, set0, twin, t);
    light(v, set0, twin, t, told);
    child_runs(v, set0, twin, t, runs);
  }
}

// inner: the head inside the element. out = S30 + sum_{i<32} p_i, one FP32 element at rtol 2e-3.
// The element is told apart by the head's moves; S30 (the expensive bulk) is a light part the
// model echoes never judge (no class echo reaches a permutation: P6k has no model-echo analogue).
void inner_mode(int lg, int runs) {
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("p", DType::I32, n, {"permutation", 0, 0})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  generators::Tolerance t;
  t.rtol = 2e-3;
  t.atol = 0;
  const std::vector<int32_t> p0 = ints(*set0.inputs[0]);
  {
    // The light part's own size against the element's tolerance: S30 and its moves.
    const auto [y, c] = outputs(p0, kInner);
    double s30 = 0;
    for (size_t i = 0; i < p0.size(); ++i)
      s30 += boys0(double(float(30.0 * std::fabs(double(p0[i]) - double(i)) / double(n))));
    std::printf(
        "redteam31_inner_head_boys: n = 2^%d, rtol 2e-3; set 0: y %.6g, S30 %.6g (%.2f "
        "tolerances), head %.6g\n",
        lg, y[0], s30, s30 / (t.rtol * std::fabs(y[0])), y[0] - s30);
    for (const gpu::EchoPattern& e : gpu::model_patterns()) {
      const auto q = ints(*gpu::model_echo(v.buffers[0], *set0.inputs[0], e.parity,
                                           gpu::model_seed(set0.seed, e.parity)));
      double m30 = 0;
      for (size_t i = 0; i < q.size(); ++i)
        m30 += boys0(double(float(30.0 * std::fabs(double(q[i]) - double(i)) / double(n))));
      std::printf(
          "  refill %d: S30 moves by %.4g of the element's tolerance (the head by %.4g)\n",
          e.parity, std::fabs(m30 - s30) / (t.rtol * std::fabs(y[0])),
          std::fabs(outputs(q, kInner).first[0] - y[0] - (m30 - s30)) / (t.rtol * std::fabs(y[0])));
    }
  }
  for (size_t every : {size_t(8), size_t(1024)}) {
    g_every = every;
    std::printf(" the child models S30 from 1 term in %zu:\n", every);
    const auto told = model_lint(v, set0, kInner, t);
    if (every == 1024) light(v, set0, kInner, t, told);  // the reference's: the same for both
    child_runs(v, set0, kInner, t, runs);
  }
}

// bits: P6l's strata on a small-range integer law (area 4's probe, no folder unless it shows a
// period). randint over [0, `hi`) of 2^16 elements, `runs` timed runs (off the law and on it):
// per run, over every even stride s <= 64, the mean over residues of the commonest value's share
// at that residue (1: the input is a function of i mod s, a period a kernel could find and memo).
void bits_mode(int hi, int runs) {
  const int64_t n = int64_t(1) << 16;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::I32, n, {"randint", 0, double(hi)})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  for (bool law : {false, true}) {
    double worst = 0, mean = 0;
    int near = 0;
    for (int r = 1; r <= runs; ++r) {
      const std::vector<int32_t> x = ints(
          *gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, law, false).inputs[0]);
      double best = 0;
      for (int s = 2; s <= 64; s += 2) {
        double det = 0;
        for (int res = 0; res < s; ++res) {
          std::vector<int64_t> count(size_t(hi) + 1, 0);
          int64_t total = 0;
          for (int64_t i = res; i < n; i += s)
            ++count[size_t(std::clamp<int32_t>(x[size_t(i)], 0, hi))], ++total;
          det += double(*std::max_element(count.begin(), count.end())) / double(total);
        }
        best = std::max(best, det / s);
      }
      worst = std::max(worst, best);
      mean += best / runs;
      near += best > 0.99;
    }
    std::printf(
        "randint [0, %d), 2^16, %d timed runs %s the law: a stride's commonest-value share "
        "mean %.4f, largest %.4f, runs above 0.99: %d\n",
        hi, runs, law ? "on" : "off", mean, worst, near);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "twin";
  const int lg = argc > 2 ? std::atoi(argv[2]) : 24;
  const int runs = argc > 3 ? std::atoi(argv[3]) : 8;
  if (mode == "twin") {
    twin_mode(lg, runs);
    return 0;
  }
  if (mode == "decoy") {
    decoy_mode(lg, runs);
    return 0;
  }
  if (mode == "bits") {
    bits_mode(lg, runs);
    return 0;
  }
  if (mode == "inner") {
    inner_mode(lg, runs);
    return 0;
  }
  std::fprintf(stderr, "red31_sim: mode twin | decoy | inner | bits\n");
  return 2;
}
