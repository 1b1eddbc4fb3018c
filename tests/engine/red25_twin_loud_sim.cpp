// Red team 25 (issue 28): tests/cheats/redteam25_twin_loud_input on the host definitions of the
// harness's lint and input sets (not a test: it prints what it measures). Red team 16's twin
// outputs with a second, loud input in the expensive output:
//   out = sum log B(x + 4, x + 2) + sum z,  chunk_mean[c] = mean of x over chunk c (32,768),
// x: 2^lg values of uniform [0.5, 1.5), z: 16 values of uniform [0, 3e5), rtol 1e-4, atol 1e-6.
// input_lint.h's stated open case: x is read in full for chunk_mean (told apart by x alone), and
// sampled for out, which x alone does not tell apart but z does. On set 0 it takes:
//  - the lint with every input echoed (echo_patterns, tolerance_shares: each output's share);
//  - each input's echo alone (the nine patterns), and input_lint_verdict over them (per pair
//    since h28y: refused; and with out declared blind to x, passes with the note);
//  - the child's error on out (the log-Beta terms of float4 tiles 0, 4, 8, ... of each chunk,
//    times 4; z and the means exact) on set 0, the fresh set, and timed runs of both kinds (law
//    redraws, P6h on; the off-law kind, P6h off), in tolerance units.
// Usage: red25_twin_loud_sim [log2 n (default 26)] [timed runs (default 8)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

using red_sim::floats;
using red_sim::lbeta;
using red_sim::lbeta_terms;

namespace {

constexpr int64_t kChunk = 32768, kTile = 1024, kEvery = 4, kLoud = 16;

generators::ResolvedBuffer buffer(const std::string& name, int64_t n, generators::BufferRole role,
                                  double lo, double hi) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = DType::F32;
  b.role = role;
  if (role != generators::BufferRole::Out) b.init = {"uniform", lo, hi};
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  return b;
}

std::vector<gpu::HostDoubles> outputs(const std::vector<double>& f, const std::vector<float>& x,
                                      const std::vector<float>& z) {
  std::vector<gpu::HostDoubles> o(2);
  o[0].assign(1, 0.0);
  o[1].assign(x.size() / kChunk, 0.0);
  for (size_t c = 0; c < o[1].size(); ++c) {
    double s = 0, m = 0;
    for (int64_t i = 0; i < kChunk; ++i) s += f[c * kChunk + i], m += x[c * kChunk + i];
    o[0][0] += s;
    o[1][c] = m / kChunk;
  }
  for (float v : z) o[0][0] += double(v);
  return o;
}

// The echo's outputs: x's terms copied where the echo copied x.
std::vector<gpu::HostDoubles> echo_outputs(const std::vector<generators::ResolvedBuffer>& b,
                                           const gpu::HostSet& s, const std::vector<double>& f,
                                           const gpu::EchoPattern& e, int only) {
  const std::vector<float> x0 = floats(*s.inputs[0]);
  std::vector<float> x = x0, z = floats(*s.inputs[1]);
  std::vector<double> g(f);
  if (only != 1) {
    x = floats(*gpu::echo_positions(b[0], *s.inputs[0], e.parity, e.block));
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i] != x0[i]) g[i] = f[i ^ e.block];
  }
  if (only != 0) z = floats(*gpu::echo_positions(b[1], *s.inputs[1], e.parity, e.block));
  return outputs(g, x, z);
}

double child(const std::vector<double>& f, const std::vector<float>& z) {
  double est = 0;
  for (size_t c = 0; c < f.size() / kChunk; ++c)
    for (int64_t t = 0; t < kChunk / kTile; t += kEvery)
      for (int64_t i = 0; i < kTile; ++i) est += f[c * kChunk + t * kTile + i];
  est *= kEvery;
  for (float v : z) est += double(v);
  return est;
}

// The child's error on out in tolerance units, on set `s`.
double child_error(const gpu::HostSet& s, const generators::Tolerance& tol) {
  const std::vector<float> x = floats(*s.inputs[0]), z = floats(*s.inputs[1]);
  const std::vector<double> f = lbeta_terms(x);
  const double want = outputs(f, x, z)[0][0];
  return std::fabs(child(f, z) - want) / (tol.atol + tol.rtol * std::fabs(want));
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 26;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", n, generators::BufferRole::In, 0.5, 1.5),
               buffer("z", kLoud, generators::BufferRole::In, 0, 3e5),
               buffer("out", 1, generators::BufferRole::Out, 0, 0),
               buffer("chunk_mean", n / kChunk, generators::BufferRole::Out, 0, 0)};
  generators::Tolerance tol;
  tol.rtol = 1e-4;
  tol.atol = 1e-6;
  std::printf("redteam25_twin_loud_input: n = 2^%d, z %lld values U[0, 3e5), rtol 1e-4\n", lg,
              (long long)kLoud);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<float> x0 = floats(*set0.inputs[0]), z0 = floats(*set0.inputs[1]);
  const std::vector<double> f0 = lbeta_terms(x0);
  const auto want = outputs(f0, x0, z0);
  std::printf("set 0: out %.6g (z's part %.6g)\n", want[0][0],
              want[0][0] - outputs(f0, x0, {})[0][0]);
  // Every input echoed (the lint), then each alone (input_lint).
  std::vector<gpu::SetShare> all{gpu::SetShare{"set 0", 0, {0.0, 0.0}}};
  std::vector<gpu::InputShares> alone{{"x", false, {gpu::SetShare{"set 0", 0, {0.0, 0.0}}}},
                                      {"z", false, {gpu::SetShare{"set 0", 0, {0.0, 0.0}}}}};
  for (const gpu::EchoPattern& e : gpu::echo_patterns())
    for (int only : {-1, 0, 1}) {
      const auto sh = gpu::tolerance_shares(want, echo_outputs(v.buffers, set0, f0, e, only), tol);
      gpu::SetShare& s = only < 0 ? all[0] : alone[size_t(only)].sets[0];
      for (size_t k = 0; k < 2; ++k) {
        s.outputs[k] = std::max(s.outputs[k], sh[k]);
        s.share = std::max(s.share, s.outputs[k]);
      }
    }
  std::printf("lint, every input echoed: out %.3f, chunk_mean %.3f\n", all[0].outputs[0],
              all[0].outputs[1]);
  for (const auto& in : alone)
    std::printf("  %s alone: out %.3f, chunk_mean %.3f\n", in.input.c_str(), in.sets[0].outputs[0],
                in.sets[0].outputs[1]);
  const auto verdict = gpu::sample_lint_verdict(all, "x, z", tol, {"out", "chunk_mean"});
  std::printf("sample_lint_verdict: %s\n",
              verdict.refusal.empty() ? "passes" : ("invalid_spec: " + verdict.refusal).c_str());
  const auto each = gpu::input_lint_verdict(alone, all, tol, {"out", "chunk_mean"});
  std::printf("input_lint_verdict: %s%s\n",
              each.refusal.empty() ? "passes" : ("invalid_spec: " + each.refusal).c_str(),
              each.note.empty() ? "" : ("; note: " + each.note).c_str());
  // The author's other remedy (h28y): out declared blind to x (`blind_to: [x]`), as an honest
  // spec may where it vouches for it.
  const auto declared = gpu::input_lint_verdict(alone, all, tol, {"out", "chunk_mean"}, {},
                                                {{"out", "x", "problem.yaml (declared)"}});
  std::printf("input_lint_verdict with out blind_to [x]: %s%s\n",
              declared.refusal.empty() ? "passes" : ("invalid_spec: " + declared.refusal).c_str(),
              declared.note.empty() ? "" : ("; note: " + declared.note).c_str());
  std::printf("child on set 0: %.3f of the tolerance\n", child_error(set0, tol));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.3f\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), tol));
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    std::printf("child on the fresh set: %.3f\n", child_error(*fresh, tol));
  for (bool law : {true, false}) {
    double worst = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const double e = child_error(
          gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law), tol);
      worst = std::max(worst, e);
      out += e > 1;
    }
    std::printf("%s: worst %.3f of the tolerance, %d of %d runs out\n",
                law ? "law redraws (P6h on)" : "off-law timed kind (P6h off)", worst, out, runs);
  }
  return 0;
}
