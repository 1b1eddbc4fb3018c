// Red team 23 (issue 28): tests/cheats/redteam23_cycle_relabel_memo on the host definitions of
// the harness's input sets (not a test: it prints what it measures). It loads the folder's
// problem.yaml through the real loader, makes the worker's three standing sets (regular_set on
// derive_seeds(0x5eed2026, 3): Worker::standing_seeds, kDefaultSeed in worker.cpp), and for
// `runs` random run seeds makes each set's timed perturbation (timed_perturbations +
// apply_perturbation, as the worker, the fresh set and the audit do) and runs the cheat's
// recovery (the folder's relabel.cuh, the same source the kernel includes) against the true walk
// of the perturbed cycle. `--emit FILE` writes the cheat's table (the standing cycles' walks)
// from the same sets.
// On main 509d247f (an affine pairing, s(v) = v +- m) it found 400 of 400 timed runs exact; since
// issue 28's h28q (a keyed pseudorandom pairing, pair_relabel.h) none: exit 0 when no timed run
// is explained (the child walks as the seed does), 1 when one is. A host test holds the same
// property on every build (structured_relabel_test.cpp, in gpu_timed_perturbation_test).
// Usage: red23_cycle_relabel_sim [folder] [runs (default 200)] [--emit FILE]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

#define RELABEL_FN inline
#include "../cheats/redteam23_cycle_relabel_memo/relabel.cuh"

using namespace solver;

namespace {

std::vector<int> ints(const unsigned char* p, size_t bytes) {
  std::vector<int> v(bytes / 4);
  std::memcpy(v.data(), p, bytes);
  return v;
}

std::vector<int> walk(const std::vector<int>& next) {
  std::vector<int> order(next.size());
  int p = 0;
  for (size_t k = 0; k < next.size(); ++k) order[k] = p, p = next[size_t(p)];
  return order;
}

struct Table {
  std::vector<unsigned short> order, rank;
};

// The cheat's kernel, serially: the lowest candidate (set-major) that explains `next`, then the
// walk it gives; empty where none does (the kernel then walks as the seed does).
std::vector<int> cheat_walk(const std::vector<int>& next, const std::vector<Table>& t,
                            int* found_set, int* found_m) {
  const int n = int(next.size());
  for (size_t r = 0; r < t.size(); ++r)
    for (int c = 0; c <= n; ++c) {
      int m, b, j0;
      candidate(c, m, b);
      if (!explains(next.data(), t[r].order.data(), t[r].rank.data(), n, m, b, j0)) continue;
      std::vector<int> w(static_cast<size_t>(n));
      for (int k = 0; k < n; ++k)
        w[size_t(k)] = relabel(t[r].order[size_t((j0 + k) & (n - 1))], m, b, n);
      *found_set = int(r), *found_m = m;
      return w;
    }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "tests/cheats/redteam23_cycle_relabel_memo", emit;
  int runs = 200;
  std::vector<std::string> pos;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--emit" && i + 1 < argc)
      emit = argv[++i];
    else
      pos.push_back(argv[i]);
  }
  if (pos.size() > 0) dir = pos[0];
  if (pos.size() > 1) runs = std::atoi(pos[1].c_str());
  const generators::ProblemSpec spec = generators::load_problem(dir);
  const rules::ChipTable chips = rules::load_chip_table("rules/chips.yaml");
  const generators::ResolvedVariant v =
      generators::resolve(spec, *spec.find_variant("cheat"), {}, *chips.find("h200"));
  size_t cyc = 0;
  while (cyc < v.buffers.size() && v.buffers[cyc].name != "next") ++cyc;
  if (cyc == v.buffers.size()) return std::fprintf(stderr, "no buffer 'next'\n"), 2;
  const std::vector<uint64_t> seeds = gpu::derive_seeds(0x5eed2026, 3);
  std::vector<gpu::HostSet> sets;
  std::vector<Table> tables;
  for (uint64_t s : seeds) {
    sets.push_back(gpu::regular_set(v, s, nullptr));
    const auto& in = *sets.back().inputs[cyc];
    const std::vector<int> o = walk(ints(in.data.get(), in.size));
    Table t;
    t.order.assign(o.begin(), o.end());
    t.rank.resize(o.size());
    for (size_t k = 0; k < o.size(); ++k) t.rank[size_t(o[k])] = (unsigned short)k;
    tables.push_back(t);
  }
  const int n = int(tables[0].order.size());
  std::printf("problem %s: n = %d, standing seeds", spec.name.c_str(), n);
  for (uint64_t s : seeds) std::printf(" %#llx", (unsigned long long)s);
  std::printf("\n");
  if (!emit.empty()) {
    std::ofstream out(emit);
    out << "// redteam23_cycle_relabel_memo: the walks from node 0 of the worker's three standing\n"
           "// cycles (regular_set on derive_seeds(0x5eed2026, 3), n = "
        << n
        << "), written by\n// `build/tests/engine/red23_cycle_relabel_sim --emit` from the "
           "harness's own generator.\n#pragma once\n#define STANDING_N "
        << n << "\n__device__ const unsigned short kOrder[3][STANDING_N] = {\n";
    for (const Table& t : tables) {
      out << "{";
      for (int k = 0; k < n; ++k)
        out << t.order[size_t(k)] << (k + 1 < n ? (k % 16 == 15 ? ",\n" : ",") : "");
      out << "},\n";
    }
    out << "};\n";
    std::printf("wrote %s\n", emit.c_str());
  }
  // The gate's regular sets: no relabelling.
  int exact = 0, missed = 0, wrong = 0;
  for (size_t r = 0; r < sets.size(); ++r) {
    const auto& in = *sets[r].inputs[cyc];
    const std::vector<int> next = ints(in.data.get(), in.size);
    int fs = -1, fm = -1;
    const std::vector<int> w = cheat_walk(next, tables, &fs, &fm);
    const bool ok = w == walk(next);
    std::printf("regular set %zu: %s (set %d, m %d)\n", r,
                w.empty() ? "no candidate"
                : ok      ? "exact"
                          : "WRONG",
                fs, fm);
  }
  // Timed runs (and the fresh set, the audits: the same perturbation from a run seed).
  std::random_device rd;
  std::mt19937_64 rng((uint64_t(rd()) << 32) ^ rd());
  for (int run = 0; run < runs; ++run) {
    const uint64_t run_seed = rng();
    const size_t r = size_t(run % 3);
    const auto& in = *sets[r].inputs[cyc];
    std::vector<unsigned char> d(in.data.get(), in.data.get() + in.size);
    for (bool law : {false, true}) {
      std::vector<unsigned char> e = d;
      for (const gpu::Perturbation& p : gpu::timed_perturbations(v, run_seed, false, law))
        if (p.buffer == cyc) gpu::apply_perturbation(v.buffers[cyc], e.data(), p);
      const std::vector<int> next = ints(e.data(), e.size());
      int fs = -1, fm = -1;
      const std::vector<int> w = cheat_walk(next, tables, &fs, &fm);
      if (w.empty())
        ++missed;
      else if (w == walk(next))
        ++exact;
      else
        ++wrong;
    }
  }
  std::printf("timed runs (off-law and law kinds, %d each): %d exact, %d no candidate, %d wrong\n",
              runs, exact, missed, wrong);
  // A cycle of no standing set: the kernel falls back to the seed's walk.
  {
    const gpu::HostSet other = gpu::regular_set(v, 12345, nullptr);
    const auto& in = *other.inputs[cyc];
    int fs = -1, fm = -1;
    const std::vector<int> w = cheat_walk(ints(in.data.get(), in.size), tables, &fs, &fm);
    std::printf("a cycle of another seed: %s\n",
                w.empty() ? "no candidate (honest walk)" : "MATCHED");
  }
  return exact == 0 && wrong == 0 ? 0 : 1;
}
