// An int8 class (hon19, issue 28): a problem whose tolerance class is named int8 (or i8, w8a8,
// s8) admits integer dot products and integer MMAs on operands the kernel quantised from
// floats (SmoothQuant-style W8A8 with dynamic activation quantisation fused into the GEMV, as
// vLLM and TensorRT-LLM run it), as a class named fp16 admits FP16 arithmetic: the problem's
// author says the computation may be int8. Under every other class the same code stays refused,
// now with the class to declare; and the int8 class admits no half or FP8 format.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"

using namespace solver::generators;

namespace {

// k(W: int buffer, x: float buffer, y: float buffer): %r2 is a word of W; %r3 packs x[0]
// quantised in the kernel (cvt.rni.sat.s8.f32); `op` multiplies them.
std::string kernel(const std::string& op) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n"
         "\t.param .u64 k_param_2\n)\n{\n"
         "\t.reg .b32 %r<20>;\n\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<8>;\n\t.reg .b16 %rs<4>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tld.param.u64 %rd3, [k_param_2];\n\tcvta.to.global.u64 %rd4, %rd1;\n"
         "\tcvta.to.global.u64 %rd5, %rd2;\n\tcvta.to.global.u64 %rd6, %rd3;\n"
         "\tld.global.u32 %r2, [%rd4];\n\tld.global.f32 %f1, [%rd5];\n"
         "\tmul.f32 %f2, %f1, 0f42FE0000;\n\tcvt.rni.sat.s8.f32 %r3, %f2;\n" +
         op + "\tcvt.rn.f32.s32 %f3, %r10;\n\tst.global.f32 [%rd6], %f3;\n\tret;\n}\n";
}
const FloatParams kParams = {{"k", {false, true, true}}};
const std::string kDot = "mov.u32 %r10, 0;\ndp4a.s32.s32 %r10, %r2, %r3, %r10;\n";
const std::string kImma =
    "mov.u32 %r10, 0;\nmov.u32 %r11, 0;\nmov.u32 %r12, 0;\nmov.u32 %r13, 0;\n"
    "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r10,%r11,%r12,%r13}, "
    "{%r2,%r3,%r2,%r3}, {%r2,%r3}, {%r10,%r11,%r12,%r13};\n";
const std::set<DType> kW8A8 = {DType::I32, DType::F32};

std::string mismatch(const std::string& op, const std::string& cls,
                     const std::set<DType>& dtypes = kW8A8) {
  return precision_mismatch(scan_ptx_precision(kernel(op), kParams), cls, dtypes);
}

}  // namespace

TEST_CASE("the int8 class admits integer dots and MMAs on operands quantised in the kernel") {
  for (const char* cls : {"int8", "INT8", "i8", "w8a8", "s8"}) {
    CAPTURE(cls);
    CHECK(judged_class(cls) == "int8");
    CHECK(mismatch(kDot, cls).empty());
    CHECK(mismatch(kImma, cls).empty());
    // The author's class, not the buffers, admits it: no integer buffer at all.
    CHECK(mismatch(kDot, cls, {DType::F32}).empty());
  }
}

TEST_CASE("other classes refuse the same code and name the int8 class; int8 admits no half") {
  for (const char* cls : {"fp32", "tf32", "bf16", "fp16", "exact"}) {
    CAPTURE(cls);
    const std::string dot = mismatch(kDot, cls);
    CHECK(dot.find("integer dot product(s) (dp4a/dp2a) not shown to multiply") !=
          std::string::npos);
    CHECK(dot.find("declare precision 'int8'") != std::string::npos);
    CHECK(mismatch(kImma, cls).find("declare precision 'int8'") != std::string::npos);
  }
  const std::string f16 =
      kDot + "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f4}, {%r2}, {%r3}, {%f5};\n";
  CHECK(mismatch(f16, "int8").find("FP16 tensor-core MMA") != std::string::npos);
  CHECK(mismatch("cvt.rn.satfinite.e4m3x2.f32 %rs1, %f2, %f1;\n" + kDot, "int8", {DType::F32})
            .find("conversion(s) to FP8") != std::string::npos);
}

TEST_CASE("through NVRTC: activations quantised to a scratch, then dp4a: int8's own round trip") {
  if (!nvrtc_available()) {
    MESSAGE("SKIP: no NVRTC: " << nvrtc_unavailable_reason());
    return;
  }
  // control_hon19_w8a8_fused_dp4a's shape: q packs x quantised to `bits` bits into qx; k runs
  // dp4a on W and qx and converts the sum to a float (a fixed-point round trip of x).
  auto module = [](int bits) {
    const std::string mask = std::to_string((1 << bits) - 1);
    return "extern \"C\" __global__ void q(const float* x, int* qx) {\n"
           "  const int j = threadIdx.x; unsigned int p = 0;\n"
           "  for (int b = 0; b < 4; ++b)\n"
           "    p |= ((unsigned int)__float2int_rn(x[4 * j + b] * 100.f) & " +
           mask +
           "u) << (8 * b);\n"
           "  qx[j] = (int)p;\n}\n"
           "extern \"C\" __global__ void k(const int* W, const int* qx, float* y) {\n"
           "  const int j = threadIdx.x;\n"
           "  y[j] = (float)__dp4a(W[j], qx[j], 0);\n}\n";
  };
  FloatParams p = {{"q", {true, false}}, {"k", {false, false, true}}};
  p.buffers["q"] = {{0}, {1}};
  p.buffers["k"] = {{2}, {1}, {3}};
  const std::set<DType> dtypes = {DType::F32, DType::I32};
  auto why = [&](int bits, const std::string& cls) {
    const CompileResult c = nvrtc_compile(module(bits), "m.cu", {"--gpu-architecture=sm_90"});
    REQUIRE_MESSAGE(c.ok, c.log);
    return precision_mismatch(scan_ptx_precision(c.ptx, p), cls, dtypes);
  };
  CHECK(why(8, "int8").empty());
  CHECK_MESSAGE(why(8, "fp32").find("declare precision 'int8'") != std::string::npos,
                why(8, "fp32"));
  // Four bits kept: below int8, a fixed-point narrowing even under the int8 class.
  CHECK(why(4, "int8").find("fixed point") != std::string::npos);
}

// hon20: llama.cpp's q8_1 keeps each block's scale and sum as FP16 (half2 ds), widened and
// multiplied in FP32 after the dp4a: an FP16 round trip keeps 11 significant bits, more than the
// 8-bit fixed-point round trips the class admits, so int8 admits FP16 conversions, computed on
// or not. FP16 arithmetic and FP16 MMAs stay refused under int8; the conversion stays refused
// under fp32.
TEST_CASE("int8 admits FP16 conversions (q8_1's half scales), not FP16 arithmetic") {
  const std::string scale =
      "cvt.rn.f16.f32 %rs1, %f1;\ncvt.f32.f16 %f5, %rs1;\nmul.f32 %f6, %f5, %f1;\n"
      "st.global.f32 [%rd6+4], %f6;\n";
  CHECK(mismatch(kDot + scale, "int8").empty());
  CHECK(mismatch(kDot + scale, "int8", {DType::I32, DType::F32, DType::F16}).empty());
  const std::string half_math =
      "cvt.rn.f16.f32 %rs1, %f1;\nadd.rn.f16 %rs2, %rs1, %rs1;\n"
      "cvt.f32.f16 %f5, %rs2;\nst.global.f32 [%rd6+4], %f5;\n";
  CHECK(mismatch(kDot + half_math, "int8").find("FP16 arithmetic") != std::string::npos);
  CHECK(mismatch(kDot + scale, "fp32").find("conversion(s) to FP16") != std::string::npos);
}
