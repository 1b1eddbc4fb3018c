// Helper h28z (issue 28): the tolerance lint's per-input judgement (engine/backend/gpu/
// input_lint.h) on honest folders where it could refuse: an output few elements long (a scalar,
// a row of options, a pooled row) summing a long run of one input next to another input, on the
// harness's own set code (regular_set for set 0, timed_perturbations for the fresh set, both
// homogeneous readings, echo_positions with the lint's nine patterns). Each folder's reference is
// its reference.cu written out in C++ (float64, the same loop). Prints, per folder and set, each
// output's share with every input echoed (main's lint) and with each input alone; an input alone
// at more than 0 and at most 1 on set 0 and the fresh set is what the gate now refuses (dist_fixed
// excused); since h28y per (input, output) pair, with the folder's blind_to declarations. Not a
// test (`--target h28z_input_lint_sim`; minutes: a folder substring runs one). Usage:
// h28z_input_lint_sim [folder substring]
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
  // The folder's outputs' blind_to declarations (problem.yaml; helper h28y).
  std::vector<gpu::BlindDeclared> declared = {};
};

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

void run(const Folder& f) {
  generators::ResolvedVariant v;
  v.buffers = f.inputs;
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  struct Named {
    std::string name;
    Bytes bytes;
  };
  std::vector<Named> sets = {{"set 0", set0.inputs}};
  for (bool homogeneous : {false, true}) {
    Bytes fresh;
    std::vector<std::vector<unsigned char>> raw;
    for (const auto& in : set0.inputs) raw.emplace_back(in->data.get(), in->data.get() + in->size);
    for (const gpu::Perturbation& p :
         gpu::timed_perturbations(v, 0xf7e5b5e7ULL, homogeneous, false))
      gpu::apply_perturbation(v.buffers[p.buffer], raw[p.buffer].data(), p);
    for (auto& r : raw) {
      auto h = std::make_shared<gpu::HostInput>();
      h->size = r.size();
      h->data.reset(new unsigned char[r.size()]);
      std::memcpy(h->data.get(), r.data(), r.size());
      fresh.push_back(h);
    }
    sets.push_back({homogeneous ? "fresh (homog.)" : "fresh set", fresh});
  }
  std::printf("%s (rtol %g, atol %g)\n", f.name.c_str(), f.tol.rtol, f.tol.atol);
  std::vector<gpu::InputShares> each;
  std::vector<gpu::SetShare> all_sets;  // the all-input lint's, as the worker takes them
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
      if (!gpu::sample_echoed(v.buffers[i])) continue;
      const std::vector<double> one = shares(f, v, sets[s].bytes, r0, int(i));
      std::printf("  %-15s %s alone%s:", "", v.buffers[i].name.c_str(),
                  v.buffers[i].dist_fixed ? " (dist_fixed)" : "");
      for (size_t k = 0; k < one.size(); ++k) std::printf(" %s %.3g", f.outputs[k].c_str(), one[k]);
      std::printf("\n");
      double top = 0;
      for (double x : one) top = std::max(top, x);
      // The verdict takes set 0 and the lower of the two fresh readings (the worst case for
      // an honest folder: the gate makes one of them).
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
  // The worker takes the fresh set only where set 0 leaves an output untold with every input.
  bool set0_tells = true;
  for (double x : all_sets[0].outputs) set0_tells = set0_tells && !(x <= 1);
  if (set0_tells) all_sets.resize(1);
  auto say = [](const char* what, const gpu::SampleLintVerdict& v) {
    std::printf("  %s: %s\n", what,
                !v.refusal.empty() ? v.refusal.c_str()
                : v.note.empty()   ? "passes"
                                   : ("passes; " + v.note).c_str());
  };
  say("verdict", gpu::input_lint_verdict(judged, all_sets, f.tol, f.outputs));
  if (!f.declared.empty())
    say("verdict with the folder's blind_to",
        gpu::input_lint_verdict(judged, all_sets, f.tol, f.outputs, {}, f.declared));
  std::printf("\n");
}

generators::Tolerance tol_of(double rtol, double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

generators::ResolvedBuffer fixed(generators::ResolvedBuffer b) {
  b.dist_fixed = true;
  return b;
}

std::vector<Folder> folders() {
  using test::flat_buffer;
  std::vector<Folder> out;
  // tests/cheats/redteam22_loud_term_sum (the cheat's problem, 2^24 values as the folder).
  out.push_back({"redteam22_loud_term_sum",
                 {flat_buffer("x", DType::F32, int64_t(1) << 24, {"uniform", 0, 1}),
                  flat_buffer("z", DType::F32, 16, {"uniform", 0, 3e5})},
                 {"y"},
                 tol_of(5e-4, 1e-6),
                 [](const Bytes& in) {
                   double y = 0;
                   for (size_t i = 0; i < (1u << 24); ++i) y += as<float>(in, 0)[i];
                   for (size_t i = 0; i < 16; ++i) y += as<float>(in, 1)[i];
                   return std::vector<gpu::HostDoubles>{{y}};
                 }});
  // tests/corpus_fresh6/pt_nll_loss_one_warp: loss = -sum w[t] logp[i, t] / sum w[t],
  // total_weight = sum w[t]; B = 65536 rows of C = 1000 (only the target column is read).
  constexpr int64_t kB = 65536, kC = 1000;
  out.push_back({"pt_nll_loss_one_warp",
                 {flat_buffer("logp", DType::F32, kB * kC, {"uniform", -12, -0.01}),
                  fixed(flat_buffer("target", DType::I64, kB, {"randint", 0, 1000})),
                  fixed(flat_buffer("class_weight", DType::F32, kC, {"uniform", 0.5, 1.5}))},
                 {"loss", "total_weight"},
                 tol_of(1e-4, 1e-4),
                 [](const Bytes& in) {
                   double a = 0, b = 0;
                   for (int64_t i = 0; i < kB; ++i) {
                     const int64_t t = as<int64_t>(in, 1)[i];
                     a -= double(as<float>(in, 2)[t]) * double(as<float>(in, 0)[i * kC + t]);
                     b += double(as<float>(in, 2)[t]);
                   }
                   return std::vector<gpu::HostDoubles>{{a / b}, {b}};
                 }});
  // The same with target and class_weight not dist_fixed (the rule without the excuse).
  out.push_back(out.back());
  out.back().name = "pt_nll_loss_one_warp, nothing dist_fixed";
  for (auto& b : out.back().inputs) b.dist_fixed = false;
  // tests/corpus/cs_montecarlo_tail: 1200 options over 65536 shared normal samples.
  constexpr int kOpt = 1200, kPath = 65536;
  out.push_back({"cs_montecarlo_tail, nothing dist_fixed",
                 {flat_buffer("S", DType::F32, kOpt, {"uniform", 5, 50}),
                  flat_buffer("X", DType::F32, kOpt, {"uniform", 10, 25}),
                  flat_buffer("MuByT", DType::F32, kOpt, {"uniform", -0.05, 0.05}),
                  flat_buffer("VBySqrtT", DType::F32, kOpt, {"uniform", 0.1, 0.4}),
                  flat_buffer("samples", DType::F32, kPath, {"normal", 0, 1})},
                 {"callv"},
                 tol_of(1e-3, 1e-3),
                 [](const Bytes& in) {
                   gpu::HostDoubles out(kOpt);
                   for (int o = 0; o < kOpt; ++o) {
                     double s = 0;
                     const double S = as<float>(in, 0)[o], X = as<float>(in, 1)[o];
                     const double mu = as<float>(in, 2)[o], vol = as<float>(in, 3)[o];
                     for (int i = 0; i < kPath; ++i) {
                       const double c = S * std::exp(mu + vol * double(as<float>(in, 4)[i])) - X;
                       s += c > 0 ? c : 0;
                     }
                     out[size_t(o)] = s / kPath;
                   }
                   return std::vector<gpu::HostDoubles>{out};
                 }});
  // tests/corpus_fresh4/pt_index_add_pool: dst[k][d] (in-out, 8 x 64) += sum of x[i][d] over
  // rows i with batch[i] = k; 2^21 rows.
  constexpr int64_t kN = int64_t(1) << 21, kD = 64;
  out.push_back(
      {"pt_index_add_pool, nothing dist_fixed",
       {flat_buffer("dst", DType::F32, 8 * kD, {"uniform", -1, 1}, generators::BufferRole::InOut),
        flat_buffer("x", DType::F32, kN * kD, {"uniform", -1, 1}),
        flat_buffer("batch", DType::I64, kN, {"randint", 0, 8})},
       {"dst"},
       tol_of(1e-3, 1e-1),
       [](const Bytes& in) {
         gpu::HostDoubles dst(8 * kD);
         for (int64_t j = 0; j < 8 * kD; ++j) dst[size_t(j)] = as<float>(in, 0)[j];
         for (int64_t i = 0; i < kN; ++i) {
           const int64_t k = as<int64_t>(in, 2)[i];
           for (int64_t d = 0; d < kD; ++d)
             dst[size_t(k * kD + d)] += double(as<float>(in, 1)[i * kD + d]);
         }
         return std::vector<gpu::HostDoubles>{dst};
       }});
  // llm.c's AdamW (tests/corpus/llmc_adamw_small_tensors at its 768 values; tests/corpus/
  // llmc_adamw at 2^20 of its 2^25: element-wise, so fewer elements only lower each share, the
  // largest over them): params, m, v in-out, one step, lr 1e-3, b1 0.9, b2 0.999.
  auto adamw = [](int64_t n, double rtol, double atol, const std::string& name) {
    return Folder{
        name + ", nothing dist_fixed",
        {flat_buffer("params", DType::F32, n, {"uniform", -1, 1}, generators::BufferRole::InOut),
         flat_buffer("grads", DType::F32, n, {"normal", 0, 0.01}),
         flat_buffer("m", DType::F32, n, {"normal", 0, 0.01}, generators::BufferRole::InOut),
         flat_buffer("v", DType::F32, n, {"uniform", 1e-6, 1e-4}, generators::BufferRole::InOut)},
        {"params", "m", "v"},
        tol_of(rtol, atol),
        [n](const Bytes& in) {
          std::vector<gpu::HostDoubles> out(3, gpu::HostDoubles(size_t(n)));
          const double lr = 1e-3, b1 = 0.9, b2 = 0.999, c1 = 0.6513215599, c2 = 0.0099551198,
                       eps = 1e-8;
          for (int64_t i = 0; i < n; ++i) {
            const double g = as<float>(in, 1)[i];
            const double m = b1 * as<float>(in, 2)[i] + (1 - b1) * g;
            const double v = b2 * as<float>(in, 3)[i] + (1 - b2) * g * g;
            out[0][size_t(i)] = as<float>(in, 0)[i] - lr * ((m / c1) / (std::sqrt(v / c2) + eps));
            out[1][size_t(i)] = m, out[2][size_t(i)] = v;
          }
          return out;
        }};
  };
  out.push_back(adamw(768, 2e-4, 1e-5, "llmc_adamw_small_tensors"));
  // Its problem.yaml's declaration (h28y): v's tolerance cannot see grads ((1 - b2) g^2).
  out.back().declared = {{"v", "grads", "tests/corpus/llmc_adamw_small_tensors/problem.yaml"}};
  out.push_back(adamw(int64_t(1) << 20, 1e-4, 1e-6, "llmc_adamw at 2^20"));
  // tests/cheats/control_hon19_adamw_stochastic_bf16 at 2^20 of its 2^24 values (grad drawn as
  // FP32, not BF16: its rounding does not matter to a share): lr 3e-4, b1 0.9, b2 0.95, wd 0.1,
  // ten steps' bias corrections, rtol 1e-2.
  out.push_back({"control_hon19_adamw_stochastic_bf16 at 2^20",
                 {flat_buffer("master", DType::F32, int64_t(1) << 20, {"normal", 0, 0.05}),
                  flat_buffer("grad", DType::F32, int64_t(1) << 20, {"normal", 0, 0.01}),
                  flat_buffer("m_in", DType::F32, int64_t(1) << 20, {"normal", 0, 0.001}),
                  flat_buffer("v_in", DType::F32, int64_t(1) << 20, {"uniform", 1e-6, 1e-4})},
                 {"master_out", "m_out", "v_out"},
                 tol_of(1e-2, 1e-5),
                 [](const Bytes& in) {
                   const size_t n = size_t(1) << 20;
                   std::vector<gpu::HostDoubles> out(3, gpu::HostDoubles(n));
                   const double b1 = 0.9, b2 = 0.95, lr = 3e-4, eps = 1e-8, wd = 0.1;
                   const double c1 = 1 - std::pow(b1, 10.0), c2 = 1 - std::pow(b2, 10.0);
                   for (size_t i = 0; i < n; ++i) {
                     const double g = as<float>(in, 1)[i], p = as<float>(in, 0)[i];
                     const double m = b1 * as<float>(in, 2)[i] + (1 - b1) * g;
                     const double v = b2 * as<float>(in, 3)[i] + (1 - b2) * g * g;
                     out[0][i] = p - lr * ((m / c1) / (std::sqrt(v / c2) + eps) + wd * p);
                     out[1][i] = m, out[2][i] = v;
                   }
                   return out;
                 }});
  // tests/cheats/control_redteam_atomic_scatter: out[idx[i]] += w[i], 2^24 values into 4,096 bins.
  constexpr int64_t kS = int64_t(1) << 24;
  out.push_back({"control_redteam_atomic_scatter",
                 {flat_buffer("idx", DType::I32, kS, {"randint", 0, 4095}),
                  flat_buffer("w", DType::F32, kS, {"uniform", 0, 1})},
                 {"out"},
                 tol_of(1e-4, 1e-3),
                 [](const Bytes& in) {
                   gpu::HostDoubles o(4096, 0.0);
                   for (int64_t i = 0; i < kS; ++i) {
                     const int b = as<int32_t>(in, 0)[i];
                     if (b >= 0 && b < 4096) o[size_t(b)] += double(as<float>(in, 1)[i]);
                   }
                   return std::vector<gpu::HostDoubles>{o};
                 }});
  // tests/corpus/llmc_matmul_bwd_bias1: dbias[o] (in-out) += the sum of dout over 8,192 rows.
  constexpr int64_t kOC = 3072, kRows = 8 * 1024;
  out.push_back(
      {"llmc_matmul_bwd_bias1",
       {flat_buffer("dbias", DType::F32, kOC, {"uniform", -1, 1}, generators::BufferRole::InOut),
        flat_buffer("dout", DType::F32, kRows * kOC, {"uniform", -1, 1})},
       {"dbias"},
       tol_of(1e-4, 1e-3),
       [](const Bytes& in) {
         gpu::HostDoubles o(static_cast<size_t>(kOC));
         for (int64_t c = 0; c < kOC; ++c) o[size_t(c)] = as<float>(in, 0)[c];
         for (int64_t r = 0; r < kRows; ++r)
           for (int64_t c = 0; c < kOC; ++c) o[size_t(c)] += double(as<float>(in, 1)[r * kOC + c]);
         return std::vector<gpu::HostDoubles>{o};
       }});
  // tests/corpus_fresh10/pbacc_bicg_kernel1: s = A^T r, 4,096 x 4,096.
  constexpr int64_t kNx = 4096;
  out.push_back({"pbacc_bicg_kernel1",
                 {flat_buffer("A", DType::F32, kNx * kNx, {"uniform", -1, 1}),
                  flat_buffer("r", DType::F32, kNx, {"uniform", -1, 1})},
                 {"s"},
                 tol_of(1e-3, 5e-3),
                 [](const Bytes& in) {
                   gpu::HostDoubles o(static_cast<size_t>(kNx), 0.0);
                   for (int64_t i = 0; i < kNx; ++i) {
                     const double r = as<float>(in, 1)[i];
                     for (int64_t j = 0; j < kNx; ++j)
                       o[size_t(j)] += r * double(as<float>(in, 0)[i * kNx + j]);
                   }
                   return std::vector<gpu::HostDoubles>{o};
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
