// Every value of every input set the gate makes stays in its buffer's declared law (issue 28,
// helper h28q; docs/reliability.md "Every value in its declared law"). Found live: the honest
// Belewitte PageRank push (tests/corpus_fresh7/blw_pagerank_edgelist) faulted in the gate with
// CUDA_ERROR_ILLEGAL_ADDRESS in its reference's launch. Its `inEdges` is declared
// `{dist: sorted, low: 0, high: 4194304}` (u32): make_input drew sorted keys uniformly in
// [0, 2^22) as doubles and rounded them to the nearest integer, so a key in [2^22 - 1/2, 2^22)
// became 2^22 = V, outside the law (about 2^26 / 2^23 = 8 keys a set). The kernel and its
// reference then read `vertices[V + 1]` and `pagerank[V]`, one element past both buffers:
// harmless inside the gate's arena, an illegal address where a set's `pagerank` (exactly
// 16 MiB) is an allocation of its own (a derived set, DeviceBuffers::add_device_set).
// These tests generate the buffers as the gate does (regular_set, the fresh set, the
// adversarial kinds, sparse_redraws, timed_perturbations) and hold every value to
// law_violation (declared_law.h), over many seeds.
#include <doctest/doctest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/declared_law.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_loader.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

generators::ResolvedVariant pagerank_variant() {
  const auto spec = generators::load_problem(std::string(SOLVER_SOURCE_DIR) +
                                             "/tests/corpus_fresh7/blw_pagerank_edgelist");
  const rules::ChipTable chips =
      rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  const auto* variant = spec.find_variant("belewitte");
  REQUIRE(variant);
  return generators::resolve(spec, *variant, {}, *chips.find("h200"));
}

size_t index_of(const generators::ResolvedVariant& v, const std::string& name) {
  for (size_t i = 0; i < v.buffers.size(); ++i)
    if (v.buffers[i].name == name) return i;
  FAIL("no buffer " << name);
  return 0;
}

void resize(generators::ResolvedBuffer& b, int64_t n) {
  b.elements = n;
  b.shape = {n};
  b.bytes = n * int64_t(generators::dtype_size(b.dtype));
}

// The problem's buffers with V and E scaled down together (E / V = 16 kept, the laws' bounds
// scaled with them), so many seeds run in a test's time; the laws' kinds, dtypes, roles and
// dist_fixed flags are the loader's.
generators::ResolvedVariant scaled_pagerank(const generators::ResolvedVariant& full, int64_t V) {
  generators::ResolvedVariant v = full;
  const int64_t E = 16 * V;
  auto& vert = v.buffers[index_of(v, "vertices")];
  resize(vert, V + 1);
  vert.init.a = double(E);
  for (const char* name : {"inEdges", "outEdges"}) {
    auto& b = v.buffers[index_of(v, name)];
    resize(b, E);
    b.init.b = double(V);
  }
  resize(v.buffers[index_of(v, "pagerank")], V);
  resize(v.buffers[index_of(v, "new_pagerank")], V);
  return v;
}

// Every input of `s` in its law; where not, the first violation (one CHECK per set).
void check_set(const generators::ResolvedVariant& v, const gpu::HostSet& s, const char* what) {
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    if (i >= s.inputs.size() || !s.inputs[i]) continue;
    const auto bad = gpu::law_violation(v.buffers[i], s.inputs[i]->data.get());
    const std::string label = std::string(what) + " set " + s.key;
    INFO(label);
    CHECK_MESSAGE(!bad, (bad ? *bad : std::string()));
  }
}

// The timed runs' perturbations of `base` (each run from its own seed on the set's copy, as the
// worker makes them), every input held to its law after each.
void check_timed_runs(const generators::ResolvedVariant& v, const gpu::HostSet& base, uint64_t seed,
                      int runs) {
  for (int r = 0; r < runs; ++r) {
    gpu::HostSet run = base;
    for (const gpu::Perturbation& p :
         gpu::timed_perturbations(v, seed * 0x9e3779b97f4a7c15ULL + uint64_t(r))) {
      auto copy = std::make_shared<gpu::HostInput>();
      copy->size = base.inputs[p.buffer]->size;
      copy->data.reset(new unsigned char[copy->size]);
      std::memcpy(copy->data.get(), base.inputs[p.buffer]->data.get(), copy->size);
      gpu::apply_perturbation(v.buffers[p.buffer], copy->data.get(), p);
      run.inputs[p.buffer] = copy;
    }
    run.key = base.key + "/timed" + std::to_string(r);
    check_set(v, run, "timed run");
  }
}

// Every set a gate makes from standing seed `seed`: the regular set, the fresh set, the
// adversarial kinds, the one-exchange fallback's redraws, and `runs` timed perturbations.
void check_every_set(const generators::ResolvedVariant& v, uint64_t seed, int runs) {
  const gpu::HostSet base = gpu::regular_set(v, seed, nullptr);
  check_set(v, base, "regular");
  for (gpu::SetKind kind : {gpu::SetKind::Fresh, gpu::SetKind::ExponentUp,
                            gpu::SetKind::ExponentDown, gpu::SetKind::HeavySigned})
    if (auto d = gpu::derived_set(v, base, kind, seed ^ 0x5e7ULL))
      check_set(v, *d, gpu::to_string(kind));
  gpu::HostSet swapped = base;
  for (size_t i = 0; i < v.buffers.size(); ++i) {
    if (!base.inputs[i] || !gpu::swappable(v.buffers[i])) continue;
    auto copy = std::make_shared<gpu::HostInput>();
    copy->size = base.inputs[i]->size;
    copy->data.reset(new unsigned char[copy->size]);
    std::memcpy(copy->data.get(), base.inputs[i]->data.get(), copy->size);
    gpu::sparse_redraws(v.buffers[i], copy->data.get(), seed);
    swapped.inputs[i] = copy;
  }
  check_set(v, swapped, "sparse redraws");
  check_timed_runs(v, base, seed, runs);
}

}  // namespace

TEST_CASE("blw_pagerank_edgelist: the gate's first standing set keeps every index in its buffer") {
  // The full-size set 0 the gate (and ncu) runs on: the seed of Worker::standing_seeds.
  const auto v = pagerank_variant();
  const size_t vert = index_of(v, "vertices"), in = index_of(v, "inEdges"),
               out = index_of(v, "outEdges"), rank = index_of(v, "pagerank");
  REQUIRE(v.buffers[in].elements == int64_t(1) << 26);
  REQUIRE(v.buffers[in].init.kind == "sorted");
  const gpu::HostSet s = gpu::regular_set(v, gpu::derive_seeds(0x5eed2026, 1)[0], nullptr);
  check_set(v, s, "regular (full size)");
  // The kernel's own addresses: vertices[inEdges[i] + 1], pagerank[inEdges[i]],
  // new_pagerank[outEdges[i]].
  REQUIRE(v.buffers[in].dtype == DType::U32);
  const auto* src = reinterpret_cast<const uint32_t*>(s.inputs[in]->data.get());
  int64_t past = 0;
  for (int64_t i = 0; i < v.buffers[in].elements; ++i)
    past += int64_t(src[i]) + 1 >= v.buffers[vert].elements ||
            int64_t(src[i]) >= v.buffers[rank].elements;
  CHECK_MESSAGE(past == 0, past << " edges read past vertices/pagerank");
  const auto* dst = reinterpret_cast<const uint32_t*>(s.inputs[out]->data.get());
  int64_t wild = 0;
  for (int64_t i = 0; i < v.buffers[out].elements; ++i)
    wild += int64_t(dst[i]) >= v.buffers[index_of(v, "new_pagerank")].elements;
  CHECK(wild == 0);
  // One timed perturbation at full size too (2^26 sorted keys redrawn between anchors, 2^26
  // destinations redrawn i.i.d.): no index arithmetic of the host definition overflows there.
  check_timed_runs(v, s, 0x28a, 1);
}

TEST_CASE("blw_pagerank_edgelist: every set and perturbation of the gate stays in the laws") {
  // The problem's buffers at V = 2^12, E = 2^16 (a key at V had probability 2^16 / 2^13 = 8
  // a set before the fix, as at full size), 24 seeds: regular, fresh, adversarial, redraws and
  // 4 timed runs each; then the same buffers without dist_fixed (the planted cells and
  // extremes of P13/P13b on the randint and uniform laws).
  const auto full = pagerank_variant();
  auto v = scaled_pagerank(full, int64_t(1) << 12);
  for (uint64_t seed : gpu::derive_seeds(0x5eed2026, 24)) check_every_set(v, seed, 4);
  for (auto& b : v.buffers) b.dist_fixed = false;
  for (uint64_t seed : gpu::derive_seeds(0xf1c5ed, 8)) check_every_set(v, seed, 4);
}

TEST_CASE("every integer law and structured kind stays in range under every set and perturbation") {
  // Each law on each integer dtype, small ranges (a rounded draw reaches `high` often), with
  // and without dist_fixed, and a float sorted buffer (its order).
  constexpr int64_t n = 4096;
  auto buf = [&](const std::string& name, DType d, generators::InitDist init, bool fixed,
                 int64_t elements = 4096) {
    generators::ResolvedBuffer b;
    b.name = name;
    b.dtype = d;
    b.role = BufferRole::In;
    b.init = init;
    b.dist_fixed = fixed;
    resize(b, elements);
    return b;
  };
  generators::ResolvedVariant v;
  int k = 0;
  for (DType d : {DType::I32, DType::U32, DType::I64, DType::U64})
    for (bool fixed : {false, true}) {
      const std::string t = std::to_string(k++);
      v.buffers.push_back(buf("randint" + t, d, {"randint", 0, 7}, fixed));
      v.buffers.push_back(buf("uniform" + t, d, {"uniform", 0, 7}, fixed));
      v.buffers.push_back(buf("uniform_frac" + t, d, {"uniform", 0.5, 6.5}, fixed));
      v.buffers.push_back(buf("sorted" + t, d, {"sorted", 0, 7}, fixed));
      v.buffers.push_back(buf("sorted_wide" + t, d, {"sorted", 3, 1000}, fixed));
      v.buffers.push_back(buf("rowptr" + t, d, {"csr_rowptr", 16.0 * (n - 1), 0}, fixed));
      v.buffers.push_back(buf("hubs" + t, d, {"csr_rowptr", 16.0 * (n - 1), 2.5}, fixed));
      v.buffers.push_back(buf("perm" + t, d, {"permutation", 0, 0}, fixed));
      v.buffers.push_back(buf("cycle" + t, d, {"cycle", 0, 0}, fixed, n + 1));
      v.buffers.push_back(buf("mask" + t, d, {"mask", 0.3, 0}, fixed));
      v.buffers.push_back(buf("arange" + t, d, {"arange", 5, 3}, fixed));
    }
  v.buffers.push_back(buf("fsorted", DType::F32, {"sorted", 0, 1000}, true));
  v.buffers.push_back(buf("out", DType::F32, {"uniform", 0, 1}, false));
  v.buffers.back().role = BufferRole::Out;
  for (uint64_t seed : gpu::derive_seeds(0x1a3, 24)) check_every_set(v, seed, 4);
}
