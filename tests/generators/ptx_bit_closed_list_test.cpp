// The bit-narrowing scan's fallbacks closed by a property (issue 28, h28c), not per instruction:
//  - a closed list of modelled integer instructions: a float's lowest mantissa bit that reaches
//    a sink only through an instruction outside it, or through a modelled one whose shift
//    amount, mask, selector or factor is known only at run time, is reported, not read as kept
//    (red team 16: redteam16_runtime_shift_narrow's `shr.u32 %r105, %r83, %r100`);
//  - a fixed-point round trip: a float rounded to an integer, stored to memory a launch loads
//    back and converts to a float again, is a narrowing to the integer's width (red team 17:
//    redteam17_block_fixed_scratch), while an integer answer, an address and a conversion back
//    in registers stay excused.
// Hand-written PTX for each rule, then CUDA through NVRTC.
#include <doctest/doctest.h>

#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/ptx_bit_narrowing.h"
#include "tests/generators/ptx_scratch_kernel.h"

using namespace solver::generators;

namespace {

// k(in, out): %f1 is in[0], %r1 its bits, %r9 a run-time value (the third parameter); `body`
// follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n"
         "\t.param .u32 k_param_2\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b16 %rs<8>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .b64 %rd<20>;\n"
         "\t.shared .align 4 .b8 tile[1024];\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tld.param.u32 %r9, [k_param_2];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.f32 %f1, [%rd3];\n\tmov.b32 %r1, %f1;\n" +
         body + "\tret;\n}\n";
}

// in: an f32 buffer (0); out: buffer 1, f32 or an integer output.
FloatParams params(bool int_out = false) {
  FloatParams p{{"k", {true, !int_out, false}}};
  p.elem_bits["k"] = {32, int_out ? 0 : 32, 0};
  p.buffers["k"] = {{0}, {1}, {}};
  if (int_out) p.int_outputs = {1};
  return p;
}

BitNarrowing scan(const std::string& body, const FloatParams& p = params()) {
  return scan_bit_narrowing(kernel(body), p);
}

}  // namespace

TEST_CASE("a run-time amount, mask or factor, or an instruction off the list, may drop bits") {
  struct Case {
    const char* what;
    std::string body, outside;
  };
  const std::string st = "st.global.u32 [%rd4], %r3;\n";
  const Case cases[] = {
      {"red team 16: a rounding shift by a run-time amount",
       "add.s32 %r2, %r1, 127;\nshr.u32 %r3, %r2, %r9;\n" + st, "shr.u32 %r3, %r2, %r9"},
      {"a computed amount (8 + (W >> 31))",
       "shr.s32 %r5, %r9, 31;\nadd.s32 %r6, %r5, 8;\nshr.u32 %r3, %r1, %r6;\n" + st,
       "shr.u32 %r3, %r1, %r6"},
      {"a left shift by a run-time amount, then a constant shift right",
       "shl.b32 %r2, %r1, %r9;\nshr.u32 %r3, %r2, 8;\n" + st, "shl.b32 %r2, %r1, %r9"},
      {"a run-time mask", "and.b32 %r3, %r1, %r9;\n" + st, "and.b32 %r3, %r1, %r9"},
      {"the high word of a wide product by a run-time factor (2^24)",
       "mul.wide.u32 %rd9, %r1, %r9;\nshr.u64 %rd10, %rd9, 32;\ncvt.u32.u64 %r3, %rd10;\n" + st,
       "mul.wide.u32 %rd9, %r1, %r9"},
      {"the high half of a product by 2^24 + 1 (a shift right by 8)",
       "mul.hi.u32 %r3, %r1, 16777217;\n" + st, "mul.hi.u32 %r3, %r1, 16777217"},
      {"a division by a run-time divisor", "div.u32 %r3, %r1, %r9;\n" + st,
       "div.u32 %r3, %r1, %r9"},
      {"bfe at a run-time position", "bfe.u32 %r3, %r1, %r9, 24;\n" + st,
       "bfe.u32 %r3, %r1, %r9, 24"},
      {"a funnel shift by a run-time amount", "shf.r.wrap.b32 %r3, %r1, 0, %r9;\n" + st,
       "shf.r.wrap.b32 %r3, %r1, 0, %r9"},
      {"prmt in a non-default mode", "prmt.b32.f4e %r3, %r1, 0, 1;\n" + st,
       "prmt.b32.f4e %r3, %r1, 0, 1"},
      {"mul24", "mul24.hi.u32 %r3, %r1, 65536;\n" + st, "mul24.hi.u32 %r3, %r1, 65536"},
      {"a video shift", "vshr.u32.u32.u32.clamp %r3, %r1, 8;\n" + st,
       "vshr.u32.u32.u32.clamp %r3, %r1, 8"},
      {"bmsk as a mask", "bmsk.clamp.b32 %r5, 8, 24;\nand.b32 %r3, %r1, %r5;\n" + st,
       "and.b32 %r3, %r1, %r5"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.what);
    const BitNarrowing b = scan(c.body);
    CHECK(b.narrowed == 1);
    CHECK(b.outside == c.outside);
    CHECK(b.describe().find("`" + c.outside + "`") != std::string::npos);
    CHECK(b.describe().find("does not model exactly") != std::string::npos);
    CHECK(!b.format().empty());
    CHECK(b.format() != "fp32");
  }
}

TEST_CASE(
    "a multiply by a run-time factor is read as the factor 1: a later shift cuts as it does") {
  const BitNarrowing b =
      scan("mul.lo.s32 %r2, %r1, %r9;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd4], %r3;\n");
  CHECK(b.narrowed == 1);
  CHECK(b.mantissa == 15);
  CHECK(b.dropped_by == "shr.u32 %r3, %r2, 8");
}

TEST_CASE("a value's own masked copy subtracted or xored away clears those bits") {
  for (const char* op : {"sub.s32", "xor.b32"}) {
    CAPTURE(op);
    const BitNarrowing b = scan(std::string("and.b32 %r2, %r1, 255;\n") + op +
                                " %r3, %r1, %r2;\nst.global.u32 [%rd4], %r3;\n");
    CHECK(b.narrowed == 1);
    CHECK(b.mantissa == 15);
  }
  // Another value subtracted, or a copy at other places, clears nothing.
  CHECK(
      scan("shr.u32 %r2, %r1, 8;\nsub.s32 %r3, %r1, %r2;\nst.global.u32 [%rd4], %r3;\n").narrowed ==
      0);
  CHECK(scan("sub.s32 %r3, %r1, %r9;\nst.global.u32 [%rd4], %r3;\n").narrowed == 0);
}

TEST_CASE("the closed list leaves honest integer code on float bits alone") {
  const std::string st = "st.global.u32 [%rd4], %r3;\n";
  const char* honest[] = {
      // A run-time shift of the mantissa alone (a denormal path, Payne-Hanek's product words):
      // no exponent bit, no float value.
      "and.b32 %r2, %r1, 8388607;\nshr.u32 %r3, %r2, %r9;\n",
      // A run-time shift of the exponent field (no lowest mantissa bit to drop).
      "shr.u32 %r2, %r1, 23;\nshl.b32 %r3, %r2, %r9;\n",
      // A hash by an odd constant (the low half of a product: nothing dropped).
      "mul.lo.s32 %r3, %r1, -1640531535;\n",
      // Counts and positions of a float's bits.
      "clz.b32 %r3, %r1;\n",
      "popc.b32 %r3, %r1;\n",
      // A radix digit at a run-time position, used as an address; the key stored whole.
      "shr.u32 %r2, %r1, %r9;\nand.b32 %r5, %r2, 255;\nmul.wide.u32 %rd9, %r5, 4;\n"
      "add.s64 %rd10, %rd4, %rd9;\nmov.u32 %r3, %r1;\nst.global.u32 [%rd10], %r3;\n",
      // A split of the float stored whole beside a digit shifted at run time.
      "shr.u32 %r2, %r1, %r9;\nst.global.u32 [%rd4+4], %r2;\nmov.u32 %r3, %r1;\n",
      // xor with a run-time value keeps every bit.
      "xor.b32 %r3, %r1, %r9;\n",
      // Fingerprints (control_redteam_reduce_memo): a float's bits times a run-time weight,
      // summed in 64 bits, the low word or the whole product stored.
      "cvt.u64.u32 %rd9, %r1;\ncvt.u64.u32 %rd11, %r9;\nmul.lo.s64 %rd10, %rd9, %rd11;\n"
      "atom.global.add.u64 %rd12, [%rd4], %rd10;\nmov.u32 %r3, 0;\n",
      "mul.wide.u32 %rd9, %r1, %r9;\nst.global.u64 [%rd4], %rd9;\nmov.u32 %r3, 0;\n",
  };
  for (const char* body : honest) {
    CAPTURE(body);
    const BitNarrowing b = scan(std::string(body) + st);
    CHECK_MESSAGE(b.narrowed == 0, b.describe());
  }
}

TEST_CASE("a float rounded to an integer, stored and converted back, is a fixed-point narrowing") {
  // Red team 17: each value scaled, rounded by cvt.rni.s32.f32, kept to 24 bits, stored; a
  // later load sign-extends it and converts it back.
  const std::string to_fixed =
      "mul.f32 %f2, %f1, 0f4A800000;\ncvt.rni.s32.f32 %r2, %f2;\nand.b32 %r3, %r2, 16777215;\n";
  const std::string back =
      "shl.b32 %r6, %r5, 8;\nshr.s32 %r7, %r6, 8;\ncvt.rn.f32.s32 %f3, %r7;\n"
      "mul.f32 %f4, %f3, 0f34000000;\nst.global.f32 [%rd4+64], %f4;\n";
  SUBCASE("through global memory (the scratch buffer)") {
    const BitNarrowing b =
        scan(to_fixed + "st.global.u32 [%rd4], %r3;\nld.global.u32 %r5, [%rd4+4];\n" + back);
    CHECK(b.narrowed == 1);
    CHECK(b.fixed == 24);
    CHECK(b.mantissa == 22);
    CHECK(b.format() == "tf32");
    CHECK(b.origin == "cvt.rni.s32.f32 %r2, %f2");
    CHECK(b.back == "cvt.rn.f32.s32 %f3, %r7");
    CHECK(b.describe().find("fixed-point round trip") != std::string::npos);
  }
  SUBCASE("through shared memory, packed in bytes") {
    const BitNarrowing b = scan(to_fixed +
                                "shr.u32 %r4, %r3, 16;\nst.shared.u8 [tile], %r4;\n"
                                "st.shared.u16 [tile+1], %r3;\nld.shared.u32 %r5, [tile];\n" +
                                back);
    CHECK(b.fixed == 24);
    CHECK(b.format() == "tf32");
  }
  SUBCASE("an 8-bit quantiser's round trip") {
    const BitNarrowing b = scan(
        "cvt.rni.sat.s8.f32 %r3, %f1;\nst.global.u8 [%rd4], %r3;\nld.global.s8 %r5, [%rd4+1];\n"
        "cvt.rn.f32.s32 %f3, %r5;\nst.global.f32 [%rd4+64], %f3;\n");
    CHECK(b.fixed == 8);
    CHECK(b.format() == "fp8");
  }
  SUBCASE("a full 32-bit integer keeps more bits than an FP32 has: no narrowing") {
    CHECK(scan("cvt.rni.s32.f32 %r3, %f1;\nst.global.u32 [%rd4], %r3;\n"
               "ld.global.u32 %r7, [%rd4+4];\n" +
               back.substr(back.find("cvt.rn")))
              .narrowed == 0);
  }
}

TEST_CASE("an integer answer, an address and a conversion in registers are not fixed point") {
  const std::string to_int = "mul.f32 %f2, %f1, 0f43800000;\ncvt.rmi.s32.f32 %r3, %f2;\n";
  // red team 17's control (control_redteam17_fused_levels): the level is an integer output.
  CHECK(scan(to_int + "st.global.u32 [%rd4], %r3;\n", params(true)).narrowed == 0);
  // An integer stored to a scratch no launch converts back (a bucket index used as an address).
  CHECK(scan(to_int +
             "st.global.u32 [%rd4], %r3;\nld.global.u32 %r5, [%rd4+4];\n"
             "mul.wide.u32 %rd9, %r5, 4;\nadd.s64 %rd10, %rd3, %rd9;\nld.global.f32 %f5, [%rd10];\n"
             "st.global.f32 [%rd4+64], %f5;\n")
            .narrowed == 0);
  // floorf's fraction: the integer converted back in registers, never stored.
  CHECK(scan(to_int +
             "cvt.rn.f32.s32 %f3, %r3;\nsub.f32 %f4, %f2, %f3;\nst.global.f32 [%rd4], %f4;\n")
            .narrowed == 0);
  // An integer used as an address only.
  CHECK(scan(to_int +
             "mul.wide.s32 %rd9, %r3, 4;\nadd.s64 %rd10, %rd3, %rd9;\nld.global.f32 %f5, [%rd10];\n"
             "st.global.f32 [%rd4], %f5;\n")
            .narrowed == 0);
  // Stored to one buffer, a different one converted back.
  CHECK(scan(to_int + "st.global.u32 [%rd4], %r3;\nld.global.u32 %r5, [%rd3];\n"
                      "cvt.rn.f32.s32 %f3, %r5;\nst.global.f32 [%rd4+64], %f3;\n")
            .narrowed == 0);
}

TEST_CASE("through NVRTC: a run-time shift narrowing and a block fixed-point scratch are seen") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  const auto ptx_of = scratch_kernel_ptx;
  const FloatParams p = scratch_kernel_params();
  // Red team 16: the amount 8 + (W >> 31), which NVVM cannot fold.
  const BitNarrowing shift = scan_bit_narrowing(
      ptx_of("  const unsigned k = 8u + unsigned(W >> 31), b = __float_as_uint(x[i]);\n"
             "  mid[i] = (b + (1u << (k - 1))) >> k;\n"
             "  y[i] = __uint_as_float(mid[i ^ 1] << k);\n"),
      p);
  CHECK(shift.narrowed >= 1);
  CHECK(!shift.outside.empty());
  // Red team 17: a value scaled by a power of two, rounded, 24 bits stored, converted back.
  const BitNarrowing fixed = scan_bit_narrowing(
      ptx_of("  mid[i] = unsigned(__float2int_rn(ldexpf(x[i], 22 - W))) & 0xFFFFFFu;\n"
             "  y[i] = float(int(mid[i ^ 1] << 8) >> 8) * ldexpf(1.f, W - 22);\n"),
      p);
  CHECK(fixed.fixed == 24);
  CHECK(fixed.format() == "tf32");
  // The honest twin: the rounded level is the answer, a float copy goes through the scratch.
  const BitNarrowing levels = scan_bit_narrowing(
      ptx_of("  mid[i] = __float_as_uint(x[i]);\n"
             "  y[i] = __uint_as_float(mid[i ^ 1]) + float(__float2int_rd(x[i] * 256.f));\n"),
      p);
  CHECK_MESSAGE(levels.narrowed == 0, levels.describe());
}
