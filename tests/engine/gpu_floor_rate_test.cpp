// Issue 28: the physical floor holds a variant to the fastest class its code could be running
// (engine/backend/gpu/floor_rate.cpp), read from the PTX and the buffers, not its declaration.
#include <doctest/doctest.h>

#include "engine/backend/gpu/floor_rate.h"

using namespace solver;
using generators::DType;

namespace {

gpu::RoofRates h200() {
  gpu::RoofRates r;
  r.fp32 = 67, r.tf32 = 494.5, r.fp16 = 989.5, r.bf16 = 989.5, r.fp8 = 1979;
  return r;
}

generators::PtxPrecision ptx(const std::string& text) {
  return generators::scan_ptx_precision(text);
}

}  // namespace

TEST_CASE("pure FP32 code is held to FP32 whatever it declares (a tf32 label lowers nothing)") {
  auto f = gpu::fastest_rate(ptx("fma.rn.f32 %f1, %f2, %f3, %f4;\n"), {DType::F32}, h200());
  CHECK(f.tops == 67);
  CHECK(f.name == "FP32");
}

TEST_CASE("BF16 MMAs, conversions or buffers: the BF16 tensor rate") {
  const std::string mma =
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n";
  auto a = gpu::fastest_rate(ptx(mma), {DType::F32}, h200());
  CHECK(a.tops == 989.5);
  CHECK(a.why.find("1 BF16 MMA") != std::string::npos);
  // An honest BF16-input GEMM: its inputs are BF16, so the BF16 rate holds even without a scan hit.
  auto b =
      gpu::fastest_rate(ptx("fma.rn.f32 %f1, %f2, %f3, %f4;\n"), {DType::BF16, DType::F32}, h200());
  CHECK(b.tops == 989.5);
  CHECK(b.why.find("a buffer stored in BF16") != std::string::npos);
  // TF32 MMAs: the TF32 rate (below BF16's).
  auto c = gpu::fastest_rate(
      ptx("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"),
      {DType::F32}, h200());
  CHECK(c.tops == 494.5);
}

TEST_CASE("red team 12's note: 2:4 sparse MMAs are held to twice the dense tensor rate") {
  // An honest sparse GEMM within 2x of the sparse peak ran faster than the dense floor allowed.
  const std::string sp =
      "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f2}, %r3, "
      "0x0;\n";
  auto a = gpu::fastest_rate(ptx(sp), {DType::F32}, h200());
  CHECK(a.tops == 2 * 989.5);
  CHECK(a.name == "BF16 tensor (2:4 sparse)");
  CHECK(a.why.find("1 2:4 sparse MMA(s)") != std::string::npos);
  // The ordered-metadata spelling and wgmma's .sp count too; integer sparse MMAs double IMMA.
  auto b = gpu::fastest_rate(
      ptx("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32 {%r1}, {%r2}, "
          "{%r3}, {%r4}, %r5, 0x0;\n"),
      {DType::I32}, h200());
  CHECK(b.tops == 2 * 1979);
  auto c = gpu::fastest_rate(
      ptx("wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f1}, %rd1, %rd2, %r1, 0, 1, "
          "1, 1, 1, 0, 0;\n"),
      {DType::F32}, h200());
  CHECK(c.tops == 2 * 989.5);
  // Dense MMAs next to them are no reason for the doubling; without a sparse one it stays dense.
  auto d = gpu::fastest_rate(
      ptx("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1}, {%r2}, {%f2};\n"),
      {DType::F32}, h200());
  CHECK(d.tops == 989.5);
  CHECK(d.name == "FP16 tensor");
  // Pure FP32 code is not affected by the rule.
  CHECK(gpu::fastest_rate(ptx("fma.rn.f32 %f1, %f2, %f3, %f4;\n"), {DType::F32}, h200()).tops ==
        67);
}

TEST_CASE("integer code: dp4a or no float buffer is held to the integer pipes, IMMA to int8") {
  auto dp = gpu::fastest_rate(ptx("dp4a.s32.s32 %r1, %r2, %r3, %r4;\n"), {DType::I32, DType::F32},
                              h200());
  CHECK(dp.tops == 4 * 67);
  CHECK(dp.name.find("dp4a") != std::string::npos);
  auto ints =
      gpu::fastest_rate(ptx("mad.lo.s32 %r1, %r2, %r3, %r4;\n"), {DType::I32, DType::U32}, h200());
  CHECK(ints.tops == 4 * 67);
  auto imma = gpu::fastest_rate(
      ptx("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1}, {%r2}, {%r3}, {%r4};\n"),
      {DType::I32}, h200());
  CHECK(imma.tops == 1979);  // no int8 figure: FP8's dense rate (the same on H100/H200)
}

TEST_CASE("algorithm_flops: a variant's own count lowers the floor's, within kMaxFlopReduction") {
  // conv2d 64x128x128x28x28 3x3: 14.8 GFLOP direct; Winograd F(2x2,3x3)'s element GEMMs 6.58.
  const double direct = 2.0 * 64 * 128 * 128 * 28 * 28 * 9;
  const double wino = 2.0 * 16 * 128 * 128 * 64 * 14 * 14;
  auto none = gpu::floor_flops(direct, 0);
  CHECK(none.flops == direct);
  CHECK(none.how.empty());
  auto w = gpu::floor_flops(direct, wino);
  CHECK(w.flops == wino);
  CHECK(w.how == "the variant's algorithm_flops");
  // A variant cannot lower its floor further than the factor by declaring a tiny count.
  auto cheat = gpu::floor_flops(direct, 1);
  CHECK(cheat.flops == direct / gpu::kMaxFlopReduction);
  CHECK(cheat.how.find("clamped") != std::string::npos);
  // Nor raise it above the problem's (the problem's count is every variant's floor), nor make
  // a FLOP floor where the problem has none.
  CHECK(gpu::floor_flops(direct, 2 * direct).flops == direct);
  CHECK(gpu::floor_flops(0, wino).flops == 0);
  CHECK(gpu::floor_flops(direct, -5).flops == direct);
}

TEST_CASE("red team 14: a float narrowed in integer code is held to the class its bits make") {
  // A float's bits rounded to 15 mantissa bits and stored (redteam14_int_narrow_stage): TF32's
  // rate; the same value truncated to a bf16's 7 bits: BF16's.
  auto narrowed = [](const std::string& body) {
    return ".version 8.5\n.target sm_90\n.address_size 64\n"
           ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
           "\t.reg .b32 %r<8>;\n\t.reg .f32 %f<4>;\n\t.reg .b64 %rd<4>;\n"
           "\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
           "\tld.global.f32 %f1, [%rd2];\n\tmov.b32 %r1, %f1;\n" +
           body + "\tret;\n}\n";
  };
  auto a = gpu::fastest_rate(
      ptx(narrowed("add.s32 %r2, %r1, 127;\nshr.u32 %r3, %r2, 8;\nst.global.u32 [%rd2], %r3;\n")),
      {DType::F32}, h200());
  CHECK(a.tops == 494.5);
  CHECK(a.why.find("a float narrowed in integer code to 15 mantissa bits") != std::string::npos);
  auto b =
      gpu::fastest_rate(ptx(narrowed("and.b32 %r2, %r1, -65536;\nst.global.u32 [%rd2], %r2;\n")),
                        {DType::F32}, h200());
  CHECK(b.tops == 989.5);
  // Every mantissa bit kept (a sign flip): FP32.
  auto c = gpu::fastest_rate(
      ptx(narrowed("xor.b32 %r2, %r1, -2147483648;\nst.global.u32 [%rd2], %r2;\n")), {DType::F32},
      h200());
  CHECK(c.tops == 67);
}
