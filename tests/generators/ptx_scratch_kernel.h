// The kernel the bit scan's NVRTC cases compile: k(const float* x, unsigned* mid, float* y, int W)
// with `body` inside, i the thread's index; x, mid and y are 32-bit float-class buffers 0-2
// (ptx_bit_closed_list_test, ptx_bit_magic_test).
#pragma once
#include <doctest/doctest.h>

#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_precision.h"

inline std::string scratch_kernel_ptx(const std::string& body) {
  const std::string src =
      "extern \"C\" __global__ void k(const float* x, unsigned* mid, float* y, int W) {\n"
      "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
      body + "}\n";
  auto r = solver::generators::nvrtc_compile(src, "k.cu", {"--gpu-architecture=sm_90"});
  REQUIRE_MESSAGE(r.ok, r.log);
  return r.ptx;
}

inline solver::generators::FloatParams scratch_kernel_params() {
  solver::generators::FloatParams p{{"k", {true, true, true, false}}};
  p.elem_bits["k"] = {32, 32, 32, 0};
  p.buffers["k"] = {{0}, {1}, {2}, {}};
  return p;
}
