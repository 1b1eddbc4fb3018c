// P6k's condition (d) (helper h29k, issue 28; docs/reliability.md P6k): a light part that moves
// an output element by under half a step of the output's dtype is not a light part a spec can
// verify, so it is not refused (law_regions.h grain_floor, judged_light_shares, grain_note).
// 1. blw_pagerank_edgelist's shape (tests/corpus_fresh7, sizes scaled 1/1024): a float64
//    reference of ~16 atomically added terms a vertex, whose order differs run to run, so every
//    class echo moves every element by ~1e-22 (the reference's own rounding), a "light part" of
//    ~1e-10 of the tolerance beside the classes that hold the vertex's terms: refused before
//    (live, H100: 4.6e-11 of the tolerance), unseen now, and the gate says so.
// 2. The folders P6k exists for (red team 25's scattered sum, red team 26's off-law and copy
//    folders, red team 28's atol-excused one: one heavy-weighted sum of 2^24 f32 values each) are
//    still refused, each by a light part many FP32 steps above its grain floor (the margins are
//    printed: the report's numbers).
// Every rule here is the harness's (law_regions.h, sample_lint.h, echo_map.h, input_sets.h); only
// the references are the test's.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"
#include "red_sum_sim.h"

using namespace solver;
using generators::DType;

namespace {

// One FP32 step at |v| (the spacing of v's binade).
double f32_step(double v) {
  int e = -125;
  if (v != 0) std::frexp(std::fabs(v), &e);
  return std::ldexp(1.0, std::max(e, -125) - 24);
}

gpu::HostInput host_input(const void* data, size_t bytes) {
  gpu::HostInput in;
  in.size = bytes;
  in.data.reset(new unsigned char[bytes]);
  std::memcpy(in.data.get(), data, bytes);
  return in;
}

// The scaled pagerank push: V vertices, E edges sorted by source (out-degrees ~E / V), random
// destinations, ranks uniform [0, 4e-7) as the folder's; the reference adds rank(u) / deg(u) of
// each edge into its destination in float64, in an order of `order_seed` (the device's atomics).
struct Pagerank {
  int64_t V = 4096, E = 65536;
  std::vector<uint32_t> src, dst, begin;  // begin: CSR offsets (V + 1)
  std::vector<float> rank;
  std::vector<double> reference(const std::vector<float>& r, const std::vector<uint32_t>& d,
                                uint64_t order_seed) const {
    std::vector<std::vector<double>> in(static_cast<size_t>(V));
    for (int64_t e = 0; e < E; ++e) {
      const uint32_t u = src[size_t(e)];
      const double deg = double(begin[u + 1]) - double(begin[u]);
      in[d[size_t(e)]].push_back(double(r[u]) / deg);
    }
    std::vector<double> out(size_t(V), 0.0);
    std::mt19937_64 g(order_seed);
    for (int64_t v = 0; v < V; ++v) {
      std::shuffle(in[size_t(v)].begin(), in[size_t(v)].end(), g);
      for (double t : in[size_t(v)]) out[size_t(v)] += t;
    }
    return out;
  }
};

Pagerank make_pagerank() {
  Pagerank p;
  std::mt19937_64 g(0x9a6e);
  std::uniform_int_distribution<uint32_t> vert(0, uint32_t(p.V - 1));
  for (int64_t e = 0; e < p.E; ++e) p.src.push_back(vert(g)), p.dst.push_back(vert(g));
  std::sort(p.src.begin(), p.src.end());
  p.begin.assign(size_t(p.V + 1), 0);
  for (uint32_t u : p.src) ++p.begin[u + 1];
  for (int64_t v = 0; v < p.V; ++v) p.begin[size_t(v + 1)] += p.begin[size_t(v)];
  std::uniform_real_distribution<float> r(0.0f, 4.0e-7f);
  for (int64_t v = 0; v < p.V; ++v) p.rank.push_back(r(g));
  return p;
}

// A red team folder's y[0]: W sum over the 128 heavy positions (k n / 128 + 1) of f, plus the
// sum of f elsewhere, over set 0's 2^24 f32 values; its 256 strided class echoes of x.
struct HeavySum {
  std::vector<double> f;
  double W = 1e6, y = 0;
  int64_t stride = 0;
  double weight(uint64_t i) const { return int64_t(i) % stride == 1 ? W : 1.0; }
  double echoed(uint64_t cls) const {
    double out = y;
    for (uint64_t j = cls; j < f.size() / 2; j += gpu::kEchoStrided)
      out += weight(2 * j + 1) * (f[2 * j] - f[2 * j + 1]);
    return out;
  }
};

struct Verdict {
  double judged = 0;  // refusable_shares' value (negative: unseen)
  double floor = 0;   // the judged element's grain floor
  std::string refusal, note;
};

// P6k on one output element y (the sums' only told element), its class moves `moved[r]`, at `t`.
// `grain` the output's (FP32's at main ddb1edcc's bound 16 unless told), `dtype` its name's.
Verdict p6k(double y, const std::vector<double>& moved, const generators::Tolerance& t,
            const std::string& name, const gpu::OutputGrain& grain = gpu::output_grain(DType::F32),
            DType dtype = DType::F32) {
  std::vector<std::vector<std::vector<double>>> by_class;
  for (double m : moved)
    by_class.push_back({gpu::element_shares({gpu::HostDoubles{y}}, {gpu::HostDoubles{m}}, {t})[0]});
  const std::vector<gpu::HostDoubles> base{gpu::HostDoubles{y}};
  const auto floor = gpu::grain_floors(base, {t}, {grain});
  const auto light = gpu::light_shares(by_class);
  Verdict v;
  v.judged = gpu::refusable_shares(
      gpu::judged_light_shares(by_class, light, gpu::atol_parts(base, {t}), nullptr, &floor))[0];
  v.floor = floor[0][0];
  v.refusal = gpu::light_refusal({v.judged}, {name}, {t}, "x");
  v.note = gpu::grain_note({v.judged}, {name}, {dtype});
  return v;
}

}  // namespace

TEST_CASE("grain_floor is half a step of the dtype just below |ref| over 16 tolerances") {
  generators::Tolerance t;
  t.rtol = 1e-5;
  t.atol = 1e-12;
  const gpu::OutputGrain f32 = gpu::output_grain(DType::F32);
  // 1e-6 lies in [2^-20, 2^-19): FP32's step there 2^-43, just below it the same binade's
  const double r = 1e-6, tol = t.atol + t.rtol * r;
  CHECK(gpu::grain_floor(r, t.atol, t.rtol, f32) == std::ldexp(1.0, -45) / (16 * tol));
  // at a power of two the step below is half the step above
  CHECK(gpu::grain_floor(0.5, 0, 1e-3, f32) == std::ldexp(1.0, -26) / (16 * 0.5e-3));
  // 0 and the subnormals: FP32's least step 2^-149, halved
  CHECK(gpu::grain_floor(0, 1e-30, 0, f32) == std::ldexp(1.0, -150) / (16 * 1e-30));
  CHECK(gpu::grain_floor(1e-6, 0, 0, f32) == 0);  // no tolerance: nothing unseen
  CHECK(gpu::grain_floor(std::nan(""), 1, 1, f32) == 0);
  CHECK(gpu::grain_floor(1, 1, 1, gpu::output_grain(DType::I32)) == 0);  // integers: no grain
  // FP64's floor is 2^29 x finer than FP32's at the same value
  CHECK(gpu::grain_floor(r, t.atol, t.rtol, gpu::output_grain(DType::F64)) ==
        gpu::grain_floor(r, t.atol, t.rtol, f32) / std::ldexp(1.0, 29));
  // The bound (red team 30's fix A, helper h30g): sqrt(the light pairs), at least 16.
  gpu::OutputGrain wide = f32;
  wide.bound = 1024;
  CHECK(gpu::grain_floor(r, t.atol, t.rtol, wide) == std::ldexp(1.0, -45) / (1024 * tol));
}

TEST_CASE("grain_bound is sqrt of the largest echoed input's pairs, at least 16") {
  CHECK(gpu::grain_bound(0) == 16);
  CHECK(gpu::grain_bound(200) == 16);
  CHECK(gpu::grain_bound(256) == 16);
  CHECK(gpu::grain_bound(1 << 20) == 1024);
  const auto x = test::flat_buffer("x", DType::F32, 1 << 21, {"uniform", 0, 1});
  const auto idx = test::flat_buffer("i", DType::I32, 1 << 23, {"randint", 0, 100});
  const auto big_out = test::flat_buffer("y", DType::F32, 1 << 25, {}, generators::BufferRole::Out);
  // an output is not echoed, an integer law input is
  CHECK(gpu::light_pairs({x, big_out}) == 1 << 20);
  CHECK(gpu::light_pairs({x, idx, big_out}) == 1 << 22);
  CHECK(gpu::light_pairs({big_out}) == 0);
  const std::vector<gpu::OutputGrain> g = gpu::output_grains({x, big_out}, {1});
  CHECK(g.size() == 1);
  CHECK(g[0].digits == 24);
  CHECK(g[0].bound == 1024);
}

TEST_CASE("pagerank's float64 reference noise is no light part: unseen at FP32, refused at FP64") {
  const Pagerank p = make_pagerank();
  generators::Tolerance t;  // the folder's fp32 tolerance
  t.rtol = 1e-5;
  t.atol = 1e-12;
  const generators::ResolvedBuffer rank_b =
      test::flat_buffer("pagerank", DType::F32, p.V, {"uniform", 0, 4e-7});
  const generators::ResolvedBuffer dst_b =
      test::flat_buffer("outEdges", DType::U32, p.E, {"randint", 0, double(p.V)});
  const gpu::HostInput rank_in = host_input(p.rank.data(), p.rank.size() * 4);
  const gpu::HostInput dst_in = host_input(p.dst.data(), p.dst.size() * 4);
  const std::vector<gpu::HostDoubles> base{[&] {
    auto r = p.reference(p.rank, p.dst, 1);
    return gpu::HostDoubles(r.begin(), r.end());
  }()};
  // Each strided class echoes pagerank and outEdges at once (the live run echoes every input),
  // each reference in an order of its own.
  std::vector<std::vector<std::vector<double>>> by_class;
  for (const gpu::EchoRegion& reg : gpu::law_regions(gpu::RegionFamily::Strided)) {
    const auto r = gpu::echo_region(rank_b, rank_in, reg);
    const auto d = gpu::echo_region(dst_b, dst_in, reg);
    std::vector<float> rv(p.rank.size());
    std::vector<uint32_t> dv(p.dst.size());
    std::memcpy(rv.data(), r->data.get(), r->size);
    std::memcpy(dv.data(), d->data.get(), d->size);
    const std::vector<double> e = p.reference(rv, dv, 2 + reg.cls);
    by_class.push_back(gpu::element_shares(base, {gpu::HostDoubles(e.begin(), e.end())}, {t}));
  }
  const auto light = gpu::light_shares(by_class);
  const auto atol = gpu::atol_parts(base, {t});
  // The grain as the worker takes it: bound sqrt(E / 2) = 181 (output_grains, helper h30g).
  const auto out_b =
      test::flat_buffer("new_pagerank", DType::F32, p.V, {}, generators::BufferRole::Out);
  const std::vector<gpu::OutputGrain> grain = gpu::output_grains({rank_b, dst_b, out_b}, {2});
  CHECK(grain[0].bound == std::sqrt(double(p.E / 2)));
  const auto f32 = gpu::grain_floors(base, {t}, grain);
  gpu::OutputGrain g64 = gpu::output_grain(DType::F64);
  g64.bound = grain[0].bound;
  const auto f64 = gpu::grain_floors(base, {t}, {g64});
  // Before (d): judged light parts within the tolerance, the live refusal.
  const double before = gpu::refusable_shares(gpu::judged_light_shares(by_class, light, atol))[0];
  CHECK(before > 0);
  CHECK(before < 1e-6);
  CHECK_FALSE(gpu::light_refusal({before}, {"new_pagerank"}, {t}, "pagerank").empty());
  // With (d) at FP32: every such element's light part under its floor: no refusal, a note.
  const auto judged = gpu::judged_light_shares(by_class, light, atol, nullptr, &f32);
  const double after = gpu::refusable_shares(judged)[0];
  CHECK(after < 0);
  CHECK(gpu::light_refusal({after}, {"new_pagerank"}, {t}, "pagerank").empty());
  const std::string note = gpu::grain_note({after}, {"new_pagerank"}, {DType::F32});
  CHECK(note.find("light part below FP32 resolution of new_pagerank: skipping it changes no "
                  "stored output") == 0);
  // How far under: the largest unseen light share against its element's floor.
  double worst = 0;  // the largest ratio light / floor over the unseen elements
  size_t unseen = 0;
  for (size_t i = 0; i < judged[0].size(); ++i)
    if (judged[0][i] < 0) ++unseen, worst = std::max(worst, -judged[0][i] / f32[0][i]);
  CHECK(unseen > 100);
  CHECK(worst < 1e-3);
  // The same noise at an FP64 output would be within a step of it: still refused.
  const double at64 =
      gpu::refusable_shares(gpu::judged_light_shares(by_class, light, atol, nullptr, &f64))[0];
  CHECK(at64 > 0);
  MESSAGE("pagerank (V 4096, E 65536): judged before ", before, "; ", unseen,
          " elements unseen at FP32, the largest at ", worst, " of its floor; at FP64 ", at64);
}

TEST_CASE("the light parts P6k exists for stay refused, many FP32 steps above the grain floor") {
  const int64_t n = int64_t(1) << 24;
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0.5, 1.5})};
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const std::vector<float> x = red_sim::floats(*gpu::regular_set(v, seeds[0], nullptr).inputs[0]);
  HeavySum lb;  // red team 26's and 28's log-Beta sums
  lb.f = red_sim::lbeta_terms(x);
  lb.stride = n / 128;
  for (size_t i = 0; i < lb.f.size(); ++i) lb.y += lb.weight(i) * lb.f[i];
  // red team 25: x itself, uniform [0, 1)
  generators::ResolvedVariant v25;
  v25.buffers = {test::flat_buffer("x", DType::F32, n, {"uniform", 0, 1})};
  HeavySum plain;
  {
    const std::vector<float> x25 =
        red_sim::floats(*gpu::regular_set(v25, seeds[0], nullptr).inputs[0]);
    plain.f.assign(x25.begin(), x25.end());
  }
  plain.stride = lb.stride;
  for (size_t i = 0; i < plain.f.size(); ++i) plain.y += plain.weight(i) * plain.f[i];
  struct Folder {
    const char* name;
    const HeavySum* sum;
    double rtol, atol;
  };
  // redteam28_atol_excused_heavy's y[0] at rtol 0 is judged (no (b) excuse at rtol 0, h28t)
  const Folder folders[] = {{"redteam25_scattered_heavy_sum", &plain, 5e-4, 1e-6},
                            {"redteam26_offlaw_heavy_lbeta", &lb, 6e-4, 1e-6},
                            {"redteam26_sampled_light_copy", &lb, 2e-4, 1e-6},
                            {"redteam28_atol_excused_heavy", &lb, 0, 2e4}};
  for (const Folder& f : folders) {
    CAPTURE(f.name);
    generators::Tolerance t;
    t.rtol = f.rtol;
    t.atol = f.atol;
    std::vector<double> moved;
    for (size_t c = 0; c < gpu::kStridedRegions; ++c) moved.push_back(f.sum->echoed(c));
    const Verdict got = p6k(f.sum->y, moved, t, "y");
    CHECK(got.judged > 0);
    CHECK(got.judged <= 1);
    CHECK_FALSE(got.refusal.empty());
    CHECK(got.note.empty());
    // The margin: the light part's move (its share x the tolerance) in FP32 steps at |y|, and
    // its share over the grain floor (which holds 16 x the share under half the step below).
    const double tol = t.atol + t.rtol * std::fabs(f.sum->y);
    const double steps = got.judged * tol / f32_step(f.sum->y);
    CHECK(steps > 8);
    CHECK(got.judged > 100 * got.floor);
    std::printf(
        "%s: y %.6g, judged %.4g of the tolerance = %.4g abs = %.1f FP32 steps at |y|; "
        "%.0f x its grain floor\n",
        f.name, f.sum->y, got.judged, got.judged * tol, steps, got.judged / got.floor);
  }
  // Red team 30's grain folders (redteam30_grain_mean_lbeta, redteam30_grain_bf16_lbeta): the
  // light part's total is tolerances off while its echo move is under 1/16 of half a step. At
  // main ddb1edcc's bound 16 unseen (no refusal); at the worker's (grain_bound of 2^23 pairs,
  // 2,896: red team 30's fix A, helper h30g) judged and refused.
  struct Grained {
    const char* name;
    double W, rtol;
    DType out;
  };
  const Grained grained[] = {{"redteam30_grain_mean_lbeta", 5368709120.0, 5e-6, DType::F32},
                             {"redteam30_grain_bf16_lbeta", 4.0e5, 5e-3, DType::BF16}};
  const gpu::OutputGrain now = gpu::output_grains(
      {v.buffers[0], test::flat_buffer("y", DType::F32, 1, {}, generators::BufferRole::Out)},
      {1})[0];
  CHECK(now.bound == std::sqrt(double(n / 2)));
  for (const Grained& gr : grained) {
    CAPTURE(gr.name);
    lb.W = gr.W;
    lb.y = 0;
    for (size_t i = 0; i < lb.f.size(); ++i) lb.y += lb.weight(i) * lb.f[i];
    generators::Tolerance t;
    t.rtol = gr.rtol;
    t.atol = 1;
    std::vector<double> moved;
    for (size_t c = 0; c < gpu::kStridedRegions; ++c) moved.push_back(lb.echoed(c));
    gpu::OutputGrain g = gpu::output_grain(gr.out);
    const Verdict before = p6k(lb.y, moved, t, "y", g, gr.out);
    CHECK(before.judged < 0);  // the hole: unseen
    CHECK(before.refusal.empty());
    g.bound = now.bound;
    const Verdict after = p6k(lb.y, moved, t, "y", g, gr.out);
    CHECK(after.judged > 0);
    CHECK(after.judged <= 1);
    CHECK_FALSE(after.refusal.empty());
    CHECK(after.note.empty());
    std::printf("%s: y %.6g, judged %.4g: at bound 16 floor %.4g (unseen), at %.0f floor %.4g\n",
                gr.name, lb.y, after.judged, before.floor, g.bound, after.floor);
  }
}
