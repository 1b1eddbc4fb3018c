// Issue 33: the shared kernel library (generators/kernel_library.h, docs/problem-format.md "The
// kernel library"). Folders of it on a problem's include path (`kernels: [..]`) and library
// files as sources (`source: kernels:dir/file.cu`): confined like a problem's own files (every
// bad path located at its problem.yaml line and column; exit 2 through the CLI), keyed by bytes
// (a file moved whole keeps its source hash and the problem's measurement hash; editing a
// shared header changes the key of every problem that includes it), and exported whole by
// `solver problems export` for bench/parity.py.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/cli/command.h"
#include "engine/run/run_inputs.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_hash.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;
namespace fs = std::filesystem;

namespace {

// Line 3 is `kernels:`, line 12 the variant's `source:` (value at column 13).
std::string problem(const std::string& name, const std::string& kernels, const std::string& source,
                    const std::string& ref_source = "ref.cu") {
  return "version: 1\n"
         "name: " +
         name +
         "\n"
         "kernels: " +
         kernels +
         "\n"
         "scalars: {N: 256}\n"
         "buffers: {x: {dtype: f32, shape: [N], role: inout}}\n"
         "flops: N\n"
         "bytes: 4*N\n"
         "tolerance: {fp32: {rtol: 0, atol: 0}}\n"
         "reference: {source: " +
         ref_source +
         ", entry: r, args: [x, N], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - id: v\n"
         "    source: " +
         source +
         "\n"
         "    entry: k\n"
         "    args: [x, N]\n"
         "    grid: [1]\n"
         "    block: [256]\n";
}

const char* kRef = "extern \"C\" __global__ void r(double* x, int n) { x[threadIdx.x] *= 4.0; }\n";
const char* kKernel =
    "#include <twice.cuh>\n"
    "extern \"C\" __global__ void k(float* x, int n) { x[threadIdx.x] = "
    "twice(twice(x[threadIdx.x])); "
    "}\n";
const char* kTwice = "__device__ inline float twice(float v) { return 2.f * v; }\n";

// A library under t/kernels made the library of this test process; restored on destruction.
struct Library {
  TempDir t;
  Library() {
    t.write("kernels/ops/twice.cuh", kTwice);
    t.write("kernels/gemm/k.cu", kKernel);
    set_kernel_library_dir((t.path() / "kernels").string());
  }
  ~Library() {
    set_kernel_library_dir("");
    // A CLI call with --data-dir exported this library for its worker: not for later tests.
    if (const char* e = std::getenv("SOLVER_KERNELS_DIR");
        e && std::string(e).rfind(t.path().string(), 0) == 0)
      ::unsetenv("SOLVER_KERNELS_DIR");
  }
  std::string dir(const std::string& p) const { return (t.path() / p).string(); }
};

std::string source_hash(const std::string& dir) {
  ProblemSpec p = load_problem(dir);
  ResolvedVariant rv = resolve(p, p.variants[0], {}, test_chip());
  INFO(dump(rv.issues));
  REQUIRE(rv.ok());
  return rv.source_hash;
}

int cli(const std::vector<std::string>& args, std::string* err = nullptr) {
  std::ostringstream out, e;
  std::vector<std::string> argv{"solver"};
  argv.insert(argv.end(), args.begin(), args.end());
  int rc = solver::cli::run_cli(argv, out, e);
  if (err) *err = e.str() + out.str();
  return rc;
}

}  // namespace

TEST_CASE("a problem reads library folders on its include path and library files as sources") {
  Library lib;
  lib.t.write("p/problem.yaml", problem("p", "[ops]", "kernels:gemm/k.cu"));
  lib.t.write("p/ref.cu", kRef);
  const std::string dir = lib.dir("p");
  INFO(dump(load_errors(dir)));
  REQUIRE(load_errors(dir).empty());
  ProblemSpec p = load_problem(dir);
  REQUIRE(p.library_dirs.size() == 1);
  CHECK(fs::path(p.library_dirs[0]) == fs::weakly_canonical(lib.t.path() / "kernels/ops"));
  ResolvedVariant rv = resolve(p, p.variants[0], {}, test_chip());
  CHECK(fs::path(rv.source_path) == fs::weakly_canonical(lib.t.path() / "kernels/gemm/k.cu"));
  CHECK(rv.source_text == kKernel);
  CHECK(std::find(rv.nvrtc_options.begin(), rv.nvrtc_options.end(), "-I" + p.library_dirs[0]) !=
        rv.nvrtc_options.end());
  if (nvrtc_available()) {
    CompileResult c = compile_variant(rv, nullptr);
    INFO(c.error << "\n" << c.log);
    CHECK(c.ok);
  }
}

TEST_CASE("library paths are confined; every bad one is located at its problem.yaml line") {
  Library lib;
  lib.t.write("outside/secret.cuh", "#error secret\n");
  lib.t.write("p/ref.cu", kRef);
  fs::create_directory_symlink(lib.t.path() / "outside", lib.t.path() / "kernels/out");
  fs::create_symlink(lib.t.path() / "outside/secret.cuh", lib.t.path() / "kernels/ops/link.cuh");
  fs::create_symlink(lib.t.path() / "outside/secret.cuh", lib.t.path() / "kernels/gemm/evil.cu");
  const std::string dir = lib.dir("p");
  auto errors = [&](const std::string& kernels, const std::string& source) {
    lib.t.write("p/problem.yaml", problem("p", kernels, source));
    return load_errors(dir);
  };
  // `kernels:` items: line 3, the item's column.
  CHECK(has_error(errors("[../p]", "kernels:gemm/k.cu"), 3, 11, "leaves the kernel library"));
  CHECK(has_error(errors("[/etc]", "kernels:gemm/k.cu"), 3, 11,
                  "must be a path relative to the kernel library"));
  CHECK(has_error(errors("[ops, nothere]", "kernels:gemm/k.cu"), 3, 16,
                  "is not a folder of the kernel library"));
  CHECK(has_error(errors("[ops, ops]", "kernels:gemm/k.cu"), 3, 16, "listed twice"));
  CHECK(has_error(errors("[out]", "kernels:gemm/k.cu"), 3, 11, "leaves the kernel library"));
  // `source: kernels:...`: line 12, column 13.
  CHECK(has_error(errors("[ops]", "kernels:../p/ref.cu"), 12, 13, "leaves the kernel library"));
  CHECK(has_error(errors("[ops]", "kernels:/etc/hostname"), 12, 13,
                  "must be a path relative to the kernel library"));
  CHECK(has_error(errors("[ops]", "kernels:gemm/none.cu"), 12, 13, "not found"));
  CHECK(has_error(errors("[ops]", "kernels:gemm/evil.cu"), 12, 13, "leaves the kernel library"));
  CHECK(has_error(errors("[ops]", "kernels:gemm"), 12, 13, "not a regular file"));
  // What a library file includes is checked as a problem's own file is, and named by its
  // library path.
  lib.t.write("kernels/gemm/bad.cu", "#include \"/etc/passwd\"\n");
  auto ds = errors("[ops]", "kernels:gemm/bad.cu");
  CHECK(has_error(ds, 12, 13, "kernels:gemm/bad.cu:1"));
  CHECK(has_error(ds, 12, 13, "leaves the problem folder"));
  lib.t.write("kernels/gemm/linked.cu", "#include <link.cuh>\n");
  CHECK(has_error(errors("[ops]", "kernels:gemm/linked.cu"), 12, 13, "(a symlink?)"));
  // Without `kernels: [ops]` the header is not on the path: a quoted include of it is refused.
  lib.t.write("kernels/gemm/quoted.cu", "#include \"twice.cuh\"\n");
  CHECK(has_error(errors("[]", "kernels:gemm/quoted.cu"), 12, 13, "is not a file in the problem"));
  // No library at all: said where it was looked for.
  set_kernel_library_dir(lib.dir("nowhere"));
  CHECK(has_error(errors("[ops]", "k.cu"), 3, 11, "there is none at"));
}

TEST_CASE(
    "keys follow bytes: moved whole, a kernel keeps them; a shared header edit changes them") {
  Library lib;
  // Before: the kernel and its header in the problem folder.
  lib.t.write("a/problem.yaml", problem("a", "[]", "k.cu"));
  lib.t.write("a/ref.cu", kRef);
  lib.t.write("a/k.cu", kKernel);
  lib.t.write("a/include/twice.cuh", kTwice);
  const std::string before = source_hash(lib.dir("a"));
  const std::string spec_before = problem_measurement_hash(lib.dir("a/problem.yaml"));
  // After: both moved whole into the library (kernels/gemm/k.cu, kernels/ops/twice.cuh).
  fs::remove_all(lib.t.path() / "a/include");
  fs::remove(lib.t.path() / "a/k.cu");
  lib.t.write("a/problem.yaml", problem("a", "[ops]", "kernels:gemm/k.cu"));
  CHECK(source_hash(lib.dir("a")) == before);
  CHECK(problem_measurement_hash(lib.dir("a/problem.yaml")) == spec_before);
  // A second problem shares them; editing the shared header re-keys both.
  lib.t.write("b/problem.yaml", problem("b", "[ops]", "kernels:gemm/k.cu"));
  lib.t.write("b/ref.cu", kRef);
  const std::string b_before = source_hash(lib.dir("b"));
  lib.t.write("kernels/ops/twice.cuh",
              "__device__ inline float twice(float v) { return v + v; }\n");
  CHECK(source_hash(lib.dir("a")) != before);
  CHECK(source_hash(lib.dir("b")) != b_before);
  // The measurement hash still sees what measurements depend on (the entry).
  lib.t.write("a/problem.yaml", problem("a", "[ops]", "kernels:gemm/k.cu\n    description: x"));
  CHECK(problem_measurement_hash(lib.dir("a/problem.yaml")) == spec_before);
}

TEST_CASE("the CLI reads the library of --data-dir, exits 2 on a bad path, and exports a kernel") {
  Library lib;
  set_kernel_library_dir("");  // the CLI picks it from --data-dir
  lib.t.write("problems/p/problem.yaml", problem("p", "[ops, ../problems]", "kernels:gemm/k.cu"));
  lib.t.write("problems/p/ref.cu", kRef);
  std::string err;
  CHECK(cli({"--data-dir", lib.t.path().string(), "problems", "check", "p", "--compile-only",
             "--no-cache"},
            &err) == 2);
  CHECK(err.find("problem.yaml:3:16") != std::string::npos);
  CHECK(err.find("leaves the kernel library") != std::string::npos);
  if (!nvrtc_available()) return;
  fs::create_directories(lib.t.path() / "rules");
  fs::copy_file(source_dir() + "/rules/chips.yaml", lib.t.path() / "rules/chips.yaml");
  lib.t.write("problems/p/problem.yaml", problem("p", "[ops]", "kernels:gemm/k.cu"));
  const std::string out = lib.dir("export");
  REQUIRE(cli({"--data-dir", lib.t.path().string(), "problems", "export", "p", "--variant", "v",
               "--out", out, "--no-cache"},
              &err) == 2);  // --no-cache is not an option of export: a usage error
  INFO(err);
  REQUIRE(cli({"--data-dir", lib.t.path().string(), "problems", "export", "p", "--variant", "v",
               "--out", out, "--cache-dir", lib.dir("cache")},
              &err) == 0);
  std::ifstream in(fs::path(out) / "p.json");
  auto j = nlohmann::json::parse(in);
  CHECK(j["format"] == "solver-kernel-export");
  CHECK(j["variant"] == "v");
  CHECK(j["launches"][0]["entry"] == "k");
  CHECK(j["launches"][0]["args"][1]["kind"] == "scalar");
  CHECK(j["launches"][0]["args"][1]["value"] == 256);
  CHECK(j["buffers"][0]["role"] == "inout");
  CHECK(fs::file_size(fs::path(out) / "p.cubin") > 0);
  CHECK(cli({"--data-dir", lib.t.path().string(), "problems", "export", "p", "--variant", "w",
             "--out", out},
            &err) == 2);
  CHECK(err.find("has no variant 'w'") != std::string::npos);
}
