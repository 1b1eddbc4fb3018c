// Red team 16's two-output problem on the host definitions of the harness (not a test: it prints
// what it measures). tests/cheats/redteam16_twin_output_sample: out = sum log B(x + 4, x + 2)
// and chunk_mean[c] = mean of x over chunk c (32,768 elements), x uniform [0.5, 1.5), rtol 1e-4
// (or the rtol given), atol 1e-6. For the worker's regular sets (regular_set on the standing
// seeds), the lint's fresh set (derived_set Fresh) and audited timed runs (timed_inputs) it
// computes, in double:
//  - the tolerance lint's shares (sample_lint.h: echo_positions over echo_patterns,
//    tolerance_shares) per output and over both outputs, and the lint's verdict
//    (sample_lint_verdict, each output judged on its own: issue 28, helper h28u);
//  - the child's estimate (the log-Beta terms of float4 tiles 0, 4, 8, ... of each chunk, times
//    4) judged by compare() (host_data.cpp) at the problem's tolerance, as a fresh-set check or
//    an audit judges the child's outputs, and its error as a share of the tolerance;
//  - the honest kernels' FP32 arithmetic as written (honest.cu: three lgammaf a term;
//    control.cu of control_redteam16_twin_output_recurrence: two lgammaf and a logf; per thread
//    32 float4 terms summed in float, butterfly warp sums, one float atomicAdd a block in block
//    order), with glibc's lgammaf and logf standing for CUDA's (both within a few ulps), as a
//    share of the tolerance for out and for chunk_mean.
// Usage: redteam16_twin_sim [log2 n (default 26)] [timed runs (default 4)] [rtol (1e-4)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"

using namespace solver;
using generators::DType;

namespace {

constexpr int64_t kChunk = 32768, kTile = 1024, kEvery = 4;

generators::ResolvedBuffer buffer(const std::string& name, int64_t n, generators::BufferRole role) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = DType::F32;
  b.role = role;
  if (role != generators::BufferRole::Out) b.init = {"uniform", 0.5, 1.5};
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

double lbeta(double v) {
  return std::lgamma(v + 4.0) + std::lgamma(v + 2.0) - std::lgamma(2.0 * v + 6.0);
}

// f of every element, on two threads.
std::vector<double> terms(const std::vector<float>& x) {
  std::vector<double> f(x.size());
  auto part = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) f[i] = lbeta(double(x[i]));
  };
  std::thread t(part, 0, x.size() / 2);
  part(x.size() / 2, x.size());
  t.join();
  return f;
}

// The reference's two outputs from the terms and the values.
std::vector<gpu::HostDoubles> outputs(const std::vector<double>& f, const std::vector<float>& x) {
  std::vector<gpu::HostDoubles> o(2);
  o[0].assign(1, 0.0);
  o[1].assign(x.size() / kChunk, 0.0);
  for (size_t c = 0; c < o[1].size(); ++c) {
    double s = 0, m = 0;
    for (int64_t i = 0; i < kChunk; ++i) s += f[c * kChunk + i], m += x[c * kChunk + i];
    o[0][0] += s;
    o[1][c] = m / kChunk;
  }
  return o;
}

// The echo's outputs: f and x copied where the echo copied x (the same values, the same terms).
std::vector<gpu::HostDoubles> echo_outputs(const generators::ResolvedBuffer& b,
                                           const gpu::HostInput& in, const std::vector<double>& f,
                                           const gpu::EchoPattern& e) {
  const auto echoed = gpu::echo_positions(b, in, e.parity, e.block);
  const std::vector<float> x = floats(*echoed), x0 = floats(in);
  std::vector<double> g(f);
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i] != x0[i]) g[i] = f[i ^ e.block];  // an echoed position holds its partner's value
  return outputs(g, x);
}

float lbeta_seed(float x) {
  return (lgammaf(x + 4.0f) + lgammaf(x + 2.0f)) - lgammaf(2.0f * x + 6.0f);
}
float lbeta_rec(float x) {
  const float a = x + 2.0f;
  return (2.0f * lgammaf(a) + logf(a * (x + 3.0f))) - lgammaf(2.0f * x + 6.0f);
}

// The butterfly warp sum of 32 lanes (__shfl_xor_sync), lane 0's result.
float warp_sum(std::vector<float> v) {
  for (int o = 16; o > 0; o >>= 1) {
    std::vector<float> w(32);
    for (int l = 0; l < 32; ++l) w[size_t(l)] = v[size_t(l)] + v[size_t(l ^ o)];
    v = w;
  }
  return v[0];
}

// An honest kernel's outputs in its FP32 arithmetic: twin_sum (term = lbeta_seed) or
// twin_sum_rec (lbeta_rec), 256 threads a chunk, 32 float4 tiles a thread.
std::vector<gpu::HostDoubles> kernel_outputs(const std::vector<float>& x, float (*term)(float)) {
  const size_t chunks = x.size() / kChunk;
  std::vector<float> partial(chunks), mean(chunks);
  auto part = [&](size_t from, size_t to) {
    for (size_t c = from; c < to; ++c) {
      std::vector<float> wv(8), ws(8);
      for (int w = 0; w < 8; ++w) {
        std::vector<float> lv(32), ls(32);
        for (int l = 0; l < 32; ++l) {
          const size_t tid = size_t(w * 32 + l);
          float v = 0.0f, s = 0.0f;
          for (size_t t = 0; t < 32; ++t) {
            const float* q = &x[(c * 32 * 256 + t * 256 + tid) * 4];
            v += (term(q[0]) + term(q[1])) + (term(q[2]) + term(q[3]));
            s += (q[0] + q[1]) + (q[2] + q[3]);
          }
          lv[size_t(l)] = v, ls[size_t(l)] = s;
        }
        wv[size_t(w)] = warp_sum(lv), ws[size_t(w)] = warp_sum(ls);
      }
      std::vector<float> lv(32, 0.0f), ls(32, 0.0f);
      for (int w = 0; w < 8; ++w) lv[size_t(w)] = wv[size_t(w)], ls[size_t(w)] = ws[size_t(w)];
      partial[c] = warp_sum(lv);
      mean[c] = warp_sum(ls) * (1.0f / float(kChunk));
    }
  };
  std::thread t(part, 0, chunks / 2);
  part(chunks / 2, chunks);
  t.join();
  float out = 0.0f;
  for (float p : partial) out += p;  // the atomics, in block order
  std::vector<gpu::HostDoubles> o(2);
  o[0].assign(1, double(out));
  o[1].assign(mean.begin(), mean.end());
  return o;
}

std::vector<gpu::SetShare> lint_shares;  // the lint's sets, as sample_lint_op.cpp takes them

void report(const std::string& name, const generators::ResolvedBuffer& xb, const gpu::HostSet& s,
            const generators::Tolerance& tol, bool lint) {
  const gpu::HostInput& in = *s.inputs[0];
  const std::vector<float> x = floats(in);
  const std::vector<double> f = terms(x);
  const auto want = outputs(f, x);
  std::printf(" %s: out %.6g\n", name.c_str(), want[0][0]);
  if (lint) {
    double both = 0;
    std::vector<double> per(2, 0.0);
    for (const auto& e : gpu::echo_patterns()) {
      const auto echo = echo_outputs(xb, in, f, e);
      both = std::max(both, gpu::tolerance_share(want, echo, tol));
      const auto shares = gpu::tolerance_shares(want, echo, tol);
      for (size_t k = 0; k < 2; ++k) per[k] = std::max(per[k], shares[k]);
    }
    std::printf(
        "  lint share (largest over %zu echoes): both outputs %.3g (the lint before h28u), out "
        "alone %.3g, chunk_mean alone %.3g\n",
        gpu::echo_patterns().size(), both, per[0], per[1]);
    lint_shares.push_back(gpu::SetShare{name, both, per});
  }
  for (auto [label, term] : {std::pair<const char*, float (*)(float)>{"seed", &lbeta_seed},
                             std::pair<const char*, float (*)(float)>{"control", &lbeta_rec}}) {
    const auto got = kernel_outputs(x, term);
    const auto share = gpu::tolerance_shares(want, got, tol);
    std::printf("  %s (FP32 as written): out %.4g of the tolerance, chunk_mean %.4g\n", label,
                share[0], share[1]);
  }
  // The child: the terms of tiles 0, 4, 8, ... of each chunk, times 4; the means exact.
  double est = 0;
  for (size_t c = 0; c < x.size() / kChunk; ++c)
    for (int64_t t = 0; t < kChunk / kTile; t += kEvery)
      for (int64_t i = 0; i < kTile; ++i) est += f[c * kChunk + t * kTile + i];
  est *= kEvery;
  const double allowed = tol.atol + tol.rtol * std::fabs(want[0][0]);
  std::vector<double> got{est}, ref{want[0][0]};
  const gpu::Comparison c = gpu::compare(got, ref, tol);
  std::printf("  child: out %.6g, error %.4g = %.3g of the tolerance (%.4g) -> %s\n", est,
              est - want[0][0], std::fabs(est - want[0][0]) / allowed, allowed,
              c.ok ? "passes" : "wrong_result");
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 26;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 4;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", n, generators::BufferRole::In),
               buffer("out", 1, generators::BufferRole::Out),
               buffer("chunk_mean", n / kChunk, generators::BufferRole::Out)};
  generators::Tolerance tol;
  tol.rtol = argc > 3 ? std::atof(argv[3]) : 1e-4;
  tol.atol = 1e-6;
  std::printf(
      "redteam16_twin_output_sample on the host: n = 2^%d, %lld chunks, rtol %g, "
      "atol 1e-6, the child 1 tile in %lld\n",
      lg, (long long)(n / kChunk), tol.rtol, (long long)kEvery);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  report("set 0", v.buffers[0], set0, tol, true);
  for (int s = 1; s < 3; ++s)
    report("regular set " + std::to_string(s), v.buffers[0],
           gpu::regular_set(v, seeds[size_t(s)], nullptr), tol, false);
  if (auto fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5))
    report("the fresh set (lint's kind)", v.buffers[0], *fresh, tol, true);
  for (int r = 0; r < runs; ++r)
    report("timed run " + std::to_string(101 + r), v.buffers[0],
           gpu::timed_inputs(v, set0, uint64_t(101 + r), false, false), tol, false);
  const auto verdict = gpu::sample_lint_verdict(lint_shares, "x", tol, {"out", "chunk_mean"});
  std::printf("lint verdict (each output on its own): %s\n",
              verdict.refusal.empty() ? ("passes: " + verdict.note).c_str()
                                      : ("invalid_spec: " + verdict.refusal).c_str());
  return 0;
}
