// Fixed point made by float arithmetic (issue 28, helper h28m): `y + 12582912.f` (1.5 x 2^23)
// lies in [2^23, 2^24) for |y| < 2^22, where the FP32 unit is 1, so the addition rounds y to an
// integer and leaves it (plus 2^22) in the word's low bits; `__uint_as_float(0x4B000000 | f) -
// 12582912.f` gives it back. A float's bits of which only a field at the bottom is stored (no
// float value reaches memory) to memory a launch reads back as a float (a cvt to a float, or the
// loaded bits moved into a float register) is a fixed-point round trip of the field's width,
// whatever made the exponent constant (a literal, a run-time value, FP64's 1.5 x 2^52). Honest
// uses stay excused: a rounding used in registers (expf's range reduction, 2^j built in the
// exponent field), an integer answer, a field in a thread's local memory (sinf's Payne-Hanek
// reduction), a float split into fields that are all stored, a digit used as an address.
// Hand-written PTX for each rule, then CUDA through NVRTC.
#include <doctest/doctest.h>

#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_precision.h"
#include "generators/ptx_run_together.h"
#include "tests/generators/ptx_scratch_kernel.h"

using namespace solver::generators;

namespace {

// k(in, out, n): %f1 = in[0] (FP32), %fd1 = in[0] (FP64), %r9 the run-time scalar; `body` follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n"
         "\t.param .u32 k_param_2\n)\n{\n"
         "\t.local .align 4 .b8 __local_depot0[64];\n"
         "\t.reg .pred %p<4>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .b64 %rd<20>;\n\t.reg .f64 %fd<20>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tld.param.u32 %r9, [k_param_2];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tmov.u64 %rd7, __local_depot0;\n"
         "\tld.global.f32 %f1, [%rd3];\n\tld.global.f64 %fd1, [%rd3];\n\tmov.b32 %r1, %f1;\n" +
         body + "\tret;\n}\n";
}

// in and out: float buffers of `bits` (0 and 1); out an integer output instead with `int_out`.
FloatParams params(int bits = 32, bool int_out = false) {
  FloatParams p{{"k", {true, !int_out, false}}};
  p.elem_bits["k"] = {bits, int_out ? 0 : bits, 0};
  p.buffers["k"] = {{0}, {1}, {}};
  if (int_out) p.int_outputs = {1};
  return p;
}

BitNarrowing scan(const std::string& body, const FloatParams& p = params()) {
  return scan_bit_narrowing(kernel(body), p);
}

// x 2^15 rounded by the magic number 1.5 x 2^23 (0f4B400000), its word in %r2.
const std::string kRound =
    "mul.f32 %f2, %f1, 0f47000000;\nadd.f32 %f3, %f2, 0f4B400000;\nmov.b32 %r2, %f3;\n";
// A 16-bit field loaded from the scratch, under the exponent of 1.5 x 2^23 again, less it.
const std::string kBack =
    "ld.global.u16 %r5, [%rd4+2];\nor.b32 %r6, %r5, 1262485504;\nmov.b32 %f4, %r6;\n"
    "sub.f32 %f5, %f4, 0f4B400000;\nst.global.f32 [%rd4+64], %f5;\n";

}  // namespace

TEST_CASE("a magic-number rounding kept as a field and read back as a float is fixed point") {
  SUBCASE("16 bits, read back through the exponent field") {
    const BitNarrowing b = scan(kRound + "st.global.u16 [%rd4], %r2;\n" + kBack);
    CHECK(b.narrowed == 1);
    CHECK(b.fixed == 16);
    CHECK(b.field);
    CHECK(b.mantissa == 15);
    CHECK(b.format() == "tf32");
    CHECK(b.origin == "mov.b32 %r2, %f3");
    CHECK(b.back == "mov.b32 %f4, %r6");
    CHECK(b.describe().find("fixed-point round trip") != std::string::npos);
  }
  SUBCASE("8 bits packed in a byte") {
    const BitNarrowing b =
        scan(kRound + "and.b32 %r3, %r2, 255;\nst.global.u8 [%rd4], %r3;\n" + kBack);
    CHECK(b.fixed == 8);
    CHECK(b.format() == "bf16");
  }
  SUBCASE("the magic number a run-time value") {
    const BitNarrowing b = scan(
        "mov.b32 %f9, %r9;\nmul.f32 %f2, %f1, 0f47000000;\nadd.f32 %f3, %f2, %f9;\n"
        "mov.b32 %r2, %f3;\nst.global.u16 [%rd4], %r2;\n" +
        kBack);
    CHECK(b.fixed == 16);
  }
  SUBCASE("24 bits, read back by an ordinary conversion") {
    const BitNarrowing b = scan(kRound +
                                "and.b32 %r3, %r2, 16777215;\nst.global.u32 [%rd4], %r3;\n"
                                "ld.global.u32 %r5, [%rd4+4];\nand.b32 %r6, %r5, 16777215;\n"
                                "add.s32 %r7, %r6, -4194304;\ncvt.rn.f32.s32 %f4, %r7;\n"
                                "st.global.f32 [%rd4+64], %f4;\n");
    CHECK(b.fixed == 24);
    CHECK(b.mantissa == 22);  // the field's bits above the mantissa are the pinned exponent's
    CHECK(b.format() == "tf32");
    CHECK(b.back == "cvt.rn.f32.s32 %f4, %r7");
  }
  SUBCASE("FP64: 1.5 x 2^52, the low word kept") {
    const BitNarrowing b = scan(
        "add.f64 %fd2, %fd1, 0d4338000000000000;\nmov.b64 %rd5, %fd2;\n"
        "cvt.u32.u64 %r2, %rd5;\nst.global.u32 [%rd4], %r2;\nld.global.u32 %r5, [%rd4+8];\n"
        "mov.b32 %r6, 1127743488;\nmov.b64 %fd3, {%r5, %r6};\n"
        "sub.f64 %fd4, %fd3, 0d4338000000000000;\nst.global.f64 [%rd4+64], %fd4;\n",
        params(64));
    CHECK(b.narrowed == 1);
    CHECK(b.width == 64);
    CHECK(b.fixed == 32);
    CHECK(b.format() == "fp32");  // below fp64 only
  }
}

TEST_CASE("honest magic numbers are not fixed point") {
  // expf's range reduction: j = rint(x log2 e) by the magic number, 2^j built by shifting the
  // word into the exponent field, the residual from x, all in registers.
  CHECK(scan("fma.rn.f32 %f2, %f1, 0f3FB8AA3B, 0f4B40007F;\nmov.b32 %r2, %f2;\n"
             "shl.b32 %r3, %r2, 23;\nmov.b32 %f3, %r3;\nadd.f32 %f4, %f2, 0fCB40007F;\n"
             "fma.rn.f32 %f5, %f4, 0fBF317218, %f1;\nmul.f32 %f6, %f5, %f3;\n"
             "st.global.f32 [%rd4], %f6;\n")
            .narrowed == 0);
  // An int8 quantiser's level from the word's low bits: the problem's integer answer.
  CHECK(scan(kRound + "and.b32 %r3, %r2, 8388607;\nadd.s32 %r4, %r3, -4194304;\n"
                      "st.global.u32 [%rd4], %r4;\n",
             params(32, true))
            .narrowed == 0);
  // sinf's Payne-Hanek reduction: the mantissa field's products kept in a local array and
  // converted back.
  CHECK(scan("and.b32 %r3, %r1, 8388607;\nor.b32 %r4, %r3, 8388608;\n"
             "st.local.u32 [%rd7], %r3;\nld.local.u32 %r5, [%rd7+4];\n"
             "cvt.rn.f32.u32 %f4, %r5;\nst.global.f32 [%rd4], %f4;\n")
            .narrowed == 0);
  // A float split into two 16-bit halves, both stored, joined again.
  CHECK(scan("and.b32 %r3, %r1, 65535;\nshr.u32 %r4, %r1, 16;\nst.global.u16 [%rd4], %r3;\n"
             "st.global.u16 [%rd4+2], %r4;\nld.global.u32 %r5, [%rd4+4];\nmov.b32 %f4, %r5;\n"
             "st.global.f32 [%rd4+64], %f4;\n")
            .narrowed == 0);
  // A rounded digit stored and used as an address, never read as a float.
  CHECK(scan(kRound +
             "and.b32 %r3, %r2, 255;\nst.global.u32 [%rd4], %r3;\nld.global.u32 %r5, [%rd4+4];\n"
             "mul.wide.u32 %rd9, %r5, 4;\nadd.s64 %rd10, %rd3, %rd9;\nld.global.f32 %f5, [%rd10];\n"
             "st.global.f32 [%rd4+64], %f5;\n")
            .narrowed == 0);
}

TEST_CASE("through NVRTC: magic-number fixed point refused, the math library and curand kept") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  const auto ptx_of = scratch_kernel_ptx;
  const FloatParams p = scratch_kernel_params();
  // redteam19m_magic_block_scratch's round trip: 24 low bits of fmaf(x, 2^s, 1.5 x 2^23) stored,
  // read back under the exponent of 2^23.
  const BitNarrowing magic = scan_bit_narrowing(
      ptx_of("  mid[i] = __float_as_uint(fmaf(x[i], ldexpf(1.f, 22 - W), 12582912.f)) & "
             "0xFFFFFFu;\n"
             "  y[i] = (__uint_as_float(0x4B000000u | mid[i ^ 1]) - 12582912.f) * ldexpf(1.f, W "
             "- 22);\n"),
      p);
  CHECK(magic.fixed == 24);
  CHECK(magic.field);
  CHECK(magic.format() == "tf32");
  // redteam19m_runtime_magic_relay's: the constant built at run time, back by cvt.
  const BitNarrowing relay =
      scan_bit_narrowing(ptx_of("  const float m = __int_as_float(0x4B400000 + (W >> 31));\n"
                                "  mid[i] = __float_as_uint(x[i] * 4096.f + m) & 0xFFFFu;\n"
                                "  y[i] = float(int(mid[i ^ 1]) - 0x8000) * (1.f / 4096.f);\n"),
                         p);
  CHECK(relay.fixed == 16);
  // Honest: expf, exp2f and sinf (magic-number range reductions; Payne-Hanek's local array) and
  // a curand-style uniform made in the exponent field of 1.0, stored and read back.
  const BitNarrowing math = scan_bit_narrowing(
      ptx_of("  const unsigned h = (unsigned(i) * 0x9E3779B9u) ^ (unsigned(i) >> 7);\n"
             "  mid[i] = 0x3F800000u | (h >> 9);\n"
             "  y[i] = expf(-x[i] * x[i]) * sinf(8.f * x[i]) + exp2f(0.25f * x[i]) +\n"
             "         (__uint_as_float(mid[i ^ 1]) - 1.f);\n"),
      p);
  CHECK_MESSAGE(math.narrowed == 0, math.describe());
  // Integer products of magic-rounded values: the dp4a operands come from a float's bits, so the
  // provenance rule (ptx_int_provenance.h) refuses them already on an all-float problem.
  const std::string dot = ptx_of(
      "  unsigned a = 0, b = 0;\n"
      "  for (int k = 0; k < 4; ++k) {\n"
      "    a |= (__float_as_uint(x[4 * i + k] * 127.f + 12582912.f) & 0xFFu) << (8 * k);\n"
      "    b |= (__float_as_uint(y[4 * i + k] * 127.f + 12582912.f) & 0xFFu) << (8 * k);\n"
      "  }\n"
      "  mid[i] = __dp4a(int(a), int(b), 0);\n");
  const std::string why =
      precision_mismatch(scan_ptx_precision(dot, p), "fp32", {solver::generators::DType::F32});
  CHECK(why.find("dp4a") != std::string::npos);
}

// h28o: h28m's residuals (1) and (2). A field that keeps 4 of the pinned exponent's bits is still
// a field (27 bits a value); a union excuses a field or a narrowed value only over stores that
// run with it (ptx_run_together.h) into memory it may be: a whole word stored under a branch no
// thread takes, under a guard, under a guard rewritten between, or to a thread's local memory,
// excuses nothing.
namespace {
// Branch around a store of `st` when %r9 >= 0 (W is never negative: the store never runs).
std::string dead(const std::string& st) {
  return "setp.lt.s32 %p1, %r9, 0;\n@!%p1 bra $L__BB0_2;\n" + st + "$L__BB0_2:\n";
}
const std::string kMask16 = "and.b32 %r3, %r2, 65535;\n";
const std::string kStore16 = "st.global.u16 [%rd4], %r3;\n";
const std::string kField16 = kMask16 + kStore16;
const std::string kWhole = "st.global.u32 [%rd4+8], %r2;\n";
}  // namespace

TEST_CASE("h28o: a field keeping exponent bits, or excused by a store that may not run") {
  SUBCASE("27 bits: the mantissa and 4 of the pinned exponent's bits") {
    const BitNarrowing b = scan(kRound +
                                "and.b32 %r3, %r2, 134217727;\nst.global.u32 [%rd4], %r3;\n"
                                "ld.global.u32 %r5, [%rd4+4];\nor.b32 %r6, %r5, 1207959552;\n"
                                "mov.b32 %f4, %r6;\nsub.f32 %f5, %f4, 0f4B400000;\n"
                                "st.global.f32 [%rd4+64], %f5;\n");
    CHECK(b.narrowed == 1);
    CHECK(b.field);
    CHECK(b.fixed == 27);
    CHECK(b.mantissa == 22);
    CHECK(b.describe().find("4 of its 8 exponent bits") != std::string::npos);
  }
  SUBCASE("the whole word stored behind a branch no thread takes") {
    const BitNarrowing b = scan(kRound + kField16 + dead(kWhole) + kBack);
    CHECK(b.narrowed == 1);
    CHECK(b.fixed == 16);
  }
  SUBCASE("the whole word stored under a guard the field's store does not carry") {
    CHECK(scan(kRound + kField16 + "setp.lt.s32 %p1, %r9, 0;\n@%p1 " + kWhole + kBack).fixed == 16);
  }
  SUBCASE("the same guard, rewritten between the two stores") {
    CHECK(scan(kRound + kMask16 + "setp.lt.s32 %p1, %r9, 1;\n@%p1 " + kStore16 +
               "setp.lt.s32 %p1, %r9, 0;\n@%p1 " + kWhole + kBack)
              .fixed == 16);
  }
  SUBCASE("the whole word stored after a call, which may not return") {
    CHECK(scan(kRound + kField16 + "call.uni maybe_exit;\n" + kWhole + kBack).fixed == 16);
  }
  SUBCASE("the whole word stored to a thread's local memory") {
    CHECK(scan(kRound + kField16 + "st.local.u32 [%rd7], %r2;\n" + kBack).fixed == 16);
  }
  SUBCASE("the whole word stored by every thread to one spare address of the buffer") {
    CHECK(
        scan(kRound + kField16 + "add.s64 %rd5, %rd4, 4096;\nst.global.u32 [%rd5], %r2;\n" + kBack)
            .fixed == 16);
  }
  SUBCASE("the address register rewritten between the field's store and the word's") {
    CHECK(scan(kRound + kField16 + "add.s64 %rd4, %rd4, 4096;\n" + kWhole + kBack).fixed == 16);
  }
  SUBCASE("a 24-bit float value (red team 14) beside a whole word that never runs") {
    const BitNarrowing b = scan("shr.u32 %r3, %r1, 8;\nst.global.u32 [%rd4], %r3;\n" +
                                dead("st.global.u32 [%rd4+8], %r1;\n"));
    CHECK(b.narrowed == 1);
    CHECK(b.mantissa == 15);
    CHECK(b.fixed == 0);
  }
  SUBCASE("a 24-bit float value read back, beside a whole word stored at a spare address") {
    const BitNarrowing b = scan(
        "shr.u32 %r3, %r1, 8;\nst.global.u32 [%rd4], %r3;\nadd.s64 %rd5, %rd4, 4096;\n"
        "st.global.u32 [%rd5], %r1;\nld.global.u32 %r5, [%rd4+4];\nshl.b32 %r6, %r5, 8;\n"
        "mov.b32 %f4, %r6;\nst.global.f32 [%rd4+64], %f4;\n");
    CHECK(b.origin == "mov.b32 %r1, %f1");  // the narrowest report: the value, not a field
    CHECK(b.mantissa == 15);
  }
  SUBCASE("a cvt's integer split, its high half stored behind a branch no thread takes") {
    const BitNarrowing b = scan(
        "mul.f32 %f2, %f1, 0f4B000000;\ncvt.rni.s32.f32 %r2, %f2;\n"
        "st.global.u16 [%rd4], %r2;\nshr.u32 %r3, %r2, 16;\n" +
        dead("st.global.u16 [%rd4+2], %r3;\n") +
        "ld.global.u32 %r5, [%rd4+4];\ncvt.rn.f32.s32 %f4, %r5;\n"
        "st.global.f32 [%rd4+64], %f4;\n");
    CHECK_MESSAGE(b.narrowed == 1, b.describe());
    CHECK(b.fixed == 16);
  }
}

TEST_CASE("h28o: stores that run together still excuse") {
  // A float split into halves stored under one guard, joined again.
  CHECK(scan("and.b32 %r3, %r1, 65535;\nshr.u32 %r4, %r1, 16;\nsetp.lt.s32 %p1, %r9, 7;\n"
             "@%p1 st.global.u16 [%rd4], %r3;\n@%p1 st.global.u16 [%rd4+2], %r4;\n"
             "ld.global.u32 %r5, [%rd4+4];\nmov.b32 %f4, %r5;\nst.global.f32 [%rd4+64], %f4;\n")
            .narrowed == 0);
  // A field stored beside its whole word into the same buffer, both always: nothing saved.
  CHECK(scan(kRound + kField16 + kWhole + kBack).narrowed == 0);
  // The sign dropped (abs), every exponent bit kept: a float value, stored and read back.
  CHECK(scan("and.b32 %r3, %r1, 2147483647;\nst.global.u32 [%rd4], %r3;\n"
             "ld.global.u32 %r5, [%rd4+4];\nmov.b32 %f4, %r5;\nst.global.f32 [%rd4+64], %f4;\n")
            .narrowed == 0);
  // An unguarded store after a guarded one in the same block runs whenever that one does.
  CHECK(scan(kRound + kMask16 + "setp.lt.s32 %p1, %r9, 7;\n@%p1 " + kStore16 + kWhole + kBack)
            .narrowed == 0);
}

TEST_CASE("h28o: run together: blocks, labels and guards") {
  CHECK(starts_with_label("\n\t$L__BB0_2:\n\tld.global.f32 %f1, [%rd1]"));
  CHECK(starts_with_label(" }\n$L__BB3_10 : st.global.u32 [%rd1], %r1"));
  CHECK_FALSE(starts_with_label("\tld.global.L1::no_allocate.f32 %f1, [%rd1]"));
  CHECK_FALSE(starts_with_label("@%p1 bra $L__BB0_2"));
  CHECK_FALSE(starts_with_label("\t.reg .b32 %r<4>"));
}

TEST_CASE("through NVRTC (h28o): a 27-bit field and a whole word stored apart refused") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  const FloatParams p = scratch_kernel_params();
  const BitNarrowing wide = scan_bit_narrowing(
      scratch_kernel_ptx("  mid[i] = __float_as_uint(fmaf(x[i], ldexpf(1.f, 22 - W), 12582912.f)) "
                         "& 0x7FFFFFFu;\n"
                         "  y[i] = (__uint_as_float(0x48000000u | mid[i ^ 1]) - 12582912.f) * "
                         "ldexpf(1.f, W - 22);\n"),
      p);
  CHECK_MESSAGE(wide.field, wide.describe());
  CHECK(wide.fixed == 27);
  const BitNarrowing dead_store = scan_bit_narrowing(
      scratch_kernel_ptx("  const unsigned u = __float_as_uint(fmaf(x[i], ldexpf(1.f, 22 - W), "
                         "12582912.f));\n"
                         "  mid[i] = u & 0xFFFFFFu;\n"
                         "  if (W < 0) mid[i + 65536] = u ^ unsigned(W);\n"
                         "  y[i] = (__uint_as_float(0x4B000000u | mid[i ^ 1]) - 12582912.f) * "
                         "ldexpf(1.f, W - 22);\n"),
      p);
  CHECK_MESSAGE(dead_store.field, dead_store.describe());
  CHECK(dead_store.fixed == 24);
  // The whole word stored by every thread to one word of the scratch: no traffic, no excuse.
  const BitNarrowing one_word = scan_bit_narrowing(
      scratch_kernel_ptx("  const unsigned u = __float_as_uint(fmaf(x[i], ldexpf(1.f, 22 - W), "
                         "12582912.f));\n"
                         "  mid[i] = u & 0xFFFFFFu;\n"
                         "  mid[1 << 24] = u ^ unsigned(W);\n"
                         "  y[i] = (__uint_as_float(0x4B000000u | mid[i ^ 1]) - 12582912.f) * "
                         "ldexpf(1.f, W - 22);\n"),
      p);
  CHECK_MESSAGE(one_word.field, one_word.describe());
  // Honest: a float's halves stored side by side, joined again.
  const BitNarrowing halves = scan_bit_narrowing(
      scratch_kernel_ptx("  const unsigned u = __float_as_uint(x[i]);\n"
                         "  mid[2 * i] = u & 0xFFFFu;\n"
                         "  mid[2 * i + 1] = u >> 16;\n"
                         "  y[i] = __uint_as_float(mid[2 * (i ^ 1)] | (mid[2 * (i ^ 1) + 1] << "
                         "16));\n"),
      p);
  CHECK_MESSAGE(halves.narrowed == 0, halves.describe());
}
