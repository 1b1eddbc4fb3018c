// Kernels as a user brings them (docs/bring-your-own-kernel.md), compiled with NVRTC (no GPU):
// cooperative groups under CUDA 13, headers from the problem's include/ and the shared
// include/ next to the problems, a kernel with C++ linkage, libc names.
#include <doctest/doctest.h>

#include "generators/nvrtc_compiler.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

std::string one_variant_problem(const std::string& name, const std::string& entry) {
  return "version: 1\nname: " + name +
         "\nscalars: {N: 256}\n"
         "buffers: {x: {dtype: f32, shape: [N], role: inout}}\n"
         "flops: N\nbytes: 4*N\ntolerance: {fp32: {rtol: 0, atol: 0}}\n"
         "reference: {source: k.cu, entry: " +
         entry +
         ", args: [x, N], grid: [1], block: [256]}\n"
         "variants:\n"
         "  - {id: v, source: k.cu, entry: " +
         entry + ", args: [x, N], grid: [1], block: [256]}\n";
}

CompileResult compile_first(const std::string& dir) {
  ProblemSpec p = load_problem(dir);
  ResolvedVariant rv = resolve(p, p.variants[0], {}, test_chip());
  REQUIRE(rv.ok());
  return compile_variant(rv, nullptr);
}

}  // namespace

TEST_CASE("cooperative groups compile: the toolkit's CCCL folder is on NVRTC's path") {
  REQUIRE(cuda_include_dir());
  TempDir t;
  t.write("cg/problem.yaml", one_variant_problem("cg", "k"));
  t.write("cg/k.cu",
          "#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\n"
          "namespace cg = cooperative_groups;\n"
          "extern \"C\" __global__ void k(float* x, int n) {\n"
          "  auto w = cg::tiled_partition<32>(cg::this_thread_block());\n"
          "  x[threadIdx.x] = cg::reduce(w, x[threadIdx.x], cg::plus<float>());\n}\n");
  auto r = compile_first((t.path() / "cg").string());
  INFO(r.error << "\n" << r.log);
  CHECK(r.ok);
  ProblemSpec p = load_problem((t.path() / "cg").string());
  auto opts = resolve(p, p.variants[0], {}, test_chip()).nvrtc_options;
  if (cccl_include_dir())
    CHECK(std::find(opts.begin(), opts.end(), "-I" + *cccl_include_dir()) != opts.end());
}

TEST_CASE("the problem's include/ and the shared include/ beside it are on the path") {
  TempDir t;
  t.write("include/common.cuh", "__device__ inline float twice(float v) { return 2.f * v; }\n");
  t.write(
      "p/include/local.cuh",
      "#include <common.cuh>\n__device__ inline float four(float v) { return twice(twice(v)); }\n");
  t.write("p/problem.yaml", one_variant_problem("p", "k"));
  t.write("p/k.cu",
          "#include <local.cuh>\nextern \"C\" __global__ void k(float* x, int n) { x[threadIdx.x] "
          "= four(x[threadIdx.x]); }\n");
  std::string dir = (t.path() / "p").string();
  CHECK(load_errors(dir).empty());
  auto r = compile_first(dir);
  INFO(r.error << "\n" << r.log);
  CHECK(r.ok);
  // Editing the shared header changes the variant's hash (no stale cache entry or recording).
  ProblemSpec p = load_problem(dir);
  std::string before = resolve(p, p.variants[0], {}, test_chip()).source_hash;
  t.write("include/common.cuh", "__device__ inline float twice(float v) { return v + v; }\n");
  std::string after = resolve(p, p.variants[0], {}, test_chip()).source_hash;
  CHECK(before != after);
  // A quoted include of a missing header is still refused at load.
  t.write("p/k.cu",
          "#include \"nothere.cuh\"\nextern \"C\" __global__ void k(float* x, int n) {}\n");
  CHECK(dump(load_errors(dir)).find("\"nothere.cuh\" is not a file in the problem folder") !=
        std::string::npos);
}

TEST_CASE("a kernel with C++ linkage fails the compile check, naming its mangled name") {
  TempDir t;
  t.write("m/problem.yaml", one_variant_problem("m", "scale"));
  t.write("m/k.cu", "__global__ void scale(float* x, int n) { x[threadIdx.x] *= 2.f; }\n");
  auto r = compile_first((t.path() / "m").string());
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("entry 'scale' is not a kernel of the compiled module") != std::string::npos);
  CHECK(r.error.find("_Z5scalePfi") != std::string::npos);
  // Naming the mangled entry works.
  t.write("m/problem.yaml", one_variant_problem("m", "_Z5scalePfi"));
  auto ok = compile_first((t.path() / "m").string());
  INFO(ok.error);
  CHECK(ok.ok);
}

TEST_CASE("libc names NVRTC lacks fail with a hint naming the header or macro") {
  TempDir t;
  t.write("l/problem.yaml", one_variant_problem("l", "k"));
  t.write(
      "l/k.cu",
      "extern \"C\" __global__ void k(float* x, int n) { x[0] = -INFINITY + M_PI + FLT_MAX; }\n");
  auto r = compile_first((t.path() / "l").string());
  CHECK_FALSE(r.ok);
  CHECK(r.log.find("hint: 'INFINITY'") != std::string::npos);
  CHECK(r.log.find("hint: 'M_PI'") != std::string::npos);
  CHECK(r.log.find("hint: 'FLT_MAX'") != std::string::npos);
  // The hinted replacements compile.
  t.write("l/k.cu",
          "#include <cuda/std/cmath>\n#include <math_constants.h>\n"
          "extern \"C\" __global__ void k(float* x, int n) { assert(n > 0); x[0] = -INFINITY + "
          "CUDART_PI_F + __FLT_MAX__; }\n");
  auto ok = compile_first((t.path() / "l").string());
  INFO(ok.error << "\n" << ok.log);
  CHECK(ok.ok);
}
