// Shared scaffolding of the red team simulations of one-output sums (red team 27's three, red
// team 28's red28_sim; red teams 25 and 26's log-Beta sims take floats, lbeta and lbeta_terms from
// here instead of their own copies): a sum y = sum_i f(x_i) over one f32 input,
// judged with the worker's own lint, law-check and law-region code on the host (not a test:
// the simulations print what they measure). Everything here is the harness's definition
// (sample_lint.h, law_checks.h, law_regions.h, echo_map.h); only f and the sums are the
// simulation's.
#pragma once

#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"

namespace solver::red_sim {

inline std::vector<float> floats(const gpu::HostInput& in) {
  std::vector<float> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

// log B(x + 4, x + 2), the red teams' compute-bound term (kernels/lbeta), in double.
inline double lbeta(double v) {
  return std::lgamma(v + 4.0) + std::lgamma(v + 2.0) - std::lgamma(2.0 * v + 6.0);
}

// f of every element, on two threads (the build machine's cores).
template <class F>
std::vector<double> terms(const std::vector<float>& x, F f) {
  std::vector<double> out(x.size());
  auto part = [&](size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) out[i] = f(double(x[i]));
  };
  std::thread t(part, size_t(0), x.size() / 2);
  part(x.size() / 2, x.size());
  t.join();
  return out;
}
inline std::vector<double> lbeta_terms(const std::vector<float>& x) { return terms(x, lbeta); }

inline double sum(const std::vector<double>& f) {
  double y = 0;
  for (double v : f) y += v;
  return y;
}

// |a - b| / tolerance as the lint measures one element (sample_lint.h element_shares).
inline double share(double a, double b, const generators::Tolerance& t) {
  return gpu::element_shares({{a}}, {{b}}, std::vector<generators::Tolerance>{t})[0][0];
}

// The plain sum on set 0's terms `f` after the echo `m` (each moved position takes its source's
// term): the reference's output on the echoed set, without materialising it.
inline double echoed(const std::vector<double>& f, double y0, const gpu::EchoMap& m) {
  double y = y0;
  const uint64_t n = f.size();
  if (m.family == gpu::EchoFamily::Strided) {  // only the class's pairs move: O(n / 512)
    for (uint64_t j = m.cls; j < n / 2; j += gpu::kEchoStrided) y += f[2 * j] - f[2 * j + 1];
    return y;
  }
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t s = gpu::echo_source(m, i, n);
    if (s != i) y += f[s] - f[i];
  }
  return y;
}

// The lint's nine echoes of one set (sample_lint_op.cpp's round), one output: its SetShare with
// the largest share and the echo energy skip_bound.h reads.
inline gpu::SetShare lint_set(const std::string& name, const std::vector<double>& f, double y,
                              const generators::Tolerance& t) {
  gpu::SetShare one{name, 0, {0.0}};
  one.energy = {0.0};
  one.echoes = {0};
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const double sh = share(y, echoed(f, y, gpu::positions_echo(e.parity, e.block)), t);
    one.outputs[0] = std::max(one.outputs[0], sh);
    one.energy[0] += sh * sh;
    ++one.echoes[0];
  }
  one.share = one.outputs[0];
  return one;
}

// The lint's shares of one set (sample_lint_op.cpp's round), one output y = sum f: the patterns
// the set takes (set 0: law_echo_patterns, past the nine only where every output is loud; the
// fresh set: the nine), each as buffer_echo takes it for `b`; a pattern that moves nothing is
// no echo. `taken`: how many reference runs the set took.
inline gpu::SetShare lint_round(const std::string& name, const generators::ResolvedBuffer& b,
                                const std::vector<double>& f, double y,
                                const generators::Tolerance& t, bool set0, int* taken) {
  gpu::SetShare one{name, 0, {0.0}};
  one.energy = {0.0};
  one.echoes = {0};
  const auto& patterns = set0 ? gpu::law_echo_patterns() : gpu::echo_patterns();
  for (size_t pi = 0; pi < patterns.size(); ++pi) {
    if (pi >= gpu::echo_patterns().size() &&
        !(one.outputs[0] > 1 && one.outputs[0] >= gpu::kLawCheckShare))
      break;
    const std::optional<gpu::EchoMap> m =
        gpu::buffer_echo(b, gpu::positions_echo(patterns[pi].parity, patterns[pi].block));
    if (!m) continue;
    const double sh = share(y, echoed(f, y, *m), t);
    ++*taken;
    one.outputs[0] = std::max(one.outputs[0], sh);
    one.energy[0] += sh * sh;
    ++one.echoes[0];
    if (one.outputs[0] > 1 && !(set0 && one.outputs[0] < gpu::kLawCheckShare)) break;
  }
  one.share = one.outputs[0];
  return one;
}

// What set 0 decides for law_checks (sample_lint_op.cpp, then law_regions_op.cpp
// law_light_shares): the sixteen law echoes' largest share (one element: it is the weakest),
// then each region family's light share where the problem is still on the law, lowering the
// weakest (weakest_with_input); the strided family only where the hashed one found a light part
// (strided_needed). `light` gets each family's light share taken (contiguous, hashed, strided).
struct LawDecision {
  double sixteen = 0;  // the law echoes' weakest share
  double weakest = 0;  // after the light shares
  std::vector<std::pair<std::string, double>> light;
  bool on_law = false;
};
inline LawDecision law_decision(const std::vector<double>& f0, double y0,
                                const generators::Tolerance& t) {
  LawDecision d;
  for (const gpu::EchoPattern& e : gpu::law_echo_patterns())
    d.sixteen =
        std::max(d.sixteen, share(y0, echoed(f0, y0, gpu::positions_echo(e.parity, e.block)), t));
  gpu::SetShare s0{"set 0", d.sixteen, {d.sixteen}};
  s0.weakest = {d.sixteen};
  for (gpu::RegionFamily fam :
       {gpu::RegionFamily::Contiguous, gpu::RegionFamily::Hashed, gpu::RegionFamily::Strided}) {
    if (!gpu::law_checks({s0}, 1)) break;
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const gpu::EchoRegion& r : gpu::law_regions(fam))
      by_class.push_back({{share(y0, echoed(f0, y0, gpu::region_echo(r)), t)}});
    const std::vector<double> light = gpu::weakest_shares(gpu::light_shares(by_class));
    s0.weakest = gpu::weakest_with_input(s0.weakest, light);
    d.light.push_back({fam == gpu::RegionFamily::Hashed    ? "hashed"
                       : fam == gpu::RegionFamily::Strided ? "strided"
                                                           : "contiguous",
                       light[0]});
    if (fam == gpu::RegionFamily::Hashed && !gpu::strided_needed(light)) break;
  }
  d.weakest = s0.weakest[0];
  d.on_law = gpu::law_checks({s0}, 1);
  return d;
}

// The first input of a timed run of `run_seed` (timed_perturbation.h, as timed_inputs makes it),
// with h28v's strata (P6l) kept or taken out.
inline std::vector<float> timed_floats(const generators::ResolvedVariant& v,
                                       const gpu::HostSet& set0, uint64_t run_seed, bool law,
                                       bool cls = true) {
  std::vector<float> x = floats(*set0.inputs[0]);
  for (gpu::Perturbation p : gpu::timed_perturbations(v, run_seed, false, law)) {
    if (p.buffer != 0) continue;
    if (!cls) p.cls_stride = 0;
    gpu::apply_perturbation(v.buffers[0], reinterpret_cast<unsigned char*>(x.data()), p);
  }
  return x;
}

// |got - want| in tolerance units (compare()'s bound without the magnitude term).
inline double err(double got, double want, const generators::Tolerance& t) {
  return std::fabs(got - want) / (t.atol + t.rtol * std::fabs(want));
}

}  // namespace solver::red_sim
