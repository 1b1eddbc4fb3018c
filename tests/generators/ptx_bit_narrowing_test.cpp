// A float narrowed by integer code (generators/ptx_bit_narrowing.h, issue 28, red team 14): the
// bits kept are counted whatever instructions cut them (a rounding shift, a mask, prmt, bfe, a
// 16-bit move or conversion, a funnel shift, a multiply by a power of two, a constant mask in a
// register, a lop3 with constant operands (red team 16), an integer load of a float buffer, a
// shared-memory round trip), and honest integer code on float bits (sign flips, abs, exponent
// fields, ordered keys, NaN checks, hashes, the fast inverse square root, shuffles, splits stored
// whole, a bf16 output rounded in integer code) is left alone. Hand-written PTX for each rule, then
// CUDA through NVRTC.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_precision.h"

using namespace solver::generators;

namespace {

// k(in: float buffer, out): %f1 is in[0] and %r1 its bits, %fd1 a double; `body` follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b16 %rs<8>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .b64 %rd<20>;\n\t.reg .f64 %fd<8>;\n"
         "\t.shared .align 4 .b8 tile[1024];\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.f32 %f1, [%rd3];\n\tld.global.f64 %fd1, [%rd3+8];\n"
         "\tmov.b32 %r1, %f1;\n" +
         body + "\tret;\n}\n";
}

BitNarrowing scan(const std::string& body, const FloatParams& p = FloatParams{}) {
  return scan_bit_narrowing(kernel(body), p);
}

// Both parameters float buffers of the given element widths.
FloatParams floats(int in_bits, int out_bits) {
  FloatParams p{{"k", {true, true}}};
  p.elem_bits["k"] = {in_bits, out_bits};
  return p;
}

}  // namespace

TEST_CASE("a float's bits cut by integer code and stored: the bits kept are counted") {
  struct Case {
    const char* what;
    std::string body;
    int mantissa, exponent;
    const char* format;
    std::string origin = "mov.b32 %r1, %f1";
  };
  const Case cases[] = {
      {"round to nearest and shift (red team 14)",
       "add.s32 %r2, %r1, 127;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd4], %r3;\n", 15, 8, "tf32"},
      {"a mask clearing the low half", "and.b32 %r2, %r1, -65536;\nst.global.u32 [%rd4], %r2;\n", 7,
       8, "bf16"},
      {"the high half converted to 16 bits",
       "shr.u32 %r2, %r1, 16;\ncvt.u16.u32 %rs1, %r2;\nst.global.u16 [%rd4], %rs1;\n", 7, 8,
       "bf16"},
      {"prmt selecting the high bytes",
       "prmt.b32 %r2, %r1, 0, 0x4432;\ncvt.u16.u32 %rs1, %r2;\nst.global.u16 [%rd4], %rs1;\n", 7, 8,
       "bf16"},
      {"bfe of the high half",
       "bfe.u32 %r2, %r1, 16, 16;\ncvt.u16.u32 %rs1, %r2;\nst.global.u16 [%rd4], %rs1;\n", 7, 8,
       "bf16"},
      {"the high half of an unpacking mov",
       "mov.b32 {%rs1, %rs2}, %r1;\nst.global.u16 [%rd4], %rs2;\n", 7, 8, "bf16"},
      {"a 16-bit store of a shifted word: 11 mantissa and 5 exponent bits",
       "shr.u32 %r2, %r1, 12;\nst.global.u16 [%rd4], %r2;\n", 11, 5, "f16"},
      {"a funnel shift", "shf.r.clamp.b32 %r2, %r1, 0, 8;\nst.global.u32 [%rd4], %r2;\n", 15, 8,
       "tf32"},
      {"mul.hi by a power of two", "mul.hi.u32 %r2, %r1, 16777216;\nst.global.u32 [%rd4], %r2;\n",
       15, 8, "tf32"},
      {"a constant mask in a register",
       "mov.u32 %r9, -256;\nand.b32 %r2, %r1, %r9;\nst.shared.u32 [tile], %r2;\n", 15, 8, "tf32"},
      {"shr then shl back into a float register, then arithmetic",
       "shr.u32 %r2, %r1, 13;\nshl.b32 %r3, %r2, 13;\nmov.b32 %f2, %r3;\n"
       "add.f32 %f3, %f2, %f2;\nst.global.f32 [%rd4], %f3;\n",
       10, 8, "tf32"},
      {"a float register stored from shifted bits",
       "shr.u32 %r2, %r1, 16;\nmov.b32 %f2, %r2;\nst.global.f32 [%rd4], %f2;\n", 7, 8, "bf16"},
      {"lop3 as a mask after the rounding add (red team 16)",
       "add.s32 %r2, %r1, 127;\nlop3.b32 %r3, %r2, 0xFFFFFF00, 0, 0xC0;\nshr.u32 %r4, %r3, 8;\n"
       "st.global.u32 [%rd4], %r4;\n",
       15, 8, "tf32"},
      {"lop3 with its mask in a register and a third operand it ignores",
       "mov.u32 %r9, -65536;\nlop3.b32 %r2, %r9, %r1, %r7, 0xC0;\nst.global.u32 [%rd4], %r2;\n", 7,
       8, "bf16"},
      {"an unsigned division by a power of two (red team 17)",
       "add.s32 %r2, %r1, 127;\ndiv.u32 %r3, %r2, 256;\nst.global.u32 [%rd4], %r3;\n", 15, 8,
       "tf32"},
      {"a signed division by a power of two",
       "div.s32 %r2, %r1, 65536;\nst.global.u32 [%rd4], %r2;\n", 7, 8, "bf16"},
      {"a shared-memory round trip of a float",
       "st.shared.f32 [tile], %f1;\nld.shared.u32 %r5, [tile];\nand.b32 %r6, %r5, -65536;\n"
       "st.global.u32 [%rd4], %r6;\n",
       7, 8, "bf16", "ld.shared.u32 %r5, [tile]"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.what);
    const BitNarrowing b = scan(c.body);
    CHECK(b.narrowed == 1);
    CHECK(b.width == 32);
    CHECK(b.mantissa == c.mantissa);
    CHECK(b.exponent == c.exponent);
    CHECK(b.format() == c.format);
    CHECK(b.origin == c.origin);
  }
  // A float split by a division and a remainder by 2^16, both halves stored, keeps every bit.
  CHECK(scan("div.u32 %r2, %r1, 65536;\nrem.u32 %r3, %r1, 65536;\nst.global.u32 [%rd4], %r2;\n"
             "st.global.u32 [%rd4+4], %r3;\n")
            .narrowed == 0);
}

TEST_CASE("the precision message names the instructions, the bits kept and what to declare") {
  const std::string ptx =
      kernel("add.s32 %r2, %r1, 127;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd4], %r3;\n");
  const PtxPrecision p = scan_ptx_precision(ptx, floats(32, 32));
  const std::string why = precision_mismatch(p, "fp32", {DType::F32});
  CAPTURE(why);
  CHECK(why.find("1 FP32 value(s) narrowed in integer code") != std::string::npos);
  CHECK(why.find("the bits from `mov.b32 %r1, %f1`") != std::string::npos);
  CHECK(why.find("reach `st.global.u32 [%rd4], %r3`") != std::string::npos);
  CHECK(why.find("15 of their 23 mantissa bits and 8 of 8 exponent bits") != std::string::npos);
  CHECK(why.find("dropped by `shr.u32 %r3, %r2, 8`") != std::string::npos);
  CHECK(why.find("declare precision 'tf32'") != std::string::npos);
  // The class those bits make admits them; a class above refuses.
  CHECK(precision_mismatch(p, "tf32", {DType::F32}).empty());
  CHECK(precision_mismatch(p, "bf16", {DType::F32}).empty());
  CHECK(!precision_mismatch(p, "fp64", {DType::F32}).empty());
  // Bits kept to a bf16's 7 mantissa bits: below tf32 and fp16, inside bf16.
  const PtxPrecision q = scan_ptx_precision(
      kernel("and.b32 %r2, %r1, -65536;\nst.global.u32 [%rd4], %r2;\n"), floats(32, 32));
  CHECK(!precision_mismatch(q, "tf32", {DType::F32}).empty());
  CHECK(!precision_mismatch(q, "fp16", {DType::F32}).empty());
  CHECK(precision_mismatch(q, "bf16", {DType::F32}).empty());
}

TEST_CASE("an integer load of a float buffer is a float's bits; an FP64 kept to FP32's mantissa") {
  const std::string body =
      "ld.global.u32 %r5, [%rd3];\nand.b32 %r6, %r5, -65536;\nst.global.u32 [%rd4], %r6;\n";
  // Without the bindings the loaded word is no float's; with them it is.
  CHECK(scan(body).narrowed == 0);
  const BitNarrowing b = scan(body, floats(32, 32));
  CHECK(b.narrowed == 1);
  CHECK(b.origin == "ld.global.u32 %r5, [%rd3]");
  CHECK(b.format() == "bf16");
  // A .b64 load of an f32 buffer holds two floats: each is judged apart.
  const BitNarrowing two = scan(
      "ld.global.u64 %rd5, [%rd3];\nshr.u64 %rd6, %rd5, 32;\ncvt.u32.u64 %r6, %rd6;\n"
      "and.b32 %r7, %r6, -65536;\nst.global.u32 [%rd4], %r7;\n",
      floats(32, 32));
  CHECK(two.narrowed == 1);
  CHECK(two.mantissa == 7);
  // A 16-bit load of an f32 element reads the half its byte offset names: the high half is a
  // bf16; both halves loaded and stored keep every bit.
  const BitNarrowing high =
      scan("ld.global.u16 %rs1, [%rd3+2];\nst.global.u16 [%rd4], %rs1;\n", floats(32, 32));
  CHECK(high.narrowed == 1);
  CHECK(high.format() == "bf16");
  CHECK(scan("ld.global.u16 %rs1, [%rd3+2];\nld.global.u16 %rs2, [%rd3];\n"
             "st.global.u16 [%rd4+2], %rs1;\nst.global.u16 [%rd4], %rs2;\n",
             floats(32, 32))
            .narrowed == 0);
  // A double's top 32 bits past its 29 lowest: FP32's mantissa, below fp64 only.
  const std::string f64 =
      "mov.b64 %rd5, %fd1;\nshr.u64 %rd6, %rd5, 29;\ncvt.u32.u64 %r2, %rd6;\n"
      "st.global.u32 [%rd4], %r2;\n";
  const BitNarrowing d = scan(f64);
  CHECK(d.width == 64);
  CHECK(d.mantissa == 23);
  CHECK(d.exponent == 9);
  CHECK(d.format() == "fp32");
  const PtxPrecision p = scan_ptx_precision(kernel(f64), floats(64, 64));
  CHECK(!precision_mismatch(p, "fp64", {DType::F64}).empty());
  CHECK(precision_mismatch(p, "fp32", {DType::F64}).empty());
  // The high word of a double alone, stored.
  const BitNarrowing hi = scan("mov.b64 {%r2, %r3}, %fd1;\nst.global.u32 [%rd4], %r3;\n");
  CHECK(hi.mantissa == 20);
  CHECK(hi.format() == "tf32");
}

TEST_CASE("honest integer code on float bits is not a narrowing") {
  const std::pair<const char*, std::string> honest[] = {
      {"sign flip", "xor.b32 %r2, %r1, -2147483648;\nst.global.u32 [%rd4], %r2;\n"},
      {"abs back into a float",
       "and.b32 %r2, %r1, 2147483647;\nmov.b32 %f2, %r2;\nst.global.f32 [%rd4], %f2;\n"},
      {"the exponent field as an integer",
       "shr.u32 %r2, %r1, 23;\nand.b32 %r3, %r2, 255;\nadd.s32 %r4, %r3, -127;\n"
       "st.global.u32 [%rd4], %r4;\n"},
      {"frexp's mantissa and ldexp's power of two",
       "and.b32 %r2, %r1, -2139095041;\nor.b32 %r3, %r2, 1056964608;\nmov.b32 %f2, %r3;\n"
       "shr.u32 %r4, %r1, 23;\nshl.b32 %r5, %r4, 23;\nmov.b32 %f3, %r5;\n"
       "mul.f32 %f4, %f2, %f3;\nst.global.f32 [%rd4], %f4;\nst.global.u32 [%rd4+4], %r5;\n"},
      {"an ordered key and atomicMax on a float's bits",
       "shr.s32 %r2, %r1, 31;\nor.b32 %r3, %r2, -2147483648;\nxor.b32 %r4, %r1, %r3;\n"
       "st.global.u32 [%rd4], %r4;\natom.global.max.s32 %r5, [%rd4+4], %r1;\n"},
      {"radix digits beside the whole key",
       "shr.u32 %r2, %r1, 21;\nst.shared.u32 [tile], %r2;\nst.global.u32 [%rd4], %r1;\n"},
      {"a NaN check",
       "and.b32 %r2, %r1, 2147483647;\nsetp.gt.u32 %p1, %r2, 2139095040;\n"
       "selp.f32 %f2, 0f00000000, %f1, %p1;\nst.global.f32 [%rd4], %f2;\n"},
      {"a hash of the bits",
       "mul.lo.s32 %r2, %r1, -1640531535;\nshr.u32 %r3, %r2, 16;\nst.global.u32 [%rd4], %r3;\n"},
      {"the fast inverse square root with two Newton steps",
       "shr.u32 %r2, %r1, 1;\nsub.s32 %r3, 1597463007, %r2;\nmov.b32 %f2, %r3;\n"
       "mul.f32 %f3, %f2, %f2;\nmul.f32 %f4, %f3, %f1;\nsub.f32 %f5, 0f3FC00000, %f4;\n"
       "mul.f32 %f6, %f2, %f5;\nmul.f32 %f7, %f6, %f6;\nmul.f32 %f8, %f7, %f1;\n"
       "sub.f32 %f9, 0f3FC00000, %f8;\nmul.f32 %f10, %f6, %f9;\nst.global.f32 [%rd4], %f10;\n"},
      {"a warp shuffle of a float's bits",
       "shfl.sync.bfly.b32 %r2|%p1, %r1, 16, 31, -1;\nmov.b32 %f2, %r2;\n"
       "add.f32 %f3, %f1, %f2;\nst.global.f32 [%rd4], %f3;\n"},
      {"a float split into halves, both stored",
       "mov.b32 {%rs1, %rs2}, %r1;\nst.global.u16 [%rd4], %rs1;\nst.global.u16 [%rd4+2], %rs2;\n"},
      {"lop3 as copysign (a & 0x7FFFFFFF) | (c & ~0x7FFFFFFF) back into a float",
       "ld.global.u32 %r5, [%rd4];\nlop3.b32 %r2, %r1, 2147483647, %r5, 0xE2;\nmov.b32 %f2, %r2;\n"
       "st.global.f32 [%rd4], %f2;\n"},
      {"lop3 as a sign flip (xor with the sign bit)",
       "lop3.b32 %r2, %r1, 0x80000000, 0, 0x3C;\nst.global.u32 [%rd4], %r2;\n"},
      {"lop3 as a three-input xor hash of a float's bits",
       "shr.u32 %r2, %r1, 7;\nshl.b32 %r3, %r1, 9;\nlop3.b32 %r4, %r1, %r2, %r3, 0x96;\n"
       "st.global.u32 [%rd4], %r4;\n"},
      {"a double's words moved out and back",
       "mov.b64 {%r2, %r3}, %fd1;\nxor.b32 %r4, %r3, -2147483648;\nmov.b64 %fd2, {%r2, %r4};\n"
       "st.global.f64 [%rd4], %fd2;\n"},
      {"pow's zero: a double rebuilt from its high word and 0 in a float register",
       "mov.b64 {%r2, %r3}, %fd1;\nmov.u32 %r4, 0;\nmov.b64 %fd2, {%r4, %r3};\n"
       "st.global.f64 [%rd4], %fd2;\n"},
  };
  for (const auto& [what, body] : honest) {
    CAPTURE(what);
    const BitNarrowing b = scan(body, floats(32, 32));
    CHECK(b.narrowed == 0);
    CHECK(precision_mismatch(scan_ptx_precision(kernel(body), floats(32, 32)), "fp32", {DType::F32})
              .empty());
  }
}

TEST_CASE("a bf16 output rounded in integer code is the problem's own format") {
  const std::string body =
      "add.s32 %r2, %r1, 32767;\nshr.u32 %r3, %r2, 16;\ncvt.u16.u32 %rs1, %r3;\n"
      "st.global.u16 [%rd4], %rs1;\n";
  CHECK(scan(body, floats(32, 16)).narrowed == 0);  // out is a bf16 buffer: excused
  CHECK(scan(body, floats(32, 32)).format() == "bf16");
}

TEST_CASE("a float rounded in integer code, then converted by a cvt to that format, is the cvt's") {
  // hon19 (issue 28): llm.c's stochastic rounding to BF16 (llmc/cuda_utils.cuh): the low 16
  // bits filled or cleared against a random threshold, the float moved back into a float
  // register and converted by cvt.rn.bf16.f32 (exact), stored to a BF16 buffer. The narrowing
  // keeps BF16's 7 mantissa bits: nothing the cvt does not drop, so the cvt is what is judged
  // (the typed rule: a BF16 output only stored is excused). Fewer bits kept than the cvt's
  // format (FP8's 3 before a BF16 cvt) stay a narrowing.
  const std::string sr =
      "ld.global.u32 %r5, [%rd4+8];\nand.b32 %r6, %r5, 65535;\nand.b32 %r7, %r1, 65535;\n"
      "setp.gt.u32 %p1, %r7, %r6;\nor.b32 %r8, %r1, 65535;\nand.b32 %r9, %r1, -65536;\n"
      "selp.b32 %r10, %r8, %r9, %p1;\nmov.b32 %f2, %r10;\n";
  const std::string to_bf16 = "cvt.rn.bf16.f32 %rs1, %f2;\nst.global.u16 [%rd4], %rs1;\n";
  CHECK(scan(sr + to_bf16, floats(32, 16)).narrowed == 0);
  CHECK(precision_mismatch(scan_ptx_precision(kernel(sr + to_bf16), floats(32, 16)), "fp32",
                           {DType::F32, DType::BF16})
            .empty());
  // The same bits computed on in FP32 before any cvt: a BF16 value under fp32.
  const BitNarrowing computed = scan(
      sr + "add.f32 %f3, %f2, %f1;\n" + to_bf16 + "st.global.f32 [%rd4+4], %f3;\n", floats(32, 16));
  CHECK(computed.format() == "bf16");
  // A cvt to FP16 keeps 10 mantissa bits: BF16's 7 before it are a narrowing of their own.
  CHECK(scan(sr + "cvt.rn.f16.f32 %rs1, %f2;\nst.global.u16 [%rd4], %rs1;\n", floats(32, 16))
            .format() == "bf16");
  // FP8's 3 bits (the low 20 cleared) before a BF16 cvt: still a narrowing.
  const std::string fp8 = "and.b32 %r2, %r1, -1048576;\nmov.b32 %f2, %r2;\n" + to_bf16;
  CHECK(scan(fp8, floats(32, 16)).format() == "fp8");
}

TEST_CASE("an integer output no launch reads back holds the problem's answer, not a narrowing") {
  // k(in: f32 buffer 0, out: buffer 1); red team 16's log bucket: exponent and top 3 mantissa
  // bits of a float stored as an integer.
  auto params = [](bool int_out) {
    FloatParams p{{"k", {true, !int_out}}};
    p.elem_bits["k"] = {32, int_out ? 0 : 32};
    p.buffers["k"] = {{0}, {1}};
    if (int_out) p.int_outputs = {1};
    return p;
  };
  const std::string bucket = "shr.u32 %r2, %r1, 20;\nst.global.u32 [%rd4], %r2;\n";
  CHECK(scan(bucket, params(true)).narrowed == 0);
  CHECK(scan(bucket, params(false)).format() == "fp8");  // an f32 output: a narrowed float
  // Read back by the module (a load, an atomic, a load through a pointer of unknown origin), the
  // output is a scratch and its stores are judged as any (red team 14's narrowing through it).
  for (const std::string& read :
       {std::string("ld.global.u32 %r3, [%rd4+4];\n"),
        std::string("atom.global.add.u32 %r3, [%rd4+8], 1;\n"),
        std::string("ld.global.u64 %rd9, [%rd3+16];\nld.global.u32 %r4, [%rd9];\n")}) {
    CAPTURE(read);
    CHECK(scan(bucket + read, params(true)).format() == "fp8");
  }
  // Red team 17 (redteam17_int_answer_alias): the output read through in's pointer plus the
  // difference of the two pointers carried through memory, where a loaded value has no
  // provenance: the address reads as in's. A buffer's pointer stored to memory may come back as
  // any address, so its buffers count as read back.
  const std::string alias =
      "sub.s64 %rd10, %rd4, %rd3;\nst.shared.u64 [tile], %rd10;\nld.shared.u64 %rd11, [tile];\n"
      "add.s64 %rd12, %rd3, %rd11;\nld.global.u32 %r5, [%rd12];\n";
  CHECK(scan(bucket + alias, params(true)).format() == "fp8");
  // Another buffer's pointer stored is no read of the output.
  CHECK(scan(bucket + "st.shared.u64 [tile], %rd3;\n", params(true)).narrowed == 0);
}

TEST_CASE("through NVRTC: honest CUDA on float bits passes, narrowing CUDA does not") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  auto ptx_of = [](const std::string& body) {
    const std::string src =
        "extern \"C\" __global__ void k(const float* x, float* y, unsigned* u, int* e, "
        "unsigned short* h, int n) {\n  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i >= n) return;\n  const float v = x[i];\n  const unsigned b = "
        "__float_as_uint(v);\n" +
        body + "}\n";
    auto r = nvrtc_compile(src, "k.cu", {"--gpu-architecture=sm_90"});
    REQUIRE_MESSAGE(r.ok, r.log);
    return r.ptx;
  };
  const std::pair<const char*, std::string> honest[] = {
      {"sign flip and abs",
       "  y[i] = __uint_as_float(b ^ 0x80000000u) + __uint_as_float(b & 0x7fffffffu);\n"},
      {"exponent field", "  e[i] = int((b >> 23) & 0xffu) - 127;\n"},
      {"ordered key, radix digit and atomicMax",
       "  const unsigned key = b ^ ((b >> 31) ? 0xffffffffu : 0x80000000u);\n"
       "  u[i] = key;\n  e[i] = int(key >> 21);\n  atomicMax(e + n, __float_as_int(v));\n"},
      {"NaN check", "  y[i] = (b & 0x7fffffffu) > 0x7f800000u ? 0.f : v;\n"},
      {"hash", "  u[i] = (b * 2654435761u) >> 16;\n"},
      {"fast inverse square root and two Newton steps",
       "  float r = __uint_as_float(0x5f3759dfu - (b >> 1));\n"
       "  r = r * (1.5f - 0.5f * v * r * r);\n  r = r * (1.5f - 0.5f * v * r * r);\n  y[i] = r;\n"},
      {"warp shuffle sum",
       "  float s = v;\n  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, "
       "o);\n"
       "  y[i] = s;\n"},
  };
  // x and y are f32 buffers (NVVM loads x as .u32 where only its bits are used), the rest
  // integers.
  FloatParams p{{"k", {true, true, false, false, false, false}}};
  p.elem_bits["k"] = {32, 32, 0, 0, 0, 0};
  for (const auto& [what, body] : honest) {
    CAPTURE(what);
    const std::string ptx = ptx_of(body);
    CAPTURE(ptx);
    CHECK(scan_bit_narrowing(ptx, p).narrowed == 0);
  }
  const BitNarrowing trunc =
      scan_bit_narrowing(ptx_of("  y[i] = __uint_as_float(b & 0xffff0000u) * 3.f;\n"), p);
  CHECK(trunc.format() == "bf16");
  const BitNarrowing half = scan_bit_narrowing(ptx_of("  h[i] = (unsigned short)(b >> 16);\n"), p);
  CHECK(half.format() == "bf16");
  const BitNarrowing round24 =
      scan_bit_narrowing(ptx_of("  u[i] = (b + 0x7fu + ((b >> 8) & 1u)) >> 8;\n"), p);
  CHECK(round24.mantissa == 15);
  CHECK(round24.format() == "tf32");
}
