// A table indexed by a float's bits (issue 28, red team 24: `redteam24_table_narrow_stage` looked
// each kept byte of a float up in a 256-entry identity table in shared memory and packed the
// loaded bytes): the loaded integer holds what the index held (generators/ptx_bit_narrowing.cpp,
// Scan::looked_up), so the packed word keeps the float's top 24 bits, a TF32-class narrowing. A
// read-modify-write of the indexed element (a histogram's count) is no lookup.
#include <doctest/doctest.h>

#include <string>

#include "generators/ptx_bit_narrowing.h"

using namespace solver::generators;

namespace {

// k(in, out): %f1 = in[0] and %r1 its bits, %rd6 the shared table `tab`; `body` follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n\t.reg .b64 %rd<40>;\n"
         "\t.shared .align 4 .b8 tab[4096];\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.f32 %f1, [%rd3];\n\tmov.b32 %r1, %f1;\n\tmov.u64 %rd6, tab;\n" +
         body + "\tret;\n}\n";
}

FloatParams params() {
  FloatParams p{{"k", {true, true}}};
  p.elem_bits["k"] = {32, 32};
  p.buffers["k"] = {{0}, {1}};
  return p;
}

// The byte of %r1 at `shift` looked up in tab: its value in %r{dst}.
std::string lookup(int shift, int n) {
  const std::string s = std::to_string(shift), a = std::to_string(10 + 3 * n),
                    b = std::to_string(11 + 3 * n), d = std::to_string(12 + 3 * n);
  return "shr.u32 %r" + a + ", %r1, " + s + ";\nand.b32 %r" + b + ", %r" + a + ", 255;\n" +
         "cvt.u64.u32 %rd" + a + ", %r" + b + ";\nadd.s64 %rd" + b + ", %rd6, %rd" + a + ";\n" +
         "ld.shared.u8 %r" + d + ", [%rd" + b + "];\n";
}

}  // namespace

TEST_CASE("bytes of a float looked up in a table and packed: the bits the indices kept") {
  // Bytes 1-3 (bits 8-31) looked up, packed back in place: 15 mantissa bits and the exponent.
  const std::string pack =
      "shl.b32 %r30, %r15, 8;\nor.b32 %r31, %r12, %r30;\nshl.b32 %r32, %r18, 16;\n"
      "or.b32 %r33, %r31, %r32;\nst.global.u32 [%rd4], %r33;\n";
  const BitNarrowing b =
      scan_bit_narrowing(kernel(lookup(8, 0) + lookup(16, 1) + lookup(24, 2) + pack), params());
  CHECK(b.narrowed == 1);
  CHECK(b.format() == "tf32");
}

TEST_CASE("a histogram's count read, incremented and written back at its bucket is no lookup") {
  // The bucket: the top 12 bits (sign, exponent, 3 mantissa bits), a word index.
  const std::string bucket =
      "shr.u32 %r2, %r1, 20;\nmul.wide.u32 %rd7, %r2, 4;\nadd.s64 %rd8, %rd6, %rd7;\n"
      "ld.shared.u32 %r3, [%rd8];\nadd.s32 %r4, %r3, 1;\n";
  CHECK(scan_bit_narrowing(kernel(bucket + "st.shared.u32 [%rd8], %r4;\n"), params()).narrowed ==
        0);
  // The same load stored elsewhere as a value: the bucket's bits, judged.
  CHECK(scan_bit_narrowing(kernel(bucket + "st.global.u32 [%rd4], %r3;\n"), params()).narrowed ==
        1);
}
