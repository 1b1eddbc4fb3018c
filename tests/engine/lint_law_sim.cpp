// The tolerance lint (engine/backend/gpu/sample_lint.h) on the host definitions of the sets it
// verifies on, for the problems whose lint verdict rested on the heavy-tailed adversarial set
// (live, docs/results/h200-2026-12-03c/call4/probe_h28m.log: set 0 alone under 1) and red team
// 14's (issue 28, helper h28t). Not a test: it prints what it measures. Every such problem's
// reference is a sum, out = sum_i g(x_i) w_i (g the identity or log B(x + 4, x + 2); w 1 or the
// Kaiser window of red team 7), so the reference on any set and on its echoes (sample_lint.h's
// patterns) is computed here in float64 from the set's bytes, and the share is
// tolerance_share's. Sets: set 0 (the worker's standing seed, regular_set), the heavy-tailed
// set (heavy_signed or heavy_kept as the gate's plan picks, with the magnitude term its check
// uses), and timed-kind sets (derive_plan's fresh set: timed_perturbations from a seed, with and
// without the worker's `homogeneous`, which shrinks a positive uniform law). For each timed-kind
// set it also prints the error of a sampler that weighs 3 tiles of 1,024 in 4 and rescales by
// 4/3 (red team 7's and 14's child, on every block), as a share of the tolerance: the lint's
// question asked of a real sampler.
// Usage: lint_law_sim [timed-kind seeds (default 8)] [problem name filter] [rtol]; with an rtol,
// the Kaiser sums' FP32 kernels (the seed and the law-routed control) are emulated at that rtol
// (control_at).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"

using namespace solver;
using generators::DType;

namespace {

constexpr uint64_t kDefaultSeed = 0x5eed2026;  // Worker::standing_seeds' base

struct Model {
  const char* name;  // the folders it stands for
  generators::InitDist law;
  int bits;     // log2 of the element count
  bool kaiser;  // w: the Kaiser window (beta 2), else 1
  bool lbeta;   // g: log B(x + 4, x + 2), else the identity (homogeneous)
  double rtol, atol;
};

double bessel_i0(double x) {
  double term = 1, sum = 1;
  for (int k = 1; k < 30; ++k) {
    term *= (x / 2) * (x / 2) / (double(k) * double(k));
    sum += term;
  }
  return sum;
}

std::vector<double> weights(int64_t n, bool kaiser) {
  std::vector<double> w(size_t(n), 1.0);
  if (!kaiser) return w;
  for (int64_t i = 0; i < n; ++i) {
    const double t = 2.0 * double(i) / double(n - 1) - 1.0;
    w[size_t(i)] =
        double(float(bessel_i0(2.0 * std::sqrt(std::fmax(0.0, 1.0 - t * t))) / 2.2795853023360673));
  }
  return w;
}

// g(x_i) w_i for every element of an f32 buffer's bytes.
std::vector<double> terms(const Model& m, const unsigned char* bytes, int64_t n,
                          const std::vector<double>& w) {
  std::vector<double> t(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    float x;
    std::memcpy(&x, bytes + 4 * i, 4);
    const double v = double(x);
    const double g = m.lbeta ? std::lgamma(v + 4) + std::lgamma(v + 2) - std::lgamma(2 * v + 6) : v;
    t[size_t(i)] = g * w[size_t(i)];
  }
  return t;
}

// The reference with `pattern`'s parity of x copied from its partner (sample_lint.h): term i
// takes g(x_{i ^ block}) w_i. `g`: g(x_i) for every element.
double echo_sum(const std::vector<double>& g, const std::vector<double>& w,
                const gpu::EchoPattern& e) {
  double s = 0;
  const size_t block = e.block, n = g.size();
  for (size_t i = 0; i < n; ++i) {
    const bool copied = ((i / block) & 1) == size_t(e.parity & 1) && (i ^ block) < n;
    s += g[copied ? (i ^ block) : i] * w[i];
  }
  return s;
}

// The lint's share on one set: the largest over the echo patterns.
double share(const Model& m, const unsigned char* bytes, int64_t n, const std::vector<double>& w,
             const generators::Tolerance& tol, double magnitude = -1) {
  const std::vector<double> one(static_cast<size_t>(n), 1.0);
  const std::vector<double> g = terms(m, bytes, n, one);
  double r = 0;
  for (size_t i = 0; i < g.size(); ++i) r += g[i] * w[i];
  double top = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    const double echo = echo_sum(g, w, e);
    const std::vector<gpu::HostDoubles> mag = {{magnitude}};
    top =
        std::max(top, gpu::tolerance_share({{r}}, {{echo}}, tol, magnitude >= 0 ? &mag : nullptr));
  }
  return top;
}

// The 3-in-4 tile sampler's error over the tolerance (tiles t % 4 == 3 of 1,024 left out).
double sampler_error(const Model& m, const unsigned char* bytes, int64_t n,
                     const std::vector<double>& w, const generators::Tolerance& tol) {
  const std::vector<double> t = terms(m, bytes, n, w);
  double all = 0, kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    all += t[size_t(i)];
    if ((i / 1024) % 4 != 3) kept += t[size_t(i)];
  }
  return std::fabs(kept * 4.0 / 3.0 - all) / (tol.atol + tol.rtol * std::fabs(all));
}

// The Kaiser sums' kernels in FP32 as the folders write them (kaiser.h): per thread 32 float4
// dot products accumulated in FP32, a butterfly warp sum, the 8 warps' partials summed the same
// way, one FP32 atomicAdd per 32,768-element block (in block order here). `fp32_window`: the
// control's in-law route (the window in FP32 arithmetic, cyl_bessel_i0f's stand-in: the power
// series in float), else the seed's (the window in FP64, rounded to float). Its error against
// the float64 reference (the window in FP64) over atol + rtol |r| (+ the heavy set's magnitude
// term where `magnitude` is given).
float tree32(float* v) {
  for (int o = 16; o > 0; o >>= 1) {
    float next[32];
    for (int l = 0; l < 32; ++l) next[l] = v[l] + v[l ^ o];
    std::memcpy(v, next, sizeof next);
  }
  return v[0];
}

float window_f32(int64_t i, int64_t n) {
  const float t = 2.0f * float(i) / float(n - 1) - 1.0f;
  const float z = 2.0f * std::sqrt(std::fmax(0.0f, 1.0f - t * t));
  float term = 1, sum = 1;
  for (int k = 1; k < 30; ++k) {
    term *= (z / 2) * (z / 2) / (float(k) * float(k));
    sum += term;
  }
  return sum * (1.0f / 2.2795853f);
}

double kernel_error(const unsigned char* bytes, int64_t n, bool fp32_window,
                    const generators::Tolerance& tol, double magnitude = -1) {
  const float* x = reinterpret_cast<const float*>(bytes);
  double ref = 0;
  float out = 0;
  for (int64_t base = 0; base < n; base += 32768) {
    float warp_part[32] = {0};
    for (int warp = 0; warp < 8; ++warp) {
      float lanes[32];
      for (int lane = 0; lane < 32; ++lane) {
        const int tid = warp * 32 + lane;
        float v = 0;
        for (int t = 0; t < 32; ++t) {
          const int64_t i = base + 4 * (int64_t(t) * 256 + tid);
          float w[4];
          for (int k = 0; k < 4; ++k) {
            const double tt = 2.0 * double(i + k) / double(n - 1) - 1.0;
            const double wd =
                bessel_i0(2.0 * std::sqrt(std::fmax(0.0, 1.0 - tt * tt))) / 2.2795853023360673;
            ref += double(x[i + k]) * wd;
            w[k] = fp32_window ? window_f32(i + k, n) : float(wd);
          }
          v += (x[i] * w[0] + x[i + 1] * w[1]) + (x[i + 2] * w[2] + x[i + 3] * w[3]);
        }
        lanes[lane] = v;
      }
      warp_part[warp] = tree32(lanes);
    }
    out += tree32(warp_part);
  }
  const double bound = tol.atol + tol.rtol * std::fabs(ref) +
                       (magnitude >= 0 ? gpu::magnitude_rtol(tol.rtol) * magnitude : 0);
  return std::fabs(double(out) - ref) / bound;
}

// Red team 14's law-routed controls (control_redteam14_range_route_normal, _uniform) and their
// seed at a tightened rtol: the lint's shares and each kernel's own error, per set, the
// timed-kind sets unshrunk (a normal law never is; for the uniform law, what the timed runs
// would be without the homogeneous shrink).
void control_at(const Model& m, double rtol, int seeds) {
  const int64_t n = int64_t(1) << m.bits;
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = DType::F32;
  b.role = generators::BufferRole::In;
  b.init = m.law;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  generators::ResolvedVariant v;
  v.buffers = {b};
  generators::Tolerance tol;
  tol.rtol = rtol;
  tol.atol = m.atol;
  const std::vector<double> w = weights(n, m.kaiser);
  std::printf(
      "%s at rtol %g: lint share / control (FP32 window) error / seed error, over the "
      "tolerance\n",
      m.name, rtol);
  const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(kDefaultSeed, 1)[0], nullptr);
  const unsigned char* s0 = set0.inputs[0]->data.get();
  std::printf("  set 0: %.3g / %.3g / %.3g\n", share(m, s0, n, w, tol),
              kernel_error(s0, n, true, tol), kernel_error(s0, n, false, tol));
  std::vector<unsigned char> h(s0, s0 + n * 4);
  if (gpu::sign_symmetric(b))  // as the gate's plan: both kernels take the FP64-window route
    gpu::heavy_signed(b, h.data(), 7);
  else
    gpu::heavy_kept(b, h.data(), 7, gpu::kept_sparsity(b));
  double mag = 0;
  for (double t : terms(m, h.data(), n, w)) mag += std::fabs(t);
  std::printf("  heavy-tailed set (not counted by the lint; checked): control and seed %.3g\n",
              kernel_error(h.data(), n, false, tol, mag));
  const std::vector<uint64_t> fresh = gpu::derive_seeds(kDefaultSeed ^ 0xad7e25a1c0ffee00ULL, 5);
  for (int k = 0; k < seeds; ++k) {
    const uint64_t seed = k == 0 ? fresh[3] : uint64_t(k) * 0x9e3779b97f4a7c15ULL;
    std::vector<unsigned char> d(s0, s0 + n * 4);
    for (const auto& p : gpu::timed_perturbations(v, seed, false))
      gpu::apply_perturbation(b, d.data(), p);
    std::printf("  timed-kind set %d: %.3g / %.3g / %.3g\n", k, share(m, d.data(), n, w, tol),
                kernel_error(d.data(), n, true, tol), kernel_error(d.data(), n, false, tol));
  }
  std::fflush(stdout);
}

void run(const Model& m, int seeds) {
  const int64_t n = int64_t(1) << m.bits;
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = DType::F32;
  b.role = generators::BufferRole::In;
  b.init = m.law;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  generators::ResolvedVariant v;
  v.buffers = {b};
  generators::Tolerance tol;
  tol.rtol = m.rtol;
  tol.atol = m.atol;
  const std::vector<double> w = weights(n, m.kaiser);
  std::printf("%s: %s(%g, %g), 2^%d elements, rtol %g, atol %g\n", m.name, m.law.kind.c_str(),
              m.law.a, m.law.b, m.bits, m.rtol, m.atol);
  const gpu::HostSet set0 = gpu::regular_set(v, gpu::derive_seeds(kDefaultSeed, 1)[0], nullptr);
  const unsigned char* s0 = set0.inputs[0]->data.get();
  std::printf("  set 0: lint share %.3g, 3-in-4 sampler %.3g\n", share(m, s0, n, w, tol),
              sampler_error(m, s0, n, w, tol));
  if (!m.lbeta) {  // homogeneous: the gate adds the heavy-tailed set, checked with |x|'s bound
    std::vector<unsigned char> d(s0, s0 + n * 4);
    const bool sym = gpu::sign_symmetric(b);
    if (sym)
      gpu::heavy_signed(b, d.data(), 7);
    else
      gpu::heavy_kept(b, d.data(), 7, gpu::kept_sparsity(b));
    double mag = 0;
    for (double t : terms(m, d.data(), n, w)) mag += std::fabs(t);
    std::printf("  heavy-tailed set (%s): lint share %.3g, 3-in-4 sampler %.3g\n",
                sym ? "random signs" : "kept signs", share(m, d.data(), n, w, tol, mag),
                sampler_error(m, d.data(), n, w, tol));
  }
  const std::vector<uint64_t> fresh =
      gpu::derive_seeds(kDefaultSeed ^ 0xad7e25a1c0ffee00ULL, 5);  // the gate's, seed 0
  for (bool homogeneous : {false, true}) {
    // The homogeneous pass only where it differs: a [0, b) law is shrunk either way.
    if (homogeneous &&
        (m.lbeta || !gpu::shrinks_to_zero(b, true) || gpu::shrinks_to_zero(b, false)))
      continue;
    double lo = 1e300, hi = 0, slo = 1e300, shi = 0;
    int told = 0, caught = 0;
    std::printf("  timed-kind sets (%s%s):", homogeneous ? "homogeneous" : "not homogeneous",
                gpu::shrinks_to_zero(b, homogeneous) ? ", shrunk" : "");
    for (int k = 0; k < seeds; ++k) {
      const uint64_t seed = k == 0 ? fresh[3] : uint64_t(k) * 0x9e3779b97f4a7c15ULL;
      std::vector<unsigned char> d(s0, s0 + n * 4);
      for (const auto& p : gpu::timed_perturbations(v, seed, homogeneous))
        gpu::apply_perturbation(b, d.data(), p);
      const double sh = share(m, d.data(), n, w, tol), se = sampler_error(m, d.data(), n, w, tol);
      std::printf(" %.2g/%.2g", sh, se);
      lo = std::min(lo, sh), hi = std::max(hi, sh), slo = std::min(slo, se),
      shi = std::max(shi, se);
      told += sh > 1, caught += se > 1;
    }
    std::printf(
        "\n    lint share %.3g-%.3g (told apart on %d of %d), sampler %.3g-%.3g (out of "
        "tolerance on %d of %d)\n",
        lo, hi, told, seeds, slo, shi, caught, seeds);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const int seeds = argc > 1 ? std::atoi(argv[1]) : 8;
  const std::string only = argc > 2 ? argv[2] : "";
  const std::vector<Model> models = {
      {"problems/reduce", {"uniform", 0, 1}, 27, false, false, 1e-4, 1},
      {"cheat_skip_rescale, cheat_expected_value, control_redteam_reduce_memo, "
       "redteam_first_launch",
       {"uniform", 0, 1},
       26,
       false,
       false,
       1e-4,
       1},
      {"control_redteam7_cuda_samples_threadfence",
       {"uniform", 0.5, 1.5},
       26,
       false,
       false,
       1e-4,
       1},
      {"redteam7_offlaw_detect_sum, control_redteam14_range_route_uniform",
       {"uniform", 0.5, 1.5},
       26,
       true,
       false,
       1e-4,
       1},
      {"redteam14_offlaw_normal_sum, control_redteam14_range_route_normal",
       {"normal", 8, 1},
       26,
       true,
       false,
       1e-4,
       1},
      {"redteam7_offlaw_lgamma_sample", {"uniform", 0.5, 1.5}, 26, false, true, 1e-4, 1},
  };
  if (argc > 3) {  // lint_law_sim SEEDS redteam14_offlaw_normal RTOL: the control's case
    for (const Model& m : models)
      if (std::string(m.name).find(only) != std::string::npos)
        control_at(m, std::atof(argv[3]), seeds);
    return 0;
  }
  for (const Model& m : models)
    if (only.empty() || std::string(m.name).find(only) != std::string::npos) run(m, seeds);
  return 0;
}
