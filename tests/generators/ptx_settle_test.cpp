// The scans' fixpoints have no pass cap (issue 28, red team 24: `redteam24_unsettled_scan_stage`
// put a dead relay of 96 register moves, written last hop first, beside a narrowing; each
// text-order pass moved the relay one hop, the bit scan stopped at 80 passes and judged the entry
// on nothing). The worklist (generators/ptx_settle.h) settles such a relay in one statement run a
// hop; the bit scan and the fixed-point scan's converted-back map then see what it hid.
#include <doctest/doctest.h>

#include <string>

#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_settle.h"

using namespace solver::generators;

namespace {

// k(in, out): %f1 = in[0] and %r1 its bits; %q0..%q{hops} a relay; `body` follows.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b32 %r<40>;\n\t.reg .b32 %q<200>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .b64 %rd<20>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tld.global.f32 %f1, [%rd3];\n\tmov.b32 %r1, %f1;\n" +
         body + "\tret;\n}\n";
}

FloatParams params() {
  FloatParams p{{"k", {true, true}}};
  p.elem_bits["k"] = {32, 32};
  p.buffers["k"] = {{0}, {1}};
  return p;
}

// %q{hops} = `from` through `hops` moves, written last hop first: one text-order pass a hop.
std::string relay(const std::string& from, int hops) {
  std::string s;
  for (int k = hops; k >= 1; --k)
    s += "mov.b32 %q" + std::to_string(k) + ", %q" + std::to_string(k - 1) + ";\n";
  return s + "mov.b32 %q0, " + from + ";\n";
}

// Red team 14's rounding to the top 24 bits, stored: a TF32-class narrowing.
const std::string kTop24 =
    "add.s32 %r2, %r1, 127;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd4], %r3;\n";

}  // namespace

TEST_CASE("settle_in_text_order: a backwards chain of k moves settles in k + 1 passes") {
  // Statement i copies register i + 1 into register i (text order is last hop first).
  const int n = 150;
  std::vector<std::vector<std::string>> reads(n);
  std::vector<int> val(n + 1, 0);
  val[n] = 1;
  for (int i = 0; i < n; ++i) reads[i] = {"r" + std::to_string(i + 1)};
  long runs = 0;
  const int passes = settle_in_text_order(reads, [&](std::size_t i) {
    ++runs;
    std::vector<std::string> grew;
    if (val[i + 1] > val[i]) val[i] = val[i + 1], grew.push_back("r" + std::to_string(i));
    return grew;
  });
  CHECK(val[0] == 1);  // settled: the value reached the chain's end
  CHECK(passes == n);
  CHECK(runs < 3 * n);  // one run a statement and one a hop, not n passes of n statements
}

TEST_CASE("a relay past 80 passes does not hide a narrowing from the bit scan") {
  SUBCASE("a dead relay beside the narrowing (redteam24_unsettled_scan_stage)") {
    const BitNarrowing b = scan_bit_narrowing(kernel(relay("%r1", 120) + kTop24), params());
    CHECK(b.narrowed == 1);
    CHECK(b.format() == "tf32");
  }
  SUBCASE("the narrowed bits themselves relayed") {
    const BitNarrowing b = scan_bit_narrowing(
        kernel(relay("%r1", 120) +
               "add.s32 %r2, %q120, 127;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd4], %r3;\n"),
        params());
    CHECK(b.narrowed == 1);
    CHECK(b.format() == "tf32");
  }
  SUBCASE("the relay alone, stored whole: no narrowing") {
    const BitNarrowing b =
        scan_bit_narrowing(kernel(relay("%r1", 120) + "st.global.u32 [%rd4], %q120;\n"), params());
    CHECK(b.narrowed == 0);
  }
}

TEST_CASE("a relay past 80 passes does not hide a fixed-point field's way back") {
  // A magic-number rounding's 16-bit field stored (ptx_bit_magic_test), loaded back and relayed
  // 120 hops before its exponent is put back: the converted-back map must follow the relay.
  const std::string round =
      "mul.f32 %f2, %f1, 0f47000000;\nadd.f32 %f3, %f2, 0f4B400000;\nmov.b32 %r2, %f3;\n"
      "st.global.u16 [%rd4], %r2;\n";
  const std::string back = "ld.global.u16 %r5, [%rd4+2];\n" + relay("%r5", 120) +
                           "or.b32 %r6, %q120, 1262485504;\nmov.b32 %f4, %r6;\n"
                           "sub.f32 %f5, %f4, 0f4B400000;\nst.global.f32 [%rd4+64], %f5;\n";
  const BitNarrowing b = scan_bit_narrowing(kernel(round + back), params());
  CHECK(b.narrowed == 1);
  CHECK(b.fixed == 16);
}
