// generators/cubin_code.h: two NVRTC images of one code compare equal whatever the build's
// description (-I paths, comments, a helper moved behind an #include); a changed computation, a
// changed launch bound or a non-ELF buffer does not. Needs NVRTC (no GPU): skipped without it.
#include <doctest/doctest.h>

#include "generators/cubin_code.h"
#include "generators/nvrtc_compiler.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

const char* kSquare =
    "__device__ inline float sq(float v) { return v * v; }\n"
    "extern \"C\" __global__ void k(float* x, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) x[i] = sq(x[i]) + 1.f;\n"
    "}\n";

std::string cubin(const std::string& src, std::vector<std::string> extra = {}) {
  std::vector<std::string> o = {"--gpu-architecture=sm_90", "--std=c++17"};
  o.insert(o.end(), extra.begin(), extra.end());
  CompileResult r = nvrtc_compile(src, "k.cu", o);
  REQUIRE_MESSAGE(r.ok, r.log);
  return r.cubin;
}

}  // namespace

TEST_CASE("same code: other -I paths, comments and a helper moved into a header compare equal") {
  if (!nvrtc_available()) return;
  TempDir t;
  t.write("a/sq.cuh",
          "// the square, kept once\n__device__ inline float sq(float v) { return v * v; }\n");
  t.write("b/unused.cuh", "\n");
  std::string base = cubin(kSquare);
  CHECK(cubin_code_difference(base, cubin(kSquare, {"-I" + (t.path() / "b").string()})) == "");
  std::string moved =
      "// moved: the helper comes from a header now\n#include \"sq.cuh\"\n"
      "extern \"C\" __global__ void k(float* x, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) x[i] = sq(x[i]) + 1.f;  // same statement\n"
      "}\n";
  CHECK(cubin_code_difference(base, cubin(moved, {"-I" + (t.path() / "a").string()})) == "");
  // Both with line info: the line tables differ (other lines), the code does not.
  CHECK(cubin_code_difference(cubin(kSquare, {"-lineinfo"}),
                              cubin(moved, {"-lineinfo", "-I" + (t.path() / "a").string()})) == "");
}

TEST_CASE("changed code differs, and says where") {
  // So do images of other options: line info adds sections and symbols (compare like with like).
  if (nvrtc_available())
    CHECK(cubin_code_difference(cubin(kSquare), cubin(kSquare, {"-lineinfo"})) != "");
  if (!nvrtc_available()) return;
  std::string base = cubin(kSquare);
  std::string other = kSquare;
  other.replace(other.find("+ 1.f"), 5, "+ 2.f");
  std::string d = cubin_code_difference(base, cubin(other));
  INFO(d);
  CHECK(d.rfind("section .", 0) == 0);
  // Same instructions, another launch bound: the kernel's attributes differ.
  std::string bounded = kSquare;
  bounded.replace(bounded.find("__global__ void"), 15, "__global__ void __launch_bounds__(128)");
  CHECK(cubin_code_difference(base, cubin(bounded)) != "");
}

TEST_CASE("a buffer that is no ELF64 image is a difference, never a match") {
  CHECK(cubin_code_difference("", "") == "the first is not an ELF64 image");
  CHECK(cubin_code_difference(std::string(100, 'x'), std::string(100, 'x')) ==
        "the first is not an ELF64 image");
  if (!nvrtc_available()) return;
  std::string base = cubin(kSquare);
  CHECK(cubin_code_difference(base, base.substr(0, base.size() / 2)) ==
        "the second is not an ELF64 image");
}
