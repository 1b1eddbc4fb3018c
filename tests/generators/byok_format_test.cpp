// The problem.yaml features a user bringing their own kernels needs (issue 15): scalar
// expressions and u64, knob defaults, knobs as kernel arguments, applies per parent edge and
// the lint for variants the loop can never reach, structured init kinds. No NVRTC, no GPU.
#include <doctest/doctest.h>

#include "generators/candidate.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// A problem folder with `scalars`, `buffers` and `variants` spliced into a fixed frame.
std::string write_problem(const TempDir& t, const std::string& scalars, const std::string& buffers,
                          const std::string& variants, const std::string& name = "p") {
  t.write(name + "/k.cu", "extern \"C\" __global__ void k() {}\n");
  t.write(name + "/problem.yaml",
          "version: 1\nname: " + name + "\n" + scalars +
              "buffers:\n  y: {dtype: f32, shape: [N], role: out}\n" + buffers +
              "flops: N\nbytes: 4*N\ntolerance: {fp32: {rtol: 0, atol: 0}}\n"
              "reference: {source: k.cu, entry: k, args: [y, N], grid: [1], block: [1]}\n"
              "variants:\n" +
              variants);
  return (t.path() / name).string();
}

bool any_error(const std::vector<solver::rules::Diagnostic>& ds, const std::string& needle) {
  for (const auto& d : ds)
    if (d.message.find(needle) != std::string::npos) return true;
  return false;
}

const char* kSeed = "  - {id: a, source: k.cu, entry: k, args: [y, N], grid: [1], block: [1]}\n";

}  // namespace

TEST_CASE("a scalar is an expression over the scalars above it, and u64 is a scalar dtype") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars:\n  B: 8\n  T: 1024\n  N: B*T\n  M: {value: \"N * 1048576\", dtype: u64}\n", "",
      kSeed);
  INFO(dump(load_errors(dir)));
  ProblemSpec p = load_problem(dir);
  CHECK(p.find_scalar("N")->value == 8192);
  CHECK(p.find_scalar("N")->dtype == DType::I32);
  CHECK(p.find_scalar("M")->dtype == DType::U64);
  CHECK(p.find_scalar("M")->value == 8192.0 * 1048576.0);
  // Later scalars and knobs are not visible, and an implied i32 that overflows says what to do.
  dir = write_problem(t, "scalars:\n  N: B*2\n  B: 8\n", "", kSeed, "q");
  CHECK(any_error(load_errors(dir), "unknown name 'B'"));
  CHECK(any_error(load_errors(dir), "only the scalars declared above it"));
  dir = write_problem(t, "scalars:\n  N: 65536*65536\n", "", kSeed, "r");
  CHECK(
      has_error(load_errors(dir), 4, 6, "does not fit i32 (give {value: ..., dtype: i64} or u64)"));
}

TEST_CASE("a knob's default is where the seed starts; it must be one of its values") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars: {N: 4096}\n", "",
      "  - {id: a, source: k.cu, entry: k, args: [y, N], grid: [\"N / BLOCK\"], block: [BLOCK],\n"
      "     knobs: {BLOCK: {values: [32, 64, 128, 256, 512, 1024], default: 256}}}\n");
  INFO(dump(load_errors(dir)));
  ProblemSpec p = load_problem(dir);
  auto start = default_knob_point(p, p.variants[0], {});
  REQUIRE(start);
  CHECK(start->at("BLOCK") == 256);
  dir =
      write_problem(t, "scalars: {N: 4096}\n", "",
                    "  - {id: a, source: k.cu, entry: k, args: [y, N], grid: [1], block: [BLOCK],\n"
                    "     knobs: {BLOCK: {values: [32, 64], default: 48}}}\n",
                    "q");
  CHECK(any_error(load_errors(dir), "default 48 is not one of its values"));
}

TEST_CASE("a knob may be a kernel argument: passed as an i32 scalar with the knob's value") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars: {N: 4096}\n", "",
      "  - {id: a, source: k.cu, entry: k, args: [y, N, TILE], grid: [1], block: [1],\n"
      "     knobs: {TILE: [4, 8]}}\n");
  INFO(dump(load_errors(dir)));
  ProblemSpec p = load_problem(dir);
  ResolvedVariant rv = resolve_shapes(p, p.variants[0], {{"TILE", 8}});
  REQUIRE(rv.ok());
  const auto& arg = rv.launches[0].args[2];
  CHECK(arg.kind == ResolvedArg::Kind::Scalar);
  CHECK(rv.scalars.at(std::size_t(arg.index)).name == "TILE");
  CHECK(rv.scalars.at(std::size_t(arg.index)).value == 8);
  CHECK(rv.scalars.at(std::size_t(arg.index)).dtype == DType::I32);
  // Another variant's knob, or a knob in the reference, is refused.
  dir = write_problem(
      t, "scalars: {N: 4096}\n", "",
      "  - {id: a, source: k.cu, entry: k, args: [y, N, TILE], grid: [1], block: [1]}\n", "q");
  CHECK(any_error(load_errors(dir), "nor a knob of this variant"));
}

TEST_CASE("applies per parent edge: a rewrite answers a hypothesis only from the parent it names") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars: {N: 4096}\n", "",
      std::string(kSeed) +
          "  - {id: b, parent: a, applies: [vectorize_loads], source: k.cu, entry: k, args: [y, "
          "N], grid: [1], block: [1]}\n"
          "  - {id: c, parent: [a, b], applies: {a: [add_smem_tiling], b: [increase_ilp]},\n"
          "     source: k.cu, entry: k, args: [y, N], grid: [1], block: [1]}\n");
  INFO(dump(load_errors(dir)));
  ProblemSpec p = load_problem(dir);
  auto ask = [&](const std::string& from, const std::string& h) {
    auto c = next_candidate(CandidateRequest{&p, {from, {}}, h, {from}, nullptr});
    return c.candidate ? c.candidate->variant : "none";
  };
  CHECK(ask("a", "add_smem_tiling") == "c");
  CHECK(ask("b", "add_smem_tiling") == "none");  // false on the b -> c edge
  CHECK(ask("b", "increase_ilp") == "c");
  CHECK(ask("a", "increase_ilp") == "none");
  CHECK(lint_problem(p).empty());
  // Naming a variant that is not a parent is a located error.
  dir = write_problem(t, "scalars: {N: 4096}\n", "",
                      std::string(kSeed) +
                          "  - {id: b, parent: a, applies: {z: [increase_ilp]}, source: k.cu, "
                          "entry: k, args: [y, N], grid: [1], block: [1]}\n",
                      "q");
  CHECK(any_error(load_errors(dir), "applies names 'z', which is not a parent of this variant"));
}

TEST_CASE("the lint names variants the loop can never reach") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars: {N: 4096}\n", "",
      std::string(kSeed) +
          "  - {id: b, parent: a, source: k.cu, entry: k, args: [y, N], grid: [1], block: [1]}\n"
          "  - {id: c, parent: b, applies: [increase_ilp], source: k.cu, entry: k, args: [y, N], "
          "grid: [1], block: [1]}\n"
          "  - {id: d, source: k.cu, entry: k, args: [y, N], grid: [1], block: [1]}\n");
  ProblemSpec p = load_problem(dir);
  auto lint = dump(lint_problem(p));
  CHECK(lint.find("variant 'b' can never be reached from the seed: its edge from 'a' applies no "
                  "hypothesis") != std::string::npos);
  CHECK(lint.find("variant 'c' can never be reached from the seed: no parent it applies from is "
                  "reachable") != std::string::npos);
  CHECK(lint.find("variant 'd' can never be reached from the seed: it has no parent and is not the "
                  "seed ('a')") != std::string::npos);
  CHECK(lint.find("variant 'a'") == std::string::npos);
}

TEST_CASE("structured init kinds load, are dist_fixed, and index kinds need an integer dtype") {
  TempDir t;
  std::string dir = write_problem(
      t, "scalars: {N: 4096, R: 64, NNZ: 1000}\n",
      "  perm: {dtype: i32, shape: [N], init: {dist: cycle}}\n"
      "  rowptr: {dtype: i32, shape: [\"R + 1\"], init: {dist: csr_rowptr, nnz: NNZ, skew: 2.5}}\n"
      "  keys: {dtype: f32, shape: [N], init: {dist: sorted, low: 0, high: 1}}\n"
      "  m: {dtype: u64, shape: [N], init: {dist: mask, p: 0.25}}\n",
      kSeed);
  INFO(dump(load_errors(dir)));
  ProblemSpec p = load_problem(dir);
  CHECK(p.find_buffer("perm")->dist_fixed);
  CHECK(p.find_buffer("rowptr")->init.a == 1000);
  CHECK(p.find_buffer("rowptr")->init.b == 2.5);
  CHECK(p.find_buffer("m")->init.a == 0.25);
  dir = write_problem(t, "scalars: {N: 4096}\n",
                      "  perm: {dtype: f32, shape: [N], init: {dist: permutation}}\n"
                      "  bad: {dtype: i32, shape: [N], init: {dist: mask, p: 2}}\n"
                      "  rp: {dtype: i32, shape: [N], init: {dist: csr_rowptr}}\n",
                      kSeed, "q");
  auto e = load_errors(dir);
  CHECK(any_error(
      e, "init permutation makes indices: the buffer's dtype must be i32, u32, i64 or u64"));
  CHECK(any_error(e, "mask probability p must be in [0, 1]"));
  CHECK(any_error(e, "init csr_rowptr needs nnz"));
  dir = write_problem(t, "scalars: {N: 4096}\n",
                      "  q: {dtype: i32, shape: [N], init: {kernel: setup.cu}}\n", kSeed, "r");
  CHECK(any_error(load_errors(dir),
                  "init kernels are not supported: describe the input with a dist"));
}
