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
  // A .global declared inside an asm block of the body: the PTX scan (module scope) misses it,
  // the image does not.
  const std::string asm_scoped =
      "extern \"C\" __global__ void k(unsigned* x) {\n"
      "  unsigned v;\n"
      "  asm volatile(\"{\\n\\t.global .align 4 .u32 hidden[8];\\n\\t"
      "atom.global.add.u32 %0, [hidden], 1;\\n\\t}\" : \"=r\"(v));\n"
      "  x[threadIdx.x] = v;\n"
      "}\n";
  auto r = nvrtc_compile(asm_scoped, "a.cu", {"--gpu-architecture=sm_90"});
  REQUIRE_MESSAGE(r.ok, r.log);
  CHECK(scan_ptx_module_memory(r.ptx).globals.empty());
  CHECK(sections_of(asm_scoped).find(".nv.global") != std::string::npos);
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
