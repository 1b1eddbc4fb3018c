// Red team "hin", problem.yaml as classes. An input's law must fit its buffer's dtype: an f16
// buffer drawn from [-1e5, 1e5) held infinities and an i32 one from randint [0, 1e12) wrapped
// numbers, so the reference's output was inf or NaN and every variant failed the gate with no
// word on why; a bound beyond 2^63 was undefined behaviour in the host generator's conversion.
// And a variant id must be one the variant-key parser reads back.
#include <doctest/doctest.h>

#include <string>

#include "generators/problem_spec.h"
#include "rules/diagnostics.h"
#include "tests/generators/test_support.h"

using namespace solver;
using generators::test::TempDir;

namespace {

std::string errors_with(const std::string& dtype, const std::string& init) {
  TempDir t;
  t.write("h/k.cu", "extern \"C\" __global__ void k(const float* x, float* y, int n) {}\n");
  t.write("h/problem.yaml",
          "version: 1\nname: h\nscalars: {N: 256}\nbuffers:\n  x: {dtype: " + dtype +
              ", shape: [N], init: " + init +
              "}\n  y: {dtype: f32, shape: [N], role: out}\nflops: N\nbytes: 8*N\n"
              "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
              "reference: {source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"
              "variants:\n  - id: v\n    source: k.cu\n    entry: k\n    args: [x, y, N]\n"
              "    grid: [1]\n    block: [256]\n");
  try {
    generators::load_problem((t.path() / "h").string());
  } catch (const rules::InputError& e) {
    return e.format();
  }
  return "";
}

}  // namespace

TEST_CASE("an init whose values do not fit the buffer's dtype is refused at the init") {
  struct Case {
    const char* dtype;
    const char* init;
  };
  for (Case c : {Case{"f16", "{dist: uniform, low: -1.0e5, high: 1.0e5}"},
                 Case{"f16", "{dist: constant, value: 70000}"},
                 Case{"f16", "{dist: normal, mean: 0, std: 10000}"},
                 Case{"f32", "{dist: uniform, low: -1.0e300, high: 1.0e300}"},
                 Case{"bf16", "{dist: normal, mean: 1.0e39, std: 1}"},
                 Case{"i32", "{dist: randint, low: 0, high: 1.0e12}"},
                 Case{"i32", "{dist: arange, start: -3.0e9, step: 1}"},
                 Case{"u32", "{dist: randint, low: -5, high: 5}"},
                 Case{"i64", "{dist: randint, low: 0, high: 1.0e30}"}}) {
    std::string e = errors_with(c.dtype, c.init);
    INFO(c.dtype << " " << c.init << ": " << e);
    CHECK(e.find("problem.yaml:5:") != std::string::npos);  // the buffer's line
    CHECK(e.find(std::string("beyond what ") + c.dtype + " holds") != std::string::npos);
  }
  // What fits is accepted: the edges of each dtype's range, [low, high) on integers.
  for (Case c : {Case{"f16", "{dist: uniform, low: -65504, high: 65504}"},
                 Case{"f16", "{dist: normal, mean: 0, std: 1}"},
                 Case{"u32", "{dist: randint, low: 0, high: 4294967296}"},
                 Case{"i32", "{dist: randint, low: -2147483648, high: 2147483648}"},
                 Case{"f32", "{dist: uniform, low: -1.0e30, high: 1.0e30}"},
                 Case{"i32", "{dist: permutation}"}}) {
    INFO(c.dtype << " " << c.init);
    CHECK(errors_with(c.dtype, c.init).empty());
  }
}

TEST_CASE("a variant id the variant-key parser would refuse is refused at load") {
  // parse_variant_key reads letters, digits, '_', '-' and '.'; the loader refused only
  // '[', ']', ',', '=' and spaces, so "a/b" loaded and every key made from it failed later.
  for (const char* id : {"a/b", "x+y", "k:1", "v\\\"q", "../up"}) {
    TempDir t;
    t.write("h/k.cu", "extern \"C\" __global__ void k(const float* x, float* y, int n) {}\n");
    t.write("h/problem.yaml",
            "version: 1\nname: h\nscalars: {N: 256}\nbuffers:\n  x: {dtype: f32, shape: [N]}\n"
            "  y: {dtype: f32, shape: [N], role: out}\nflops: N\nbytes: 8*N\n"
            "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
            "reference: {source: k.cu, entry: k, args: [x, y, N], grid: [1], block: [256]}\n"
            "variants:\n  - id: \"" +
                std::string(id) +
                "\"\n    source: k.cu\n    entry: k\n    args: [x, y, N]\n"
                "    grid: [1]\n    block: [256]\n");
    std::string e;
    try {
      generators::load_problem((t.path() / "h").string());
    } catch (const rules::InputError& err) {
      e = err.format();
    }
    INFO(id << ": " << e);
    CHECK(e.find("problem.yaml:12:") != std::string::npos);
    CHECK(e.find("letters, digits") != std::string::npos);
  }
  CHECK(generators::is_variant_id("tc-tf32_v2.1"));
  CHECK_FALSE(generators::is_variant_id(""));
}
