// Red team 27 (issue 28): tests/cheats/redteam27_law_taylor_sum and its control
// control_redteam27_law_poly_lbeta on the host definitions of the harness's lint, law checks
// and input sets (not a test: it prints what it measures). y = sum of log B(x + 4, x + 2) over
// 2^lg x of uniform [0.5, 1.5), one f32 output. Where set 0's weakest share clears
// kLawCheckShare (P6h), every verified run is an i.i.d. redraw of the declared law, on which a
// per-element model whose residual has mean 0 under the law errs by the residual's spread only.
// The child replaces log B by its least-squares line (or parabola) in t = x - 1 over the law, so
// y = n c0 + c1 sum t (+ c2 sum t^2): ~9 (~13) bits an element under an fp32 declaration. Printed:
// the lint and the law decision on set 0, then the child's (and the control's degree-9
// polynomial's) error on set 0, regular sets 1 and 2, the fresh set, law redraws and, for
// contrast, off-law timed runs (P13's cells: the residual's mean moves).
// Usage: red27_law_taylor_sim [log2 n (24)] [runs (8)] [rtol (6e-7)] [atol (1)] [degree (1)]
//                             [slab share (0)] [slab width (1/64)]
// Degree 3 (helper h29l): the least-squares cubic, one moment more (~17 bits an element, 15.5 x
// rtol at its worst in the support). A slab share m > 0 (helper h29l) adds a kind: each law redraw
// with a share m of its positions redrawn from the outer `width` of [0.5, 1.5) at one end (the
// end by the run), emulated on the host bytes: docs/reliability.md "Red team 27's law model:
// where it is wrong, and what the law admits".
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

// The child's models (least squares over uniform t in [-0.5, 0.5), fitted in double by
// /tmp-style dense sampling; the kernels carry the same constants).
constexpr double kLine[2] = {-4.6504380400292744, -1.6039341667768405};
constexpr double kParabola[3] = {-4.6539752264096936, -1.6039341667768405, 0.042446236565038174};
// Helper h29l: the least-squares cubic (Simpson's rule on 200,001 points, normal equations with
// the law's exact moments; its c0 and c2 are the parabola's, as the odd t^3 leaves them).
constexpr double kCubic[4] = {-4.653975226410067, -1.602369422295953, 0.042446236566153754,
                              -0.0104316298734808};
// The control's degree-9 fit (every element, FP32 Horner: max error 4.6e-7 on the support).
constexpr float kPoly9[10] = {-4.653960350146515f,     -1.6023809524920654f,
                              0.04185448014601955f,    -0.010217825521044723f,
                              0.0027158533492807474f,  -0.00075447247183551517f,
                              0.00021501499991614909f, -6.2306306218470593e-05f,
                              1.995420282278947e-05f,  -6.4397608411474899e-06f};
int degree = 1;

// The child: n c0 + c1 sum t (+ c2 sum t^2), t = x - 1 in FP32 (exact on [0.5, 1.5)), the sums
// in double as the kernel's block partials are.
double child(const std::vector<float>& x) {
  double st = 0, st2 = 0, st3 = 0;
  for (float v : x) {
    const double t = double(v - 1.0f);
    st += t;
    st2 += t * t;
    st3 += t * t * t;
  }
  const double n = double(x.size());
  if (degree == 3) return n * kCubic[0] + kCubic[1] * st + kCubic[2] * st2 + kCubic[3] * st3;
  return degree == 1 ? n * kLine[0] + kLine[1] * st
                     : n * kParabola[0] + kParabola[1] * st + kParabola[2] * st2;
}

// The control: the degree-9 polynomial of every element in FP32 (fmaf Horner), summed in double.
double control(const std::vector<float>& x) {
  double y = 0;
  for (float v : x) {
    const float t = v - 1.0f;
    float p = kPoly9[9];
    for (int k = 8; k >= 0; --k) p = std::fmaf(p, t, kPoly9[k]);
    y += double(p);
  }
  return y;
}

struct Errors {
  double child = 0, control = 0;
};
Errors errors(const gpu::HostSet& s, const generators::Tolerance& t) {
  const std::vector<float> x = red_sim::floats(*s.inputs[0]);
  const double want = red_sim::sum(red_sim::lbeta_terms(x));
  return {red_sim::err(child(x), want, t), red_sim::err(control(x), want, t)};
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 24;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 8;
  generators::Tolerance t;
  t.rtol = argc > 3 ? std::atof(argv[3]) : 6e-7;
  t.atol = argc > 4 ? std::atof(argv[4]) : 1.0;
  degree = argc > 5 ? std::atoi(argv[5]) : 1;
  const double slab = argc > 6 ? std::atof(argv[6]) : 0,
               width = argc > 7 ? std::atof(argv[7]) : 1.0 / 64;
  const int64_t n = int64_t(1) << lg;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  std::printf("redteam27_law_taylor_sum: n = 2^%d, rtol %.1e atol %g, child degree %d\n", lg,
              t.rtol, t.atol, degree);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  const std::vector<double> f0 = red_sim::lbeta_terms(red_sim::floats(*set0.inputs[0]));
  const double y0 = red_sim::sum(f0);
  std::printf("set 0: y = %.9g, tolerance %.3f\n", y0, t.atol + t.rtol * std::fabs(y0));
  const gpu::SetShare s0 = red_sim::lint_set("set 0", f0, y0, t);
  std::printf("lint (nine echoes), set 0: %.2f (echo sd %.2f)\n", s0.share,
              std::sqrt(s0.energy[0] / s0.echoes[0]));
  const auto verdict = gpu::sample_lint_verdict({s0}, "x", t, {"y"});
  std::printf("sample_lint_verdict: %s\n",
              verdict.refusal.empty() ? "passes" : ("invalid_spec: " + verdict.refusal).c_str());
  const red_sim::LawDecision law = red_sim::law_decision(f0, y0, t);
  std::printf("law_checks: sixteen echoes %.2f", law.sixteen);
  for (const auto& [fam, s] : law.light) std::printf(", %s light %.2f", fam.c_str(), s);
  std::printf(" -> weakest %.2f: %s\n", law.weakest,
              law.on_law ? "ON THE LAW (P6h: every verified run an i.i.d. law redraw)"
                         : "off the law (verified runs in P13's cells)");
  const Errors e0 = errors(set0, t);
  std::printf("set 0: child %.4f, control %.4f of the tolerance\n", e0.child, e0.control);
  for (int s = 1; s < 3; ++s) {
    const Errors e = errors(gpu::regular_set(v, seeds[size_t(s)], nullptr), t);
    std::printf("regular set %d: child %.4f, control %.4f\n", s, e.child, e.control);
  }
  struct Kind {
    const char* name;
    bool on_law, cls, slab;
  };
  std::vector<Kind> kinds = {Kind{"law redraws (the verified runs on the law)", true, true, false},
                             Kind{"law redraws without P6l's strata (main)", true, false, false},
                             Kind{"off-law timed kind (for contrast)", false, true, false}};
  if (slab > 0) kinds.push_back(Kind{"law redraws with an end slab (h29l)", true, true, true});
  for (const Kind& k : kinds) {
    Errors worst;
    int out = 0;
    double ss = 0;
    for (int r = 1; r <= runs; ++r) {
      // The fresh set and every timed run and audit are this kind (TransformOp::Redrawn).
      const uint64_t seed = uint64_t(r) * 0x9e3779b97f4a7c15ull;
      std::vector<float> x = red_sim::timed_floats(v, set0, seed, k.on_law, k.cls);
      if (k.slab) {  // a share `slab` of the positions from the outer `width` at one end
        const bool top = ((seed >> 7) & 1) != 0;
        const uint64_t cut = uint64_t(std::ldexp(std::min(slab, 0.999), 64));
        for (size_t i = 0; i < x.size(); ++i) {
          uint64_t h = seed ^ (0xd1b54a32d192ed03ull * (i + 1));
          h = (h ^ (h >> 31)) * 0x94d049bb133111ebull;
          h ^= h >> 29;
          if (h >= cut) continue;
          const double u = width * double((h * 0x2545f4914f6cdd1dull) >> 11) * 0x1p-53;
          x[i] = float(top ? 1.5 - u : 0.5 + u);
          if (x[i] >= 1.5f) x[i] = std::nextafter(1.5f, 0.0f);
        }
      }
      const double want = red_sim::sum(red_sim::lbeta_terms(x));
      const Errors e{red_sim::err(child(x), want, t), red_sim::err(control(x), want, t)};
      worst.child = std::max(worst.child, e.child);
      worst.control = std::max(worst.control, e.control);
      ss += e.child * e.child;
      out += e.child > 1;
    }
    std::printf("%s, %d runs: child rms %.4f worst %.4f (%d out), control worst %.4f\n", k.name,
                runs, std::sqrt(ss / runs), worst.child, out, worst.control);
  }
  return 0;
}
