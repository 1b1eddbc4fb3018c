// An FP8 cast is the answer, not a shortcut, where its codes are only stored (hon19, issue 28):
// the E4M3 codes of a static-scale quantiser (vLLM's scaled_fp8_quant, TensorRT-LLM's casts)
// stored into an integer output are compared exactly with the reference's codes, as a BF16 or
// FP16 value converted into a buffer of that format is (ptx_precision.h). Codes computed on (a
// widening cvt and arithmetic, a table lookup, a compare) are FP8 precision and stay refused
// under every class; so is a cast on a problem with no integer buffer to hold codes.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"
#include "generators/variant_space.h"

using namespace solver::generators;

namespace {

// k(in: f32 buffer, out: buffer 1): %f2, %f3 are in[0], in[1] scaled; %rs1 their two E4M3
// codes; `body` follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b16 %rs<8>;\n\t.reg .b32 %r<20>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .b64 %rd<20>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.v2.f32 {%f1, %f4}, [%rd3];\n\tmul.f32 %f2, %f1, 0f42800000;\n"
         "\tmul.f32 %f3, %f4, 0f42800000;\n"
         "\t{cvt.rn.satfinite.e4m3x2.f32 %rs1, %f3, %f2;}\n" +
         body + "\tret;\n}\n";
}

// in is float32; out is buffer 1, an integer output (int_out) or a float32 one.
FloatParams params(bool int_out) {
  FloatParams p{{"k", {true, !int_out}}};
  p.elem_bits["k"] = {32, int_out ? 0 : 32};
  p.buffers["k"] = {{0}, {1}};
  if (int_out) p.int_outputs = {1};
  return p;
}

std::string mismatch(const std::string& body, bool int_out, const std::string& declared = "fp32") {
  std::set<DType> dtypes{DType::F32};
  if (int_out) dtypes.insert(DType::I32);
  return precision_mismatch(scan_ptx_precision(kernel(body), params(int_out)), declared, dtypes);
}

const std::string kStoreCodes =
    "and.b16 %rs3, %rs1, 255;\nshr.u16 %rs4, %rs1, 8;\ncvt.u32.u16 %r1, %rs3;\n"
    "cvt.u32.u16 %r2, %rs4;\nst.global.v2.u32 [%rd4], {%r1, %r2};\n";

}  // namespace

TEST_CASE("FP8 codes only stored into an integer output are the answer") {
  const PtxPrecision p = scan_ptx_precision(kernel(kStoreCodes), params(true));
  CHECK(p.cvt_fp8 == 1);
  CHECK(p.fp8_computed == 0);
  CHECK(mismatch(kStoreCodes, true).empty());
  // The floor still counts the FP8 format the code has (floor_rate.h reads formats()).
  CHECK(p.formats().count("fp8") == 1);
}

TEST_CASE("FP8 codes computed on, or with nowhere to be an answer, are FP8 precision") {
  const std::pair<const char*, std::string> narrowed[] = {
      {"widened back to FP16 and added in FP32",
       "cvt.rn.f16x2.e4m3x2 %r1, %rs1;\nmov.b32 {%rs2, %rs3}, %r1;\ncvt.f32.f16 %f5, %rs2;\n"
       "add.f32 %f6, %f5, %f1;\nst.global.f32 [%rd4], %f6;\n"},
      {"a code looking up a float table (a dequantising LUT) and summed",
       "cvt.u64.u16 %rd5, %rs1;\nand.b64 %rd6, %rd5, 255;\nshl.b64 %rd7, %rd6, 2;\n"
       "add.s64 %rd8, %rd3, %rd7;\nld.global.f32 %f5, [%rd8];\nadd.f32 %f6, %f5, %f1;\n"
       "st.global.f32 [%rd4], %f6;\n"},
  };
  for (const auto& [what, body] : narrowed) {
    CAPTURE(what);
    CHECK(scan_ptx_precision(kernel(body), params(false)).fp8_computed > 0);
    CHECK(mismatch(body, false).find("conversion(s) to FP8") != std::string::npos);
    CHECK(mismatch(body, true).find("conversion(s) to FP8") != std::string::npos);
  }
  // Codes stored into a float output: no integer buffer holds FP8 codes as an answer.
  CHECK(mismatch(kStoreCodes, false).find("conversion(s) to FP8") != std::string::npos);
}

TEST_CASE("through NVRTC: the hon19 FP8 quantiser passes under fp32") {
  if (!nvrtc_available()) {
    MESSAGE("SKIP: no NVRTC: " << nvrtc_unavailable_reason());
    return;
  }
  const std::string src =
      "#include <cuda_fp8.h>\n"
      "extern \"C\" __global__ void k(const float* x, int* q) {\n"
      "  const int i = threadIdx.x;\n"
      "  const __nv_fp8x2_storage_t c = __nv_cvt_float2_to_fp8x2(\n"
      "      make_float2(x[2 * i] * 64.f, x[2 * i + 1] * 64.f), __NV_SATFINITE, __NV_E4M3);\n"
      "  q[2 * i] = c & 0xff;\n  q[2 * i + 1] = c >> 8;\n}\n";
  const auto inc = cuda_include_dir();
  if (!inc) {
    MESSAGE("SKIP: no CUDA include folder for <cuda_fp8.h>");
    return;
  }
  const CompileResult c = nvrtc_compile(src, "k.cu", {"--gpu-architecture=sm_90", "-I" + *inc});
  REQUIRE_MESSAGE(c.ok, c.log);
  const PtxPrecision p = scan_ptx_precision(c.ptx, params(true));
  CHECK(p.cvt_fp8 >= 1);
  CHECK(precision_mismatch(p, "fp32", {DType::F32, DType::I32}).empty());
}
