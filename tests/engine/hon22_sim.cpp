// Helper hon22's host emulation (issue 28, "0 honest refused", round 4; prints, not a test): the
// tolerance lint's per-input judgement (engine/backend/gpu/input_lint.h, decided on the device)
// on tests/cheats/control_hon22_* folders with several echoed inputs of unlike scale, on the
// harness's own set code (regular_set for set 0, timed_perturbations + apply_perturbation for the
// fresh set, both homogeneous readings, echo_positions with the lint's nine patterns), as
// h28z_input_lint_sim does for h28z's folders. Each folder's reference is its reference.cu
// written out in C++ (float64, the same arithmetic). Prints each output's share with every input
// echoed and with each input alone, and the verdict (input_lint_verdict). Element-wise folders
// run at a fraction of their size where named: a share is the largest over an output's elements,
// so fewer elements can only lower it (the verdict errs towards refusing).
// Usage: hon22_sim [folder substring]
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

using Bytes = std::vector<std::shared_ptr<const gpu::HostInput>>;
using Reference = std::function<std::vector<gpu::HostDoubles>(const Bytes&)>;

template <class T>
const T* as(const Bytes& in, size_t i) {
  return reinterpret_cast<const T*>(in[i]->data.get());
}

struct Folder {
  std::string name;
  std::vector<generators::ResolvedBuffer> inputs;
  std::vector<std::string> outputs;
  generators::Tolerance tol;
  Reference ref;
};

constexpr int64_t kT = 8192, kC = 768;  // control_hon22_layerscale_residual

generators::Tolerance tol_of(double rtol, double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

// Each output's largest share over the nine echoes of every input (only < 0) or input `only`.
std::vector<double> shares(const Folder& f, const generators::ResolvedVariant& v, const Bytes& base,
                           const std::vector<gpu::HostDoubles>& r0, int only) {
  std::vector<double> top(f.outputs.size(), 0.0);
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    Bytes echo = base;
    for (size_t i = 0; i < v.buffers.size(); ++i)
      if ((only < 0 || size_t(only) == i) && gpu::sample_echoed(v.buffers[i]))
        echo[i] = gpu::echo_positions(v.buffers[i], *base[i], e.parity, e.block);
    const std::vector<double> got = gpu::tolerance_shares(r0, f.ref(echo), f.tol);
    for (size_t k = 0; k < top.size(); ++k) top[k] = std::max(top[k], got[k]);
  }
  return top;
}

Bytes perturbed(const generators::ResolvedVariant& v, const Bytes& base, bool homogeneous) {
  std::vector<std::vector<unsigned char>> raw;
  for (const auto& in : base) raw.emplace_back(in->data.get(), in->data.get() + in->size);
  for (const gpu::Perturbation& p : gpu::timed_perturbations(v, 0xf7e5b5e7ULL, homogeneous, false))
    gpu::apply_perturbation(v.buffers[p.buffer], raw[p.buffer].data(), p);
  Bytes out;
  for (auto& r : raw) {
    auto h = std::make_shared<gpu::HostInput>();
    h->size = r.size();
    h->data.reset(new unsigned char[r.size()]);
    std::memcpy(h->data.get(), r.data(), r.size());
    out.push_back(h);
  }
  return out;
}

void run(const Folder& f) {
  generators::ResolvedVariant v;
  v.buffers = f.inputs;
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  struct Named {
    std::string name;
    Bytes bytes;
  };
  std::vector<Named> sets = {{"set 0", set0.inputs},
                             {"fresh set", perturbed(v, set0.inputs, false)},
                             {"fresh (homog.)", perturbed(v, set0.inputs, true)}};
  std::printf("%s (rtol %g, atol %g)\n", f.name.c_str(), f.tol.rtol, f.tol.atol);
  std::vector<gpu::InputShares> each;
  std::vector<gpu::SetShare> all_sets;
  for (size_t i = 0; i < v.buffers.size(); ++i)
    each.push_back(gpu::InputShares{v.buffers[i].name, v.buffers[i].dist_fixed, {}});
  for (size_t s = 0; s < sets.size(); ++s) {
    const std::vector<gpu::HostDoubles> r0 = f.ref(sets[s].bytes);
    const std::vector<double> all = shares(f, v, sets[s].bytes, r0, -1);
    double top_all = 0;
    for (double x : all) top_all = std::max(top_all, x);
    if (s == 0)
      all_sets.push_back(gpu::SetShare{"set 0", top_all, all});
    else if (all_sets.size() < 2)
      all_sets.push_back(gpu::SetShare{"the fresh set", top_all, all});
    else
      for (size_t k = 0; k < all.size(); ++k)
        all_sets[1].outputs[k] = std::min(all_sets[1].outputs[k], all[k]);
    std::printf("  %-15s every input:", sets[s].name.c_str());
    for (size_t k = 0; k < all.size(); ++k) std::printf(" %s %.3g", f.outputs[k].c_str(), all[k]);
    std::printf("\n");
    for (size_t i = 0; i < v.buffers.size(); ++i) {
      if (!gpu::sample_echoed(v.buffers[i])) {
        if (s == 0) std::printf("  %-15s %s: not echoed\n", "", v.buffers[i].name.c_str());
        continue;
      }
      const std::vector<double> one = shares(f, v, sets[s].bytes, r0, int(i));
      std::printf("  %-15s %s alone%s:", "", v.buffers[i].name.c_str(),
                  v.buffers[i].dist_fixed ? " (dist_fixed)" : "");
      for (size_t k = 0; k < one.size(); ++k) std::printf(" %s %.3g", f.outputs[k].c_str(), one[k]);
      std::printf("\n");
      double top = 0;
      for (double x : one) top = std::max(top, x);
      if (s == 0)
        each[i].sets.push_back(gpu::SetShare{"set 0", top, one});
      else if (each[i].sets.size() < 2)
        each[i].sets.push_back(gpu::SetShare{"the fresh set", top, one});
      else
        for (size_t k = 0; k < one.size(); ++k)
          each[i].sets[1].outputs[k] = std::min(each[i].sets[1].outputs[k], one[k]);
    }
  }
  std::vector<gpu::InputShares> judged;
  for (auto& in : each)
    if (!in.sets.empty()) judged.push_back(in);
  bool set0_tells = true;  // the worker takes the fresh set only where set 0 leaves one untold
  for (double x : all_sets[0].outputs) set0_tells = set0_tells && !(x <= 1);
  if (set0_tells) all_sets.resize(1);
  const gpu::SampleLintVerdict verdict =
      gpu::input_lint_verdict(judged, all_sets, f.tol, f.outputs);
  std::printf("  verdict: %s\n\n", !verdict.refusal.empty() ? verdict.refusal.c_str()
                                   : verdict.note.empty()   ? "passes"
                                                            : ("passes; " + verdict.note).c_str());
}

std::vector<Folder> folders() {
  using test::flat_buffer;
  std::vector<Folder> out;
  // control_hon22_layerscale_residual: y = x + gamma[c] branch, T x C = 8192 x 768 (full size).
  auto layerscale = [&](double rtol, double atol, const std::string& label) {
    return Folder{"control_hon22_layerscale_residual, " + label,
                  {flat_buffer("x", DType::F32, kT * kC, {"normal", 0, 1}),
                   flat_buffer("gamma", DType::F32, kC, {"uniform", 0, 2e-6}),
                   flat_buffer("branch", DType::F32, kT * kC, {"normal", 0, 1})},
                  {"y"},
                  tol_of(rtol, atol),
                  [](const Bytes& in) {
                    gpu::HostDoubles y(size_t(kT * kC));
                    for (int64_t i = 0; i < kT * kC; ++i)
                      y[size_t(i)] = double(as<float>(in, 0)[i]) +
                                     double(as<float>(in, 1)[i % kC]) * double(as<float>(in, 2)[i]);
                    return std::vector<gpu::HostDoubles>{y};
                  }};
  };
  out.push_back(layerscale(1.3e-6, 1e-5, "torch.testing's float32 default"));
  out.push_back(layerscale(1.3e-6, 1e-8, "as declared"));
  // control_hon22_sgd_momentum_inplace at 2^22 of its 2^24 values (element-wise).
  constexpr int64_t kN = int64_t(1) << 22;
  out.push_back({"control_hon22_sgd_momentum_inplace at 2^22",
                 {flat_buffer("p", DType::F32, kN, {"normal", 0, 0.02}, BufferRole::InOut),
                  flat_buffer("grad", DType::F32, kN, {"normal", 0, 0.001}),
                  flat_buffer("buf", DType::F32, kN, {"normal", 0, 0.001}, BufferRole::InOut)},
                 {"p", "buf"},
                 tol_of(1e-5, 1e-9),
                 [](const Bytes& in) {
                   std::vector<gpu::HostDoubles> o(2, gpu::HostDoubles(size_t(kN)));
                   const double lr = double(0.1f), mu = double(0.9f), wd = double(1e-4f);
                   for (int64_t i = 0; i < kN; ++i) {
                     const double p = as<float>(in, 0)[i];
                     const double b =
                         mu * double(as<float>(in, 2)[i]) + (double(as<float>(in, 1)[i]) + wd * p);
                     o[0][size_t(i)] = p - lr * b, o[1][size_t(i)] = b;
                   }
                   return o;
                 }});
  // control_hon22_nf4_lut_dequant at 2^22 of its 2^24 values.
  constexpr int64_t kQ = int64_t(1) << 22;
  out.push_back({"control_hon22_nf4_lut_dequant at 2^22",
                 {flat_buffer("q", DType::U32, kQ / 8, {"randint", 0, 4294967295.0}),
                  flat_buffer("absmax", DType::F32, kQ / 64, {"uniform", 0.01, 0.2})},
                 {"out"},
                 tol_of(1e-6, 1e-12),
                 [](const Bytes& in) {
                   static const float nf4[16] = {-1.0f,
                                                 -0.6961928009986877f,
                                                 -0.5250730514526367f,
                                                 -0.39491748809814453f,
                                                 -0.28444138169288635f,
                                                 -0.18477343022823334f,
                                                 -0.09105003625154495f,
                                                 0.0f,
                                                 0.07958029955625534f,
                                                 0.16093020141124725f,
                                                 0.24611230194568634f,
                                                 0.33791524171829224f,
                                                 0.44070982933044434f,
                                                 0.5626170039176941f,
                                                 0.7229568362236023f,
                                                 1.0f};
                   gpu::HostDoubles o(static_cast<size_t>(kQ));
                   for (int64_t i = 0; i < kQ; ++i) {
                     const uint32_t byte =
                         (as<uint32_t>(in, 0)[i / 8] >> (8 * ((i % 8) / 2))) & 0xff;
                     const uint32_t code = i % 2 == 0 ? byte >> 4 : byte & 0x0f;
                     o[size_t(i)] = double(nf4[code]) * double(as<float>(in, 1)[i / 64]);
                   }
                   return std::vector<gpu::HostDoubles>{o};
                 }});
  // control_hon22_noinline_bias_gelu_mean at 2048 of its 8192 rows.
  constexpr int64_t kR = 2048, kCg = 1024;
  out.push_back({"control_hon22_noinline_bias_gelu_mean at 2048 rows",
                 {flat_buffer("x", DType::F32, kR * kCg, {"normal", 0, 1}),
                  flat_buffer("bias", DType::F32, kCg, {"normal", 0, 0.1})},
                 {"y", "mean"},
                 tol_of(1e-5, 1e-6),
                 [](const Bytes& in) {
                   std::vector<gpu::HostDoubles> o{gpu::HostDoubles(size_t(kR * kCg)),
                                                   gpu::HostDoubles(size_t(kR))};
                   for (int64_t r = 0; r < kR; ++r) {
                     double s = 0;
                     for (int64_t c = 0; c < kCg; ++c) {
                       const double v =
                           double(as<float>(in, 0)[r * kCg + c]) + double(as<float>(in, 1)[c]);
                       const double g = 0.5 * v * (1.0 + std::erf(v * 0.70710678118654752440));
                       o[0][size_t(r * kCg + c)] = g;
                       s += g;
                     }
                     o[1][size_t(r)] = s / double(kCg);
                   }
                   return o;
                 }});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string only = argc > 1 ? argv[1] : "";
  for (const Folder& f : folders())
    if (only.empty() || f.name.find(only) != std::string::npos) run(f);
  return 0;
}
