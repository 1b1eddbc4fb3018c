// The tolerance lint, each output judged on its own (sample_lint.h; issue 28, helper h28u), on
// the llm.c AdamW problems of the repository: tests/corpus/llmc_adamw (2^25 parameters, one
// step, rtol 1e-4, atol 1e-6), tests/corpus/llmc_adamw_small_tensors (768, 96 steps, rtol 2e-4,
// atol 1e-5) and tests/cheats/control_redteam5_llmc_adamw (2^23, one step, rtol 1e-4, atol 1e-6,
// v not dist_fixed). Not a test: it prints each output's share. Their `v` output depends on the
// echoed gradients only through (1 - beta2) g^2 and, in the corpus problems, its own input is
// dist_fixed (not echoed): of every multi-output problem of the repository, the output whose
// share is the least obvious. Sets as the worker makes them: set 0 (regular_set on the standing
// seed) and the lint's fresh set (derived_set Fresh); the echoes of echo_positions over every
// echoed buffer at once, as Worker::echo_shares does; the outputs in double as reference.cu.
// Usage: adamw_lint_sim
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"

using namespace solver;
using generators::DType;

namespace {

generators::ResolvedBuffer buffer(const std::string& name, int64_t n, generators::BufferRole role,
                                  generators::InitDist init, bool fixed) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = DType::F32;
  b.role = role;
  b.init = init;
  b.dist_fixed = fixed;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  return b;
}

std::vector<float> floats(const gpu::HostInput& in) {
  std::vector<float> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

// params, m, v after `steps` AdamW steps in double (reference.cu), from buffers 0..3.
std::vector<gpu::HostDoubles> adamw(const std::vector<std::vector<float>>& in, int steps) {
  const double b1 = double(0.9f), b2 = double(0.999f), lr = double(1e-3f);
  const double c1 = double(0.6513215599f), c2 = double(0.0099551198f), eps = double(1e-8f);
  const size_t n = in[0].size();
  std::vector<gpu::HostDoubles> o(3, gpu::HostDoubles(n));
  for (size_t i = 0; i < n; ++i) {
    double P = in[0][i], G = in[1][i], M = in[2][i], V = in[3][i];
    for (int s = 0; s < steps; ++s) {
      M = b1 * M + (1.0 - b1) * G;
      V = b2 * V + (1.0 - b2) * G * G;
      P -= lr * ((M / c1) / (std::sqrt(V / c2) + eps));
    }
    o[0][i] = P, o[1][i] = M, o[2][i] = V;
  }
  return o;
}

void problem(const char* name, int64_t n, int steps, generators::Tolerance tol, bool v_fixed) {
  generators::ResolvedVariant var;
  using R = generators::BufferRole;
  var.buffers = {buffer("params", n, R::InOut, {"uniform", -1, 1}, false),
                 buffer("grads", n, R::In, {"normal", 0, 0.01}, false),
                 buffer("m", n, R::InOut, {"normal", 0, 0.01}, false),
                 buffer("v", n, R::InOut, {"uniform", 1e-6, 1e-4}, v_fixed)};
  std::printf("%s: n = %lld, %d step(s), rtol %g, atol %g, v %s\n", name, (long long)n, steps,
              tol.rtol, tol.atol, v_fixed ? "dist_fixed (not echoed)" : "echoed");
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(var, seeds[0], nullptr);
  std::vector<gpu::HostSet> sets;
  sets.push_back(set0);
  for (uint64_t seed : {0xf2e5ull, 0x1234ull, 0x777ull})
    if (auto fresh = gpu::derived_set(var, set0, gpu::SetKind::Fresh, seed)) sets.push_back(*fresh);
  std::vector<gpu::SetShare> shares;
  for (size_t s = 0; s < sets.size(); ++s) {
    std::vector<std::vector<float>> in;
    for (const auto& p : sets[s].inputs) in.push_back(floats(*p));
    const auto base = adamw(in, steps);
    gpu::SetShare one{s ? "fresh set " + std::to_string(s) : "set 0", 0, {0, 0, 0}};
    for (const auto& e : gpu::echo_patterns()) {
      std::vector<std::vector<float>> echo = in;
      for (size_t b = 0; b < var.buffers.size(); ++b)
        if (gpu::sample_echoed(var.buffers[b]))
          echo[b] =
              floats(*gpu::echo_positions(var.buffers[b], *sets[s].inputs[b], e.parity, e.block));
      const auto got = gpu::tolerance_shares(base, adamw(echo, steps), tol);
      for (size_t k = 0; k < 3; ++k) one.outputs[k] = std::max(one.outputs[k], got[k]);
    }
    for (double x : one.outputs) one.share = std::max(one.share, x);
    std::printf("  %s: params %.3g, m %.3g, v %.3g\n", one.set.c_str(), one.outputs[0],
                one.outputs[1], one.outputs[2]);
    shares.push_back(one);
  }
  const auto v = gpu::sample_lint_verdict({shares[0], shares[1]}, "params, grads, m", tol,
                                          {"params", "m", "v"});
  std::printf("  verdict on set 0 and fresh set 1: %s\n",
              v.refusal.empty() ? v.note.c_str() : v.refusal.c_str());
}

}  // namespace

int main() {
  problem("tests/corpus/llmc_adamw", int64_t(1) << 25, 1, {1e-4, 1e-6}, true);
  problem("tests/corpus/llmc_adamw_small_tensors", 768, 96, {2e-4, 1e-5}, true);
  problem("tests/cheats/control_redteam5_llmc_adamw", int64_t(1) << 23, 1, {1e-4, 1e-6}, false);
  return 0;
}
