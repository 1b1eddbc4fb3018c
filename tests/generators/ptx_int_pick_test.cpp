// A float choosing which of the problem's integer words an integer MMA / dp4a multiplies
// (generators/ptx_taint.h State::pickable; issue 28, control_redteam12_moe_dp4a_route): a word of
// an integer input drawn element by element, read through an address whose float-derived part
// does not depend on that input's contents, is the problem's own word (a random one, whichever
// the float chose), so it is a clean operand; decoding it, searching the input for a value, a
// table built from the input, an input some launch writes or a structured input is a lookup.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_precision.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

namespace {

// k(A: i32 input, sa: f32, C: f32): %r2 is A's word at tid, %r3 the operand `pick` loads; one
// dp4a multiplies them (the shape of ptx_int_provenance_test's kernel()).
std::string kernel(const std::string& pick) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n"
         "\t.param .u64 k_param_2\n)\n{\n"
         "\t.reg .pred %p<8>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n\t.reg .b64 %rd<30>;\n"
         "\t.shared .align 4 .b8 _ZZ1kE2Ts[1024];\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tld.param.u64 %rd3, [k_param_2];\n\tcvta.to.global.u64 %rd4, %rd1;\n"
         "\tmov.u32 %r1, %tid.x;\n\tmul.wide.s32 %rd5, %r1, 4;\n\tadd.s64 %rd6, %rd4, %rd5;\n"
         "\tcvta.to.global.u64 %rd7, %rd2;\n\tadd.s64 %rd8, %rd7, %rd5;\n"
         "\tld.global.nc.f32 %f2, [%rd8];\n\tmov.u32 %r30, _ZZ1kE2Ts;\n"
         "\tadd.s32 %r32, %r30, %r1;\n\tld.global.nc.u32 %r2, [%rd6];\n\t" +
         pick +
         "\tdp4a.s32.s32 %r10, %r2, %r3, %r10;\n"
         "\tcvt.rn.f32.s32 %f1, %r10;\n\tmul.f32 %f3, %f1, %f2;\n"
         "\tcvta.to.global.u64 %rd9, %rd3;\n\tadd.s64 %rd10, %rd9, %rd5;\n"
         "\tst.global.f32 [%rd10], %f3;\n\tret;\n}\n";
}

// Buffers 0 A (i32 in, randint), 1 sa, 2 C; `random` whether A is drawn element by element.
FloatParams params(bool random = true) {
  FloatParams p = {{"k", {false, true, true}}};
  p.buffers = {{"k", {{0}, {1}, {2}}}};
  if (random) p.random_int_inputs = {0};
  return p;
}

int honest_dot(const std::string& pick, const FloatParams& p = params()) {
  const auto r = scan_int_mma_provenance(kernel(pick), p);
  CHECK(r.int_dot == 1);
  return r.honest_dot;
}

// The router: a float compare chooses one of two rows of A (4096 bytes apart), the word at the
// thread's column of that row is the operand.
const std::string kRoute =
    "setp.gt.f32 %p2, %f2, 0f00000000;\n\tselp.b32 %r20, 1, 0, %p2;\n"
    "\tmul.wide.s32 %rd11, %r20, 4096;\n\tadd.s64 %rd12, %rd6, %rd11;\n";

}  // namespace

TEST_CASE("a float choosing which row of a random integer input is read picks the input's word") {
  CHECK(honest_dot(kRoute + "\tld.global.nc.u32 %r3, [%rd12];\n") == 1);
  // The control's argmax spelled as a branch (a float-decided region writes the row index).
  CHECK(honest_dot("mov.u32 %r20, 0;\n\tsetp.le.f32 %p2, %f2, 0f00000000;\n"
                   "\t@%p2 bra $L__BB0_5;\n\tmov.u32 %r20, 1;\n$L__BB0_5:\n"
                   "\tmul.wide.s32 %rd11, %r20, 4096;\n\tadd.s64 %rd12, %rd6, %rd11;\n"
                   "\tld.global.nc.u32 %r3, [%rd12];\n") == 1);
  // An index converted from the float itself: a random word of A all the same (no code of the
  // float unless A's contents are read to find one, below).
  CHECK(honest_dot("cvt.rzi.s32.f32 %r20, %f2;\n\tmul.wide.s32 %rd11, %r20, 4;\n"
                   "\tadd.s64 %rd12, %rd4, %rd11;\n\tld.global.nc.u32 %r3, [%rd12];\n") == 1);
  // Before: every such word was float-derived; so it stays where A is not drawn element by
  // element (an arange or a sorted input is a code book), or without the bindings.
  CHECK(honest_dot(kRoute + "\tld.global.nc.u32 %r3, [%rd12];\n", params(false)) == 0);
  CHECK(honest_dot(kRoute + "\tld.global.nc.u32 %r3, [%rd12];\n", {{"k", {false, true, true}}}) ==
        0);
}

TEST_CASE("a picked word decoded, or a pick that reads the input's contents, is a lookup") {
  const std::string picked = kRoute + "\tld.global.nc.u32 %r21, [%rd12];\n";
  const std::string ways[] = {
      // the picked word used by anything but the dot product: arithmetic, a compare
      picked + "\tand.b32 %r3, %r21, 255;\n",
      picked + "\tsetp.eq.s32 %p3, %r21, %r2;\n\tselp.b32 %r3, 16843009, 0, %p3;\n",
      // an address computed from a picked word
      picked +
          "\tmul.wide.u32 %rd13, %r21, 4;\n\tadd.s64 %rd14, %rd4, %rd13;\n"
          "\tld.global.nc.u32 %r3, [%rd14];\n",
      // a search of A for the word equal to the quantised float (integer compare)
      "cvt.rzi.s32.f32 %r22, %f2;\n\tmov.u32 %r20, 0;\n$L__BB0_7:\n"
      "\tmul.wide.u32 %rd11, %r20, 4;\n\tadd.s64 %rd12, %rd4, %rd11;\n"
      "\tld.global.nc.u32 %r21, [%rd12];\n\tadd.s32 %r20, %r20, 1;\n"
      "\tsetp.ne.s32 %p3, %r21, %r22;\n\t@%p3 bra $L__BB0_7;\n"
      "\tld.global.nc.u32 %r3, [%rd12];\n",
      // ... with a float compare
      "mov.u32 %r20, 0;\n$L__BB0_7:\n\tmul.wide.u32 %rd11, %r20, 4;\n"
      "\tadd.s64 %rd12, %rd4, %rd11;\n\tld.global.nc.u32 %r21, [%rd12];\n"
      "\tcvt.rn.f32.s32 %f5, %r21;\n\tadd.s32 %r20, %r20, 1;\n"
      "\tsetp.lt.f32 %p3, %f5, %f2;\n\t@%p3 bra $L__BB0_7;\n\tld.global.nc.u32 %r3, [%rd12];\n",
      // positions found in A staged in shared memory, then read at the float's index
      "shr.u32 %r23, %r2, 24;\n\tst.shared.u32 [%r32], %r23;\n\tcvt.rzi.s32.f32 %r20, %f2;\n"
      "\tadd.s32 %r24, %r30, %r20;\n\tld.shared.u32 %r25, [%r24];\n"
      "\tmul.wide.u32 %rd13, %r25, 4;\n\tadd.s64 %rd14, %rd4, %rd13;\n"
      "\tld.global.nc.u32 %r3, [%rd14];\n",
      // a pick from an input the kernel also writes (a code table stored into A first)
      "st.global.u32 [%rd6], %r1;\n\t" + kRoute + "\tld.global.nc.u32 %r3, [%rd12];\n",
      // a pick guarded by the float (loaded or not)
      kRoute + "\t@%p2 ld.global.nc.u32 %r3, [%rd12];\n",
  };
  for (const auto& w : ways) {
    CAPTURE(w);
    CHECK(honest_dot(w) == 0);
  }
  // A bound to two parameters: the contents may be read under the other name.
  FloatParams alias = params();
  alias.buffers = {{"k", {{0}, {0}, {2}}}};
  CHECK(honest_dot(kRoute + "\tld.global.nc.u32 %r3, [%rd12];\n", alias) == 0);
}

TEST_CASE("the MoE control through NVRTC: its dp4a multiply the chosen expert's words") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  auto chip = test::test_chip();
  int seen = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (spec.name != "control_redteam12_moe_dp4a_route" &&
        spec.name != "redteam10_dp4a_beside_index")
      continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      std::set<DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      const auto p = scan_ptx_precision(c.ptx, float_params(rv));
      const std::string m = precision_mismatch(p, rv.precision, dtypes);
      CAPTURE(rv.key);
      CAPTURE(m);
      if (v.id == "cheat")
        CHECK(m.find("not shown to multiply") != std::string::npos);
      else
        CHECK(m.empty());
      if (v.id == "control") CHECK(p.int_dot > 0);
      ++seen;
    }
  }
  CHECK(seen == 4);
}
