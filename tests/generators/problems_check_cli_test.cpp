// `solver problems check` end to end through run_cli, on temporary problem folders. Compiles
// need NVRTC only (no GPU); with --compile-only the live backend is never opened.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/cli/command.h"
#include "generators/nvrtc_compiler.h"
#include "test_support.h"

using namespace solver::generators::test;

namespace {

const char* kSpec =
    "version: 1\n"
    "name: tiny\n"
    "scalars: {N: 1024}\n"
    "buffers:\n"
    "  x: {dtype: f32, shape: [N]}\n"
    "  y: {dtype: f32, shape: [N], role: out}\n"
    "flops: N\n"
    "bytes: 8*N\n"
    "tolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
    "reference: {source: ok.cu, entry: ref, args: [x, y, N], grid: [4], block: [256]}\n"
    "variants:\n"
    "  - {id: good, source: ok.cu, entry: k, args: [x, y, N], grid: [4], block: [256]}\n"
    "  - {id: broken, parent: good, applies: [increase_ilp], source: broken.cu, entry: k,\n"
    "     args: [x, y, N], grid: [4], block: [256]}\n"
    "  - id: sized\n"
    "    source: ok.cu\n"
    "    knobs: {B: [32, 2048]}\n"
    "    entry: k\n"
    "    args: [x, y, N]\n"
    "    grid: [\"ceil_div(N, B)\"]\n"
    "    block: [B]\n";

struct Run {
  int rc = 0;
  std::string out, err;
};

Run check(const TempDir& t, std::vector<std::string> extra) {
  std::vector<std::string> argv{"solver",
                                "problems",
                                "check",
                                "--problems-dir",
                                t.path().string(),
                                "--cache-dir",
                                (t.path() / "cache").string(),
                                "--compile-only"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  std::ostringstream out, err;
  Run r;
  r.rc = solver::cli::run_cli(argv, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

void write_tiny(const TempDir& t) {
  t.write("tiny/problem.yaml", kSpec);
  // The reference (float64 outputs) and the kernel in one file: one source, one compile.
  t.write("tiny/ok.cu",
          "extern \"C\" __global__ void k(const float* x, float* y, int n) {\n"
          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "  if (i < n) y[i] = x[i];\n}\n"
          "extern \"C\" __global__ void ref(const float* x, double* y, int n) {\n"
          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "  if (i < n) y[i] = x[i];\n}\n");
  t.write("tiny/broken.cu",
          "extern \"C\" __global__ void k(const float* x, float* y, int n) {\n"
          "  y[0] = not_declared;\n}\n");
}

}  // namespace

TEST_CASE("problems check: static failures and compile errors are rows; exit 1") {
  TempDir t;
  write_tiny(t);
  Run r = check(t, {"--json", "--chip", "h200"});
  INFO(r.out << r.err);
  CHECK(r.rc == 1);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["chip"] == "h200");
  CHECK(j["arch"] == "sm_90");
  std::map<std::string, nlohmann::json> rows;
  for (const auto& row : j["rows"]) rows[row["variant"].get<std::string>()] = row;
  REQUIRE(rows.size() == 5);  // reference, good, broken, sized x 2
  CHECK(rows["sized[B=2048]"]["static"] == "invalid");
  CHECK(rows["sized[B=2048]"]["detail"].get<std::string>().find(
            "block.x = 2048 exceeds the limit 1024") != std::string::npos);
  CHECK(rows["sized[B=2048]"]["failed"] == true);
  if (solver::generators::nvrtc_available()) {
    CHECK(j["failures"] == 2);
    CHECK(rows["(reference)"]["compile"] == "ok");
    // Same source and options as the reference: the cache is keyed by content, not by name.
    CHECK(rows["good"]["compile"] == "cached");
    CHECK(rows["sized[B=32]"]["failed"] == false);
    CHECK(rows["broken"]["compile"] == "error");
    CHECK(rows["broken"]["log"].get<std::string>().find("not_declared") != std::string::npos);
    // The second run is served from the cache.
    Run again = check(t, {"--json", "--chip", "h200", "tiny"});
    auto j2 = nlohmann::json::parse(again.out);
    for (const auto& row : j2["rows"])
      if (row["variant"] == "good") CHECK(row["compile"] == "cached");
  } else {
    CHECK(rows["good"]["compile"] == "no NVRTC");
  }
}

TEST_CASE("problems check: a table for humans, with the compile log of a failure") {
  TempDir t;
  write_tiny(t);
  Run r = check(t, {});
  CHECK(r.out.find("chip h200 (sm_90)") != std::string::npos);
  CHECK(r.out.find("5 points checked") != std::string::npos);
  // Progress per point on stderr, as each finishes (a large pool takes minutes).
  CHECK(r.err.find("checking tiny (3 variants, 5 points with the reference)") != std::string::npos);
  CHECK(r.err.find("[1/5] tiny (reference): compile") != std::string::npos);
  CHECK(r.err.find("[5/5] tiny sized[B=2048]: invalid") != std::string::npos);
  if (solver::generators::nvrtc_available())
    CHECK(r.out.find("--- tiny broken compile log:") != std::string::npos);
}

TEST_CASE("problems check: a bad spec exits 2 with located errors; an unknown name too") {
  TempDir t;
  write_tiny(t);
  t.write("tiny/problem.yaml", std::string(kSpec) + "bogus: 1\n");
  Run r = check(t, {});
  CHECK(r.rc == 2);
  CHECK(r.err.find("tiny/problem.yaml:22:1: error: unknown key 'bogus'") != std::string::npos);
  // The measured class's opt-out takes on or off only (class_bound.h): located, exit 2.
  t.write("tiny/problem.yaml", std::string(kSpec) + "measured_class: maybe\n");
  Run bad_class = check(t, {});
  CHECK(bad_class.rc == 2);
  CHECK(bad_class.err.find("tiny/problem.yaml:22:17: error: measured_class must be 'on' or "
                           "'off'") != std::string::npos);
  t.write("tiny/problem.yaml", std::string(kSpec) + "measured_class: off\n");
  CHECK(check(t, {}).rc != 2);
  Run missing = check(t, {"nosuch"});
  CHECK(missing.rc == 2);
  CHECK(missing.err.find("unknown problem 'nosuch'") != std::string::npos);
  CHECK(missing.err.find("known problems: tiny") != std::string::npos);  // what is there instead
}

TEST_CASE("problems check: a reference taking double for an f32 scalar is found without a GPU") {
  TempDir t;
  t.write("sc/problem.yaml",
          "version: 1\nname: sc\nscalars: {N: 1024, alpha: {value: 2.0, dtype: f32}}\n"
          "buffers:\n  x: {dtype: f32, shape: [N]}\n  y: {dtype: f32, shape: [N], role: out}\n"
          "flops: N\nbytes: 8*N\ntolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
          "reference: {source: ref.cu, entry: reference, args: [x, y, alpha, N], grid: [4], "
          "block: [256]}\n"
          "variants:\n  - {id: k, source: k.cu, entry: k, args: [x, y, alpha, N], grid: [4], "
          "block: [256]}\n");
  t.write("sc/ref.cu",
          "extern \"C\" __global__ void reference(const float* x, double* y, double alpha, int n) "
          "{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = alpha * "
          "x[i];\n}\n");
  t.write(
      "sc/k.cu",
      "extern \"C\" __global__ void k(const float* x, float* y, float alpha, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = alpha * x[i];\n}\n");
  Run r = check(t, {"sc"});
  INFO(r.out << r.err);
  CHECK(r.rc == 1);
  CHECK(r.out.find("param types") != std::string::npos);
  CHECK(r.out.find("reference: reference parameter 3 'double alpha' takes scalar alpha, an f32 "
                   "passed as 4 bytes: declare it float") != std::string::npos);
  CHECK(r.out.find("1 failed") != std::string::npos);  // the kernel itself is fine
}

TEST_CASE("problems check: a reference writing its output in the buffer's type is found") {
  // The reference runs in float64: an f32 output declared float* writes floats where the
  // comparison reads doubles, so every gate would fail against garbage (corpus_fresh10's
  // first live run). A 64-bit integer inout is taken in its own type, so double* is wrong there.
  TempDir t;
  t.write("fo/problem.yaml",
          "version: 1\nname: fo\nscalars: {N: 1024}\n"
          "buffers:\n  x: {dtype: f32, shape: [N]}\n  y: {dtype: f32, shape: [N], role: out}\n"
          "  t: {dtype: u64, shape: [N], role: inout}\n"
          "flops: N\nbytes: 16*N\ntolerance: {fp32: {rtol: 1.0e-5, atol: 0}}\n"
          "reference: {source: ref.cu, entry: reference, args: [x, y, t, N], grid: [4], "
          "block: [256]}\n"
          "variants:\n  - {id: k, source: k.cu, entry: k, args: [x, y, t, N], grid: [4], "
          "block: [256]}\n");
  t.write("fo/ref.cu",
          "extern \"C\" __global__ void reference(const float* x, float* y, double* t, int n) "
          "{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i];\n}\n");
  t.write("fo/k.cu",
          "extern \"C\" __global__ void k(const float* x, float* y, unsigned long long* t, int n) "
          "{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i];\n}\n");
  Run r = check(t, {"fo"});
  INFO(r.out << r.err);
  CHECK(r.rc == 1);
  CHECK(r.out.find("reference: reference parameter 2 'float* y' takes output y, which the "
                   "reference writes as float64: declare it double*") != std::string::npos);
  CHECK(r.out.find("parameter 3 'double* t' takes output t, which the reference writes as "
                   "64-bit integers: declare it long long* or unsigned long long*") !=
        std::string::npos);
  CHECK(r.out.find("1 failed") != std::string::npos);  // the kernel itself is fine

  // Declared as the format says, the same reference passes the static check.
  t.write("fo/ref.cu",
          "extern \"C\" __global__ void reference(const float* x, double* y, "
          "unsigned long long* t, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "  if (i < n) y[i] = x[i];\n}\n");
  Run fixed = check(t, {"fo"});
  INFO(fixed.out << fixed.err);
  CHECK(fixed.out.find("param types") == std::string::npos);
}

TEST_CASE("problems check: an unknown hypothesis lists the known ones, with did-you-mean") {
  TempDir t;
  write_tiny(t);
  std::string spec = kSpec;
  spec.replace(spec.find("applies: [increase_ilp]"), 23, "applies: [increse_ilp]");
  t.write("tiny/problem.yaml", spec);
  Run r = check(t, {});
  CHECK(r.rc == 2);
  CHECK(r.err.find("unknown hypothesis 'increse_ilp' (did you mean 'increase_ilp'?)") !=
        std::string::npos);
  CHECK(r.err.find("known hypotheses: coalesce_global_access, ") != std::string::npos);
  CHECK(r.err.find("`solver hypotheses` describes each") != std::string::npos);
}
