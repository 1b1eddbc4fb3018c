#include "generators/validate.h"

#include <doctest/doctest.h>

#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// Line numbers matter: the tests check where each issue points.
const char*
    kLimits =
        "version: 1\n"                                                                       // 1
        "name: limits\n"                                                                     // 2
        "scalars: {N: 256}\n"                                                                // 3
        "buffers:\n"                                                                         // 4
        "  x: {dtype: f32, shape: [N]}\n"                                                    // 5
        "  y: {dtype: f32, shape: [N], role: out}\n"                                         // 6
        "flops: N\n"                                                                         // 7
        "bytes: 8*N\n"                                                                       // 8
        "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"                                       // 9
        "reference: {source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"    // 10
        "variants:\n"                                                                        // 11
        "  - {id: ok, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"   // 12
        "  - {id: warp, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [48]}\n"  // 13
        "  - {id: big, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [32, 64]}\n"  // 14
        "  - {id: zgrid, source: k.cu, entry: k, args: [x, y, N], grid: [1, 1, 70000], block: "
        "[32]}\n"  // 15
        "  - {id: frac, source: k.cu, entry: k, args: [x, y, N], grid: [N / 3], block: [32]}\n"  // 16
        "  - {id: neg, source: k.cu, entry: k, args: [x, y, N], grid: [N - 300], block: [32]}\n"  // 17
        "  - id: smem\n"                                                                 // 18
        "    source: k.cu\n"                                                             // 19
        "    knobs: {S: [1, 64]}\n"                                                      // 20
        "    requires: [\"N % (4 * S) == 0\"]\n"                                         // 21
        "    launches:\n"                                                                // 22
        "      - {entry: k, args: [x, y, N], grid: [1], block: [32], smem: S * 1024}\n"  // 23
        "  - {id: vec, source: k.cu, requires: [\"N % 3 == 0\"], entry: k, args: [x, y, N], grid: "
        "[1], block: [32]}\n"  // 24
        "  - {id: zblock, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [1, 1, "
        "128]}\n";  // 25

struct Fixture {
  TempDir dir;
  ProblemSpec spec;
  Fixture() {
    dir.write("limits/problem.yaml", kLimits);
    dir.write("limits/k.cu", "extern \"C\" __global__ void k(const float*, float*, int) {}\n");
    spec = load_problem((dir.path() / "limits").string());
  }
  std::vector<solver::rules::Diagnostic> check(const std::string& id, const KnobValues& k = {},
                                               double smem_kib = 48) {
    return validate(spec, *spec.find_variant(id), k, test_chip(smem_kib));
  }
};

}  // namespace

TEST_CASE("static validation: each launch problem located at its expression") {
  Fixture f;
  CHECK(f.check("ok").empty());

  auto warp = f.check("warp");
  INFO(dump(warp));
  REQUIRE(warp.size() == 1);
  CHECK(has_error(warp, 13, 76, "not a whole number of 32-thread warps"));

  auto big = f.check("big");
  INFO(dump(big));
  CHECK(has_error(big, 14, 75, "2048 threads per block exceed 1024"));

  auto zgrid = f.check("zgrid");
  INFO(dump(zgrid));
  CHECK(has_error(zgrid, 15, 71, "grid.z = 70000 exceeds the limit 65535"));

  auto frac = f.check("frac");
  INFO(dump(frac));
  CHECK(has_error(frac, 16, 64, "not an integer"));

  auto neg = f.check("neg");
  INFO(dump(neg));
  CHECK(has_error(neg, 17, 63, "grid.x = -44 must be positive"));

  auto zblock = f.check("zblock");
  INFO(dump(zblock));
  CHECK(has_error(zblock, 25, 84, "block.z = 128 exceeds the limit 64"));
}

TEST_CASE("dynamic shared memory is checked against the chip's per-block limit") {
  Fixture f;
  CHECK(f.check("smem", {{"S", 1}}, 48).empty());
  auto over = f.check("smem", {{"S", 64}}, 48);
  INFO(dump(over));
  REQUIRE(over.size() == 1);
  CHECK(has_error(over, 23, 67, "65536 B (64.0 KiB) exceeds the chip's per-block limit 49152 B"));
  CHECK(f.check("smem", {{"S", 64}}, 227).empty());                      // fits on an H100/H200
  CHECK(launch_limits(test_chip(0)).smem_per_block_bytes == 48 * 1024);  // absent -> 48 KiB
}

TEST_CASE("knob points: undeclared values, missing knobs and false constraints") {
  Fixture f;
  auto vec = f.check("vec");
  INFO(dump(vec));
  CHECK(has_error(vec, 24, 41, "constraint 'N % 3 == 0' does not hold"));

  auto undeclared = f.check("smem", {{"S", 2}});
  CHECK(has_error(undeclared, 20, 13, "S=2 is not one of its declared values"));
  auto missing = f.check("smem", {});
  CHECK(has_error(missing, 20, 13, "knob S has no value"));
  auto extra = f.check("ok", {{"Q", 1}});
  CHECK(has_error(extra, 12, 5, "has no knob Q"));
}

TEST_CASE("after compile: static + dynamic shared memory against the limit") {
  CHECK(check_total_smem(16 * 1024, 32 * 1024, test_chip(48)).empty());
  CHECK_FALSE(check_total_smem(16 * 1024, 33 * 1024, test_chip(48)).empty());
  CHECK(check_total_smem(16 * 1024, 33 * 1024, test_chip(227)).empty());
}

TEST_CASE("the good fixture validates at every enumerated point on an H200-like chip") {
  ProblemSpec p = load_problem(good_dir() + "/axpy");
  int points = 0;
  for (const auto& v : p.variants)
    for (const auto& k : enumerate_knobs(p, v)) {
      auto issues = validate(p, v, k, test_chip());
      INFO(variant_key(v.id, k) << "\n" << format_issues(issues));
      CHECK(issues.empty());
      ++points;
    }
  CHECK(points == 3 + 8 + 1 + 3 + 1);
}

TEST_CASE("lint: a constant input is a located warning unless declared dist_fixed") {
  TempDir dir;
  const char* yaml =
      "version: 1\n"
      "name: gemmish\n"
      "scalars: {N: 64}\n"
      "buffers:\n"
      "  A: {dtype: f32, shape: [N], init: {dist: uniform, low: -1, high: 1}}\n"  // 5
      "  B: {dtype: f32, shape: [N], init: {dist: constant, value: 1.5}}\n"       // 6
      "  W: {dtype: f32, shape: [N], init: {dist: constant, value: 2}, dist_fixed: true}\n"
      "  C: {dtype: f32, shape: [N], role: out}\n"
      "flops: N\n"
      "bytes: 12*N\n"
      "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
      "reference: {source: k.cu, entry: k, args: [A, B, W, C, N], grid: [1], block: [64]}\n"
      "variants:\n"
      "  - {id: ok, source: k.cu, entry: k, args: [A, B, W, C, N], grid: [1], block: [64]}\n";
  dir.write("gemmish/problem.yaml", yaml);
  dir.write(
      "gemmish/k.cu",
      "extern \"C\" __global__ void k(const float*, const float*, const float*, float*, int) {}\n");
  ProblemSpec spec = load_problem((dir.path() / "gemmish").string());
  auto warnings = lint_problem(spec);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].where.line == 6);
  CHECK(warnings[0].message.find("'B' is constant (1.5)") != std::string::npos);
  CHECK(warnings[0].message.find("dist_fixed: true") != std::string::npos);
  // The built-in problems and the fault suite (constants declared dist_fixed) are clean.
  for (const auto& p : load_problems(source_dir() + "/problems"))
    CHECK_MESSAGE(lint_problem(p).empty(), p.name);
  CHECK(lint_problem(load_problem(source_dir() + "/tests/data/faults")).empty());
}

TEST_CASE("dist_fixed is for inputs only") {
  TempDir dir;
  dir.write(
      "bad/problem.yaml",
      "version: 1\nname: bad\nscalars: {N: 64}\nbuffers:\n"
      "  A: {dtype: f32, shape: [N]}\n"
      "  C: {dtype: f32, shape: [N], role: out, dist_fixed: true}\n"
      "flops: N\nbytes: 8*N\ntolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
      "reference: {source: k.cu, entry: k, args: [A, C, N], grid: [1], block: [64]}\n"
      "variants:\n  - {id: ok, source: k.cu, entry: k, args: [A, C, N], grid: [1], block: [64]}\n");
  dir.write("bad/k.cu", "extern \"C\" __global__ void k(const float*, float*, int) {}\n");
  CHECK_THROWS_AS(load_problem((dir.path() / "bad").string()), solver::rules::InputError);
}
