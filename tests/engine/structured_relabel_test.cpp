// A timed run's structured input is not predictable from the standing data (issue 28, red team
// 23). The standing sets come from public seeds (Worker::standing_seeds: derive_seeds(0x5eed2026,
// 3)), so a kernel may carry any function of them in its source; what a timed run (the fresh
// set, the audit's re-make) sees of a cycle or a permutation must then carry the run's own
// entropy. On main 509d247f the pairing was affine (s(v) = v +- m): six steps of a run's walk
// named (set, m, side), and redteam23_cycle_relabel_memo gathered instead of walking. The keyed
// pairing (pair_relabel.h) is checked here: a bijection and an involution on every n, many
// distinct moves (not two), a permutation's sign a coin, and the red team's own recovery
// (its folder's relabel.cuh, on the real loader's problem and the worker's standing sets) never
// explaining a timed run. Compiled into gpu_timed_perturbation_test (ctest -R timed_perturbation).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/pair_relabel.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

#define RELABEL_FN inline
#include "../cheats/redteam23_cycle_relabel_memo/relabel.cuh"

using namespace solver;
namespace pd = solver::gpu::perturb_detail;

namespace {

std::vector<int> ints_of(const unsigned char* p, size_t bytes) {
  std::vector<int> v(bytes / 4);
  std::memcpy(v.data(), p, bytes);
  return v;
}

std::vector<int> walk_of(const std::vector<int>& next) {
  std::vector<int> order(next.size());
  int p = 0;
  for (size_t k = 0; k < next.size(); ++k) order[k] = p, p = next[size_t(p)];
  return order;
}

generators::ResolvedBuffer int_buffer(const char* kind, int64_t n) {
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = generators::DType::I32;
  b.elements = n;
  b.bytes = n * 4;
  b.shape = {n};
  b.role = generators::BufferRole::In;
  b.init = {kind, 0, 0};
  b.dist_fixed = true;  // the loader's flag on a structured input
  return b;
}

// The parity of a permutation (0 even), from its cycles.
int parity(const std::vector<int>& p) {
  std::vector<char> seen(p.size(), 0);
  size_t cycles = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    if (seen[i]) continue;
    ++cycles;
    for (size_t j = i; !seen[j]; j = size_t(p[j])) seen[j] = 1;
  }
  return int((p.size() - cycles) & 1);
}

}  // namespace

TEST_CASE("the keyed pairing: a bijection of [0, n) and its pairs' involution, on every n") {
  for (uint64_t n : {2ULL, 3ULL, 5ULL, 16ULL, 17ULL, 1000ULL, 4099ULL, 8192ULL, 20011ULL}) {
    CAPTURE(n);
    for (uint64_t key : {1ULL, 0x5eed2026ULL, 0xfedcba9876543210ULL}) {
      const pd::FeistelKey f = pd::feistel_key(key, n);
      CHECK((uint64_t(1) << f.bits) >= n);
      CHECK((f.bits == 2 || (uint64_t(1) << (f.bits - 1)) < n));  // < 2 passes on average
      std::vector<char> hit(n, 0);
      uint64_t fixed = 0;
      for (uint64_t t = 0; t < n; ++t) {
        const uint64_t v = pd::feistel(f, t);
        REQUIRE(v < n);
        CHECK(!hit[v]);
        hit[v] = 1;
        fixed += v == t;
        CHECK(pd::feistel_inv(f, v) == t);
        const uint64_t s = pd::pair_involution(f, v);
        CHECK(pd::pair_involution(f, s) == v);
        // Fixed only at the unpaired last place of an odd n.
        CHECK((s == v) == ((n & 1) && t == n - 1));
      }
      if (n >= 1000) CHECK(fixed < 16);               // ~1 by chance: not the identity
      CHECK(pd::pair_involution(f, n + 7) == n + 7);  // outside: left alone
    }
  }
}

TEST_CASE("a cycle's relabelling moves its nodes by many distances, not +-m") {
  // The affine pairing moved every node by +m or -m (two distances: ~log2 n bits a run); a
  // keyed pseudorandom matching moves them by ~(1 - 1/e) n distinct distances, and two runs'
  // involutions agree nowhere but by chance.
  const uint64_t n = 8192;
  generators::ResolvedVariant v;
  v.buffers = {int_buffer("cycle", int64_t(n))};
  std::vector<std::vector<uint64_t>> runs;
  for (uint64_t seed : {11ULL, 12ULL}) {
    const auto plan = gpu::timed_perturbations(v, seed);
    REQUIRE(plan.size() == 1);
    REQUIRE(plan[0].op == gpu::PerturbOp::Conjugate);
    const pd::FeistelKey f = pd::feistel_key(plan[0].value_key, n);
    std::set<uint64_t> moves;
    std::vector<uint64_t> s(n);
    for (uint64_t x = 0; x < n; ++x) {
      s[x] = pd::pair_involution(f, x);
      moves.insert((s[x] + n - x) % n);
    }
    CHECK(moves.size() > n / 2);
    runs.push_back(s);
  }
  size_t same = 0;
  for (uint64_t x = 0; x < n; ++x) same += runs[0][x] == runs[1][x];
  CHECK(same < 16);  // ~1 by chance
}

TEST_CASE("a permutation's timed change: every value moved, the sign a coin per run") {
  // p' = s o p o t (t a seeded half of the pairs' exchanges): a fixed number of exchanges
  // fixed the sign, a fact of the standing permutation a kernel could carry.
  const int64_t n = 4096;
  generators::ResolvedVariant v;
  v.buffers = {int_buffer("permutation", n)};
  const std::vector<unsigned char> base = gpu::make_input(v.buffers[0], 5);
  const std::vector<int> p0 = ints_of(base.data(), base.size());
  std::set<int> signs;
  for (uint64_t run = 1; run <= 24; ++run) {
    const auto plan = gpu::timed_perturbations(v, run);
    REQUIRE(plan.size() == 1);
    CHECK(plan[0].op == gpu::PerturbOp::Pairs);
    std::vector<unsigned char> d = base;
    gpu::apply_perturbation(v.buffers[0], d.data(), plan[0]);
    const std::vector<int> p = ints_of(d.data(), d.size());
    std::vector<int> sorted = p;
    std::sort(sorted.begin(), sorted.end());
    for (int64_t i = 0; i < n; ++i) REQUIRE(sorted[size_t(i)] == i);
    int64_t moved = 0;
    for (int64_t i = 0; i < n; ++i) moved += p[size_t(i)] != p0[size_t(i)];
    CHECK(moved > n * 99 / 100);
    signs.insert(parity(p) ^ parity(p0));
    gpu::apply_perturbation(v.buffers[0], d.data(), plan[0]);
    CHECK(d == base);  // self-inverse: the device undoes it in place
  }
  CHECK(signs.size() == 2);
}

TEST_CASE("redteam23_cycle_relabel_memo: no standing walk explains a timed run") {
  // The red team's recovery (its folder's relabel.cuh, the kernel's own code) against the
  // worker's three standing sets of its problem: the regular sets are explained (they are the
  // standing data: the search works), no timed run is (main 509d247f: every one).
  const std::string root = SOLVER_SOURCE_DIR;
  const auto spec = generators::load_problem(root + "/tests/cheats/redteam23_cycle_relabel_memo");
  const rules::ChipTable chips = rules::load_chip_table(root + "/rules/chips.yaml");
  const auto v = generators::resolve(spec, *spec.find_variant("cheat"), {}, *chips.find("h200"));
  size_t cyc = 0;
  while (cyc < v.buffers.size() && v.buffers[cyc].name != "next") ++cyc;
  REQUIRE(cyc < v.buffers.size());
  struct Table {
    std::vector<unsigned short> order, rank;
  };
  std::vector<gpu::HostSet> sets;
  std::vector<Table> tables;
  for (uint64_t s : gpu::derive_seeds(0x5eed2026, 3)) {  // Worker::standing_seeds
    sets.push_back(gpu::regular_set(v, s, nullptr));
    const auto& in = *sets.back().inputs[cyc];
    const std::vector<int> o = walk_of(ints_of(in.data.get(), in.size));
    Table t;
    t.order.assign(o.begin(), o.end());
    t.rank.resize(o.size());
    for (size_t k = 0; k < o.size(); ++k) t.rank[size_t(o[k])] = (unsigned short)k;
    tables.push_back(t);
  }
  const int n = int(tables[0].order.size());
  auto explained = [&](const std::vector<int>& next) {
    for (const Table& t : tables)
      for (int c = 0; c <= n; ++c) {
        int m, b, j0;
        candidate(c, m, b);
        if (explains(next.data(), t.order.data(), t.rank.data(), n, m, b, j0)) return true;
      }
    return false;
  };
  for (const auto& s : sets) {
    const auto& in = *s.inputs[cyc];
    CHECK(explained(ints_of(in.data.get(), in.size)));
  }
  int hits = 0;
  for (uint64_t run = 1; run <= 24; ++run)
    for (bool law : {false, true}) {
      const auto& in = *sets[run % 3].inputs[cyc];
      std::vector<unsigned char> d(in.data.get(), in.data.get() + in.size);
      for (const auto& p : gpu::timed_perturbations(v, 0x9e3779b97f4a7c15ULL * run, false, law))
        if (p.buffer == cyc) gpu::apply_perturbation(v.buffers[cyc], d.data(), p);
      const std::vector<int> next = ints_of(d.data(), d.size());
      std::vector<int> order = walk_of(next);  // still one cycle through all n
      std::sort(order.begin(), order.end());
      CHECK((order.back() == n - 1 && std::unique(order.begin(), order.end()) == order.end()));
      hits += explained(next);
    }
  CHECK(hits == 0);
}
