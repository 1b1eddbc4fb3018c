// An output buffer's own tolerance (issue 28, helper h28v): `tolerance: {class: {rtol, atol}}` on
// an out/inout buffer replaces the problem's tolerance of that class for that output, and only
// there. Outputs that differ in kind (int8 codes and their f32 scale) cannot share one bound.
#include <doctest/doctest.h>

#include <cmath>

#include "generators/problem_hash.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// hon19's shape: codes q (one step at a rounding tie) and their scale (one FP32 division).
// `scale_line` is line 6 of the file; `extra_class` adds a second class to the problem.
std::string quant_spec(const std::string& scale_line, const std::string& q_line =
                                                          "  q: {dtype: i32, shape: [N], role: "
                                                          "out}\n") {
  return "version: 1\n"
         "name: quant\n"
         "scalars: {N: 256}\n"
         "buffers:\n"
         "  x: {dtype: f32, shape: [N]}\n" +
         scale_line + q_line +
         "flops: N\n"
         "bytes: 12*N\n"
         "tolerance:\n"
         "  fp32: {rtol: 1.0e-6, atol: 1}\n"
         "  tf32: {rtol: 1.0e-3, atol: 1}\n"
         "reference: {source: k.cu, entry: k, args: [x, q, scale, N], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: k.cu\n"
         "    entry: k\n"
         "    args: [x, q, scale, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n"
         "  - id: t\n"
         "    parent: v\n"
         "    precision: tf32\n"
         "    source: k.cu\n"
         "    entry: k\n"
         "    args: [x, q, scale, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n";
}

std::string write_quant(const TempDir& t, const std::string& spec) {
  t.write("quant/problem.yaml", spec);
  t.write("quant/k.cu", "extern \"C\" __global__ void k(const float*, int*, float*, int) {}\n");
  return (t.path() / "quant").string();
}

size_t index_of(const ResolvedVariant& rv, const std::string& name) {
  for (size_t i = 0; i < rv.buffers.size(); ++i)
    if (rv.buffers[i].name == name) return i;
  FAIL("no buffer " << name);
  return 0;
}

}  // namespace

TEST_CASE("a buffer's own tolerance loads and is the one its output is compared at") {
  TempDir t;
  const std::string dir = write_quant(
      t, quant_spec("  scale: {dtype: f32, shape: [N], role: out, tolerance: {fp32: {rtol: "
                    "1.0e-6, atol: 1.0e-9}}}\n"));
  auto ds = load_errors(dir);
  INFO(dump(ds));
  REQUIRE(ds.empty());
  ProblemSpec p = load_problem(dir);
  const BufferSpec* scale = p.find_buffer("scale");
  REQUIRE(scale);
  REQUIRE(scale->tolerances.size() == 1);
  CHECK(scale->tolerances.at("fp32").rtol == 1e-6);
  CHECK(scale->tolerances.at("fp32").atol == 1e-9);
  CHECK(p.find_buffer("q")->tolerances.empty());

  // fp32 variant: scale at its own, q (no tolerance of its own) and x at the problem's.
  ResolvedVariant rv = resolve_shapes(p, p.variants[0], {});
  REQUIRE(rv.ok());
  const Tolerance ts = output_tolerance(rv, index_of(rv, "scale"));
  CHECK(ts.rtol == 1e-6);
  CHECK(ts.atol == 1e-9);
  const Tolerance tq = output_tolerance(rv, index_of(rv, "q"));
  CHECK(tq.rtol == 1e-6);
  CHECK(tq.atol == 1);
  CHECK(output_tolerance(rv, rv.buffers.size()).atol == 1);  // out of range: the variant's

  // tf32 variant: scale gives no tf32 tolerance, so the problem's tf32 one holds for it.
  ResolvedVariant rt = resolve_shapes(p, p.variants[1], {});
  REQUIRE(rt.ok());
  CHECK_FALSE(rt.buffers[index_of(rt, "scale")].tolerance.has_value());
  CHECK(output_tolerance(rt, index_of(rt, "scale")).rtol == 1e-3);
  CHECK(output_tolerance(rt, index_of(rt, "scale")).atol == 1);

  // A buffer's tolerance is part of what a measurement depends on.
  const std::string with = problem_measurement_hash(dir + "/problem.yaml");
  write_quant(t, quant_spec("  scale: {dtype: f32, shape: [N], role: out}\n"));
  CHECK(problem_measurement_hash(dir + "/problem.yaml") != with);
}

TEST_CASE("a buffer's own tolerance carries its class's measured bound") {
  TempDir t;
  std::string spec = quant_spec(
      "  scale: {dtype: f32, shape: [N], role: out, tolerance: {fp64: {rtol: 0, atol: 0}}}\n");
  spec.replace(spec.find("  tf32: {rtol"), 6, "  fp64");
  spec.replace(spec.find("precision: tf32"), 15, "precision: fp64");
  const std::string dir = write_quant(t, spec);
  auto ds = load_errors(dir);
  INFO(dump(ds));
  REQUIRE(ds.empty());
  ProblemSpec p = load_problem(dir);
  ResolvedVariant rv = resolve_shapes(p, p.variants[1], {});
  const Tolerance ts = output_tolerance(rv, index_of(rv, "scale"));
  CHECK(ts.atol == 0);
  CHECK(ts.class_rtol == std::ldexp(1.0, -32));  // fp64 is measured: the override keeps it
}

TEST_CASE("a buffer's tolerance: only on outputs, only the problem's classes, located") {
  TempDir t;
  // On an input buffer (line 5): refused at the key's value.
  {
    std::string spec = quant_spec("  scale: {dtype: f32, shape: [N], role: out}\n");
    spec.replace(spec.find("  x: {dtype: f32, shape: [N]}"), 29,
                 "  x: {dtype: f32, shape: [N], tolerance: {fp32: {rtol: 0, atol: 0}}}");
    auto ds = load_errors(write_quant(t, spec));
    INFO(dump(ds));
    CHECK(has_error(ds, 5, 42, "a tolerance applies to outputs (role out or inout) only"));
  }
  // A class the problem does not have (line 6, at the class's key).
  {
    auto ds = load_errors(write_quant(
        t, quant_spec("  scale: {dtype: f32, shape: [N], role: out, tolerance: {fp16: {rtol: 0, "
                      "atol: 0}}}\n")));
    INFO(dump(ds));
    CHECK(has_error(ds, 6, 58, "tolerance class 'fp16' is not one of the problem's (fp32, tf32)"));
  }
  // Negative, an unknown key, not a map.
  {
    auto ds = load_errors(write_quant(
        t, quant_spec("  scale: {dtype: f32, shape: [N], role: out, tolerance: {fp32: {rtol: -1, "
                      "atol: 0}}}\n")));
    INFO(dump(ds));
    CHECK(has_error(ds, 6, 0, "tolerances must be non-negative"));
    ds = load_errors(write_quant(
        t, quant_spec("  scale: {dtype: f32, shape: [N], role: out, tolerance: {fp32: {rtol: 0, "
                      "btol: 0}}}\n")));
    INFO(dump(ds));
    CHECK(has_error(ds, 6, 0, "btol"));
    ds = load_errors(
        write_quant(t, quant_spec("  scale: {dtype: f32, shape: [N], role: out, tolerance: 1}\n")));
    INFO(dump(ds));
    CHECK(has_error(ds, 6, 57, "tolerance must be a map"));
  }
}
