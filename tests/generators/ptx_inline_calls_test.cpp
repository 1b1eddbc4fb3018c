// The per-entry scans see the `.func` bodies an entry calls (issue 28, red team 24:
// `redteam24_callee_narrow_stage` and `redteam24_callee_int8_gemm` did their narrowing in a
// `__noinline__` device function, whose results came back through `ld.param` of the call's
// `retval0` with no origin). generators/ptx_inline_calls.h inlines each call into the entry's
// view; the bit scan, the fixed-point scan and the integer provenance then judge it as inlined.
// Hand-written PTX for the view and each scan, then CUDA through NVRTC.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_entries.h"
#include "generators/ptx_inline_calls.h"
#include "generators/ptx_precision.h"
#include "tests/generators/ptx_scratch_kernel.h"

using namespace solver::generators;

namespace {

// A module with `.func` f (body `fbody`: its parameter's word in %r1, its result from %r9) and an
// entry k(in, out) that passes in[0] as a float and stores f's result to out (`use` between).
std::string module(const std::string& fbody, const std::string& use = "") {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)\n;\n"
         ".func  (.param .b32 func_retval0) f(\n\t.param .b32 f_param_0\n)\n{\n"
         "\t.reg .b32 %r<12>;\n\t.reg .f32 %f<4>;\n"
         "\tld.param.u32 %r1, [f_param_0];\n" +
         fbody +
         "\tst.param.b32 [func_retval0+0], %r9;\n\tret;\n}\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .b32 %r<20>;\n\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<8>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.f32 %f1, [%rd3];\n"
         "\t{ // callseq 0, 0\n\t.reg .b32 temp_param_reg;\n\t.param .b32 param0;\n"
         "\tst.param.f32 [param0+0], %f1;\n\t.param .b32 retval0;\n"
         "\tcall.uni (retval0), \n\tf, \n\t(\n\tparam0\n\t);\n"
         "\tld.param.b32 %r5, [retval0+0];\n\t} // callseq 0\n" +
         use + "\tst.global.u32 [%rd4], %r5;\n\tret;\n}\n";
}

FloatParams params() {
  FloatParams p{{"k", {true, true}}};
  p.elem_bits["k"] = {32, 32};
  p.buffers["k"] = {{0}, {1}};
  return p;
}

const std::string kTop24 = "add.s32 %r2, %r1, 127;\nshr.u32 %r9, %r2, 8;\n";

}  // namespace

TEST_CASE("inline_calls: a call becomes the callee's body, parameters moved through slots") {
  const std::string m = strip_ptx_comments(module(kTop24));
  const auto entries = ptx_entries(m);
  REQUIRE(entries.size() == 1);
  const std::string_view v = entries[0].body;
  CHECK(entries[0].inlined != nullptr);
  CHECK(v.find("call") == std::string_view::npos);
  CHECK(v.find("mov.f32 %__s0_a0_0_x, %f1;") != std::string_view::npos);       // the argument
  CHECK(v.find("mov.b32 %__i0_r1, %__s0_a0_0_x;") != std::string_view::npos);  // read as bits
  CHECK(v.find("shr.u32 %__i0_r9, %__i0_r2, 8") != std::string_view::npos);    // renamed apart
  CHECK(v.find("mov.b32 %__s0_r0_0_x, %__i0_r9;") != std::string_view::npos);  // the result
  CHECK(v.find("mov.b32 %r5, %__s0_r0_0_x;") != std::string_view::npos);
  CHECK(v.find("%__i0_r<12>") != std::string_view::npos);                     // its declaration
  CHECK(v.find("ld.param.u64 %rd1, [k_param_0]") != std::string_view::npos);  // its own params

  // Recursion reuses the copy being inlined: the view is finite and keeps both flows.
  const std::string rec = strip_ptx_comments(
      ".func  (.param .b32 func_retval0) g(\n\t.param .b32 g_param_0\n)\n{\n"
      "\t.reg .b32 %r<8>;\n\tld.param.u32 %r1, [g_param_0];\n"
      "\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0+0], %r1;\n\t.param .b32 retval0;\n"
      "\tcall.uni (retval0), g, (param0);\n\tld.param.b32 %r2, [retval0+0];\n\t}\n"
      "\tst.param.b32 [func_retval0+0], %r2;\n\tret;\n}\n"
      ".visible .entry e(\n\t.param .u32 e_param_0\n)\n{\n\t.reg .b32 %r<8>;\n"
      "\tld.param.u32 %r1, [e_param_0];\n"
      "\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0+0], %r1;\n\t.param .b32 retval0;\n"
      "\tcall.uni (retval0), g, (param0);\n\tld.param.b32 %r3, [retval0+0];\n\t}\n\tret;\n}\n");
  const auto r = ptx_entries(rec);
  REQUIRE(r.size() == 1);
  CHECK(r[0].body.find("call") == std::string_view::npos);
  CHECK(r[0].body.find("mov.b32 %__s0_a0_0_x, %__i0_r1;") != std::string_view::npos);
  CHECK(r[0].body.find("mov.b32 %r3, %__s0_r0_0_x;") != std::string_view::npos);
}

TEST_CASE("the bit scan judges a narrowing done in a called .func") {
  const BitNarrowing b = scan_bit_narrowing(module(kTop24), params());
  CHECK(b.narrowed == 1);
  CHECK(b.format() == "tf32");
  // The same function moving the bits whole, or flipping the sign: nothing narrowed.
  CHECK(scan_bit_narrowing(module("mov.b32 %r9, %r1;\n"), params()).narrowed == 0);
  CHECK(scan_bit_narrowing(module("xor.b32 %r9, %r1, -2147483648;\n"), params()).narrowed == 0);
}

TEST_CASE("the integer provenance sees a float quantised in a called .func") {
  // The callee quantises its float to s8; the entry multiplies the result with a word of the
  // integer buffer (out, i32) by dp4a. Integer dots are admitted under fp32 on operands from the
  // problem's integer buffers only: the callee's result is narrowed from a float
  // (cheat_int8_quantised_fp32, its quantiser inlined; redteam24_callee_int8_gemm out of line).
  auto why = [](const std::string& fbody) {
    const std::string dot =
        "mov.u32 %r10, 0;\nld.global.u32 %r11, [%rd4+4];\ndp4a.s32.s32 %r5, %r11, %r5, %r10;\n";
    FloatParams p{{"k", {true, false}}};
    return precision_mismatch(scan_ptx_precision(module(fbody, dot), p), "fp32",
                              {DType::F32, DType::I32});
  };
  CHECK(why("ld.param.f32 %f1, [f_param_0];\nmul.f32 %f2, %f1, 0f42FE0000;\n"
            "cvt.rni.sat.s8.f32 %r9, %f2;\n")
            .find("declare precision 'int8'") != std::string::npos);
}

TEST_CASE("through NVRTC: a __noinline__ narrowing is refused, an honest one kept") {
  if (!nvrtc_available()) {
    MESSAGE("SKIP: no NVRTC: " << nvrtc_unavailable_reason());
    return;
  }
  const std::string narrow = "  mid[i] = top24(x[i]);\n";
  const std::string pre =
      "__device__ __noinline__ unsigned top24(float v) {\n"
      "  const unsigned b = __float_as_uint(v);\n  return (b >> 8) + ((b >> 7) & 1);\n}\n"
      "__device__ __noinline__ unsigned flip(float v) {\n"
      "  return __float_as_uint(v) ^ 0x80000000u;\n}\n";
  auto compile = [&](const std::string& body) {
    const std::string src =
        pre +
        "extern \"C\" __global__ void k(const float* x, unsigned* mid, float* y, int W) {\n"
        "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
        body + "}\n";
    auto r = nvrtc_compile(src, "k.cu", {"--gpu-architecture=sm_90"});
    REQUIRE_MESSAGE(r.ok, r.log);
    CHECK(r.ptx.find(".func") != std::string::npos);
    return scan_bit_narrowing(r.ptx, scratch_kernel_params());
  };
  CHECK(compile(narrow).narrowed == 1);
  CHECK(compile("  mid[i] = flip(x[i]);\n  y[i] = __uint_as_float(mid[i]);\n").narrowed == 0);
  // The FP64 math library's Payne-Hanek reduction, a .func NVVM never inlines, keeps a double's
  // mantissa products in local memory (control_hon19_rope_sincos): no narrowing.
  CHECK(compile("  y[i] = (float)sin((double)x[i] * 1e6);\n").narrowed == 0);
}

TEST_CASE("inline_calls: a .reg after a block's label is renamed apart too (review39)") {
  // NVRTC puts an inline asm block at a loop's head after the block's label: its scoped `.reg`
  // is the label's statement. The callee's %ready must not be the entry's %ready.
  const std::string m = strip_ptx_comments(module(
      "\tmov.u32 %r9, 0;\n$L__BB1_1:\n\t{\n\t.reg .pred %ready;\n"
      "\tsetp.ne.s32 %ready, %r1, 0;\n\tselp.u32 %r9, 1, 0, %ready;\n\t}\n",
      "\t{\n\t.reg .pred %ready;\n\tsetp.eq.s32 %ready, %r5, 0;\n\t}\n"));
  const auto entries = ptx_entries(m);
  REQUIRE(entries.size() == 1);
  const std::string_view v = entries[0].body;
  CHECK(v.find("setp.ne.s32 %__i0_ready, %__i0_r1, 0;") != std::string_view::npos);
  CHECK(v.find(".reg.pred %__i0_ready;") != std::string_view::npos);
  CHECK(v.find("setp.eq.s32 %ready, %r5, 0;") != std::string_view::npos);  // the entry's own
}
