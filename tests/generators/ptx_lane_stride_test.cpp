// The lane-stride scan (generators/ptx_lane_stride.h) on hand-written PTX in the form NVRTC emits
// for sm_90: each case names the address arithmetic it exercises and the kind it must give, in
// both directions (a contiguous access and the strided or unknown one beside it).
#include <doctest/doctest.h>

#include <string>

#include "generators/ptx_lane_stride.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {

// The prologue of a 1-D kernel: %r1 = blockIdx.x * blockDim.x + threadIdx.x, %rd1 and %rd2 two
// global pointers, %r2 an int parameter.
const std::string kPrologue = R"(
  ld.param.u64 %rd1, [k_param_0];
  ld.param.u64 %rd2, [k_param_1];
  ld.param.u32 %r2, [k_param_2];
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %tid.x;
  mad.lo.s32 %r1, %r3, %r4, %r5;
  cvta.to.global.u64 %rd3, %rd1;
  cvta.to.global.u64 %rd6, %rd2;
)";

LaneAccessMix mix(const std::string& body) { return ptx_lane_access_mix(kPrologue + body); }

}  // namespace

TEST_CASE("a float4 stream is contiguous: 16 bytes from lane to lane") {
  auto m = mix(R"(
  mul.wide.s32 %rd4, %r1, 16;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5];
  add.s64 %rd7, %rd6, %rd4;
  st.global.v4.f32 [%rd7], {%f1, %f2, %f3, %f4};
  ret;)");
  CHECK(m.accesses == 2);
  CHECK(m.contiguous == 2.0);
  CHECK(m.strided == 0.0);
  CHECK(m.unknown == 0.0);
}

TEST_CASE("a float4 at twice its width apart is strided") {
  auto m = mix(R"(
  mul.wide.s32 %rd4, %r1, 32;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd5];
  ret;)");
  CHECK(m.strided == 1.0);
  CHECK(m.contiguous == 0.0);
}

TEST_CASE("a byte stream is contiguous; bytes 64 apart are strided") {
  auto m = mix(R"(
  cvt.s64.s32 %rd4, %r1;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.u8 %rs1, [%rd5];
  shl.b32 %r6, %r1, 6;
  cvt.s64.s32 %rd7, %r6;
  add.s64 %rd8, %rd6, %rd7;
  st.global.u8 [%rd8], %rs1;
  ret;)");
  CHECK(m.contiguous == 1.0);
  CHECK(m.strided == 1.0);
}

TEST_CASE("eight values stored or loaded one at a time are one thread's run") {
  std::string body = R"(
  shl.b32 %r6, %r1, 3;
  cvt.s64.s32 %rd4, %r6;
  add.s64 %rd8, %rd6, %rd4;
)";
  for (int k = 0; k < 8; ++k) body += "  st.global.u8 [%rd8+" + std::to_string(k) + "], %r7;\n";
  // Its eight floats read one at a time, 32 bytes from lane to lane: over 16 bytes, but the
  // thread's run covers the stride.
  body += "  mul.wide.s32 %rd11, %r6, 4;\n  add.s64 %rd12, %rd3, %rd11;\n";
  for (int k = 0; k < 8; ++k)
    body +=
        "  ld.global.nc.f32 %f" + std::to_string(k) + ", [%rd12+" + std::to_string(4 * k) + "];\n";
  // The same stride with one float read: a run of 4 bytes, 32 bytes apart, is strided.
  body += "  shl.b32 %r8, %r1, 5;\n  cvt.s64.s32 %rd9, %r8;\n  add.s64 %rd10, %rd3, %rd9;\n";
  body += "  ld.global.f32 %f9, [%rd10];\n  ret;";
  auto m = mix(body);
  CHECK(m.accesses == 17);
  CHECK(m.contiguous == 16.0);
  CHECK(m.strided == 1.0);
  // The eight byte stores fill their sectors together: 8 bytes per lane, a run of 8.
  CHECK(m.stores == 8.0);
  CHECK(m.store_fill == 8.0);
}

TEST_CASE("store fill: a lane-varying run fills its sectors; a single result or a gap does not") {
  auto m = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd6, %rd4;
  st.global.f32 [%rd5], %f1;
  st.global.f32 [%rd6], %f1;
  shl.b32 %r6, %r1, 3;
  cvt.s64.s32 %rd7, %r6;
  add.s64 %rd8, %rd3, %rd7;
  st.global.u8 [%rd8], %rs1;
  ret;)");
  CHECK(m.stores == 3.0);
  // The float stream fills; the store to one address (a block's result) writes a partial
  // sector; a byte every 8 bytes (no run) leaves 7 of every 8 bytes to nobody, though it
  // counts as contiguous (at most 16 bytes apart).
  CHECK(m.store_fill == 1.0);
  CHECK(m.contiguous == 3.0);
}

TEST_CASE("a naive transpose reads rows (contiguous) and writes columns (a symbolic stride)") {
  auto m = mix(R"(
  mov.u32 %r7, %ntid.y;
  mov.u32 %r8, %ctaid.y;
  mov.u32 %r9, %tid.y;
  mad.lo.s32 %r12, %r8, %r7, %r9;
  mad.lo.s32 %r10, %r12, %r2, %r1;
  mul.wide.s32 %rd4, %r10, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.f32 %f1, [%rd5];
  mad.lo.s32 %r11, %r1, %r2, %r12;
  mul.wide.s32 %rd7, %r11, 4;
  add.s64 %rd8, %rd6, %rd7;
  st.global.f32 [%rd8], %f1;
  ret;)");
  CHECK(m.contiguous == 1.0);
  CHECK(m.strided == 1.0);
  CHECK(m.unknown == 0.0);
}

TEST_CASE("a gather through a loaded index is unknown; the index load itself is contiguous") {
  auto m = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.u32 %r6, [%rd5];
  mul.wide.s32 %rd7, %r6, 4;
  add.s64 %rd8, %rd6, %rd7;
  ld.global.f32 %f1, [%rd8];
  ret;)");
  CHECK(m.contiguous == 1.0);
  CHECK(m.unknown == 1.0);
  // The index load's value is the gather's address: an index load, not a stream's.
  CHECK(m.index_loads == 1.0);
}

TEST_CASE("index loads: a value that reaches an address through arithmetic, not one stored") {
  // A stream whose loaded value is only stored (a copy) feeds no address; the same load whose
  // value, scaled and offset, addresses a second load does; a value that only reaches a store's
  // data, or a branch's guard, does not.
  auto copy = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.u32 %r6, [%rd5];
  add.s64 %rd7, %rd6, %rd4;
  st.global.u32 [%rd7], %r6;
  ret;)");
  CHECK(copy.contiguous == 2.0);
  CHECK(copy.index_loads == 0.0);
  auto indexed = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.u32 %r6, [%rd5];
  add.s32 %r7, %r6, %r2;
  shl.b32 %r8, %r7, 1;
  mul.wide.s32 %rd7, %r8, 4;
  add.s64 %rd8, %rd6, %rd7;
  st.global.u32 [%rd8], %r5;
  ret;)");
  CHECK(indexed.contiguous == 1.0);
  CHECK(indexed.index_loads == 1.0);
  auto guard = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.u32 %r6, [%rd5];
  setp.eq.s32 %p1, %r6, 0;
  add.s64 %rd7, %rd6, %rd4;
  @%p1 st.global.u32 [%rd7], %r5;
  ret;)");
  CHECK(guard.contiguous == 2.0);
  CHECK(guard.index_loads == 0.0);
  // A loaded value that addresses through a second load (a pointer read from memory) stops at
  // that load: only the load whose result is the address counts.
  auto through = mix(R"(
  mul.wide.s32 %rd4, %r1, 8;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.nc.u64 %rd7, [%rd5];
  ld.global.u64 %rd8, [%rd7];
  ld.global.f32 %f1, [%rd8];
  ret;)");
  CHECK(through.contiguous == 1.0);
  CHECK(through.index_loads == 1.0);
}

TEST_CASE("a loop's access weighs eight; a counter carried round it keeps its stride") {
  // for (i = tid; i < n; i += ntid) b[i] = a[i] -- and a column walk a[tid * 64 + k] beside it.
  auto m = mix(R"(
  mov.u32 %r9, %r1;
$L__loop:
  mul.wide.s32 %rd4, %r9, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.f32 %f1, [%rd5];
  add.s32 %r9, %r9, %r4;
  setp.lt.s32 %p1, %r9, %r2;
  @%p1 bra $L__loop;
  shl.b32 %r10, %r1, 6;
  mul.wide.s32 %rd7, %r10, 4;
  add.s64 %rd8, %rd6, %rd7;
  st.global.f32 [%rd8], %f1;
  ret;)");
  CHECK(m.contiguous == 8.0);
  CHECK(m.strided == 1.0);
}

TEST_CASE("a counter that moves by a loaded value round its loop is unknown") {
  auto m = mix(R"(
  mov.u32 %r9, %r1;
$L__loop:
  mul.wide.s32 %rd4, %r9, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.u32 %r10, [%rd5];
  add.s32 %r9, %r9, %r10;
  setp.lt.s32 %p1, %r9, %r2;
  @%p1 bra $L__loop;
  ret;)");
  CHECK(m.unknown == 8.0);
  CHECK(m.contiguous == 0.0);
}

TEST_CASE("groups of 16 lanes: threadIdx.x % 16 walks a group's row, threadIdx.x / 16 picks it") {
  // group row = (tid / 16) * pitch; element = tid % 16, 16 bytes each: contiguous per group.
  auto m = mix(R"(
  shr.u32 %r6, %r5, 4;
  and.b32 %r7, %r5, 15;
  mul.lo.s32 %r8, %r6, %r2;
  cvt.s64.s32 %rd4, %r8;
  mul.wide.u32 %rd5, %r7, 16;
  add.s64 %rd7, %rd4, %rd5;
  add.s64 %rd8, %rd3, %rd7;
  ld.global.nc.v4.u32 {%r10, %r11, %r12, %r13}, [%rd8];
  and.b32 %r14, %r5, 1;
  mul.wide.u32 %rd9, %r14, 4;
  add.s64 %rd10, %rd6, %rd9;
  add.s64 %rd11, %rd10, %rd4;
  st.global.u32 [%rd11], %r10;
  ret;)");
  CHECK(m.contiguous == 1.0);
  // tid % 2: runs of two lanes 4 bytes apart fill 8 bytes of a sector, the rest is elsewhere.
  CHECK(m.strided == 1.0);
}

TEST_CASE("a value a lane-dependent guard picks is unknown; a broadcast is contiguous") {
  auto m = mix(R"(
  setp.lt.s32 %p1, %r1, %r2;
  mov.u32 %r6, 0;
  @%p1 mov.u32 %r6, 64;
  mul.wide.s32 %rd4, %r6, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.global.f32 %f1, [%rd5];
  ld.global.f32 %f2, [%rd3+8];
  ret;)");
  CHECK(m.unknown == 1.0);
  CHECK(m.contiguous == 1.0);
}

TEST_CASE("shared, local and parameter accesses are not counted; generic ones are") {
  auto m = mix(R"(
  mul.wide.s32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  ld.shared.f32 %f1, [%rd5];
  ld.local.f32 %f2, [%rd5];
  ld.f32 %f3, [%rd5];
  ret;)");
  CHECK(m.accesses == 1);
  CHECK(m.contiguous == 1.0);
}

TEST_CASE("scan_launched_code: the shares of the launched entries only, absent without access") {
  const std::string module = ".visible .entry gather(.param .u64 k_param_0)\n{" + kPrologue +
                             "mul.wide.s32 %rd4, %r1, 4; add.s64 %rd5, %rd3, %rd4;"
                             "ld.global.u32 %r6, [%rd5]; mul.wide.s32 %rd7, %r6, 4;"
                             "add.s64 %rd8, %rd6, %rd7; ld.global.f32 %f1, [%rd8]; ret;\n}\n"
                             ".visible .entry empty()\n{\n ret;\n}\n";
  CodeFacts g = scan_launched_code(module, {"gather"});
  REQUIRE(g.contiguous_access_frac());
  CHECK(*g.contiguous_access_frac() == doctest::Approx(0.5));
  CHECK(*g.strided_access_frac() == doctest::Approx(0.0));
  CHECK_FALSE(g.store_fill_frac());  // no store
  CodeFacts e = scan_launched_code(module, {"empty"});
  CHECK_FALSE(e.contiguous_access_frac());
  CHECK_FALSE(e.strided_access_frac());
  CHECK_FALSE(e.store_fill_frac());
}
