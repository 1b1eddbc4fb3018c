// Module data read from the CUBIN (generators/cubin_module_data.h, red team 10): kernels compiled
// by NVRTC (skipped where it is missing), each with one way of keeping module state, then a
// buffer that is no ELF image.
#include <doctest/doctest.h>

#include <string>

#include "generators/cubin_module_data.h"
#include "generators/nvrtc_compiler.h"
#include "generators/ptx_module_memory.h"

using namespace solver::generators;

namespace {

// The module-data section names of `source` compiled for sm_90, joined by spaces.
std::string sections_of(const std::string& source) {
  auto r = nvrtc_compile(source, "m.cu", {"--gpu-architecture=sm_90"});
  REQUIRE_MESSAGE(r.ok, r.log);
  std::string error = "unset", names;
  for (const auto& s : cubin_module_data(r.cubin, &error)) names += s.name + " ";
  CHECK(error.empty());
  return names;
}

}  // namespace

TEST_CASE("module variables, __constant__ banks and an asm-scoped .global are module data") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: NVRTC is not available here");
    return;
  }
  // Parameters only (bank 0): nothing to reload.
  CHECK(sections_of("extern \"C\" __global__ void k(float* x) { x[threadIdx.x] *= 2.f; }") == "");
  CHECK(sections_of("__device__ int g[16];\n"
                    "extern \"C\" __global__ void k(int* x) { x[threadIdx.x] = g[threadIdx.x]++; }")
            .find(".nv.global") != std::string::npos);
  const std::string with_const = sections_of(
      "__constant__ float c[64];\n"
      "extern \"C\" __global__ void k(float* x) { x[threadIdx.x] *= c[threadIdx.x & 63]; }");
  CHECK(with_const.find(".nv.constant") != std::string::npos);
  CHECK(with_const.find(".nv.constant0") == std::string::npos);
  // A .global declared inside an asm block of the body: the image holds it, and since helper
  // wit39 the PTX scan finds it too (ptx_module_memory_test), named as the loaded module names it.
  const std::string asm_scoped =
      "extern \"C\" __global__ void k(unsigned* x) {\n"
      "  unsigned v;\n"
      "  asm volatile(\"{\\n\\t.global .align 4 .u32 hidden[8];\\n\\t"
      "atom.global.add.u32 %0, [hidden], 1;\\n\\t}\" : \"=r\"(v));\n"
      "  x[threadIdx.x] = v;\n"
      "}\n";
  auto r = nvrtc_compile(asm_scoped, "a.cu", {"--gpu-architecture=sm_90"});
  REQUIRE_MESSAGE(r.ok, r.log);
  const PtxModuleMemory scanned = scan_ptx_module_memory(r.ptx);
  CHECK(scanned.globals == std::vector<std::string>{"hidden"});
  CHECK(scanned.global_in_function == std::vector<bool>{true});
  CHECK(sections_of(asm_scoped).find(".nv.global") != std::string::npos);
  const std::vector<ModuleArray> arrays = module_arrays(scanned, cubin_module_symbols(r.cubin));
  REQUIRE(arrays.size() == 1);
  CHECK(arrays[0].name.rfind("$__hidden__", 0) == 0);
  CHECK(arrays[0].in_function);
}

// P4m reads module arrays back by name (issue 28, helper wit39): what cuModuleGetGlobal is asked
// for must be a symbol of the image, for a module-scope array and for one an asm block declares.
TEST_CASE("module arrays by their loaded names: module scope, asm in a callee, asm inlined twice") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: NVRTC is not available here");
    return;
  }
  auto arrays_of = [](const std::string& source) {
    auto r = nvrtc_compile(source, "m.cu", {"--gpu-architecture=sm_90"});
    REQUIRE_MESSAGE(r.ok, r.log);
    const std::vector<CubinSymbol> symbols = cubin_module_symbols(r.cubin);
    std::vector<ModuleArray> out = module_arrays(scan_ptx_module_memory(r.ptx), symbols);
    for (const ModuleArray& a : out) {
      bool in_image = false;
      for (const CubinSymbol& s : symbols) in_image = in_image || s.name == a.name;
      CHECK_MESSAGE(in_image, a.name);
    }
    return out;
  };
  // A module-scope __device__ array keeps its name (4,096 bytes of FP32 words).
  auto plain = arrays_of(
      "__device__ float stage[1024];\n"
      "extern \"C\" __global__ void k(float* x) { stage[threadIdx.x] = x[threadIdx.x]; }\n");
  REQUIRE(plain.size() == 1);
  CHECK(plain[0].name == "stage");
  CHECK_FALSE(plain[0].in_function);
  // A byte array an asm block of one non-inlined callee declares, which both entries reach: one
  // array (one body declares it), read as FP32 words (.align 16), under ptxas's name.
  const std::string callee =
      "__device__ __noinline__ float* stage_of() {\n"
      "  float* s;\n"
      "  asm volatile(\".global .align 16 .b8 stage_bytes[4096];\\n\\t\"\n"
      "               \"mov.u64 %0, stage_bytes;\" : \"=l\"(s));\n"
      "  return s;\n"
      "}\n";
  auto one = arrays_of(callee +
                       "extern \"C\" __global__ void a(const float* x) { stage_of()[threadIdx.x] = "
                       "x[threadIdx.x]; }\n"
                       "extern \"C\" __global__ void b(float* y) { y[threadIdx.x] = "
                       "stage_of()[threadIdx.x]; }\n");
  REQUIRE(one.size() == 1);
  CHECK(one[0].name.rfind("$__stage_bytes__", 0) == 0);
  CHECK(one[0].word_bytes == 4);
  CHECK(one[0].in_function);
  // The same asm in an inlined function is declared once a call site: each its own array.
  const std::string inlined =
      "__device__ __forceinline__ double* cell() {\n"
      "  double* s;\n"
      "  asm volatile(\".global .align 8 .f64 cells[64];\\n\\tmov.u64 %0, cells;\" : \"=l\"(s));\n"
      "  return s;\n"
      "}\n"
      "extern \"C\" __global__ void a(const double* x) { cell()[threadIdx.x & 63] = x[0]; }\n"
      "extern \"C\" __global__ void b(double* y) { y[0] = cell()[threadIdx.x & 63]; }\n";
  auto two = arrays_of(inlined);
  CHECK(two.size() == 2);
  for (const ModuleArray& a : two) {
    CHECK(a.name.rfind("$__cells__", 0) == 0);
    CHECK(a.word_bytes == 8);
  }
}

TEST_CASE("module arrays: a scoped name with no symbol of its own stays under its PTX name") {
  PtxModuleMemory m;
  m.globals = {"g", "hidden", "hidden2"};
  m.global_word_bytes = {4, 8, 4};
  m.global_in_function = {false, true, true};
  const std::vector<CubinSymbol> symbols = {
      {"g", ".nv.global", 16},
      {"$__hidden__12", ".nv.global", 64},
      {"$__hidden__x9", ".nv.global", 8},
      {"$__hidden2_", ".nv.global", 4}};
  const std::vector<ModuleArray> a = module_arrays(m, symbols);
  REQUIRE(a.size() == 3);
  CHECK(a[0].name == "g");
  CHECK(a[1].name == "$__hidden__12");  // "$__hidden__x9" is not ptxas's digits
  CHECK(a[1].word_bytes == 8);
  CHECK(a[2].name == "hidden2");  // no "$__hidden2__<N>": left for the reader to refuse
  CHECK(a[2].in_function);
}

TEST_CASE("a buffer that is not an ELF64 image is an error, not an empty answer") {
  std::string error;
  CHECK(cubin_module_data("not an elf", &error).empty());
  CHECK_FALSE(error.empty());
  std::string cut =
      "\x7f"
      "ELF";
  cut += std::string(60, '\0');
  CHECK(cubin_module_data(cut, &error).empty());
  CHECK_FALSE(error.empty());
}
