// Where integer MMAs get their operands (generators/ptx_int_provenance.h, issue 28): an int8
// W8A8 GEMM whose MMAs multiply the problem's integer buffers is honest next to float scales and
// a float output; the same MMAs on values narrowed from floats in the kernel are not, however
// the narrowing is spelled (cvt, bit tricks, a float-indexed table, a float-guarded select, a
// shared-memory or cp.async round trip, a wgmma descriptor over float-derived tiles, a loop, a
// branch on a float compare: red team 11).
// Hand-written PTX for each rule, then the cheat-suite folders through NVRTC.
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

// A kernel k(A: int buffer, sa: float buffer, C: float buffer): A's words are the IMMA's
// operands (%r2, %r3), the epilogue scales by sa and stores to C; `narrow` replaces the line
// that loads %r3 from A.
const std::string kLoadR3 = "ld.global.nc.u32 %r3, [%rd6+16];\n";
std::string kernel(const std::string& narrow = kLoadR3, const std::string& extra = "") {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".global .align 4 .b8 tab[1024];\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1,\n"
         "\t.param .u64 k_param_2\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b32 %r<40>;\n\t.reg .f32 %f<20>;\n\t.reg .b64 %rd<20>;\n"
         "\t// demoted variable\n\t.shared .align 4 .b8 _ZZ1kE2As[1024];\n"
         "\t.shared .align 4 .b8 _ZZ1kE2Cs[1024];\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tld.param.u64 %rd3, [k_param_2];\n\tcvta.to.global.u64 %rd4, %rd1;\n"
         "\tmov.u32 %r1, %tid.x;\n\tmul.wide.s32 %rd5, %r1, 4;\n\tadd.s64 %rd6, %rd4, %rd5;\n"
         "\tcvta.to.global.u64 %rd7, %rd2;\n\tadd.s64 %rd8, %rd7, %rd5;\n"
         "\tld.global.nc.f32 %f2, [%rd8];\n"
         "\tmov.u32 %r30, _ZZ1kE2As;\n\tadd.s32 %r32, %r30, %r1;\n"
         "$L__BB0_1:\n"
         "\tld.global.nc.u32 %r2, [%rd6];\n\t" +
         narrow + extra +
         "\tmma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r10,%r11,%r12,%r13}, "
         "{%r2,%r3,%r2,%r3}, {%r2,%r3}, {%r10,%r11,%r12,%r13};\n"
         "\tadd.s32 %r1, %r1, 1;\n\tsetp.lt.s32 %p1, %r1, 64;\n\t@%p1 bra $L__BB0_1;\n"
         "\tcvt.rn.f32.s32 %f1, %r10;\n\tmul.f32 %f3, %f1, %f2;\n"
         "\tcvta.to.global.u64 %rd9, %rd3;\n\tadd.s64 %rd10, %rd9, %rd5;\n"
         "\tst.global.f32 [%rd10], %f3;\n\tret;\n}\n";
}
const FloatParams kParams = {{"k", {false, true, true}}};

int honest(const std::string& ptx, const FloatParams& p = kParams) {
  auto r = scan_int_mma_provenance(ptx, p);
  CHECK(r.int_mma == 1);
  return r.honest;
}

}  // namespace

TEST_CASE("an IMMA on an integer buffer's words with a float dequantise epilogue is honest") {
  CHECK(honest(kernel()) == 1);
  // Int32 results staged in shared memory, a float tile in another shared array: still honest.
  CHECK(honest(kernel(kLoadR3,
                      "\tst.shared.u32 [%r32], %r10;\n\tmov.u32 %r33, _ZZ1kE2Cs;\n"
                      "\tst.shared.f32 [%r33], %f2;\n")) == 1);
  // Integer tiles copied to shared memory by cp.async and read back.
  CHECK(honest(kernel("cp.async.ca.shared.global [%r32], [%rd6], 16;\n"
                      "\tld.shared.u32 %r3, [%r32+4];\n")) == 1);
  // A pointer read from memory (a grouped GEMM's pointer array): the float epilogue's stores
  // are no narrowed data it could read.
  CHECK(honest(kernel("ld.global.u64 %rd16, [%rd6];\n\tld.global.u32 %r3, [%rd16];\n")) == 1);
  // Without the parameters' dtypes only register-level narrowing is seen.
  CHECK(honest(kernel("add.s64 %rd11, %rd7, %rd5;\n\tld.global.nc.u32 %r3, [%rd11];\n"), {}) == 1);
}

TEST_CASE("an IMMA on values narrowed from floats in the kernel is not, however spelled") {
  const std::string ways[] = {
      // cvt to an integer from a float
      "cvt.rni.sat.s8.f32 %r3, %f2;\n",
      // the float's bits in integer code
      "mov.b32 %r20, %f2;\n\tshr.u32 %r3, %r20, 16;\n",
      // a float buffer's words read as integers
      "add.s64 %rd11, %rd7, %rd5;\n\tld.global.nc.u32 %r3, [%rd11];\n",
      // a table indexed by the float's exponent
      "mov.b32 %r20, %f2;\n\tshr.u32 %r21, %r20, 23;\n\tmov.u64 %rd12, tab;\n"
      "\tmul.wide.u32 %rd13, %r21, 4;\n\tadd.s64 %rd14, %rd12, %rd13;\n"
      "\tld.global.u32 %r3, [%rd14];\n",
      // a select on a float compare, and a guarded move
      "setp.gt.f32 %p2, %f2, 0f00000000;\n\tselp.b32 %r3, 16843009, 0, %p2;\n",
      "setp.gt.f32 %p2, %f2, 0f00000000;\n\t@%p2 mov.u32 %r3, 16843009;\n",
      // quantised into shared memory and read back
      "cvt.rni.s32.f32 %r31, %f2;\n\tst.shared.u32 [%r32], %r31;\n\tld.shared.u32 %r3, [%r32+4];\n",
      // a float buffer copied to shared memory by cp.async and read back as words
      "add.s64 %rd11, %rd7, %rd5;\n\tcp.async.ca.shared.global [%r32], [%rd11], 16;\n"
      "\tld.shared.u32 %r3, [%r32+4];\n",
      // narrowed words stored as integers, read back through a pointer read from memory
      "cvt.rni.s32.f32 %r31, %f2;\n\tst.global.u32 [%rd10], %r31;\n"
      "\tld.global.u64 %rd16, [%rd6];\n\tld.global.u32 %r3, [%rd16];\n",
      // narrowed later in the loop body, carried around the back edge
      "mov.b32 %r3, %r25;\n\tcvt.rzi.s32.f32 %r25, %f2;\n",
  };
  for (const auto& w : ways) {
    CAPTURE(w);
    CHECK(honest(kernel(w)) == 0);
  }
}

TEST_CASE("wgmma descriptors and MMAs outside an entry") {
  const std::string wgmma =
      "cvt.u64.u32 %rd15, %r30;\n"
      "\twgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%r10,%r11,%r12,%r13}, %rd15, %rd15, 1;\n";
  auto tiles = [&](const std::string& fill) {
    std::string k = kernel(kLoadR3, fill + "\t" + wgmma);
    return scan_int_mma_provenance(k, kParams);
  };
  auto clean = tiles("st.shared.u32 [%r32], %r2;\n");
  CHECK(clean.int_mma == 2);
  CHECK(clean.honest == 2);
  auto dirty = tiles("cvt.rni.s32.f32 %r31, %f2;\n\tst.shared.u32 [%r32], %r31;\n");
  CHECK(dirty.honest == 1);  // the mma.sync on A's words still is
  // A non-inlined function is never proven honest.
  const std::string func =
      ".func f()\n{\n\t.reg .b32 %r<9>;\n\tmma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
      "{%r1,%r2,%r3,%r4}, {%r5,%r5,%r5,%r5}, {%r5,%r5}, {%r1,%r2,%r3,%r4};\n\tret;\n}\n";
  auto r = scan_int_mma_provenance(func + kernel(), kParams);
  CHECK(r.int_mma == 2);
  CHECK(r.honest == 1);
}

// A quantising entry q(X: float buffer, Q: integer buffer) before kernel k: q stores the int8 of
// X (or, in the honest case, copies integers) into Q, which k's A parameter reads.
std::string quantiser(bool from_float) {
  return std::string(
             ".visible .entry q(\n\t.param .u64 q_param_0,\n\t.param .u64 q_param_1\n)\n{\n"
             "\t.reg .b32 %r<8>;\n\t.reg .f32 %f<4>;\n\t.reg .b64 %rd<8>;\n"
             "\tld.param.u64 %rd1, [q_param_0];\n\tld.param.u64 %rd2, [q_param_1];\n"
             "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n") +
         (from_float ? "\tld.global.f32 %f1, [%rd3];\n\tcvt.rni.s32.f32 %r1, %f1;\n"
                     : "\tld.global.u32 %r1, [%rd3];\n") +
         "\tst.global.u32 [%rd4], %r1;\n\tret;\n}\n";
}

TEST_CASE("red team 9: a buffer one launch narrows floats into taints the launch that reads it") {
  // Buffers: 0 X (f32), 1 Q (i32 scratch), 2 sa (f32), 3 C (f32); launches q(X, Q), k(Q, sa, C).
  FloatParams p = {{"q", {true, false}}, {"k", {false, true, true}}};
  p.buffers = {{"q", {{0}, {1}}}, {"k", {{1}, {2}, {3}}}};
  CHECK(scan_int_mma_provenance(kernel() + quantiser(true), p).honest == 0);
  // Integers packed by integer code (X an integer buffer): still the problem's integers.
  FloatParams ints = {{"q", {false, false}}, {"k", {false, true, true}}};
  ints.buffers = p.buffers;
  CHECK(scan_int_mma_provenance(kernel() + quantiser(false), ints).honest == 1);
  // Without the bindings (a hand-built map) each entry is judged alone, as before.
  FloatParams alone = {{"q", {true, false}}, {"k", {false, true, true}}};
  CHECK(scan_int_mma_provenance(kernel() + quantiser(true), alone).honest == 1);
}

TEST_CASE("precision_mismatch: honest W8A8 passes next to float buffers; narrowed IMMAs do not") {
  const std::set<DType> w8a8 = {DType::I32, DType::F32};
  for (const char* cls : {"fp32", "tf32", "bf16", "fp16", "fp64"}) {
    CAPTURE(cls);
    // Under fp64 the FP32 dequantise epilogue outnumbers the (absent) FP64 arithmetic: the
    // output is computed in FP32 whatever the MMAs are (red team 8's rule), so fp64 refuses it.
    const std::string honest = precision_mismatch(scan_ptx_precision(kernel(), kParams), cls, w8a8);
    if (std::string(cls) == "fp64")
      CHECK(honest.find("FP32 arithmetic") != std::string::npos);
    else
      CHECK(honest.empty());
    const std::string why = precision_mismatch(
        scan_ptx_precision(kernel("cvt.rni.sat.s8.f32 %r3, %f2;\n"), kParams), cls, w8a8);
    CHECK(why.find("1 integer tensor-core MMA(s) not shown to multiply") != std::string::npos);
    // No float class admits it; a tolerance class named int8 (hon19) does.
    CHECK(why.find("declare precision 'int8'") != std::string::npos);
    // No integer buffer at all: the operands cannot be the problem's integers.
    const std::string none =
        precision_mismatch(scan_ptx_precision(kernel(), kParams), cls, {DType::F32});
    CHECK(none.find("on a problem with no integer buffer") != std::string::npos);
  }
}

TEST_CASE("red team 10: dp4a is held to the IMMA rule, an integer buffer excuses none by itself") {
  // kernel()'s IMMA replaced by a dp4a on the same operands (%r2 from A, %r3 as `narrow` makes).
  auto dot = [](const std::string& narrow) {
    std::string k = kernel(narrow);
    const std::string mma =
        "\tmma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r10,%r11,%r12,%r13}, "
        "{%r2,%r3,%r2,%r3}, {%r2,%r3}, {%r10,%r11,%r12,%r13};\n";
    REQUIRE(k.find(mma) != std::string::npos);
    return k.replace(k.find(mma), mma.size(), "\tdp4a.s32.s32 %r10, %r2, %r3, %r10;\n");
  };
  const auto honest_dot = scan_int_mma_provenance(dot(kLoadR3), kParams);
  CHECK(honest_dot.int_mma == 0);
  CHECK(honest_dot.int_dot == 1);
  CHECK(honest_dot.honest_dot == 1);
  const std::string narrowed = dot("cvt.rni.sat.s8.f32 %r3, %f2;\n");
  CHECK(scan_int_mma_provenance(narrowed, kParams).honest_dot == 0);
  const std::set<DType> w8a8 = {DType::I32, DType::F32};
  CHECK(precision_mismatch(scan_ptx_precision(dot(kLoadR3), kParams), "fp32", w8a8).empty());
  const std::string why = precision_mismatch(scan_ptx_precision(narrowed, kParams), "fp32", w8a8);
  CHECK(why.find("1 integer dot product(s) (dp4a/dp2a) not shown to multiply") !=
        std::string::npos);
}

TEST_CASE("the cheat suite's int8 folders through NVRTC: controls pass, the narrowing cheat not") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  // Red team 9: the narrowing in one launch and the IMMAs in the next, through i32 scratch (a
  // cheat), and the same shape with integers only (a control).
  const std::set<std::string> folders = {"control_int8_w8a8_scales",
                                         "control_int8_dp4a_scale",
                                         "cheat_int8_quantised_fp32",
                                         "control_redteam7_cuda_samples_imma",
                                         "control_int8_dp4a",
                                         "redteam9_scratch_int8_launder",
                                         "control_redteam9_imma_packed_scratch"};
  auto chip = test::test_chip();
  int seen = 0, imma_controls = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (!folders.count(spec.name)) continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      std::set<DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      const auto p = scan_ptx_precision(c.ptx, float_params(rv));
      const std::string m = precision_mismatch(p, rv.precision, dtypes);
      CAPTURE(spec.name);
      CAPTURE(rv.key);
      CAPTURE(m);
      if (v.id == "cheat") {
        CHECK(p.mma_int > 0);
        CHECK(p.mma_int_honest == 0);
        CHECK(m.find("integer tensor-core MMA(s) not shown to multiply") != std::string::npos);
      } else {
        CHECK(m.empty());
        if (p.mma_int > 0) {
          CHECK(p.mma_int_honest == p.mma_int);
          ++imma_controls;
        }
      }
      ++seen;
    }
  }
  CHECK(seen == 14);          // two variants in each folder
  CHECK(imma_controls == 3);  // the W8A8 and both CUDA samples' IMMA controls do run IMMAs
}

TEST_CASE(
    "red team 11: what a branch on a float decides is float-derived; an early return is not") {
  // redteam11_branch_narrow_dp4a's shape: an integer built under a branch on a float compare
  // (if-then: +64 where the scale is >= 0.5), no data flow from the float.
  const std::string bit =
      "mov.u32 %r3, 0;\n\tsetp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 bra $L__BB0_5;\n"
      "\tadd.s32 %r3, %r3, 64;\n$L__BB0_5:\n";
  CHECK(honest(kernel(bit)) == 0);
  // An if-else choosing between two constants.
  const std::string choose =
      "setp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 bra $L__BB0_10;\n\tmov.u32 %r3, 1;\n"
      "\tbra.uni $L__BB0_11;\n$L__BB0_10:\n\tmov.u32 %r3, 2;\n$L__BB0_11:\n";
  CHECK(honest(kernel(choose)) == 0);
  // A loop whose exit test is a float compare counts its trips into an integer.
  const std::string count =
      "mov.u32 %r3, 0;\n\tmov.f32 %f5, %f2;\n$L__BB0_6:\n\tsetp.lt.f32 %p3, %f5, 0f3F800000;\n"
      "\t@%p3 bra $L__BB0_7;\n\tsub.f32 %f5, %f5, 0f3F800000;\n\tadd.s32 %r3, %r3, 1;\n"
      "\tbra.uni $L__BB0_6;\n$L__BB0_7:\n";
  CHECK(honest(kernel(count)) == 0);
  // control_redteam11_dp4a_scale_skip's shape: a float test that returns early, then the
  // operand loaded from the integer buffer: nothing the test decides reaches the MMA.
  const std::string skip =
      "setp.eq.f32 %p2, %f2, 0f00000000;\n\t@!%p2 bra $L__BB0_9;\n\tret;\n$L__BB0_9:\n" + kLoadR3;
  CHECK(honest(kernel(skip)) == 1);
  // The same if-then on an integer compare decides nothing float.
  const std::string int_bit =
      "mov.u32 %r3, 0;\n\tsetp.lt.s32 %p2, %r1, 7;\n\t@%p2 bra $L__BB0_5;\n"
      "\tadd.s32 %r3, %r3, 64;\n$L__BB0_5:\n";
  CHECK(honest(kernel(int_bit)) == 1);
  // A loop run a float-decided number of times that loads its operand afresh each trip: the
  // loaded value is no trip count (written before it is read in the loop).
  const std::string reload =
      "mov.f32 %f5, %f2;\n$L__BB0_12:\n\t" + kLoadR3 +
      "\tsub.f32 %f5, %f5, 0f3F800000;\n\tsetp.gt.f32 %p3, %f5, 0f00000000;\n"
      "\t@%p3 bra $L__BB0_12;\n";
  CHECK(honest(kernel(reload)) == 1);
}

TEST_CASE("red team 12: memory a store inside a float-decided branch writes is float-derived") {
  // redteam12_branch_store_dp4a's shape: the bit added to a shared-memory slot inside the branch
  // that decides it (load, add, store all on one side), the operand read back after the join.
  const std::string store_bit =
      "st.shared.u32 [%r32], 0;\n\tsetp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 bra $L__BB0_5;\n"
      "\tld.shared.u32 %r20, [%r32];\n\tadd.s32 %r21, %r20, 64;\n\tst.shared.u32 [%r32], %r21;\n"
      "$L__BB0_5:\n\tld.shared.u32 %r3, [%r32];\n";
  CHECK(honest(kernel(store_bit)) == 0);
  // The same on an integer compare: honest.
  const std::string int_store_bit =
      "st.shared.u32 [%r32], 0;\n\tsetp.lt.s32 %p2, %r1, 7;\n\t@%p2 bra $L__BB0_5;\n"
      "\tld.shared.u32 %r20, [%r32];\n\tadd.s32 %r21, %r20, 64;\n\tst.shared.u32 [%r32], %r21;\n"
      "$L__BB0_5:\n\tld.shared.u32 %r3, [%r32];\n";
  CHECK(honest(kernel(int_store_bit)) == 1);
  // A store of the integer buffer's own word inside a float-tested early-return side reaches
  // no join: control_redteam11_dp4a_scale_skip's shape with a store before the return.
  const std::string skip_store =
      "setp.eq.f32 %p2, %f2, 0f00000000;\n\t@!%p2 bra $L__BB0_9;\n"
      "\tst.shared.u32 [%r32], %r1;\n\tret;\n$L__BB0_9:\n" +
      kLoadR3;
  CHECK(honest(kernel(skip_store)) == 1);
  // But a bit stored before such a return and read back as the operand is decided by the test.
  const std::string return_bit =
      "st.shared.u32 [%r32], 0;\n\tsetp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 bra $L__BB0_9;\n"
      "\tst.shared.u32 [%r32], 64;\n\tret;\n$L__BB0_9:\n\tld.shared.u32 %r3, [%r32];\n";
  CHECK(honest(kernel(return_bit)) == 0);
}

TEST_CASE("red team 12: registers named without a '%' are registers") {
  // redteam12_bare_reg_dp4a's shape: the float rounded to an integer in an asm block whose
  // registers are declared without a '%' (legal PTX; CUTLASS's asm declares `.reg .pred p;`).
  const std::string bare =
      "{\n\t.reg .f32 xs;\n\t.reg .s32 qi;\n\tmul.rn.f32 xs, %f2, 0f42FE0000;\n"
      "\tcvt.rni.s32.f32 qi, xs;\n\tmov.b32 %r3, qi;\n\t}\n";
  CHECK(honest(kernel(bare)) == 0);
  // The same block on an integer value: honest.
  const std::string bare_int =
      "{\n\t.reg .s32 qi;\n\tadd.s32 qi, %r1, 3;\n\tmov.b32 %r3, qi;\n\t}\n";
  CHECK(honest(kernel(bare_int)) == 1);
  // A bare predicate set by a float compare guards a branch that decides the operand.
  const std::string bare_pred =
      "{\n\t.reg .pred pb;\n\tmov.u32 %r3, 0;\n\tsetp.lt.f32 pb, %f2, 0f3F000000;\n"
      "\t@pb bra $L__BB0_5;\n\tadd.s32 %r3, %r3, 64;\n$L__BB0_5:\n\tmov.u32 %r4, 0;\n\t}\n";
  CHECK(honest(kernel(bare_pred)) == 0);
}

TEST_CASE("red team 12: an mbarrier's count is memory that guarded arrivals change") {
  // redteam12_mbarrier_count_dp4a's shape: arrivals guarded by a float compare, the count read
  // back through an unguarded arrival's state.
  const std::string count =
      "mbarrier.init.shared.b64 [%r32], 512;\n\tsetp.ge.f32 %p2, %f2, 0f3F000000;\n"
      "\t@%p2 mbarrier.arrive.noComplete.shared.b64 %rd12, [%r32], 64;\n"
      "\tmbarrier.arrive.noComplete.shared.b64 %rd13, [%r32], 1;\n"
      "\tmbarrier.pending_count.b64 %r3, %rd13;\n";
  CHECK(honest(kernel(count)) == 0);
  // Arrivals guarded by an integer test (a TMA pipeline's elected thread): honest.
  const std::string elected =
      "mbarrier.init.shared.b64 [%r32], 512;\n\tsetp.eq.s32 %p2, %r1, 0;\n"
      "\t@%p2 mbarrier.arrive.noComplete.shared.b64 %rd12, [%r32], 64;\n"
      "\tmbarrier.arrive.noComplete.shared.b64 %rd13, [%r32], 1;\n"
      "\tmbarrier.pending_count.b64 %r4, %rd13;\n" +
      kLoadR3;
  CHECK(honest(kernel(elected)) == 1);
}

TEST_CASE("red team 12: which lanes are alive after a float-decided exit is float-derived") {
  // redteam12_exit_mask_dp4a's shape: a lane leaves by an exit guarded by a float compare, and
  // a lane that stays reads the code from activemask (no operand, no branch, no store).
  const std::string exit_mask =
      "setp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 exit;\n\tactivemask.b32 %r3;\n";
  CHECK(honest(kernel(exit_mask)) == 0);
  // Lanes leaving on an integer test (a tail guard), then activemask: honest.
  const std::string int_exit = "setp.ge.s32 %p2, %r1, 7;\n\t@%p2 exit;\n\tactivemask.b32 %r3;\n";
  CHECK(honest(kernel(int_exit)) == 1);
  // Read before the float-decided exit: the lanes were not decided yet.
  const std::string before =
      "activemask.b32 %r3;\n\tsetp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 exit;\n";
  CHECK(honest(kernel(before)) == 1);
  // A vote inside a float-decided side: its lanes are the float's decision.
  const std::string inside =
      "mov.u32 %r3, 0;\n\tsetp.lt.f32 %p2, %f2, 0f3F000000;\n\t@%p2 bra $L__BB0_5;\n"
      "\tvote.sync.ballot.b32 %r3, %p3, -1;\n$L__BB0_5:\n\tmov.u32 %r4, 0;\n";
  CHECK(honest(kernel(inside)) == 0);
}
