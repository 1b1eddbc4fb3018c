// The precision a variant's PTX computes in, against its declared class (generators/
// ptx_precision.h): hand-written PTX lines for each rule, then every built-in variant compiled
// by NVRTC (no GPU needed) must match its own declaration, so the gate's precision_mismatch
// cannot refuse an honest variant of the six problems.
#include <doctest/doctest.h>

#include <optional>
#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

namespace {
std::string mismatch(const std::string& ptx, const std::string& declared,
                     std::set<DType> dtypes = {DType::F32}) {
  return precision_mismatch(scan_ptx_precision(ptx), declared, dtypes);
}
}  // namespace

TEST_CASE("MMA operand formats are read from the mnemonic") {
  auto p = scan_ptx_precision(
      "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, "
      "{%f5,%f6,%f7,%f8};\n"
      "  mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2}, {%r3}, "
      "{%f5,%f6,%f7,%f8};\n"
      "  mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r3}, {%f5};\n"
      "  wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"  // f16
                                                                                         // operands
      "  wmma.mma.sync.aligned.row.row.m16n16k8.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"
      "  wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {%f1}, %rd1, %rd2, 1, 1, 1;\n"
      "  mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd1, %fd2}, {%fd3}, {%fd4}, {%fd5, "
      "%fd6};\n"
      "  mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1}, {%r2}, {%r3}, {%r4};\n"
      "  tcgen05.mma.cta_group::1.kind::tf32 [%r1], %rd1, %rd2, %r2, 1;\n");
  CHECK(p.mma_f16 == 2);
  CHECK(p.mma_tf32 == 3);
  CHECK(p.mma_bf16 == 1);
  CHECK(p.mma_fp8 == 1);
  CHECK(p.mma_f64 == 1);
  CHECK(p.mma_int == 1);
  CHECK(p.formats() == std::set<std::string>{"f16", "bf16", "tf32", "fp8", "int8"});
}

TEST_CASE("conversions down and half arithmetic are counted; widening and comments are not") {
  auto p = scan_ptx_precision(
      "  cvt.rn.f16.f32 %rs1, %f1;\n"
      "  cvt.rn.bf16x2.f32 %r1, %f1, %f2;\n"
      "  cvt.rna.tf32.f32 %r2, %f3;\n"
      "  cvt.rn.satfinite.e4m3x2.f32 %rs2, %f1, %f2;\n"
      "  cvt.f32.f16 %f4, %rs1;\n"  // widening: exact
      "  cvt.rn.f32.s32 %f5, %r3;\n"
      "  @%p1 fma.rn.f16x2 %r4, %r5, %r6, %r7;\n"
      "  L1: add.rn.bf16 %rs3, %rs4, %rs5;\n"
      "  neg.f16 %rs6, %rs7;\n"  // exact
      "  mov.b32 {%rs1, %rs2}, %r1;\n"
      "  // fma.rn.f16x2 in a comment\n"
      "  /* mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 */\n");
  CHECK(p.cvt_f16 == 1);
  CHECK(p.cvt_bf16 == 1);
  CHECK(p.cvt_tf32 == 1);
  CHECK(p.cvt_fp8 == 1);
  CHECK(p.arith_f16 == 1);
  CHECK(p.arith_bf16 == 1);
  CHECK(p.mma_f16 == 0);
}

TEST_CASE("half-precision additions made by reductions and atomics are half arithmetic") {
  // Red team 11 (tests/cheats/redteam11_f16x2_red_scatter): an "fp32" scatter-add accumulated
  // in FP16 with red.global.add.noftz.f16x2 (its inputs FP16 already, so no narrowing cvt) was
  // read as no arithmetic at all.
  auto p = scan_ptx_precision(
      "  red.global.add.noftz.f16x2 [%rd1], %r1;\n"
      "  atom.shared.add.noftz.bf16 %rs1, [%r2], %rs2;\n"
      "  @%p1 red.relaxed.gpu.global.add.noftz.bf16x2 [%rd2], %r3;\n"
      "  cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f16 [%rd3], [%r4], 256;\n"
      "  multimem.red.relaxed.sys.global.add.bf16x2 [%rd4], %r5;\n");
  CHECK(p.arith_f16 == 2);
  CHECK(p.arith_bf16 == 3);
  // What computes nothing, or computes in FP32, is not counted: min/max/exchange on halves, an
  // FP32 atomic add (the honest seed's), integer adds, a bulk copy.
  auto q = scan_ptx_precision(
      "  atom.global.max.bf16x2 %r1, [%rd1], %r2;\n"
      "  red.global.min.f16 [%rd1], %rs1;\n"
      "  atom.global.exch.b16 %rs2, [%rd1], %rs3;\n"
      "  red.global.add.f32 [%rd2], %f1;\n"
      "  atom.global.add.u32 %r3, [%rd3], 1;\n"
      "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd4], 256, "
      "[%r5];\n");
  CHECK(q.arith_f16 == 0);
  CHECK(q.arith_bf16 == 0);
  CHECK(q.arith_f32 == 0);
  const std::string red = "red.global.add.noftz.f16x2 [%rd1], %r1;\n";
  const std::string why = mismatch(red, "fp32", {DType::F16, DType::F32, DType::I32});
  CHECK(why.find("FP16 arithmetic") != std::string::npos);
  CHECK(why.find("declare precision 'fp16'") != std::string::npos);
  CHECK(mismatch(red, "fp16", {DType::F16, DType::F32, DType::I32}).empty());
  CHECK(mismatch("red.global.add.f32 [%rd1], %f1;\n", "fp32", {DType::F16, DType::F32}).empty());
}

TEST_CASE("a tensor bulk reduction adds in its tensor map's format") {
  // Red team 11's residual: cp.reduce.async.bulk.tensor names no type (the map holds it).
  const std::string ptx =
      "  cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1, "
      "%r2}], [%r3];\n"
      "  cp.reduce.async.bulk.tensor.1d.global.shared::cta.min.tile.bulk_group [%rd1, {%r1}], "
      "[%r3];\n";
  auto bare = scan_ptx_precision(ptx);
  CHECK(bare.reduce_tensor_add == 1);  // the min computes nothing
  CHECK(bare.arith_f16 + bare.arith_bf16 == 0);
  FloatParams half_map, bf16_map, f32_map;
  half_map.map_dtypes = {DType::F32, DType::F16};
  bf16_map.map_dtypes = {DType::BF16};
  f32_map.map_dtypes = {DType::F32};
  CHECK(scan_ptx_precision(ptx, half_map).arith_f16 == 1);
  CHECK(scan_ptx_precision(ptx, bf16_map).arith_bf16 == 1);
  auto wide = scan_ptx_precision(ptx, f32_map);
  CHECK(wide.arith_f16 + wide.arith_bf16 == 0);
  CHECK(!precision_mismatch(scan_ptx_precision(ptx, half_map), "fp32", {DType::F16, DType::F32})
             .empty());
}

TEST_CASE("each class admits what it promises and nothing lower") {
  const std::string f16_mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  const std::string tf32_mma =
      "wmma.mma.sync.aligned.row.row.m16n16k8.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"
      "cvt.rna.tf32.f32 %r1, %f1;\n";
  // The cheat: FP16 tensor cores declared as tf32.
  std::string why = mismatch(f16_mma, "tf32");
  CHECK(why.find("declares precision 'tf32'") != std::string::npos);
  CHECK(why.find("FP16 tensor-core MMA") != std::string::npos);
  CHECK(mismatch(tf32_mma, "tf32").empty());
  CHECK_FALSE(mismatch(tf32_mma, "fp32").empty());  // TF32 as FP32
  CHECK(mismatch(f16_mma, "fp16").empty());
  CHECK(mismatch(tf32_mma, "fp16").empty());  // more precise than promised is fine
  CHECK_FALSE(
      mismatch("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n",
               "tf32")
          .empty());
  CHECK_FALSE(
      mismatch("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n",
               "fp16")
          .empty());
  CHECK(
      mismatch("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n",
               "bf16")
          .empty());
  CHECK_FALSE(mismatch("fma.rn.f16x2 %r1, %r2, %r3, %r4;\n", "fp32").empty());
  CHECK(mismatch("fma.rn.f32 %f1, %f2, %f3, %f4;\n", "fp32").empty());
  // A name the scan does not know is judged as fp32 (red team 5): it admits nothing lower.
  CHECK_FALSE(mismatch(f16_mma, "mixed_custom").empty());
}

TEST_CASE("a class is judged by what its name says, whatever the spelling (red team 5)") {
  const std::string bf16_mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  const std::string f16_mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  const std::string tf32_mma =
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  // tests/cheats/redteam5_class_alias_mma: BF16 MMAs under a second spelling of fp32 passed
  // unjudged; every spelling of a full-precision class and every unknown name refuses them.
  for (const char* c : {"float32", "FP32", "f32", "fp_32", "single", "Float64", "double", "exact",
                        "loose", "mixed_custom", ""}) {
    CAPTURE(c);
    std::string why = mismatch(bf16_mma, c);
    CHECK(why.find("BF16 tensor-core MMA") != std::string::npos);
    CHECK(why.find(std::string("declares precision '") + c + "'") != std::string::npos);
    CHECK_FALSE(mismatch(tf32_mma, c).empty());
    // FP32 code passes every class but fp64's, under which it is the declared work done in
    // FP32 (red team 8: FP32 arithmetic outnumbering FP64's, whatever the buffers hold).
    CHECK(mismatch("fma.rn.f32 %f1, %f2, %f3, %f4;\n", c).empty() == (judged_class(c) != "fp64"));
  }
  CHECK(judged_class("float32") == "fp32");
  CHECK(judged_class("loose") == "fp32");
  CHECK(judged_class("Float64") == "fp64");
  // A half class under another spelling still admits its own format, and only it.
  for (const char* c : {"BF16", "bfloat16", "bf_16"}) {
    CAPTURE(c);
    CHECK(mismatch(bf16_mma, c).empty());
    CHECK_FALSE(mismatch(f16_mma, c).empty());
  }
  for (const char* c : {"FP16", "half", "float16", "f16"}) {
    CAPTURE(c);
    CHECK(mismatch(f16_mma, c).empty());
    CHECK_FALSE(mismatch(bf16_mma, c).empty());
  }
  CHECK(mismatch(tf32_mma, "TF32").empty());
  CHECK_FALSE(mismatch(bf16_mma, "TF32").empty());
  // The message names the class it was judged as, and the class the code would pass under.
  std::string why = mismatch(bf16_mma, "float32");
  CHECK(why.find("judged as 'fp32'") != std::string::npos);
  CHECK(why.find("declare precision 'bf16'") != std::string::npos);
  CHECK(mismatch(bf16_mma, "fp32").find("judged as") == std::string::npos);
}

TEST_CASE("a problem's own half-precision data may be converted to, not multiplied under fp32") {
  const std::string store = "cvt.rn.f16.f32 %rs1, %f1;\n";
  const std::string mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  CHECK_FALSE(mismatch(store, "fp32", {DType::F32}).empty());
  CHECK(mismatch(store, "fp32", {DType::F32, DType::F16}).empty());
  // Issue 28: the class is bounded by the code. An f16 buffer no longer excuses f16 MMAs under
  // fp32 (an "fp32" GEMM done as split half-precision products would pass), and the message
  // names the class the code computes in.
  const std::string why = mismatch(mma, "fp32", {DType::F16, DType::F32});
  CHECK(why.find("FP16 tensor-core MMA") != std::string::npos);
  CHECK(why.find("declare precision 'fp16'") != std::string::npos);
  CHECK(mismatch(mma, "fp16", {DType::F16, DType::F32}).empty());
  const std::string bf16 =
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"
      "cvt.rn.bf16.f32 %rs1, %f1;\n";
  CHECK(mismatch(bf16, "fp32", {DType::BF16, DType::F32}).find("declare precision 'bf16'") !=
        std::string::npos);
  CHECK(mismatch(bf16, "bf16", {DType::BF16, DType::F32}).empty());
  // dp4a is counted (the floor's integer rate), not a precision below fp32.
  CHECK(scan_ptx_precision("dp4a.s32.s32 %r1, %r2, %r3, %r4;\n").int_dot == 1);
  CHECK(mismatch("dp4a.s32.s32 %r1, %r2, %r3, %r4;\n", "fp32", {DType::I32}).empty());
  // ...but arithmetic in f16 is still a lower precision than fp32.
  CHECK_FALSE(mismatch("add.rn.f16 %rs1, %rs2, %rs3;\n", "fp32", {DType::F16, DType::F32}).empty());
}

TEST_CASE("every built-in variant's NVRTC PTX computes in its declared precision") {
  if (!nvrtc_available()) {
    MESSAGE("SKIP: no NVRTC in this build: " << nvrtc_unavailable_reason());
    return;
  }
  auto chip = test::test_chip();
  chip.capabilities = {"tf32", "cp_async", "tma", "wgmma"};  // a Hopper: the wgmma variants too
  // Under AddressSanitizer (CI's sanitizer job) NVRTC, which is not our code, runs inside ASan's
  // allocator: all ~500 points took 15+ minutes on 2 loaded cores and the job's CI run of
  // 2026-12-03 aborted in this case twice (a run here under the same flags passed). There each
  // variant's first and last knob point are scanned: every kernel source still goes through the
  // scan under the sanitizers; the normal build scans every point.
#if defined(__SANITIZE_ADDRESS__)
  const bool ends_only = true;
  MESSAGE("sanitizer build: each variant's first and last knob point only");
#else
  const bool ends_only = false;
#endif
  // The ctest run's shared cache (after nvrtc_compile_test, which compiled these sources with
  // these options): the PTX judged is NVRTC's, read back sealed; by hand, compiled here.
  const std::string shared = test::shared_nvrtc_cache_dir();
  std::optional<CompileCache> cache;
  if (!shared.empty()) cache.emplace(shared);
  int checked = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/problems")) {
    std::size_t points = 0;
    for (const auto& v : spec.variants) points += enumerate_knobs(spec, v).size();
    if (points >= 1000) continue;  // issue 30's large pools: large_pools_test checks a sample
    for (const auto& v : spec.variants) {
      auto all = enumerate_knobs(spec, v);
      if (ends_only && all.size() > 2) all = {all.front(), all.back()};
      for (const auto& knobs : all) {
        auto rv = resolve(spec, v, knobs, chip);
        REQUIRE_MESSAGE(rv.ok(), rv.key);
        auto c = compile_variant(rv, cache ? &*cache : nullptr);
        REQUIRE_MESSAGE(c.ok, spec.name, " ", rv.key, ": ", c.error, c.log);
        REQUIRE_FALSE(c.ptx.empty());
        std::set<DType> dtypes;
        for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
        auto p = scan_ptx_precision(c.ptx, float_params(rv));
        CHECK_MESSAGE(precision_mismatch(p, rv.precision, dtypes).empty(), spec.name, " ", rv.key,
                      ": ", precision_mismatch(p, rv.precision, dtypes));
        if (rv.precision == "tf32") CHECK_MESSAGE(p.mma_tf32 > 0, rv.key);  // the scan sees them
        ++checked;
      }
    }
  }
  CHECK(checked >= 30);
}

TEST_CASE("a BF16 MMA behind a glued label is still a BF16 MMA (issue 28)") {
  const std::string ptx =
      "{\nRT_MMA:mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, "
      "{%f2};\n}\n";
  CHECK(scan_ptx_precision(ptx).mma_bf16 == 1);
  CHECK(mismatch(ptx, "fp32").find("1 BF16 tensor-core MMA(s)") != std::string::npos);
}

TEST_CASE("dp4a/dp2a on a problem with only float buffers is a precision below every class") {
  // An int8-quantised dot product (issue 28): the operands were made from the problem's
  // floats, so no float class holds; on integer buffers only it is the problem's own arithmetic.
  const std::string dp4a = "dp4a.s32.s32 %r1, %r2, %r3, %r4;\n";
  const std::string dp2a = "dp2a.lo.s32.s32 %r1, %r2, %r3, %r4;\n";
  for (const char* cls : {"fp32", "tf32", "bf16", "fp16", "fp64"}) {
    CAPTURE(cls);
    const std::string why = mismatch(dp4a, cls, {DType::F32});
    CHECK(why.find("1 integer dot product(s) (dp4a/dp2a)") != std::string::npos);
    // No float class would pass; a problem whose author admits int8 (hon19) would.
    CHECK(why.find("declare precision 'int8'") != std::string::npos);
    CHECK_FALSE(mismatch(dp2a + dp4a, cls, {DType::F16, DType::BF16}).empty());
    // Next to float buffers an integer buffer excuses no dp4a by itself (red team 10): its
    // operands must be shown to come from the integer buffers (ptx_int_provenance_test), which
    // a scan without the kernels' parameters cannot show.
    CHECK_FALSE(mismatch(dp4a, cls, {DType::I32, DType::F32}).empty());
    CHECK(mismatch(dp2a, cls, {DType::U32}).empty());
  }
  CHECK(mismatch("@%p1 Q:dp4a.s32.s32 %r1, %r2, %r3, %r4;\n", "fp32", {DType::F32}) != "");
}

TEST_CASE(
    "an opcode's modifiers after blanks or line ends are still the opcode (red team round 2)") {
  // ptxas assembles each of these to the same TF32 HMMA as "mma.sync.aligned..." (checked with
  // nvcc + cuobjdump: HMMA.1688.F32.TF32); tests/cheats/redteam2_spaced_mma relies on the first.
  const char* spellings[] = {
      "mma .sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};",
      "mma\n.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};",
      "mma\t.sync .aligned\n  .m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};",
      "mma/* c */.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};",
      "L1: @%p1 mma .sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};",
  };
  for (const char* s : spellings) {
    CAPTURE(s);
    const std::string ptx = std::string("{\n") + s + "\n}\n";
    CHECK(scan_ptx_precision(ptx).mma_tf32 == 1);
    CHECK(mismatch(ptx, "fp32").find("1 TF32 tensor-core MMA(s)") != std::string::npos);
  }
  // Operands, directives and line-info are read as before: nothing here is an MMA or a
  // conversion.
  const std::string plain =
      ".version 8.0\n.target sm_90\n.visible .entry k(\n.param .u64 k_p\n)\n{\n.reg .f32 %f<3>;\n"
      ".loc 1 5 10\n.loc 1 6 3\nadd.f32 %f1, %f2, %f2;\nst.global.f32 [%rd1], %f1;\n}\n";
  CHECK(scan_ptx_precision(plain).formats().empty());
  CHECK(ptx_opcode(".loc 1 6 3") == ".loc");
}

TEST_CASE(
    "a guard read across blanks, and a form feed, are read as ptxas reads them (red team 3)") {
  // ptxas 13.0 assembles each of these to the cubin of "@p mma.sync.aligned..." byte for byte
  // (checked with ptxas -arch=sm_90 and cmp; of 120 spellings ptxas took, with blanks, comments
  // and line ends at every token boundary, the scan before this missed 34 and misses none now);
  // tests/cheats/redteam3_guard_blank_mma and
  // redteam3_formfeed_mma rely on the first and the fifth. Before, ptx_opcode took the predicate
  // for the opcode ("@ p mma...": opcode "p") or stopped at the form feed ("mma").
  const std::string mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, "
      "{%r2}, {%f2};";
  const std::string tail = mma.substr(3);  // ".sync.aligned..."
  const std::string spellings[] = {
      "@ p " + mma,
      "@ !p " + mma,
      "@! p " + mma,
      "@/* c */p " + mma,
      "@p mma\f" + tail,
      "@\np " + mma,
      "@ \t %p1 " + mma,
      "L1: @ ! %p1 " + mma,
      "@ p\f" + mma,
      "@ p mma\f \n" + tail,
      // A form feed after the first modifier hid the types ("mma.sync": an MMA of no format).
      "@p mma.sync\f" + tail.substr(5),
      "@/*a\nb*/p " + mma,
      "@!\r\np " + mma,
  };
  for (const std::string& s : spellings) {
    CAPTURE(s);
    const std::string ptx = "{\n.reg .pred p;\n" + s + "\n}\n";
    CHECK(scan_ptx_precision(ptx).mma_bf16 == 1);
    CHECK(mismatch(ptx, "fp32").find("1 BF16 tensor-core MMA(s)") != std::string::npos);
  }
  // A guard still ends at its predicate: what follows is the opcode, not more of the guard.
  CHECK(scan_ptx_precision("@ p bra $L__BB0_2;\n@ !p add.f32 %f1, %f2, %f3;\n").formats().empty());
  CHECK(scan_ptx_precision("@ p cvt.rn.bf16.f32 %rs1, %f1;\n").cvt_bf16 == 1);
}

TEST_CASE("fp64 declared, FP64 narrowed to FP32 and computed on in FP32: refused (red team 6)") {
  const std::string narrowed =
      "cvt.rn.f32.f64 %f1, %fd1;\n"
      "fma.rn.f32 %f3, %f1, %f2, %f3;\n"
      "cvt.f64.f32 %fd2, %f3;\n";
  const std::string seeded =
      "cvt.rn.f32.f64 %f1, %fd1;\n"
      "rsqrt.approx.ftz.f32 %f2, %f1;\n"
      "cvt.f64.f32 %fd2, %f2;\n"
      "fma.rn.f64 %fd3, %fd2, %fd4, %fd5;\n";
  const std::string f32_only = "fma.rn.f32 %f3, %f1, %f2, %f3;\n";  // no FP64 value narrowed
  const std::string why = mismatch(narrowed, "fp64", {DType::F64});
  CHECK(why.find("1 conversion(s) from FP64 to FP32 and 1 FP32 arithmetic") != std::string::npos);
  CHECK(why.find("declare precision 'fp32'") != std::string::npos);
  CHECK(mismatch(narrowed, "double", {DType::F64}) != "");
  CHECK(mismatch(narrowed, "fp32", {DType::F64}).empty());  // fp32 promises no more than that
  CHECK(mismatch(seeded, "fp64", {DType::F64}).empty());    // an FP32 seed of FP64 Newton steps
  // FP32 arithmetic on values of its own (an FP32 buffer) as a minority of the work: not
  // judged. With every float buffer in FP64 it has none: its operands were narrowed, by cvt or
  // in integer code (red team 7). Outnumbering the FP64 arithmetic it is the work itself,
  // whatever the buffers hold (red team 8: FP32 tiles of an FP64 accumulation of FP32 data).
  const std::string f32_minor = f32_only +
                                "fma.rn.f64 %fd3, %fd1, %fd2, %fd3;\n"
                                "add.f64 %fd4, %fd3, %fd4;\n";
  CHECK(mismatch(f32_minor, "fp64", {DType::F64, DType::F32}).empty());
  const std::string f32_tiles = f32_only + f32_only + "add.f64 %fd4, %fd3, %fd4;\n";
  const std::string tiles = mismatch(f32_tiles, "fp64", {DType::F64, DType::F32});
  CHECK(tiles.find("1 FP64 arithmetic instruction(s) against 2 FP32 arithmetic") !=
        std::string::npos);
  CHECK(mismatch(f32_only, "fp64", {DType::F64, DType::F32}) != "");
  CHECK(mismatch(f32_tiles, "fp32", {DType::F64, DType::F32}).empty());  // fp32 promises that
  const std::string bits = mismatch(f32_only, "fp64", {DType::F64, DType::I32});
  CHECK(bits.find("no FP32 buffer and 1 FP32 arithmetic") != std::string::npos);
  CHECK(bits.find("declare precision 'fp32'") != std::string::npos);
  CHECK(mismatch("rsqrt.approx.ftz.f32 %f2, %f1;\n", "fp64", {DType::F64}).empty());
  CHECK(mismatch("setp.lt.f32 %p1, %f1, %f2;\n", "fp64", {DType::F64}).empty());  // no rounding
  // The folders of the cheat suite through NVRTC: the cheats refused, the seeds and the control
  // not (red team 7's child narrows in integer code: no cvt.rn.f32.f64 in its PTX; red team
  // 8's narrows nothing: FP32 inputs summed in FP32 tiles).
  if (!nvrtc_available()) return;
  auto chip = test::test_chip();
  int seen = 0;
  const std::set<std::string> folders = {
      "redteam6_fp64_as_fp32",     "control_redteam6_f64_rsqrt_seed",
      "redteam7_f64_bitcast_fp32", "control_redteam7_cuda_samples_imma",
      "redteam8_f32in_fp64_tiles", "redteam9_dead_f64_majority"};
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (!folders.count(spec.name)) continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      std::set<DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      const std::string m =
          precision_mismatch(scan_ptx_precision(c.ptx, float_params(rv)), rv.precision, dtypes);
      CAPTURE(spec.name);
      CAPTURE(rv.key);
      CAPTURE(m);
      const bool cheat = spec.name.rfind("redteam", 0) == 0 && v.id != spec.seed_variant;
      CHECK(m.empty() == !cheat);
      ++seen;
    }
  }
  CHECK(seen == 12);  // two variants in each folder
}

// A kernel k(P) that computes `value` and stores %fd1 through its parameter, with `dead` FP64
// arithmetic beside it.
std::string fp64_kernel(const std::string& value, const std::string& dead) {
  return ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .f32 %f<8>;\n\t.reg .f64 %fd<8>;\n\t.reg .b64 %rd<4>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
         "\tld.global.f32 %f1, [%rd2];\n\tld.global.f64 %fd3, [%rd2+8];\n" +
         value + dead + "\tst.global.f64 [%rd2], %fd1;\n\tret;\n}\n";
}

TEST_CASE(
    "red team 9: under fp64 no buffer receives a value of FP32 arithmetic, dead FP64 or not") {
  std::string dead;
  for (int i = 0; i < 8; ++i) dead += "fma.rn.f64 %fd2, %fd2, %fd2, %fd3;\n";
  const std::set<DType> data = {DType::F32, DType::F64};
  auto judge = [&](const std::string& ptx) {
    return precision_mismatch(scan_ptx_precision(ptx, FloatParams{}), "fp64", data);
  };
  // An FP32 product widened and stored: 8 FP64 instructions outnumber it, the flow refuses it.
  const std::string f32_product = "fma.rn.f32 %f2, %f1, %f1, %f1;\ncvt.f64.f32 %fd1, %f2;\n";
  const auto p = scan_ptx_precision(fp64_kernel(f32_product, dead), FloatParams{});
  CHECK(p.arith_f64 > p.arith_f32);
  CHECK(p.f32_to_buffers == 1);
  CHECK(judge(fp64_kernel(f32_product, dead)).find("1 kernel(s) storing results of 1 FP32") !=
        std::string::npos);
  // Through integer bits and shared memory: the same value.
  CHECK(!judge(fp64_kernel("mul.f32 %f2, %f1, %f1;\nmov.b32 %r1, %f2;\n"
                           "st.shared.u32 [s], %r1;\nld.shared.f32 %f3, [s];\n"
                           "cvt.f64.f32 %fd1, %f3;\n",
                           dead))
             .empty());
  // FP32 data widened and summed in FP64 (the honest seed), and FP32 arithmetic whose result
  // stays out of every buffer: admitted.
  CHECK(judge(fp64_kernel("cvt.f64.f32 %fd4, %f1;\nfma.rn.f64 %fd1, %fd4, %fd4, %fd3;\n", dead))
            .empty());
  CHECK(judge(fp64_kernel("mul.f32 %f2, %f1, %f1;\ncvt.f64.f32 %fd1, %f1;\n", dead)).empty());
}

TEST_CASE("integer MMAs are the problem's own arithmetic where dp4a is (red team 7)") {
  // CUDA samples' immaTensorCoreGemm (tests/cheats/control_redteam7_cuda_samples_imma): an exact
  // int8 GEMM of packed int8 data on the integer tensor cores was refused under every class,
  // while the same products by dp4a passed on the same problem.
  const std::string imma =
      "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r1}, {%r2}, {%r3}, {%r4};\n"
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1}, {%r2}, {%r3}, {%r4};\n";
  CHECK(scan_ptx_precision(imma).mma_int == 2);
  for (const char* cls : {"fp32", "tf32", "bf16", "fp16", "fp64"}) {
    CAPTURE(cls);
    CHECK(mismatch(imma, cls, {DType::I32}).empty());
    CHECK(mismatch(imma, cls, {DType::U64, DType::I32}).empty());
    // On float data the operands were quantised: refused, and no float class would pass; an
    // integer buffer next to the floats (an index) excuses dp4a, not the tensor cores.
    for (const std::set<DType>& d :
         {std::set<DType>{DType::F32, DType::BF16}, std::set<DType>{DType::F32, DType::I32}}) {
      const std::string why = mismatch(imma, cls, d);
      CHECK(why.find("2 integer tensor-core MMA(s)") != std::string::npos);
      CHECK(why.find("declare precision 'int8'") != std::string::npos);  // hon19
    }
  }
  // The excuse is for integers only: a BF16 MMA next to them is judged as before.
  const std::string mixed =
      imma + "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  const std::string why = mismatch(mixed, "fp32", {DType::I32});
  CHECK(why.find("1 BF16 tensor-core MMA(s)") != std::string::npos);
  CHECK(why.find("integer tensor-core") == std::string::npos);
  CHECK(why.find("declare precision 'bf16'") != std::string::npos);
}

TEST_CASE("the FP32 flow scan of a large PTX is kept by its text: the same answers, text by text") {
  // Past 64 KB the flow scan's answer is kept for the process (by the PTX's sha256): scanning
  // the same text again answers as the first time, and a text one store apart answers its own.
  std::string dead;
  for (int i = 0; i < 8; ++i) dead += "fma.rn.f64 %fd2, %fd2, %fd2, %fd3;\n";
  const std::string pad = "// " + std::string(70 << 10, 'x') + "\n";  // over the memo's floor
  const std::string stored =
      fp64_kernel("fma.rn.f32 %f2, %f1, %f1, %f1;\ncvt.f64.f32 %fd1, %f2;\n", dead) + pad;
  const std::string kept_out =
      fp64_kernel("mul.f32 %f2, %f1, %f1;\ncvt.f64.f32 %fd1, %f1;\n", dead) + pad;
  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    const auto a = scan_ptx_precision(stored, FloatParams{});
    const auto b = scan_ptx_precision(kept_out, FloatParams{});
    CHECK(a.f32_to_buffers == 1);
    CHECK(a.f32_to_buffers == fp32_arith_to_buffers(stored));
    CHECK(a.f32_decides_buffers == fp32_arith_to_buffers(stored, true));
    CHECK(b.f32_to_buffers == 0);
  }
}
