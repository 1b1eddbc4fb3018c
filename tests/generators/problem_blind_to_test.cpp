// An output's `blind_to:` (helper h28y, issue 28; generators/problem_loader_blind_to.cpp): the
// inputs whose echo the output's tolerance cannot see, declared in problem.yaml. Loaded with the
// place of each name; a name that is no echoed input of the problem, a dist_fixed input, a name
// listed twice, a declaration on an input, a malformed list: located errors (exit 2 at the CLI).
// Not part of the measurement hash (it changes no measurement).
#include <doctest/doctest.h>

#include "generators/problem_hash.h"
#include "generators/problem_spec.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// Red team 25's twin: out and chunk_mean from x, out also from z. `out_line` is line 7.
std::string twin_spec(const std::string& out_line, const std::string& x_line =
                                                       "  x: {dtype: f32, shape: [N], init: {dist: "
                                                       "uniform, low: 0.5, high: 1.5}}\n") {
  return "version: 1\n"
         "name: twin\n"
         "scalars: {N: 65536}\n"
         "buffers:\n" +
         x_line + "  z: {dtype: f32, shape: [16], init: {dist: uniform, low: 0, high: 3.0e+5}}\n" +
         out_line +
         "  chunk_mean: {dtype: f32, shape: [2], role: out}\n"
         "  idx: {dtype: i32, shape: [N], init: {dist: permutation}}\n"
         "flops: N\n"
         "bytes: 4*N\n"
         "tolerance:\n"
         "  fp32: {rtol: 1.0e-4, atol: 1.0e-6}\n"
         "reference: {source: k.cu, entry: k, args: [x, z, out, chunk_mean, idx, N], grid: [1], "
         "block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: k.cu\n"
         "    entry: k\n"
         "    args: [x, z, out, chunk_mean, idx, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n";
}

std::string write_twin(const TempDir& t, const std::string& spec) {
  t.write("twin/problem.yaml", spec);
  t.write("twin/k.cu",
          "extern \"C\" __global__ void k(const float*, const float*, double*, double*, const "
          "int*, int) {}\n");
  return (t.path() / "twin").string();
}

}  // namespace

TEST_CASE("blind_to loads on an output, each name with its place, outside the measurement hash") {
  TempDir t;
  const std::string dir =
      write_twin(t, twin_spec("  out: {dtype: f32, shape: [1], role: out, blind_to: [x]}\n"));
  auto ds = load_errors(dir);
  INFO(dump(ds));
  REQUIRE(ds.empty());
  const ProblemSpec p = load_problem(dir);
  const BufferSpec* out = p.find_buffer("out");
  REQUIRE(out);
  REQUIRE(out->blind_to.size() == 1);
  CHECK(out->blind_to[0].input == "x");
  CHECK(out->blind_to[0].where.line == 7);
  CHECK(out->blind_to[0].where.column == 55);
  CHECK(out->blind_to[0].where.to_string().find("problem.yaml:7:55") != std::string::npos);
  CHECK(p.find_buffer("chunk_mean")->blind_to.empty());
  // It narrows the lint, not a measurement: the recording of the problem stays its own.
  const std::string with = problem_measurement_hash(dir + "/problem.yaml");
  write_twin(t, twin_spec("  out: {dtype: f32, shape: [1], role: out}\n"));
  CHECK(problem_measurement_hash(dir + "/problem.yaml") == with);
}

TEST_CASE("blind_to: a name that is no echoed input, or listed twice, is a located error") {
  TempDir t;
  auto errors = [&](const std::string& out_line, const std::string& x_line = "") {
    auto ds = load_errors(
        write_twin(t, x_line.empty() ? twin_spec(out_line) : twin_spec(out_line, x_line)));
    INFO(dump(ds));
    return ds;
  };
  const std::string head = "  out: {dtype: f32, shape: [1], role: out, blind_to: ";
  // Column 55 is the list's first item, 58 its second.
  CHECK(has_error(errors(head + "[y]}\n"), 7, 55,
                  "blind_to 'y' is not a buffer of this problem (its inputs: x, z, idx)"));
  CHECK(has_error(errors(head + "[chunk_mean]}\n"), 7, 55,
                  "blind_to 'chunk_mean' is not an input (role in or inout)"));
  CHECK(has_error(errors(head + "[x, x]}\n"), 7, 58, "blind_to 'x' is listed twice"));
  CHECK(has_error(errors(head + "[x]}\n",
                         "  x: {dtype: f32, shape: [N], init: {dist: uniform}, "
                         "dist_fixed: true}\n"),
                  7, 55, "blind_to 'x' is dist_fixed: the tolerance lint excuses"));
  CHECK(has_error(
      errors(head + "[x]}\n", "  x: {dtype: f32, shape: [N], init: {dist: constant, value: 1}}\n"),
      7, 55, "blind_to 'x' has init 'constant', which the tolerance lint does not echo"));
  // A sorted input (h28s: echoed by its parity echoes; the loader's dist_fixed on an index
  // structure is no excuse to the lint) may be declared; so may a permutation since h28u (echoed
  // by a refill of one parity, model_echo.h).
  CHECK(errors(head + "[x]}\n",
               "  x: {dtype: f32, shape: [N], init: {dist: sorted, low: 0, high: 1}}\n")
            .empty());
  CHECK(errors(head + "[idx]}\n").empty());
  // Not a list, an item that is not a name.
  CHECK(has_error(errors(head + "x}\n"), 7, 54, "blind_to must be a list of input buffer names"));
  CHECK(has_error(errors(head + "[{a: 1}]}\n"), 7, 55, "blind_to items are input buffer names"));
  // On an input: it names what an output's tolerance cannot see.
  CHECK(has_error(errors("  out: {dtype: f32, shape: [1], role: out}\n",
                         "  x: {dtype: f32, shape: [N], blind_to: [z]}\n"),
                  5, 41, "blind_to applies to outputs (role out or inout) only"));
  // A misspelt key is still an unknown key.
  CHECK(has_error(errors("  out: {dtype: f32, shape: [1], role: out, blind_too: [x]}\n"), 7, 0,
                  "blind_too"));
}

// Red team 30's re-read race: the lint's verdict cache keyed problem.yaml read again at the lint,
// so a file edited after the load (blind_to removed) filed the verdict of the spec that was
// linted under the bytes of one that was not. The spec now carries the bytes it was parsed from.
TEST_CASE("a loaded spec keeps the bytes it was parsed from, whatever the file holds later") {
  TempDir t;
  const std::string with = twin_spec("  out: {dtype: f32, shape: [1], role: out, blind_to: [x]}\n");
  const std::string dir = write_twin(t, with);
  const ProblemSpec p = load_problem(dir);
  CHECK(p.text == with);
  write_twin(t, twin_spec("  out: {dtype: f32, shape: [1], role: out}\n"));
  CHECK(p.text == with);
  CHECK(load_problem(dir).text != with);
  REQUIRE(p.find_buffer("out")->blind_to.size() == 1);
}
