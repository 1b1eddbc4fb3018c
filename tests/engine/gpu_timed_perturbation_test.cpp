// The timed runs' perturbation (engine/backend/gpu/timed_perturbation.h, docs/reliability.md
// P6), host definition tested without a GPU: which buffers it touches (every float dtype,
// integers, never a dist_fixed or output buffer), the fraction of positions changed, the
// declared distribution kept, the audit's re-make identical, the undo exact, and the property
// it is for: a memo of an earlier run's answer is wrong beyond the tolerance (a sum, a
// histogram, every row of a short dot product). The device kernels are held to this definition
// byte for byte by gpu_derive_emulation_test (their source as C++) and the worker's self-check.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_loader.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n,
                                  generators::InitDist init = {"uniform", 0.0, 1.0},
                                  BufferRole role = BufferRole::In) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = dtype;
  b.role = role;
  b.init = init;
  b.elements = n;
  b.bytes = n * int64_t(generators::dtype_size(dtype));
  b.shape = {n};
  return b;
}

std::vector<unsigned char> bytes_of(const generators::ResolvedBuffer& b, uint64_t seed) {
  auto in = gpu::generate_input(b, seed);
  return std::vector<unsigned char>(in->data.get(), in->data.get() + in->size);
}

std::vector<double> values(const generators::ResolvedBuffer& b,
                           const std::vector<unsigned char>& bytes) {
  std::vector<double> v(size_t(b.elements));
  gpu::to_doubles(bytes.data(), b.elements, b.dtype, v.data());
  return v;
}

double changed_fraction(const generators::ResolvedBuffer& b, const std::vector<unsigned char>& x,
                        const std::vector<unsigned char>& y) {
  const size_t size = generators::dtype_size(b.dtype);
  int64_t changed = 0;
  for (int64_t i = 0; i < b.elements; ++i)
    changed += std::memcmp(&x[size_t(i) * size], &y[size_t(i) * size], size) != 0;
  return double(changed) / double(b.elements);
}

}  // namespace

TEST_CASE("every input that may change is perturbed, in every dtype; fixed ones never") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 14;
  v.buffers = {buffer("f32", DType::F32, n),
               buffer("f64", DType::F64, n),
               buffer("f16", DType::F16, n),
               buffer("bf16", DType::BF16, n),
               buffer("io", DType::F32, n, {"uniform", 0, 1}, BufferRole::InOut),
               buffer("ints", DType::I32, n, {"randint", 0, 256}),
               buffer("u64s", DType::U64, n, {"randint", 0, 1e12}),
               buffer("mask", DType::I32, n, {"mask", 0.3, 0}),
               buffer("perm", DType::I32, n, {"permutation", 0, 0}),
               buffer("fixed", DType::F32, n),
               buffer("cycle", DType::I32, n, {"cycle", 0, 0}),
               buffer("out", DType::F32, n, {"uniform", 0, 1}, BufferRole::Out),
               buffer("scratch", DType::F32, n, {"uniform", 0, 1}, BufferRole::Scratch)};
  v.buffers[9].dist_fixed = true;
  const auto plan = gpu::timed_perturbations(v, 42);
  std::map<std::string, gpu::PerturbOp> got;
  for (const auto& p : plan) got[v.buffers[p.buffer].name] = p.op;
  using gpu::PerturbOp;
  CHECK(got == std::map<std::string, PerturbOp>{{"f32", PerturbOp::Signs},
                                                {"f64", PerturbOp::Signs},
                                                {"f16", PerturbOp::Signs},
                                                {"bf16", PerturbOp::Signs},
                                                {"io", PerturbOp::Signs},
                                                {"ints", PerturbOp::Redraw},
                                                {"u64s", PerturbOp::Redraw},
                                                {"mask", PerturbOp::Redraw},
                                                {"perm", PerturbOp::Pairs}});
  // Each perturbed buffer: a quarter of its positions changed (within 4 sd at n = 16K), the
  // re-make from the same seed identical, the undo (or the redraw's kept bytes) exact.
  for (const auto& p : plan) {
    const auto& b = v.buffers[p.buffer];
    CAPTURE(b.name);
    const auto base = bytes_of(b, 7);
    auto once = base, again = base;
    gpu::apply_perturbation(b, once.data(), p);
    gpu::apply_perturbation(b, again.data(), p);
    CHECK(once == again);  // the audit's re-make
    const double f = changed_fraction(b, base, once);
    const double lo = b.name == "ints" ? 0.24 * 255 / 256 : b.name == "mask" ? 0.25 * 0.42 : 0.24;
    CHECK(f > lo - 0.015);
    CHECK(f < 0.265);
    if (gpu::self_inverse(p.op)) {
      gpu::apply_perturbation(b, once.data(), p);
      CHECK(once == base);
    }
  }
}

TEST_CASE("the places move from run to run: two runs' choices overlap as independent draws") {
  const auto b = buffer("x", DType::F32, 1 << 16);
  generators::ResolvedVariant v;
  v.buffers = {b};
  const auto p1 = gpu::timed_perturbations(v, 1)[0], p2 = gpu::timed_perturbations(v, 2)[0];
  int64_t both = 0, either = 0;
  for (int64_t i = 0; i < b.elements; ++i) {
    bool x = gpu::perturb_chosen(p1.seed, i), y = gpu::perturb_chosen(p2.seed, i);
    both += x && y;
    either += x != y;
  }
  // 1/16 in both, 3/8 in exactly one (the positions that differ between consecutive runs).
  CHECK(double(both) / double(b.elements) == doctest::Approx(1.0 / 16).epsilon(0.1));
  CHECK(double(either) / double(b.elements) == doctest::Approx(3.0 / 8).epsilon(0.05));
}

TEST_CASE(
    "the declared distribution is kept: |x| for floats, the range, a mask's rate, a "
    "permutation") {
  generators::ResolvedVariant v;
  const int64_t n = 1 << 16;
  v.buffers = {buffer("x", DType::F32, n, {"normal", 0, 1}),
               buffer("ints", DType::I32, n, {"randint", -5, 11}),
               buffer("mask", DType::U32, n, {"mask", 0.25, 0}),
               buffer("perm", DType::I32, n, {"permutation", 0, 0})};
  const auto plan = gpu::timed_perturbations(v, 99);
  for (const auto& p : plan) {
    const auto& b = v.buffers[p.buffer];
    CAPTURE(b.name);
    const auto base = bytes_of(b, 3);
    auto pert = base;
    gpu::apply_perturbation(b, pert.data(), p);
    const auto x = values(b, base), y = values(b, pert);
    if (b.name == "x") {
      int negated = 0;
      for (size_t i = 0; i < x.size(); ++i) {
        CHECK(std::fabs(y[i]) == std::fabs(x[i]));
        negated += y[i] != x[i];
      }
      CHECK(negated > n / 5);
    } else if (b.name == "ints") {
      // Values in make_input's range [-5, 10], each of the 16 about equally often.
      std::vector<int64_t> count(16, 0);
      for (double d : y) {
        REQUIRE(d >= -5);
        REQUIRE(d <= 10);
        ++count[size_t(d + 5)];
      }
      for (int64_t c : count) CHECK(std::fabs(double(c) - n / 16.0) < 5 * std::sqrt(n / 16.0));
    } else if (b.name == "mask") {
      int64_t ones = 0;
      for (double d : y) {
        REQUIRE((d == 0 || d == 1));
        ones += d == 1;
      }
      CHECK(std::fabs(double(ones) / n - 0.25) < 0.01);
    } else {
      std::vector<double> sorted = y;
      std::sort(sorted.begin(), sorted.end());
      for (int64_t i = 0; i < n; ++i) REQUIRE(sorted[size_t(i)] == double(i));
      CHECK(changed_fraction(b, base, pert) > 0.2);
    }
  }
}

TEST_CASE(
    "a memo of an earlier run is wrong beyond the tolerance: a sum, a histogram, each "
    "row") {
  // control_redteam_reduce_memo: a sum of uniform [0, 1) at rtol 1e-4, atol 1; one flipped sign
  // moved it by at most 2. Now each timed run moves it by about n/4.
  generators::ResolvedVariant v;
  const int64_t n = 1 << 20;
  v.buffers = {buffer("x", DType::F32, n)};
  const auto x = bytes_of(v.buffers[0], 5);
  const auto before = values(v.buffers[0], x);
  double sum0 = 0;
  for (double d : before) sum0 += d;
  for (uint64_t run = 1; run <= 8; ++run) {
    auto y = x;
    gpu::apply_perturbation(v.buffers[0], y.data(), gpu::timed_perturbations(v, run)[0]);
    double sum1 = 0;
    for (double d : values(v.buffers[0], y)) sum1 += d;
    CHECK(std::fabs(sum1 - sum0) > 100 * (1e-4 * std::fabs(sum1) + 1));
  }
  // redteam_perm_memo: a histogram of randint integers changes (a swap never changed it).
  generators::ResolvedVariant h;
  h.buffers = {buffer("v", DType::I32, n, {"randint", 0, 255})};
  const auto vb = bytes_of(h.buffers[0], 5);
  auto vp = vb;
  gpu::apply_perturbation(h.buffers[0], vp.data(), gpu::timed_perturbations(h, 3)[0]);
  std::vector<int64_t> h0(256, 0), h1(256, 0);
  for (double d : values(h.buffers[0], vb)) ++h0[size_t(d)];
  for (double d : values(h.buffers[0], vp)) ++h1[size_t(d)];
  int bins_moved = 0;
  for (size_t k = 0; k < 256; ++k) bins_moved += h0[k] != h1[k];
  CHECK(bins_moved > 200);
  // A row-wise dot product with K = 64 (the short side of a GEMM): every one of 4096 rows
  // changes ((3/4)^64 ~ 1e-8 per row that none of its 64 signs moves).
  generators::ResolvedVariant g;
  const int64_t rows = 4096, k = 64;
  g.buffers = {buffer("A", DType::F32, rows * k)};
  const auto a = bytes_of(g.buffers[0], 11);
  auto ap = a;
  gpu::apply_perturbation(g.buffers[0], ap.data(), gpu::timed_perturbations(g, 17)[0]);
  const auto va = values(g.buffers[0], a), vap = values(g.buffers[0], ap);
  int64_t unchanged_rows = 0;
  for (int64_t r = 0; r < rows; ++r) {
    double s0 = 0, s1 = 0;
    for (int64_t j = 0; j < k; ++j) s0 += va[size_t(r * k + j)], s1 += vap[size_t(r * k + j)];
    unchanged_rows += std::fabs(s1 - s0) <= 1e-4 * std::fabs(s1) + 1e-3;
  }
  CHECK(unchanged_rows == 0);
}

TEST_CASE("the reference's float64 copy of an in-out buffer gets the same signs") {
  for (DType d : {DType::F32, DType::F16, DType::BF16, DType::F64}) {
    CAPTURE(generators::to_string(d));
    generators::ResolvedVariant v;
    v.buffers = {buffer("io", d, 4099, {"uniform", -1, 1}, BufferRole::InOut)};
    const auto p = gpu::timed_perturbations(v, 5)[0];
    auto narrow = bytes_of(v.buffers[0], 9);
    std::vector<double> wide = values(v.buffers[0], narrow);
    std::vector<unsigned char> wide_bytes(wide.size() * 8);
    std::memcpy(wide_bytes.data(), wide.data(), wide_bytes.size());
    gpu::apply_perturbation(v.buffers[0], narrow.data(), p);
    gpu::apply_perturbation(v.buffers[0], wide_bytes.data(), p, sizeof(double));
    std::memcpy(wide.data(), wide_bytes.data(), wide_bytes.size());
    CHECK(values(v.buffers[0], narrow) == wide);
  }
}

TEST_CASE(
    "a permutation or a mask the loader marks dist_fixed is still perturbed within its "
    "distribution (red team round 2)") {
  // Through the real loader: every structured `in` input comes out dist_fixed
  // (problem_loader_sections.cpp), which kept tests/cheats/redteam2_perm_positions's only input
  // out of every timed run. The buffers built by hand above never had the flag.
  const auto spec = generators::load_problem(std::string(SOLVER_SOURCE_DIR) +
                                             "/tests/cheats/redteam2_perm_positions");
  const rules::ChipTable chips =
      rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  const auto* variant = spec.find_variant("cheat");
  REQUIRE(variant);
  const auto rv = generators::resolve(spec, *variant, {}, *chips.find("h200"));
  REQUIRE(rv.buffers.size() == 2);
  CHECK(rv.buffers[0].dist_fixed);  // the loader's doing: the adversarial sets keep it
  const auto plan = gpu::timed_perturbations(rv, 7);
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].buffer == 0);
  CHECK(plan[0].op == gpu::PerturbOp::Pairs);
  // Still a permutation, a quarter of its places moved.
  generators::ResolvedVariant small;
  small.buffers = {buffer("p", DType::I32, 1 << 14, {"permutation", 0, 0})};
  small.buffers[0].dist_fixed = true;
  const auto p = gpu::timed_perturbations(small, 9);
  REQUIRE(p.size() == 1);
  const auto base = bytes_of(small.buffers[0], 3);
  auto moved = base;
  gpu::apply_perturbation(small.buffers[0], moved.data(), p[0]);
  const double f = changed_fraction(small.buffers[0], base, moved);
  CHECK(f > 0.2);
  CHECK(f < 0.3);
  auto v = values(small.buffers[0], moved);
  std::sort(v.begin(), v.end());
  for (size_t i = 0; i < v.size(); ++i) CHECK(v[i] == double(i));
  // A dist_fixed mask is redrawn with its probability; a dist_fixed float, a cycle, sorted keys
  // and csr offsets have no perturbation that keeps their distribution and stay as drawn.
  generators::ResolvedVariant m;
  m.buffers = {buffer("mask", DType::I32, 1 << 14, {"mask", 0.3, 0}),
               buffer("fixed", DType::F32, 1 << 14),
               buffer("cycle", DType::I32, 1 << 14, {"cycle", 0, 0}),
               buffer("keys", DType::I32, 1 << 14, {"sorted", 0, 100})};
  for (auto& b : m.buffers) b.dist_fixed = true;
  const auto pm = gpu::timed_perturbations(m, 11);
  REQUIRE(pm.size() == 1);
  CHECK(m.buffers[pm[0].buffer].name == "mask");
  CHECK(pm[0].op == gpu::PerturbOp::Redraw);
}
