// problem.yaml's `tensor_maps:` (TMA tensor maps as launch arguments): parsing, the located
// errors of the loader, and the per-knob-point checks of resolution against the copy engine's
// limits (generators/tensor_map.cpp).
#include "generators/tensor_map.h"

#include <doctest/doctest.h>

#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// Line 15 is the chip list, line 18 the map (the tests below point at them).
std::string tm_spec(
    const std::string& chip_line = "    chip: [tma]",
    const std::string& map_line = "      tmA: {buffer: A, box: [BM, 32], swizzle: 128}",
    const std::string& args_line = "    args: [tmA, C, M]",
    const std::string& scalars = "{M: 256, K: 128}") {
  return "version: 1\n"
         "name: tm\n"
         "scalars: " +
         scalars +
         "\n"
         "buffers:\n"
         "  A: {dtype: f32, shape: [M, K]}\n"
         "  C: {dtype: f32, shape: [M], role: out}\n"
         "flops: M*K\n"
         "bytes: 4*M*K\n"
         "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
         "reference: {source: k.cu, entry: k, args: [A, C, M], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: k.cu\n"
         "    entry: k\n" +
         chip_line + "\n" +
         "    knobs: {BM: [64, 128, 512]}\n"
         "    tensor_maps:\n" +
         map_line + "\n" + args_line + "\n" +
         "    grid: [1]\n"
         "    block: [256]\n";
}

struct TmProblem {
  TempDir dir;
  explicit TmProblem(const std::string& spec) {
    dir.write("tm/problem.yaml", spec);
    dir.write("tm/k.cu", "extern \"C\" __global__ void k(const float*, float*, int) {}\n");
  }
  std::string path() const { return (dir.path() / "tm").string(); }
};

ResolvedVariant resolve_at(const ProblemSpec& p, int64_t bm) {
  return resolve_shapes(p, p.variants.at(0), {{"BM", bm}});
}

bool has_issue(const ResolvedVariant& rv, int line, const std::string& needle) {
  for (const auto& d : rv.issues)
    if (d.where.line == line && d.message.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a tensor map parses and resolves to the driver's innermost-first dimensions") {
  TmProblem t(tm_spec());
  auto errors = load_errors(t.path());
  INFO(dump(errors));
  REQUIRE(errors.empty());
  ProblemSpec p = load_problem(t.path());
  const VariantSpec& v = p.variants.at(0);
  REQUIRE(v.tensor_maps.size() == 1);
  CHECK(v.tensor_maps[0].name == "tmA");
  CHECK(v.tensor_maps[0].buffer == "A");
  CHECK(v.tensor_maps[0].swizzle_bytes == 128);
  CHECK(v.tensor_maps[0].where.line == 18);

  ResolvedVariant rv = resolve_at(p, 64);
  INFO(dump(rv.issues));
  REQUIRE(rv.ok());
  REQUIRE(rv.tensor_maps.size() == 1);
  const ResolvedTensorMap& m = rv.tensor_maps[0];
  CHECK(m.buffer == 0);
  CHECK(m.dtype == DType::F32);
  CHECK(m.dims == std::vector<int64_t>{128, 256});  // K (contiguous) first, then M
  CHECK(m.strides == std::vector<int64_t>{512});    // one row of A: 128 floats
  CHECK(m.box == std::vector<int64_t>{32, 64});     // the knob evaluated per point
  CHECK(m.box_bytes() == 32 * 64 * 4);
  CHECK(resolve_at(p, 128).tensor_maps[0].box == std::vector<int64_t>{32, 128});
  // The launch passes it as its first parameter; the others keep their kinds.
  REQUIRE(rv.launches.at(0).args.size() == 3);
  CHECK(rv.launches[0].args[0].kind == ResolvedArg::Kind::TensorMap);
  CHECK(rv.launches[0].args[0].index == 0);
  CHECK(rv.launches[0].args[1].kind == ResolvedArg::Kind::Buffer);
  CHECK(rv.launches[0].args[2].kind == ResolvedArg::Kind::Scalar);
  // The guard keeps it off chips without the copy engine (the test chip has no capabilities).
  CHECK(missing_capabilities(v, test_chip()) == std::vector<std::string>{"tma"});
}

TEST_CASE("a box the copy engine cannot take is a located issue of that knob point") {
  TmProblem t(tm_spec());
  ProblemSpec p = load_problem(t.path());
  ResolvedVariant big = resolve_at(p, 512);  // over 256 elements and over M = 256
  CHECK_FALSE(big.ok());
  CHECK(has_issue(big, 18, "box extent 'BM' = 512 must be 1 to 256"));

  TmProblem wide(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 64], swizzle: 128}"));
  ResolvedVariant w = resolve_at(load_problem(wide.path()), 64);
  CHECK(has_issue(w, 18, "spans 256 bytes, wider than its 128-byte swizzle"));
  // Without the swizzle the same box is legal.
  TmProblem plain(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 64]}"));
  ResolvedVariant pl = resolve_at(load_problem(plain.path()), 64);
  INFO(dump(pl.issues));
  CHECK(pl.ok());
  CHECK(pl.tensor_maps.at(0).swizzle_bytes == 0);

  TmProblem odd(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 3], swizzle: none}"));
  CHECK(has_issue(resolve_at(load_problem(odd.path()), 64), 18,
                  "spans 12 bytes; the copy engine needs a multiple of 16"));

  // Rows of 130 floats (520 bytes) are not 16-byte strided.
  TmProblem ragged(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 32], swizzle: 128}",
                           "    args: [tmA, C, M]", "{M: 256, K: 130}"));
  CHECK(has_issue(resolve_at(load_problem(ragged.path()), 64), 18,
                  "stride of dimension 1 of A is 520 bytes"));
}

TEST_CASE("tensor map mistakes are located errors of problem.yaml") {
  SUBCASE("without the tma guard") {
    TmProblem t(tm_spec("    chip: [wgmma]"));
    auto ds = load_errors(t.path());
    INFO(dump(ds));
    CHECK(has_error(ds, 18, 7, "add 'tma' to this variant's 'chip' list"));
  }
  SUBCASE("an unknown buffer") {
    TmProblem t(tm_spec("    chip: [tma]", "      tmA: {buffer: Q, box: [BM, 32], swizzle: 128}"));
    CHECK(has_error(load_errors(t.path()), 18, 21, "no buffer 'Q'"));
  }
  SUBCASE("a box of the wrong rank") {
    TmProblem t(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [32], swizzle: 128}"));
    CHECK(has_error(load_errors(t.path()), 18, 29, "box has 1 extents, buffer A has 2"));
  }
  SUBCASE("a swizzle that is not a TMA mode") {
    TmProblem t(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 32], swizzle: 256}"));
    CHECK(has_error(load_errors(t.path()), 18, 0, "swizzle must be none, 32, 64 or 128"));
  }
  SUBCASE("a name that shadows a buffer") {
    TmProblem t(tm_spec("    chip: [tma]", "      C: {buffer: A, box: [BM, 32], swizzle: 128}",
                        "    args: [C, M]"));
    CHECK(has_error(load_errors(t.path()), 18, 7, "shadows a buffer"));
  }
  SUBCASE("a map no launch passes") {
    TmProblem t(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 32], swizzle: 128}",
                        "    args: [A, C, M]"));
    CHECK(has_error(load_errors(t.path()), 18, 7, "is not passed by any launch's args"));
  }
  SUBCASE("an unknown key") {
    TmProblem t(tm_spec("    chip: [tma]",
                        "      tmA: {buffer: A, box: [BM, 32], swizzle: 128, stride: 4}"));
    CHECK(has_error(load_errors(t.path()), 18, 0, "stride"));
  }
  SUBCASE("an argument that names a map of another spelling") {
    TmProblem t(tm_spec("    chip: [tma]", "      tmA: {buffer: A, box: [BM, 32], swizzle: 128}",
                        "    args: [tmB, C, M]"));
    auto ds = load_errors(t.path());
    CHECK(has_error(ds, 19, 0, "nor one of its tensor_maps"));
  }
}
