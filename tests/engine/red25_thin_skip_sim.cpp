// Red team 25 (issue 28): tests/cheats/redteam25_thin_skip_sum on the host definitions of the
// harness's lint and input sets (not a test: it prints what it measures). Red team 7's sum of
// log B(x + 4, x + 2) over 2^lg values of uniform [0.5, 1.5), one output, at a tolerance the lint
// accepts (set 0's 1-in-2 echo share just above 1): the lint's bar is calibrated to a sampler
// that reads half; a child that skips 1 float4 tile in `every` (and rescales) errs by
// sqrt(1 / (every - 1)) of the echo's spread. It prints the lint's shares on set 0 and the fresh
// set and its verdict, then the child's error in tolerance units on the standing sets, the fresh
// set and timed runs of both kinds (law redraws, off-law). Since h28w also the echo's spread,
// phi* and the gate detail's disclosure (skip_bound.h).
// Usage: red25_thin_skip_sim [log2 n (26)] [timed runs (16)] [rtol (1e-5)] [every (16)]
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
#include "engine/backend/gpu/skip_bound.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

using red_sim::floats;
using red_sim::lbeta;
using red_sim::lbeta_terms;

namespace {

constexpr int64_t kChunk = 32768, kTile = 1024;
int64_t every = 16;

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

std::vector<gpu::HostDoubles> outputs(const std::vector<double>& f) {
  std::vector<gpu::HostDoubles> o(1);
  o[0].assign(1, 0.0);
  for (double v : f) o[0][0] += v;
  return o;
}

// The echo's output: x's terms copied where the echo copied x.
std::vector<gpu::HostDoubles> echo_outputs(const generators::ResolvedBuffer& b,
                                           const gpu::HostInput& in, const std::vector<double>& f,
                                           const gpu::EchoPattern& e) {
  const std::vector<float> x0 = floats(in);
  const std::vector<float> x = floats(*gpu::echo_positions(b, in, e.parity, e.block));
  std::vector<double> g(f);
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] != x0[i]) g[i] = f[i ^ e.block];
  return outputs(g);
}

// cheat.cu: every float4 tile but tiles every-1, 2 every-1, ... of each chunk, times
// every / (every - 1).
double child(const std::vector<double>& f) {
  double est = 0;
  for (size_t c = 0; c < f.size() / kChunk; ++c)
    for (int64_t t = 0; t < kChunk / kTile; ++t)
      if (t % every != every - 1)
        for (int64_t i = 0; i < kTile; ++i) est += f[c * kChunk + t * kTile + i];
  return est * double(every) / double(every - 1);
}

double child_error(const gpu::HostSet& s, const generators::Tolerance& tol) {
  const std::vector<double> f = lbeta_terms(floats(*s.inputs[0]));
  const double want = outputs(f)[0][0];
  return std::fabs(child(f) - want) / (tol.atol + tol.rtol * std::fabs(want));
}

// The lint's largest share over the nine echoes on set `s`; `energy`, `echoes` (non-null): the
// sum of their squares and their count, as the worker keeps them on set 0 (skip_bound.h).
double lint_share(const generators::ResolvedBuffer& b, const gpu::HostSet& s,
                  const generators::Tolerance& tol, double* energy = nullptr,
                  int* echoes = nullptr) {
  const std::vector<double> f = lbeta_terms(floats(*s.inputs[0]));
  const auto want = outputs(f);
  double share = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const double one = gpu::tolerance_shares(want, echo_outputs(b, *s.inputs[0], f, e), tol)[0];
    share = std::max(share, one);
    if (energy) *energy += one * one;
    if (echoes) ++*echoes;
  }
  return share;
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 26;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 16;
  const int64_t n = int64_t(1) << lg;
  generators::Tolerance tol;
  tol.rtol = argc > 3 ? std::atof(argv[3]) : 1e-5;
  tol.atol = 1.0;
  if (argc > 4) every = std::atoll(argv[4]);
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", n, generators::BufferRole::In, 0.5, 1.5),
               buffer("out", 1, generators::BufferRole::Out, 0, 0)};
  std::printf(
      "redteam25_thin_skip_sum: n = 2^%d, rtol %g, atol 1, the child skips 1 tile in %lld\n", lg,
      tol.rtol, (long long)every);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  std::vector<gpu::SetShare> shares{gpu::SetShare{"set 0", 0, {0.0}}};
  shares[0].energy = {0.0};
  shares[0].echoes = {0};
  shares[0].outputs[0] = shares[0].share =
      lint_share(v.buffers[0], set0, tol, &shares[0].energy[0], &shares[0].echoes[0]);
  std::printf("lint share on set 0: %.3f\n", shares[0].share);
  // h28w: the smallest skip a round catches (skip_bound.h), from set 0's nine echoes.
  const double sd = gpu::echo_sd(shares[0], 0);
  std::printf("echo sd (rms of the nine shares) %.3f, phi* %.3f at p %.2f over %d runs\n", sd,
              gpu::smallest_skip(sd, gpu::kVerifiedRunsPerRound, gpu::kSkipCatch), gpu::kSkipCatch,
              gpu::kVerifiedRunsPerRound);
  std::printf("the child's skip (1 in %lld) caught per round with p %.3f (model, set 0's sd)\n",
              (long long)every,
              gpu::skip_caught(sd, 1.0 / double(every), gpu::kVerifiedRunsPerRound));
  std::printf("gate detail: %s\n", gpu::skip_note(shares[0], {"out"}, {tol}).c_str());
  auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5);
  if (fresh) {
    double energy = 0;
    int echoes = 0;
    const double fs = lint_share(v.buffers[0], *fresh, tol, &energy, &echoes);
    std::printf("lint share on the fresh set: %.3f\n", fs);
    // Off the law (P6h off here) the worker says phi* from the fresh set's nine echoes.
    gpu::SetShare timed{"the fresh set", fs, {fs}};
    timed.energy = {energy};
    timed.echoes = {echoes};
    std::printf("fresh set echo sd %.3f: gate detail (off the law): %s\n", gpu::echo_sd(timed, 0),
                gpu::skip_note(timed, {"out"}, {tol}).c_str());
    shares.push_back(gpu::SetShare{"the fresh set", fs, {fs}});
  }
  const auto verdict = gpu::sample_lint_verdict(shares, "x", tol, {"out"});
  std::printf("sample_lint_verdict: %s\n",
              verdict.refusal.empty() ? "passes" : ("invalid_spec: " + verdict.refusal).c_str());
  std::printf("child on set 0: %.3f of the tolerance\n", child_error(set0, tol));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.3f\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), tol));
  if (fresh) std::printf("child on the fresh set: %.3f\n", child_error(*fresh, tol));
  for (bool law : {true, false}) {
    double worst = 0, sq = 0;
    int out = 0;
    for (int r = 1; r <= runs; ++r) {
      const double e = child_error(
          gpu::timed_inputs(v, set0, uint64_t(r) * 0x9e3779b97f4a7c15ull, false, law), tol);
      worst = std::max(worst, e);
      sq += e * e;
      out += e > 1;
    }
    std::printf("%s: worst %.3f, rms %.3f of the tolerance, %d of %d runs out\n",
                law ? "law redraws (P6h on)" : "off-law timed kind (P6h off)", worst,
                std::sqrt(sq / runs), out, runs);
  }
  return 0;
}
