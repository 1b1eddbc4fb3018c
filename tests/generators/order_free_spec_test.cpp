// Order-free outputs in problem.yaml (issue 28, h28x): `order: free`, `order: {with: lead}` and
// `count:` load into the spec and resolve to buffer indices; the count output is compared
// exactly whatever the tolerance says; every unsound or unknown declaration is an error at its
// key (file:line:column; `solver problems check` exits 2 on them).
#include <doctest/doctest.h>

#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// A compaction: idx (the lead, line 6), vals (line 7), n_out (line 8); `extra` replaces line 8.
std::string compact_spec(
    const std::string& idx_line, const std::string& vals_line,
    const std::string& count_line = "  n_out: {dtype: i32, shape: [1], role: out}\n") {
  return "version: 1\n"
         "name: compact\n"
         "scalars: {N: 1024}\n"
         "buffers:\n"
         "  x: {dtype: f32, shape: [N]}\n" +
         idx_line + vals_line + count_line +
         "flops: N\n"
         "bytes: 12*N\n"
         "tolerance: {fp32: {rtol: 1.0e-5, atol: 1.0e-5}}\n"
         "reference: {source: k.cu, entry: k, args: [x, idx, vals, n_out, N], grid: [1], "
         "block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: k.cu\n"
         "    entry: k\n"
         "    args: [x, idx, vals, n_out, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n";
}

std::string write_compact(const TempDir& t, const std::string& spec) {
  t.write("compact/problem.yaml", spec);
  t.write("compact/k.cu",
          "extern \"C\" __global__ void k(const float*, int*, float*, int*, int) {}\n");
  return (t.path() / "compact").string();
}

const std::string kIdx = "  idx: {dtype: i32, shape: [N], role: out, order: free, count: n_out}\n";
const std::string kVals = "  vals: {dtype: f32, shape: [N], role: out, order: {with: idx}}\n";

// The one error of `spec`, its line and column and a phrase it must hold.
void expect_error(const std::string& spec, int line, int column, const std::string& phrase) {
  TempDir t;
  auto ds = load_errors(write_compact(t, spec));
  INFO(dump(ds));
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].where.line == line);
  CHECK(ds[0].where.column == column);
  CHECK(ds[0].message.find(phrase) != std::string::npos);
}

}  // namespace

TEST_CASE("order: free with a follower and a count loads and resolves; the count is exact") {
  TempDir t;
  const std::string dir = write_compact(t, compact_spec(kIdx, kVals));
  auto ds = load_errors(dir);
  INFO(dump(ds));
  REQUIRE(ds.empty());
  ProblemSpec p = load_problem(dir);
  CHECK(p.find_buffer("idx")->order_free);
  CHECK(p.find_buffer("idx")->count == "n_out");
  CHECK(p.find_buffer("vals")->order_with == "idx");
  CHECK_FALSE(p.find_buffer("n_out")->order_free);
  ResolvedVariant rv = resolve_shapes(p, p.variants[0], {});
  INFO(rv.issues.size());
  REQUIRE(rv.issues.empty());
  CHECK(rv.buffers[1].order_lead == 1);
  CHECK(rv.buffers[1].order_count == 3);
  CHECK(rv.buffers[2].order_lead == 1);
  CHECK(rv.buffers[2].order_count == 3);
  CHECK(rv.buffers[3].is_count);
  CHECK(rv.buffers[0].order_lead == -1);
  // The count is compared exactly: at rtol 1e-5 a count of 10^6 off by one would pass.
  CHECK(output_tolerance(rv, 3).rtol == 0);
  CHECK(output_tolerance(rv, 3).atol == 0);
  CHECK(output_tolerance(rv, 2).rtol == 1e-5);
  ResolvedVariant ref = resolve_reference(p, test_chip());
  CHECK(ref.buffers[3].is_count);
  CHECK(ref.buffers[2].order_lead == 1);
}

TEST_CASE("a count with one element per row is checked against the lead's rows") {
  TempDir t;
  const std::string dir = write_compact(
      t,
      compact_spec("  idx: {dtype: i32, shape: [4, 256], role: out, order: free, count: n_out}\n",
                   "  vals: {dtype: f32, shape: [4, 256], role: out, order: {with: idx}}\n",
                   "  n_out: {dtype: i32, shape: [3], role: out}\n"));
  REQUIRE(load_errors(dir).empty());
  ProblemSpec p = load_problem(dir);
  ResolvedVariant rv = resolve_shapes(p, p.variants[0], {});
  REQUIRE(rv.issues.size() >= 1);
  CHECK(rv.issues[0].message.find("one count a row") != std::string::npos);
  CHECK(rv.issues[0].where.line == 6);
}

TEST_CASE("bad order declarations are errors at their key") {
  // An unknown count output.
  expect_error(
      compact_spec("  idx: {dtype: i32, shape: [N], role: out, order: free, count: m}\n", kVals), 6,
      64, "count 'm': no such buffer");
  // A non-integer count.
  expect_error(compact_spec(kIdx, kVals, "  n_out: {dtype: f32, shape: [1], role: out}\n"), 6, 64,
               "a count is an integer");
  // A count that is an input.
  expect_error(compact_spec(kIdx, kVals, "  n_out: {dtype: i32, shape: [1]}\n"), 6, 64,
               "a count is an output");
  // order: free on an inout buffer: its input may already be the answer's multiset.
  expect_error(compact_spec("  idx: {dtype: i32, shape: [N], role: inout, order: free}\n", kVals),
               6, 53, "an inout buffer starts as its input");
  // On an input.
  expect_error(compact_spec(kIdx, kVals + "  y: {dtype: f32, shape: [N], order: free}\n"), 8, 38,
               "order applies to outputs");
  // Neither free nor {with}.
  expect_error(compact_spec("  idx: {dtype: i32, shape: [N], role: out, order: any}\n",
                            "  vals: {dtype: f32, shape: [N], role: out}\n"),
               6, 51, "order must be 'free'");
  // A follower of an unknown or an ordered buffer, or of itself.
  expect_error(
      compact_spec(kIdx, "  vals: {dtype: f32, shape: [N], role: out, order: {with: q}}\n"), 7, 59,
      "no such buffer");
  expect_error(compact_spec("  idx: {dtype: i32, shape: [N], role: out}\n", kVals,
                            "  n_out: {dtype: i32, shape: [1], role: out}\n"),
               7, 59, "is not order: free");
  expect_error(
      compact_spec(kIdx, "  vals: {dtype: f32, shape: [N], role: out, order: {with: vals}}\n"), 7,
      59, "the buffer itself");
  // A count on a follower, and a count that is itself order-free.
  expect_error(
      compact_spec(
          kIdx, "  vals: {dtype: f32, shape: [N], role: out, order: {with: idx}, count: n_out}\n"),
      7, 72, "count goes with order: free");
  expect_error(
      compact_spec(kIdx, kVals, "  n_out: {dtype: i32, shape: [1], role: out, order: free}\n"), 6,
      64, "itself order-free");
  // A follower of another shape's rank.
  expect_error(
      compact_spec(kIdx, "  vals: {dtype: f32, shape: [4, 256], role: out, order: {with: idx}}\n"),
      7, 64, "one shape");
}
