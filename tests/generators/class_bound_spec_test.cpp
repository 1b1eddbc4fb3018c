// The measured class's static check (generators/measured_class_check.h; issue 28, red team 15's
// redteam15_f64_f32out_rsqrt): a variant declaring fp64, whose outputs the worker holds to the
// class's own bound only where they are float64, is an invalid spec when a float output is
// narrower or no output is float64, unless the problem says `measured_class: off`.
#include <doctest/doctest.h>

#include "generators/measured_class_check.h"
#include "generators/validate.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// Line numbers matter: the refusal is located at the variant's `precision:` (lines 13-15).
std::string spec_text(const std::string& outputs, const std::string& extra = "") {
  return "version: 1\n"                     // 1
         "name: mc\n"                       // 2
         "scalars: {N: 256}\n"              // 3
         "buffers:\n"                       // 4
         "  x: {dtype: f64, shape: [N]}\n"  // 5
         + outputs +                        // 6, 7
         "flops: N\n"                       // 8
         "bytes: 16*N\n"                    // 9
         "tolerance: {fp64: {rtol: 1.0e-6, atol: 0}, fp32: {rtol: 1.0e-4, atol: 0},"
         " double: {rtol: 1.0e-6, atol: 0}}\n"  // 10
         "reference: {source: k.cu, entry: k, args: [x, y, z, N], grid: [1], block: [256]}\n"
         "variants:\n"  // 12
         "  - {id: wide, source: k.cu, precision: fp64, entry: k, args: [x, y, z, N], grid: [1],"
         " block: [256]}\n"  // 13
         "  - {id: alias, source: k.cu, precision: double, entry: k, args: [x, y, z, N], grid: "
         "[1], block: [256], parent: wide, applies: [increase_ilp]}\n"  // 14
         "  - {id: plain, source: k.cu, precision: fp32, entry: k, args: [x, y, z, N], grid: [1],"
         " block: [256], parent: wide, applies: [increase_ilp]}\n"  // 15
         + extra;
}

struct Problem {
  TempDir dir;
  ProblemSpec spec;
  explicit Problem(const std::string& text) {
    dir.write("mc/problem.yaml", text);
    dir.write("mc/k.cu", "extern \"C\" __global__ void k(const double*, void*, void*, int) {}\n");
    spec = load_problem((dir.path() / "mc").string());
  }
  std::vector<solver::rules::Diagnostic> check(const std::string& id) const {
    return validate(spec, *spec.find_variant(id), {}, test_chip());
  }
};

const std::string kF64Out =
    "  y: {dtype: f64, shape: [N], role: out}\n"
    "  z: {dtype: f64, shape: [N], role: inout, init: {dist: uniform, low: 0, high: 1}}\n";
const std::string kF32Out =
    "  y: {dtype: f32, shape: [N], role: out}\n"
    "  z: {dtype: f32, shape: [N], role: scratch}\n";
const std::string kMixed =
    "  y: {dtype: f64, shape: [N], role: out}\n"
    "  z: {dtype: bf16, shape: [N], role: inout, init: {dist: uniform, low: 0, high: 1}}\n";
const std::string kIntOut =
    "  y: {dtype: i32, shape: [N], role: out}\n"
    "  z: {dtype: u64, shape: [N], role: out}\n";

}  // namespace

TEST_CASE("measured class: float64 outputs only validate, under every spelling of fp64") {
  Problem p(spec_text(kF64Out));
  for (const char* id : {"wide", "alias", "plain"}) {
    auto issues = p.check(id);
    INFO(id, ": ", dump(issues));
    CHECK(issues.empty());
  }
}

TEST_CASE("measured class: an fp64 variant with a float32 output is an invalid spec, located") {
  Problem p(spec_text(kF32Out));
  auto wide = p.check("wide");
  INFO(dump(wide));
  REQUIRE(wide.size() == 1);
  CHECK(has_error(wide, 13, 0, "variant wide declares precision 'fp64', a measured class"));
  CHECK(has_error(wide, 13, 0, "its float output(s) y (f32) are stored narrower than float64"));
  CHECK(has_error(wide, 13, 0, "store the outputs as f64"));
  CHECK(has_error(wide, 13, 0, "measured_class: off"));
  // A scratch buffer is no output: only y is named.
  CHECK(wide[0].message.find("z (f32)") == std::string::npos);
  // The PTX scan's spelling `double` is measured, so refused alike; fp32 is not measured.
  CHECK(has_error(p.check("alias"), 14, 0, "declares precision 'double', a measured class"));
  CHECK(p.check("plain").empty());
  // The function itself: the same refusal, nothing for the fp32 variant.
  CHECK(unmeasured_class_issue(p.spec, *p.spec.find_variant("wide")).has_value());
  CHECK_FALSE(unmeasured_class_issue(p.spec, *p.spec.find_variant("plain")).has_value());
}

TEST_CASE("measured class: one narrower float output among float64 ones is refused too") {
  // Any: a bf16 in-out output next to a float64 one is not measured either, and a kernel could
  // compute it at any precision the problem's tolerance lets through.
  Problem p(spec_text(kMixed));
  auto wide = p.check("wide");
  INFO(dump(wide));
  REQUIRE(wide.size() == 1);
  CHECK(has_error(wide, 13, 0, "its float output(s) z (bf16) are stored narrower"));
  CHECK(wide[0].message.find("y (f64)") == std::string::npos);
}

TEST_CASE("measured class: integer outputs alone give the class bound nothing to measure") {
  Problem p(spec_text(kIntOut));
  auto wide = p.check("wide");
  INFO(dump(wide));
  CHECK(has_error(wide, 13, 0, "it has no float64 output (its outputs: y (i32), z (u64))"));
  CHECK(p.check("plain").empty());
}

TEST_CASE("measured class: `measured_class: off` makes each of them a valid spec") {
  for (const std::string& outputs : {kF32Out, kMixed, kIntOut}) {
    Problem p(spec_text(outputs, "measured_class: off\n"));
    for (const char* id : {"wide", "alias", "plain"}) {
      auto issues = p.check(id);
      INFO(outputs, id, ": ", dump(issues));
      CHECK(issues.empty());
    }
  }
}
