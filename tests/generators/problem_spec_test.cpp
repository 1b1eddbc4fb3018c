#include "generators/problem_spec.h"
#include "generators/problem_hash.h"
#include "generators/variant_space.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;
namespace fs = std::filesystem;

namespace {

// A minimal valid problem; tests replace one piece at a time.
std::string mini_spec(const std::string& name = "mini", const std::string& variant_extra = "",
                      const std::string& source = "k.cu") {
  return "version: 1\n"
         "name: " +
         name +
         "\n"
         "scalars: {N: 256}\n"
         "buffers:\n"
         "  x: {dtype: f32, shape: [N]}\n"
         "  y: {dtype: f32, shape: [N], role: out}\n"
         "flops: N\n"
         "bytes: 8*N\n"
         "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
         "reference: {source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: " +
         source +
         "\n"
         "    entry: k\n"
         "    args: [x, y, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n" +
         variant_extra;
}

void write_mini(const TempDir& t, const std::string& folder, const std::string& spec) {
  t.write(folder + "/problem.yaml", spec);
  t.write(folder + "/k.cu", "extern \"C\" __global__ void k(const float*, float*, int) {}\n");
}

}  // namespace

TEST_CASE("the good fixture loads with every section parsed") {
  auto errors = load_errors(good_dir() + "/axpy");
  INFO(dump(errors));
  REQUIRE(errors.empty());
  ProblemSpec p = load_problem(good_dir() + "/axpy");
  CHECK(p.name == "axpy");
  CHECK(p.version == 1);
  CHECK(p.timeout_ms == 2000);
  CHECK(fs::path(p.dir).is_absolute());
  REQUIRE(p.scalars.size() == 2);
  CHECK(p.scalars[0].name == "N");
  CHECK(p.scalars[0].dtype == DType::I32);
  CHECK(p.scalars[0].value == 1048576);
  CHECK(p.scalars[1].dtype == DType::F32);
  CHECK(p.scalars[1].value == 2.0);
  REQUIRE(p.buffers.size() == 4);
  CHECK(p.buffers[0].init.kind == "uniform");
  CHECK(p.buffers[1].role == BufferRole::In);  // role defaults to in
  CHECK(p.buffers[1].init.kind == "normal");
  CHECK(p.buffers[1].init.b == 2.0);
  CHECK(p.buffers[1].shape.size() == 1);  // `shape: N` is 1-D
  CHECK(p.buffers[2].role == BufferRole::Out);
  CHECK(p.buffers[3].role == BufferRole::Scratch);
  CHECK(p.tolerances.at("loose").rtol == doctest::Approx(1e-3));
  CHECK(p.reference.launch.entry == "axpy_ref");
  CHECK(p.seed_variant == "naive");
  REQUIRE(p.variants.size() == 5);
  const VariantSpec* vec4 = p.find_variant("vec4");
  REQUIRE(vec4);
  CHECK(vec4->parents == std::vector<std::string>{"naive"});
  CHECK(vec4->applies == std::vector<std::string>{"vectorize_loads"});
  REQUIRE(vec4->knobs.size() == 2);
  CHECK(vec4->knobs[1].name == "ITEMS");
  CHECK(vec4->knobs[1].applies == std::vector<std::string>{"increase_ilp"});
  CHECK(vec4->knobs[0].applies.empty());
  CHECK(vec4->constraints.size() == 2);  // `requires` + `constraints`
  const VariantSpec* staged = p.find_variant("staged");
  REQUIRE(staged);
  CHECK(staged->precision == "loose");
  CHECK(staged->compile_options == std::vector<std::string>{"--use_fast_math"});
  REQUIRE(staged->launches.size() == 1);
  CHECK(staged->launches[0].smem.has_value());
  CHECK(staged->launches[0].args.size() == 6);
  // Slots: scalars first, then knobs by first appearance.
  CHECK(p.slot_names == std::vector<std::string>{"N", "alpha", "BLOCK", "ITEMS", "TILE"});
}

TEST_CASE("the bad fixture reports every problem, located, in one pass") {
  auto ds = load_errors(bad_dir() + "/broken");
  INFO(dump(ds));
  CHECK(has_error(ds, 2, 7, "must equal the problem's folder name 'broken'"));
  CHECK(has_error(ds, 6, 14, "unknown dtype 'f33'"));
  CHECK(has_error(ds, 7, 33, "Q"));
  CHECK(has_error(ds, 13, 11, "leaves the problem folder"));
  CHECK(has_error(ds, 15, 18, "argument 'M'"));
  CHECK(has_error(ds, 25, 20, "knob 'BLOCK' has no values"));
  CHECK(has_error(ds, 26, 5, "unknown key 'colour'"));
  CHECK(has_error(ds, 28, 13, "parent 'nowhere'"));
  CHECK(has_error(ds, 29, 15, "unknown hypothesis 'make_it_fast'"));
  CHECK(has_error(ds, 30, 16, "precision class 'tf32'"));
  CHECK(has_error(ds, 31, 13, "source file 'missing.cu' not found"));
  CHECK(has_error(ds, 34, 16, "TILE"));
  CHECK(has_error(ds, 36, 9, "duplicate variant id 'a'"));
  CHECK(has_error(ds, 37, 13, "must be a path relative"));
  CHECK(has_error(ds, 41, 0, ""));  // the syntax error in `32 +`
  for (const auto& d : ds) CHECK(d.where.file.find("broken/problem.yaml") != std::string::npos);
}

TEST_CASE("a minimal spec loads; its seed defaults to the first variant") {
  TempDir t;
  write_mini(t, "mini", mini_spec());
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  REQUIRE(ds.empty());
  ProblemSpec p = load_problem((t.path() / "mini").string());
  CHECK(p.seed_variant == "v");
  CHECK(p.variants[0].precision == "fp32");
}

TEST_CASE("a source symlinked out of the folder is refused") {
  TempDir t;
  write_mini(t, "mini", mini_spec("mini", "", "link.cu"));
  t.write("outside.cu", "// outside\n");
  fs::create_symlink(t.path() / "outside.cu", t.path() / "mini" / "link.cu");
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 13, 13, "leaves the problem folder"));
}

TEST_CASE("a symlink that stays inside the folder is fine") {
  TempDir t;
  write_mini(t, "mini", mini_spec("mini", "", "link.cu"));
  fs::create_symlink(t.path() / "mini" / "k.cu", t.path() / "mini" / "link.cu");
  CHECK(load_errors((t.path() / "mini").string()).empty());
}

TEST_CASE("a sibling folder sharing the name prefix is outside") {
  TempDir t;
  write_mini(t, "mini", mini_spec("mini", "", "../mini2/k.cu"));
  t.write("mini2/k.cu", "// sibling\n");
  auto ds = load_errors((t.path() / "mini").string());
  CHECK(has_error(ds, 13, 13, "leaves the problem folder"));
}

TEST_CASE("a parent cycle is reported") {
  TempDir t;
  std::string spec =
      mini_spec("mini", "    parent: w\n") +
      "  - {id: w, parent: v, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n";
  write_mini(t, "mini", spec);
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 18, 13, "cycle"));
}

TEST_CASE("parent may list several variants; unknown or repeated ones are located errors") {
  TempDir t;
  const std::string w =
      "  - {id: w, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n";
  std::string good = mini_spec("mini") + w +
                     "  - {id: z, parent: [v, w], source: k.cu, entry: k, args: [x, y, N], grid: "
                     "[1], block: [256]}\n";
  write_mini(t, "mini", good);
  auto spec = load_problem((t.path() / "mini").string());
  REQUIRE(spec.variants.size() == 3);
  CHECK(spec.variants[2].parents == std::vector<std::string>{"v", "w"});

  TempDir b;
  std::string bad = mini_spec("mini") + w +
                    "  - {id: z, parent: [v, nowhere, v], source: k.cu, entry: k, args: [x, y, N], "
                    "grid: [1], block: [256]}\n";
  write_mini(b, "mini", bad);
  auto ds = load_errors((b.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 19, 0, "parent 'nowhere' is not a variant"));
  CHECK(has_error(ds, 19, 0, "parent 'v' is listed twice"));
}

TEST_CASE("a cycle through one of several parents is reported") {
  TempDir t;
  std::string spec =
      mini_spec("mini", "    parent: w\n") +
      "  - {id: w, parent: [u, v], source: k.cu, entry: k, args: [x, y, N], grid: [1], block: "
      "[256]}\n"
      "  - {id: u, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n";
  write_mini(t, "mini", spec);
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 18, 13, "cycle"));
  for (const auto& d : ds) CHECK(d.message.find("'u'") == std::string::npos);  // u is not on it
}

TEST_CASE("a variant's expressions see only its own knobs; constraints must be boolean") {
  TempDir t;
  std::string spec =
      mini_spec("mini", "    knobs: {B: [1, 2]}\n    constraints: [\"B + 1\"]\n") +
      "  - {id: w, source: k.cu, entry: k, args: [x, y, N], grid: [B], block: [256]}\n";
  write_mini(t, "mini", spec);
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(ds.size() == 2);
  CHECK(has_error(ds, 19, 0, ""));   // B + 1 is a number, not a bool
  CHECK(has_error(ds, 20, 0, "B"));  // w has no knob B
}

TEST_CASE("knob values must be distinct integers and may not shadow a scalar") {
  TempDir t;
  write_mini(t, "mini", mini_spec("mini", "    knobs: {B: [1, 1, x2], N: [4]}\n"));
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 18, 20, "listed twice"));
  CHECK(has_error(ds, 18, 23, "not an integer"));
  CHECK(has_error(ds, 18, 28, "shadows a scalar"));
}

TEST_CASE("seed must name a variant; version must be 1") {
  TempDir t;
  std::string spec = mini_spec();
  spec.replace(spec.find("version: 1"), 10, "version: 2");
  write_mini(t, "mini", spec + "seed: nope\n");
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 1, 10, "unsupported problem.yaml version 2"));
  CHECK(has_error(ds, 18, 7, "seed variant 'nope'"));
}

TEST_CASE("load_problems loads folders sorted and gathers every folder's errors") {
  TempDir t;
  write_mini(t, "zeta", mini_spec("zeta"));
  write_mini(t, "alpha", mini_spec("alpha"));
  t.write("not_a_problem/readme.txt", "no problem.yaml here\n");
  auto ps = load_problems(t.path().string());
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].name == "alpha");
  CHECK(ps[1].name == "zeta");

  write_mini(t, "beta", mini_spec("wrong1"));
  write_mini(t, "gamma", mini_spec("wrong2"));
  try {
    load_problems(t.path().string());
    FAIL("expected InputError");
  } catch (const solver::rules::InputError& e) {
    CHECK(e.diagnostics().size() == 2);
  }
}

TEST_CASE("variant keys are canonical and round-trip") {
  CHECK(variant_key("naive", {}) == "naive");
  CHECK(variant_key("tiled", {{"BN", 64}, {"BM", 128}}) == "tiled[BM=128,BN=64]");
  for (std::string key : {"naive", "tiled[BM=128,BN=64]", "tc-tf32[K=-1]", "v2.1[A=0]"}) {
    auto [id, knobs] = parse_variant_key(key);
    CHECK(variant_key(id, knobs) == key);
  }
  auto [id, knobs] = parse_variant_key("t[B=2,A=1]");  // any order in, sorted out
  CHECK(id == "t");
  CHECK(variant_key(id, knobs) == "t[A=1,B=2]");
  for (std::string bad :
       {"", "[A=1]", "t[", "t[]", "t[A]", "t[A=x]", "t[A=1,A=2]", "t[1A=2]", "t[A=1]x", "t x"})
    CHECK_THROWS_AS(parse_variant_key(bad), solver::rules::InputError);
}

TEST_CASE("dtype names and sizes") {
  CHECK(dtype_from_string("bf16") == DType::BF16);
  CHECK(dtype_size(DType::BF16) == 2);
  CHECK(dtype_size(DType::I64) == 8);
  CHECK(std::string(to_string(DType::F32)) == "f32");
  CHECK_FALSE(dtype_from_string("float").has_value());
}

TEST_CASE("an expression split by YAML at a comma gets one error that says so") {
  TempDir t;
  std::string spec = mini_spec();
  spec.replace(spec.find("    grid: [1]\n"), 14, "    grid: [ceil_div(N, 16)]\n");
  write_mini(t, "mini", spec);
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  REQUIRE(ds.size() == 1);
  CHECK(has_error(ds, 16, 11, "quote expressions holding commas"));
}

TEST_CASE("a problem folder is named as given: trailing slash, or reached through a symlink") {
  TempDir t;
  write_mini(t, "real", mini_spec("mini"));
  fs::create_symlink(t.path() / "real", t.path() / "mini");
  auto ds = load_errors((t.path() / "mini").string() + "/");
  INFO(dump(ds));
  CHECK(ds.empty());
  CHECK(load_problem((t.path() / "mini").string()).name == "mini");
}

TEST_CASE("the measurement hash ignores annotations and sees what measurements depend on") {
  TempDir t;
  auto hash_of = [&](const std::string& spec) {
    write_mini(t, "mini", spec);
    return problem_measurement_hash((t.path() / "mini" / "problem.yaml").string());
  };
  const std::string w =
      "  - {id: w, source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n";
  std::string base = hash_of(mini_spec("mini") + w);
  REQUIRE(base.size() == 64);
  // Comments, descriptions, parent and applies: the same kernels measured the same way.
  CHECK(hash_of("# a comment\n" + mini_spec("mini", "    description: the seed\n") + w) == base);
  CHECK(hash_of(mini_spec("mini") + "  - {id: w, parent: v, applies: [increase_ilp], source: k.cu, "
                                    "entry: k, args: [x, y, N], grid: [1], block: [256]}\n") ==
        base);
  // A shape, a launch or a tolerance: another measurement.
  std::string bigger = mini_spec("mini") + w;
  bigger.replace(bigger.find("{N: 256}"), 8, "{N: 512}");
  CHECK(hash_of(bigger) != base);
  std::string block = mini_spec("mini") + w;
  block.replace(block.rfind("block: [256]"), 12, "block: [128]");
  CHECK(hash_of(block) != base);
  std::string tol = mini_spec("mini") + w;
  tol.replace(tol.find("rtol: 1.0e-5"), 12, "rtol: 1.0e-4");
  CHECK(hash_of(tol) != base);
  CHECK(problem_measurement_hash((t.path() / "nowhere.yaml").string()).empty());
}

TEST_CASE("algorithm_flops: a variant's own count, evaluated per point, positive, located") {
  TempDir t;
  write_mini(t, "mini", mini_spec("mini", "    algorithm_flops: N / 4\n"));
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  REQUIRE(ds.empty());
  ProblemSpec p = load_problem((t.path() / "mini").string());
  REQUIRE(p.variants[0].algorithm_flops);
  ResolvedVariant r = resolve_shapes(p, p.variants[0], {});
  CHECK(r.ok());
  CHECK(r.flops == 256);
  CHECK(r.algorithm_flops == 64);
  // Without the key the variant declares none (0): the problem's flops stand.
  write_mini(t, "plain", mini_spec("plain"));
  ProblemSpec q = load_problem((t.path() / "plain").string());
  CHECK_FALSE(q.variants[0].algorithm_flops);
  CHECK(resolve_shapes(q, q.variants[0], {}).algorithm_flops == 0);
  // Zero is refused at its line and column (it would switch the FLOP floor off).
  write_mini(t, "zero", mini_spec("zero", "    algorithm_flops: N - N\n"));
  ProblemSpec z = load_problem((t.path() / "zero").string());
  ResolvedVariant rz = resolve_shapes(z, z.variants[0], {});
  REQUIRE_FALSE(rz.ok());
  CHECK(has_error(rz.issues, 18, 22, "must be positive"));
  // Not a number: a load error at the value.
  write_mini(t, "word", mini_spec("word", "    algorithm_flops: N > 2\n"));
  CHECK(has_error(load_errors((t.path() / "word").string()), 18, 22, ""));
}

TEST_CASE("measured_class: on by default, off opts out of the fp64 class bound, else located") {
  TempDir t;
  // An fp64 variant: the class bound is measured (Tolerance::class_rtol, class_bound.h).
  std::string spec = mini_spec("mini", "    precision: fp64\n");
  spec.replace(spec.find("fp32: {rtol"), 4, "fp64");
  write_mini(t, "mini", spec);
  {
    auto ds = load_errors((t.path() / "mini").string());
    INFO(dump(ds));
    REQUIRE(ds.empty());
    ProblemSpec p = load_problem((t.path() / "mini").string());
    CHECK(p.measured_class);
    ResolvedVariant rv = resolve_shapes(p, p.variants[0], {});
    CHECK(rv.tolerance.rtol == 1e-5);
    CHECK(rv.tolerance.class_rtol == std::ldexp(1.0, -32));
  }
  const std::string before =
      problem_measurement_hash((t.path() / "mini" / "problem.yaml").string());
  write_mini(t, "mini", spec + "measured_class: off\n");
  {
    auto ds = load_errors((t.path() / "mini").string());
    INFO(dump(ds));
    REQUIRE(ds.empty());
    ProblemSpec p = load_problem((t.path() / "mini").string());
    CHECK_FALSE(p.measured_class);
    CHECK(p.measured_class_where.line == 19);
    ResolvedVariant rv = resolve_shapes(p, p.variants[0], {});
    CHECK(rv.tolerance.class_rtol == 0);  // opted out: the problem's tolerance only
    // What the gate decides depends on it: another measurement.
    CHECK(problem_measurement_hash((t.path() / "mini" / "problem.yaml").string()) != before);
  }
  write_mini(t, "mini", spec + "measured_class: on\n");
  CHECK(load_errors((t.path() / "mini").string()).empty());
  // An fp32 variant is never measured: its class is as coarse as its tolerance.
  write_mini(t, "mini", mini_spec());
  {
    ProblemSpec p = load_problem((t.path() / "mini").string());
    CHECK(resolve_shapes(p, p.variants[0], {}).tolerance.class_rtol == 0);
  }
  // Anything but on/off is a located error.
  write_mini(t, "mini", spec + "measured_class: false\n");
  auto ds = load_errors((t.path() / "mini").string());
  INFO(dump(ds));
  CHECK(has_error(ds, 19, 17, "measured_class must be 'on' or 'off'"));
  CHECK(has_error(ds, 19, 17, "not 'false'"));
  write_mini(t, "mini", spec + "measured_class: [off]\n");
  ds = load_errors((t.path() / "mini").string());
  CHECK(has_error(ds, 19, 17, "not 'a list'"));
}
