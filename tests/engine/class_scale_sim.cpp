// The fp64 class bound's scale from the reference's own sensitivity (issue 28, helper h28y; not a
// test: it prints what it measures). Today (class_bound.h) an fp64 variant's float64 outputs are
// held to atol + 2^-32 max(|r|, m), m the reference on |inputs|, tried only where the plain
// bound (|r|) fails. The bound measured here beside it:
//   atol + max(2^-32 max(|r|, S), c D),
//   S = max over 2 patterns k of |f(x o (1 + e s_k)) - f(x)| / e   (conditioning: every float
//       input moved by a relative e with a seeded random sign per position; e = 2^-32 where
//       every moved input is float64, 2^-22 where one is float32, whose own ulp is 2^-23),
//   D = |f(x'') - f(x)|, x'' every float64 input moved by one ulp in a seeded direction (the
//       reference's own rounding; float32 inputs are not moved: their ulp is an input change),
//   c = 4; beside it D4 (the largest of four ulp patterns' differences) and c Q |r|, Q the
//   pooled relative noise max_i D_i / |r_i| of one pattern, and 16 Qmed |r|, Qmed the median
//   of D_i / |r_i| (an output near 0 cannot move it).
// The table rows: the largest ratio over the sets under today's bound, S (in brackets the
// smallest over the sets: a cheat's margin), S+D, S+D4, S+Q and S+Qmed.
// For each fp64 folder of red teams 13 and 15 (models of the seed, the cheat and the control:
// class_scale_models.h) on the worker's standing seeds' regular sets 0-2 and timed run 11
// (regular_set, timed_inputs), judged by the worker's own compare() under the fp64 class, the
// largest |o - r| / bound over the first `rows` outputs of each set, under both bounds.
// Usage: [CLASS_SCALE_MOVE=k] [CLASS_SCALE_MEDIAN_C=c] [CLASS_SCALE_ONLY=text]
//        class_scale_sim [rows (default 512)]
// (the rounding move a relative 2^-k instead of one ulp; Qmed's factor c instead of 16; only the
// problems whose name contains text). docs/reliability.md, round 15, has the figures.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "flat_buffer.h"
#include "tests/engine/class_scale_models.h"

using namespace solver;
using namespace solver::class_scale;
using generators::BufferRole;
using generators::DType;

namespace {

constexpr double kFactor = 4;  // c: the multiple of the reference's ulp sensitivity
// The multiple of the median relative noise: 16, or CLASS_SCALE_MEDIAN_C from the environment.
const double kMedianFactor =
    std::getenv("CLASS_SCALE_MEDIAN_C") ? std::atof(std::getenv("CLASS_SCALE_MEDIAN_C")) : 16;
const double kRoundingMove = std::getenv("CLASS_SCALE_MOVE")
                                 ? std::ldexp(1.0, -std::atoi(std::getenv("CLASS_SCALE_MOVE")))
                                 : 0;

struct Kernel {
  std::string name;
  bool honest;
  RowFn row;
};

struct Problem {
  std::string name;  // the folders it stands for
  generators::ResolvedVariant variant;
  generators::Tolerance tol;
  bool homogeneous = false;  // the timed runs' shrink of positive laws
  RowFn reference;
  std::vector<Kernel> kernels;
};

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n, BufferRole role,
                                  double lo, double hi) {
  // An output keeps the default draw (never drawn).
  return test::flat_buffer(
      name, dtype, n,
      role != BufferRole::Out ? generators::InitDist{"uniform", lo, hi} : generators::InitDist{},
      role);
}

generators::Tolerance fp64(double rtol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = 0;
  t.class_rtol = generators::measured_class_rtol("fp64");
  return t;
}

uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Every input of the set as doubles (float32 buffers widened), by buffer index.
Inputs as_doubles(const generators::ResolvedVariant& v, const gpu::HostSet& s) {
  Inputs in(v.buffers.size());
  for (size_t i = 0; i < v.buffers.size() && i < s.inputs.size(); ++i) {
    if (!s.inputs[i]) continue;
    const auto& h = *s.inputs[i];
    if (v.buffers[i].dtype == DType::F64) {
      in[i].resize(h.size / 8);
      std::memcpy(in[i].data(), h.data.get(), h.size);
    } else {
      std::vector<float> f(h.size / 4);
      std::memcpy(f.data(), h.data.get(), h.size);
      in[i].assign(f.begin(), f.end());
    }
  }
  return in;
}

bool negative(uint64_t seed, size_t buffer, size_t k) {
  return mix(seed ^ (uint64_t(buffer) << 40) ^ uint64_t(k)) & 1;
}

// The conditioning move (relative step e with seeded signs); returns e.
double relative_move(const generators::ResolvedVariant& v, Inputs& in, uint64_t seed) {
  double step = 0x1p-32;
  for (size_t i = 0; i < in.size(); ++i)
    if (!in[i].empty() && v.buffers[i].dtype == DType::F32) step = 0x1p-22;
  for (size_t i = 0; i < in.size(); ++i)
    for (size_t k = 0; k < in[i].size(); ++k) {
      const double f = 1 + (negative(seed, i, k) ? -step : step);
      in[i][k] = v.buffers[i].dtype == DType::F32 ? double(float(in[i][k] * f)) : in[i][k] * f;
    }
  return step;
}

// The rounding move: every float64 input one ulp up or down, or, with CLASS_SCALE_MOVE=k in the
// environment, by a relative 2^-k (a move of 2^(53-k) ulps or so, which re-rounds more of the
// reference's sums).
void ulp_move(const generators::ResolvedVariant& v, Inputs& in, uint64_t seed) {
  for (size_t i = 0; i < in.size(); ++i)
    if (v.buffers[i].dtype == DType::F64)
      for (size_t k = 0; k < in[i].size(); ++k)
        in[i][k] = kRoundingMove > 0
                       ? in[i][k] * (1 + (negative(seed, i, k) ? -kRoundingMove : kRoundingMove))
                       : std::nextafter(in[i][k], negative(seed, i, k) ? -INFINITY : INFINITY);
}

std::vector<double> rows_of(const RowFn& f, const Inputs& in, int64_t rows) {
  std::vector<double> out(size_t(rows), 0.0);
  for (int64_t i = 0; i < rows; ++i) out[size_t(i)] = f(in, i);
  return out;
}

double class_ratio(const std::vector<double>& got, const std::vector<double>& want,
                   const generators::Tolerance& tol, const double* magnitude, int64_t* failures) {
  gpu::Comparison c =
      gpu::compare(reinterpret_cast<const unsigned char*>(got.data()), DType::F64,
                   int64_t(got.size()), want.data(), int64_t(want.size()), tol, 1, magnitude);
  if (failures) *failures = c.failures;
  return c.class_ratio;
}

struct Worst {
  double today = 0, scale_a = 0, scale_ab = 0, scale_ab4 = 0, pool = 0, med = 0;
  // helper wit39: S at the floor share 2^-8 (2^-40 S), S at the seed witness's share, and the
  // largest |o - r| / S where S decides (S > |r|), log2 (-inf where S never decides)
  double floor = 0, witness = 0, per_s = 0;
  double low_a = INFINITY;  // the smallest ratio under S on any set (a cheat's margin)
  int64_t failures = 0;
};

void run(const Problem& p, int64_t rows) {
  const auto& v = p.variant;
  std::printf("%s (rtol %g, %lld outputs a set)\n", p.name.c_str(), p.tol.rtol, (long long)rows);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  std::vector<std::pair<std::string, gpu::HostSet>> sets;
  for (int s = 0; s < 3; ++s)
    sets.emplace_back("regular " + std::to_string(s),
                      gpu::regular_set(v, seeds[size_t(s)], nullptr));
  sets.emplace_back("timed 11", gpu::timed_inputs(v, sets[0].second, 11, p.homogeneous, false));
  std::vector<Worst> worst(p.kernels.size());
  for (auto& [name, s] : sets) {
    const Inputs in = as_doubles(v, s);
    const auto want = rows_of(p.reference, in, rows);
    std::optional<gpu::HostSet> abs = gpu::absolute_set(v, s);
    std::vector<double> absolute;
    if (abs) absolute = rows_of(p.reference, as_doubles(v, *abs), rows);
    // S: two conditioning patterns; D: one ulp pattern.
    std::vector<double> scale_a(size_t(rows), 0.0);
    for (uint64_t pattern : {1ULL, 2ULL}) {
      Inputs moved = in;
      const double step = relative_move(v, moved, s.seed * 31 + pattern);
      const auto f = rows_of(p.reference, moved, rows);
      for (size_t i = 0; i < f.size(); ++i)
        scale_a[i] = std::max(scale_a[i], std::fabs(f[i] - want[i]) / step);
    }
    // D: one ulp pattern (S+D), four (S+D4: the largest of the four differences), and the
    // pooled relative noise Q = max_i D_i / |r_i| of the first pattern (S+cQ|r|).
    std::vector<double> d1(size_t(rows), 0.0), d4(size_t(rows), 0.0);
    for (uint64_t pattern = 3; pattern < 7; ++pattern) {
      Inputs moved = in;
      ulp_move(v, moved, s.seed * 31 + pattern);
      const auto f = rows_of(p.reference, moved, rows);
      for (size_t i = 0; i < f.size(); ++i) {
        if (pattern == 3) d1[i] = std::fabs(f[i] - want[i]);
        d4[i] = std::max(d4[i], std::fabs(f[i] - want[i]));
      }
    }
    double pooled = 0;
    std::vector<double> relative;
    for (size_t i = 0; i < d1.size(); ++i)
      if (want[i] != 0) {
        pooled = std::max(pooled, d1[i] / std::fabs(want[i]));
        relative.push_back(d1[i] / std::fabs(want[i]));
      }
    std::nth_element(relative.begin(), relative.begin() + relative.size() / 2, relative.end());
    const double median = relative.empty() ? 0 : relative[relative.size() / 2];
    std::vector<double> scale_ab(scale_a), scale_ab4(scale_a), scale_pool(scale_a),
        scale_med(scale_a);
    double hi_s = 0, hi_m = 0;
    const double c = p.tol.class_rtol;
    for (size_t i = 0; i < d1.size(); ++i) {
      scale_ab[i] = std::max(scale_a[i], kFactor * d1[i] / c);
      scale_ab4[i] = std::max(scale_a[i], kFactor * d4[i] / c);
      scale_pool[i] = std::max(scale_a[i], kFactor * pooled * std::fabs(want[i]) / c);
      scale_med[i] = std::max(scale_a[i], kMedianFactor * median * std::fabs(want[i]) / c);
      hi_s = std::max(hi_s, std::max(std::fabs(want[i]), scale_a[i]) / std::fabs(want[i]));
      if (abs) hi_m = std::max(hi_m, std::fabs(absolute[i]) / std::fabs(want[i]));
    }
    std::printf(
        " %s: largest max(|r|, S) / |r| %.3g; largest (reference on |inputs|) / |r| %s; Q %.3g, "
        "median %.3g\n",
        name.c_str(), hi_s, abs ? std::to_string(hi_m).c_str() : "(not made)", pooled, median);
    // The seed's witness (kernel 0 is the problem's seed): its class ratio on the uncapped S.
    double seed_share = gpu::kScaleFloorShare;
    {
      const auto seed_got = rows_of(p.kernels[0].row, in, rows);
      seed_share = gpu::witness_share(
          gpu::witness_of(class_ratio(seed_got, want, p.tol, scale_med.data(), nullptr), c), c);
    }
    // S at the share, then the rounding term folded as S+Qmed folds it (the worker folds its
    // own, 64 Qmed |r| on a 2^-44 move: CLASS_SCALE_MOVE=44 CLASS_SCALE_MEDIAN_C=64 model it)
    std::vector<double> scale_floor(scale_a), scale_witness(scale_a);
    for (size_t i = 0; i < scale_a.size(); ++i) {
      const double noise = kMedianFactor * median * std::fabs(want[i]) / c;
      scale_floor[i] = std::max(scale_a[i] * gpu::kScaleFloorShare, noise);
      scale_witness[i] = std::max(scale_a[i] * seed_share, noise);
    }
    std::printf("  the seed's witness share %.3g (floor %.3g)\n", seed_share,
                gpu::kScaleFloorShare);
    for (size_t k = 0; k < p.kernels.size(); ++k) {
      const auto got = rows_of(p.kernels[k].row, in, rows);
      double per_s = 0;
      for (size_t i = 0; i < got.size(); ++i)
        if (scale_a[i] > std::fabs(want[i]))
          per_s = std::max(per_s, std::fabs(got[i] - want[i]) / scale_a[i]);
      // the seed is judged at share 1 (it is the witness)
      const double fl =
          class_ratio(got, want, p.tol, k == 0 ? scale_med.data() : scale_floor.data(), nullptr);
      const double wi =
          class_ratio(got, want, p.tol, k == 0 ? scale_med.data() : scale_witness.data(), nullptr);
      int64_t failures = 0;
      double today = class_ratio(got, want, p.tol, nullptr, &failures);
      if (today > 1 && abs) today = class_ratio(got, want, p.tol, absolute.data(), nullptr);
      const double a = class_ratio(got, want, p.tol, scale_a.data(), nullptr);
      const double ab = class_ratio(got, want, p.tol, scale_ab.data(), nullptr);
      const double ab4 = class_ratio(got, want, p.tol, scale_ab4.data(), nullptr);
      const double pool = class_ratio(got, want, p.tol, scale_pool.data(), nullptr);
      const double med = class_ratio(got, want, p.tol, scale_med.data(), nullptr);
      std::printf(
          "  %-34s problem failures %lld; ratio today %.3g, S %.3g, S+D %.3g, S+D4 %.3g, "
          "S+Q %.3g, S+Qmed %.3g; floor %.3g, witness %.3g, |o - r| / S 2^%.1f\n",
          p.kernels[k].name.c_str(), (long long)failures, today, a, ab, ab4, pool, med, fl, wi,
          std::log2(per_s));
      Worst& w = worst[k];
      w.floor = std::max(w.floor, fl);
      w.witness = std::max(w.witness, wi);
      w.per_s = std::max(w.per_s, per_s);
      w.today = std::max(w.today, today);
      w.scale_a = std::max(w.scale_a, a);
      w.scale_ab = std::max(w.scale_ab, ab);
      w.scale_ab4 = std::max(w.scale_ab4, ab4);
      w.pool = std::max(w.pool, pool);
      w.med = std::max(w.med, med);
      w.low_a = std::min(w.low_a, a);
      w.failures += failures;
    }
  }
  for (size_t k = 0; k < p.kernels.size(); ++k)
    std::printf(
        "| %s | %s (%s) | %.3g | %.3g (%.3g) | %.3g | %.3g | %.3g | %.3g | %.3g | %.3g | "
        "2^%.1f |%s\n",
        p.name.c_str(), p.kernels[k].name.c_str(), p.kernels[k].honest ? "honest" : "cheat",
        worst[k].today, worst[k].scale_a, worst[k].low_a, worst[k].scale_ab, worst[k].scale_ab4,
        worst[k].pool, worst[k].med, worst[k].floor, worst[k].witness, std::log2(worst[k].per_s),
        worst[k].failures ? " (fails the problem's tolerance)" : "");
}

}  // namespace

#include "tests/engine/class_scale_problems.h"

int main(int argc, char** argv) {
  const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 512;
  // CLASS_SCALE_ONLY=text: only the problems whose name contains it.
  const char* only = std::getenv("CLASS_SCALE_ONLY");
  for (const Problem& p : problems())
    if (!only || p.name.find(only) != std::string::npos) run(p, rows);
  return 0;
}
