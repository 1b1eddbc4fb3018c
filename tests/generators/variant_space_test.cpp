#include "generators/variant_space.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

const ProblemSpec& axpy() {
  static const ProblemSpec p = load_problem(good_dir() + "/axpy");
  return p;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST_CASE("knob enumeration: cartesian product, first knob slowest, constraints filter") {
  const VariantSpec& vec4 = *axpy().find_variant("vec4");
  auto points = enumerate_knobs(axpy(), vec4);
  std::vector<std::string> keys;
  for (const auto& k : points) keys.push_back(variant_key("vec4", k));
  // 3x3 = 9 points; BLOCK*ITEMS <= 512 drops 256x4.
  CHECK(keys == std::vector<std::string>{"vec4[BLOCK=64,ITEMS=1]", "vec4[BLOCK=64,ITEMS=2]",
                                         "vec4[BLOCK=64,ITEMS=4]", "vec4[BLOCK=128,ITEMS=1]",
                                         "vec4[BLOCK=128,ITEMS=2]", "vec4[BLOCK=128,ITEMS=4]",
                                         "vec4[BLOCK=256,ITEMS=1]", "vec4[BLOCK=256,ITEMS=2]"});
}

TEST_CASE("a variant without knobs has exactly one point") {
  auto points = enumerate_knobs(axpy(), *axpy().find_variant("grid_stride"));
  REQUIRE(points.size() == 1);
  CHECK(points[0].empty());
}

TEST_CASE("knob_point_allowed names why a point is refused") {
  const VariantSpec& vec4 = *axpy().find_variant("vec4");
  CHECK(knob_point_allowed(axpy(), vec4, {{"BLOCK", 64}, {"ITEMS", 4}}));
  auto too_big = knob_point_allowed(axpy(), vec4, {{"BLOCK", 256}, {"ITEMS", 4}});
  CHECK_FALSE(too_big);
  CHECK(solver::rules::why(too_big).find("BLOCK * ITEMS <= 512") != std::string::npos);
  auto undeclared = knob_point_allowed(axpy(), vec4, {{"BLOCK", 96}, {"ITEMS", 1}});
  CHECK_FALSE(undeclared);
  CHECK(solver::rules::why(undeclared).find("not a declared value") != std::string::npos);
  CHECK_FALSE(knob_point_allowed(axpy(), vec4, {{"BLOCK", 64}}));
  CHECK_FALSE(knob_point_allowed(axpy(), vec4, {{"BLOCK", 64}, {"ITEMS", 1}, {"X", 1}}));
}

TEST_CASE("resolve evaluates launches, buffers, formulas and tolerance") {
  auto chip = test_chip();
  ResolvedVariant r =
      resolve(axpy(), *axpy().find_variant("vec4"), {{"BLOCK", 128}, {"ITEMS", 2}}, chip);
  INFO(r.issues.size());
  REQUIRE(r.ok());
  CHECK(r.key == "vec4[BLOCK=128,ITEMS=2]");
  CHECK(r.arch == "sm_90");
  REQUIRE(r.launches.size() == 1);
  CHECK(r.launches[0].entry == "axpy_vec4");
  CHECK(r.launches[0].grid == std::array<int64_t, 3>{1048576 / (4 * 128 * 2), 1, 1});
  CHECK(r.launches[0].block == std::array<int64_t, 3>{128, 1, 1});
  CHECK(r.launches[0].smem_bytes == 0);
  REQUIRE(r.launches[0].args.size() == 5);
  CHECK(r.launches[0].args[0].kind == ResolvedArg::Kind::Buffer);
  CHECK(r.buffers[r.launches[0].args[2].index].name == "out");
  CHECK(r.launches[0].args[3].kind == ResolvedArg::Kind::Scalar);
  CHECK(r.scalars[r.launches[0].args[3].index].name == "alpha");
  const ResolvedBuffer* x = r.find_buffer("x");
  REQUIRE(x);
  CHECK(x->elements == 1048576);
  CHECK(x->bytes == 4 * 1048576);
  CHECK(r.flops == 2.0 * 1048576);
  CHECK(r.bytes == 12.0 * 1048576);
  CHECK(r.precision == "fp32");
  CHECK(r.tolerance.rtol == doctest::Approx(1e-5));
  CHECK(r.timeout_ms == 2000);
  CHECK(r.source_text.find("axpy_vec4") != std::string::npos);
}

TEST_CASE("NVRTC options: arch from the chip, std, knob defines sorted, variant options last") {
  auto chip = test_chip(100, 8, 6);
  ResolvedVariant r = resolve(axpy(), *axpy().find_variant("staged"), {{"TILE", 1024}}, chip);
  REQUIRE(r.ok());
  const auto& o = r.nvrtc_options;
  CHECK(o.front() == "--gpu-architecture=sm_86");
  CHECK(contains(o, "--std=c++17"));
  CHECK(contains(o, "-DTILE=1024"));
  CHECK(o.back() == "--use_fast_math");
  if (auto inc = cuda_include_dir()) CHECK(contains(o, "-I" + *inc));

  ResolvedVariant v =
      resolve(axpy(), *axpy().find_variant("vec4"), {{"ITEMS", 2}, {"BLOCK", 64}}, chip);
  auto b = std::find(v.nvrtc_options.begin(), v.nvrtc_options.end(), "-DBLOCK=64");
  auto i = std::find(v.nvrtc_options.begin(), v.nvrtc_options.end(), "-DITEMS=2");
  CHECK(b < i);
  CHECK(i != v.nvrtc_options.end());
}

TEST_CASE("a knob-sized scratch buffer is sized for the variant that uses it only") {
  auto chip = test_chip();
  ResolvedVariant staged = resolve_shapes(axpy(), *axpy().find_variant("staged"), {{"TILE", 1024}});
  CHECK(staged.ok());
  CHECK(staged.find_buffer("partial")->elements == 1024);
  CHECK(staged.launches[0].smem_bytes == 2 * 1024 * 4);
  ResolvedVariant naive = resolve_shapes(axpy(), *axpy().find_variant("naive"), {{"BLOCK", 256}});
  CHECK(naive.ok());  // naive never passes `partial`, so its missing TILE is not an issue
  CHECK(naive.find_buffer("partial")->elements == 0);
}

TEST_CASE("the reference resolves with float64 outputs") {
  ResolvedVariant r = resolve_reference(axpy(), test_chip());
  REQUIRE(r.ok());
  CHECK(r.variant == "__reference__");
  CHECK(r.precision == "fp64");
  CHECK(r.find_buffer("out")->dtype == DType::F64);
  CHECK(r.find_buffer("out")->bytes == 8 * 1048576);
  CHECK(r.find_buffer("x")->dtype == DType::F32);
  CHECK(r.launches[0].grid[0] == 1048576 / 256);
}

TEST_CASE("the reference writes a 64-bit integer output in its own type, not as float64") {
  // A double keeps 53 bits: the reference of a u64/i64 `out` is that integer (compared bit for
  // bit under an exact tolerance, gpu::reference_bits); narrower outputs stay float64.
  for (DType d : {DType::U64, DType::I64, DType::I32, DType::U32}) {
    ProblemSpec spec = axpy();
    for (auto& b : spec.buffers)
      if (b.name == "out") b.dtype = d;
    ResolvedVariant r = resolve_reference(spec, test_chip());
    CAPTURE(to_string(d));
    const bool wide = d == DType::U64 || d == DType::I64;
    CHECK(r.find_buffer("out")->dtype == (wide ? d : DType::F64));
    CHECK(r.find_buffer("out")->bytes == 8 * 1048576);
  }
}

TEST_CASE("source hash: changes with source, options and knob values; stable otherwise") {
  auto chip = test_chip();
  const VariantSpec& naive = *axpy().find_variant("naive");
  ResolvedVariant a = resolve(axpy(), naive, {{"BLOCK", 256}}, chip);
  ResolvedVariant a2 = resolve(axpy(), naive, {{"BLOCK", 256}}, chip);
  ResolvedVariant b = resolve(axpy(), naive, {{"BLOCK", 512}}, chip);
  CHECK(a.source_hash.size() == 64);
  CHECK(a.source_hash == a2.source_hash);
  CHECK(a.source_hash != b.source_hash);
  ResolvedVariant other_arch = resolve(axpy(), naive, {{"BLOCK", 256}}, test_chip(227, 8, 0));
  CHECK(a.source_hash != other_arch.source_hash);
  CHECK(hash_source(a.source_text + " ", a.nvrtc_options) != a.source_hash);
  // Include paths are machine-specific and do not enter the hash.
  auto opts = a.nvrtc_options;
  opts.push_back("-I/somewhere/else");
  CHECK(hash_source(a.source_text, opts) == a.source_hash);
  opts.push_back("--use_fast_math");
  CHECK(hash_source(a.source_text, opts) != a.source_hash);
  // Text moved between source and options is a different input.
  CHECK(hash_source("ab", {"c"}) != hash_source("a", {"bc"}));
}

TEST_CASE("resolve records evaluation problems instead of throwing") {
  auto chip = test_chip();
  ResolvedVariant r = resolve_shapes(axpy(), *axpy().find_variant("vec4"), {{"BLOCK", 64}});
  CHECK_FALSE(r.ok());  // ITEMS missing: the grid has no value
  ResolvedVariant c =
      resolve(axpy(), *axpy().find_variant("naive"), {{"BLOCK", 256}}, test_chip(227, 0, 0));
  CHECK_FALSE(c.ok());  // chip without a compute capability
}
