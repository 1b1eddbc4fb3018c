// Red team 26 (issue 28): tests/cheats/redteam26_counted_tail_sum on the host definitions of the
// harness's lint and input sets (not a test: it prints what it measures). An order-free output
// with a count whose reference leaves the slots past the count unwritten (0xFF poison, NaN once
// read back into float64):
//   for each segment s of 16,384 values of x with active[s] = 1: seg = s, sums = the sum over the
//   segment of log B(x + 4, x + 2); n_out = how many (order: free on seg, count n_out; sums with
//   seg). x: 2^lg values of uniform [0.5, 1.5), active: mask p 0.5, rtol (default 1e-2), atol 1e-6.
// It takes, on set 0 and the fresh set, the lint's nine echoes of x (echo_patterns,
// echo_positions, tolerance_shares, sample_lint_verdict) twice: on the reference as main read it
// back (the counted prefix sorted, the tail NaN) and on order_reference's view (this branch: the
// tail +infinity, mark_uncounted); then the child's error (the log-Beta terms of float4 tiles 0, 2,
// 4, ... of each active segment, times 2) on set 0, regular sets 1 and 2, the fresh set and timed
// runs of both kinds (law redraws; the off-law kind), in tolerance units, largest over the
// counted entries.
// Usage: red26_counted_tail_sim [log2 n (default 24)] [timed runs (default 8)] [rtol (1e-2)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/order_view.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

using red_sim::floats;
using red_sim::lbeta;
using red_sim::lbeta_terms;

namespace {

constexpr int64_t kSegment = 16384, kTile = 1024, kEvery = 2;

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n,
                                  generators::BufferRole role, generators::InitDist init = {}) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = dtype;
  b.role = role;
  if (role != generators::BufferRole::Out) b.init = init;
  b.elements = n;
  b.bytes = n * int64_t(generators::dtype_size(dtype));
  b.shape = {n};
  return b;
}

std::vector<int32_t> ints(const gpu::HostInput& in) {
  std::vector<int32_t> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

// The reference as read back on main: seg, sums (the active segments ascending: already the
// sorted view) and n_out, the slots past the count the poison's bytes (NaN).
std::vector<gpu::HostDoubles> reference(const std::vector<double>& f,
                                        const std::vector<int32_t>& active) {
  const size_t segs = active.size();
  double poison;
  const uint64_t ones = ~uint64_t(0);
  std::memcpy(&poison, &ones, 8);
  std::vector<gpu::HostDoubles> o(3);
  o[0].assign(segs, poison);
  o[1].assign(segs, poison);
  o[2].assign(1, 0.0);
  size_t at = 0;
  for (size_t s = 0; s < segs; ++s) {
    if (!active[s]) continue;
    double v = 0;
    for (int64_t i = 0; i < kSegment; ++i) v += f[s * kSegment + size_t(i)];
    o[0][at] = double(s);
    o[1][at++] = v;
  }
  o[2][0] = double(at);
  return o;
}

void view(const generators::ResolvedVariant& v, std::vector<gpu::HostDoubles>& ref) {
  std::vector<double*> data;
  for (gpu::HostDoubles& o : ref) data.push_back(o.data());
  gpu::order_reference(v, {2, 3, 4}, data);
}

// The lint's nine echoes of x on `s`: each output's largest share, on main's read-back
// (marked = false) or on this branch's view.
gpu::SetShare lint(const generators::ResolvedVariant& v, const gpu::HostSet& s,
                   const std::vector<generators::Tolerance>& tols, const std::string& name,
                   bool marked) {
  const std::vector<float> x0 = floats(*s.inputs[0]);
  const std::vector<int32_t> active = ints(*s.inputs[1]);
  const std::vector<double> f0 = lbeta_terms(x0);
  std::vector<gpu::HostDoubles> base = reference(f0, active);
  if (marked) view(v, base);
  gpu::SetShare out{name, 0, {0.0, 0.0, 0.0}};
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const std::vector<float> x = floats(*gpu::echo_positions(v.buffers[0], *s.inputs[0], e.parity,
                                                             e.block));
    std::vector<double> g(f0);
    for (size_t i = 0; i < x.size(); ++i)
      if (x[i] != x0[i]) g[i] = f0[i ^ e.block];
    std::vector<gpu::HostDoubles> echo = reference(g, active);
    if (marked) view(v, echo);
    const auto sh = gpu::tolerance_shares(base, echo, tols);
    for (size_t k = 0; k < 3; ++k) {
      out.outputs[k] = std::max(out.outputs[k], sh[k]);
      out.share = std::max(out.share, out.outputs[k]);
    }
  }
  return out;
}

// The child's largest error over the counted sums, in tolerance units, on set `s`.
double child_error(const gpu::HostSet& s, const generators::Tolerance& tol) {
  const std::vector<float> x = floats(*s.inputs[0]);
  const std::vector<int32_t> active = ints(*s.inputs[1]);
  const std::vector<double> f = lbeta_terms(x);
  double worst = 0;
  for (size_t c = 0; c < active.size(); ++c) {
    if (!active[c]) continue;
    double want = 0, est = 0;
    for (int64_t i = 0; i < kSegment; ++i) want += f[c * kSegment + size_t(i)];
    for (int64_t t = 0; t < kSegment / kTile; t += kEvery)
      for (int64_t i = 0; i < kTile; ++i) est += f[c * kSegment + size_t(t * kTile + i)];
    est *= kEvery;
    worst = std::max(worst, std::fabs(est - want) / (tol.atol + tol.rtol * std::fabs(want)));
  }
  return worst;
}

void print_lint(const char* what, const std::vector<gpu::SetShare>& sets,
                const generators::Tolerance& tol, const std::vector<generators::Tolerance>& tols) {
  for (const gpu::SetShare& s : sets)
    std::printf("  %s, %s: seg %.3f, sums %.3f, n_out %.3f\n", what, s.set.c_str(), s.outputs[0],
                s.outputs[1], s.outputs[2]);
  const auto verdict = gpu::sample_lint_verdict(sets, "x", tol, {"seg", "sums", "n_out"}, tols);
  std::printf("  %s: sample_lint_verdict %s\n", what,
              verdict.refusal.empty() ? "passes" : ("invalid_spec: " + verdict.refusal).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  const double rtol = argc > 3 ? std::atof(argv[3]) : 1e-2;
  const int64_t n = int64_t(1) << lg, segs = n / kSegment;
  generators::ResolvedVariant v;
  v.buffers = {buffer("x", DType::F32, n, generators::BufferRole::In, {"uniform", 0.5, 1.5}),
               buffer("active", DType::I32, segs, generators::BufferRole::In, {"mask", 0.5, 1.0}),
               buffer("seg", DType::I32, segs, generators::BufferRole::Out),
               buffer("sums", DType::F32, segs, generators::BufferRole::Out),
               buffer("n_out", DType::I32, 1, generators::BufferRole::Out)};
  v.buffers[2].order_lead = 2;
  v.buffers[2].order_count = 4;
  v.buffers[3].order_lead = 2;
  v.buffers[4].is_count = true;
  generators::Tolerance tol;
  tol.rtol = rtol;
  tol.atol = 1e-6;
  generators::Tolerance exact;
  exact.rtol = exact.atol = 0;
  const std::vector<generators::Tolerance> tols = {tol, tol, exact};  // the count: exact
  std::printf("redteam26_counted_tail_sum: n = 2^%d, %lld segments of %lld, rtol %g\n", lg,
              (long long)segs, (long long)kSegment, rtol);
  std::printf("lint echoes x: %s; active (mask): %s\n",
              gpu::sample_echoed(v.buffers[0]) ? "yes" : "no",
              gpu::sample_echoed(v.buffers[1]) ? "yes" : "no");
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::optional<gpu::HostSet> fresh = gpu::derived_set(v, set0, gpu::SetKind::Fresh, 0xf2e5);
  int active = 0;
  for (int32_t a : ints(*set0.inputs[1])) active += a != 0;
  std::printf("set 0: %d of %lld segments active\n", active, (long long)segs);
  for (bool marked : {false, true}) {
    std::vector<gpu::SetShare> sets{lint(v, set0, tols, "set 0", marked)};
    if (fresh) sets.push_back(lint(v, *fresh, tols, "the fresh set", marked));
    print_lint(marked ? "order_reference's view (tail +inf)" : "main's read-back (tail NaN)", sets,
               tol, tols);
  }
  std::printf("child on set 0: %.3f of the tolerance\n", child_error(set0, tol));
  for (int s = 1; s < 3; ++s)
    std::printf("child on regular set %d: %.3f\n", s,
                child_error(gpu::regular_set(v, seeds[size_t(s)], nullptr), tol));
  if (fresh) std::printf("child on the fresh set: %.3f\n", child_error(*fresh, tol));
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
                law ? "law redraws" : "off-law timed kind", worst, out, runs);
  }
  return 0;
}
