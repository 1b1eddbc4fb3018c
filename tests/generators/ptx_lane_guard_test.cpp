// The lane-guard scan (generators/ptx_lane_guard.h) on PTX as nvcc 13.0 emits it for sm_90 (the
// leading code of small kernels, trimmed; two of the bounds in its form by hand): a one-thread
// block written for whole-warp blocks passes one lane, a bound passes its count, either way round
// and negated; a test of anything but threadIdx.x, a test after the kernel's first load, a branch
// that does not exit, a guard that sends one lane away, and a register reused before its test bound
// nothing.
#include <doctest/doctest.h>

#include <string>

#include "generators/ptx_lane_guard.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {

std::optional<int> lanes(const std::string& body) {
  return ptx_guard_lanes(strip_ptx_comments(body));
}

// HeCBench dslash make_back as tests/corpus_fresh24 writes it (`if (threadIdx.x != 0) return;`
// before the site bound), nvcc -ptx sm_90, the loop elided.
const char* kMakeBack = R"(
	.reg .pred 	%p<4>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<40>;
	ld.param.u64 	%rd9, [make_back_param_0];
	ld.param.u32 	%r3, [make_back_param_6];
	mov.u32 	%r4, %tid.x;
	setp.ne.s32 	%p1, %r4, 0;
	@%p1 bra 	$L__BB0_4;
	mov.u32 	%r5, %ctaid.x;
	cvt.u64.u32 	%rd1, %r5;
	cvt.s64.s32 	%rd26, %r3;
	setp.ge.u64 	%p2, %rd1, %rd26;
	@%p2 bra 	$L__BB0_4;
	cvta.to.global.u64 	%rd2, %rd9;
$L__BB0_3:
	ld.global.nc.u64 	%rd30, [%rd2];
	st.global.f32 	[%rd30], %f1;
	add.s32 	%r7, %r7, 1;
	setp.ne.s32 	%p3, %r7, 4;
	@%p3 bra 	$L__BB0_3;
$L__BB0_4:
	ret;
)";

}  // namespace

TEST_CASE("a one-thread block's work in a whole-warp block passes one lane") {
  CHECK(lanes(kMakeBack) == 1);
}

TEST_CASE("a bound on threadIdx.x passes its count, either way round and negated") {
  // threadIdx.x > 7 -> exit: lanes 0..7 work.
  CHECK(lanes(R"(
	mov.u32 	%r1, %tid.x;
	setp.gt.u32 	%p1, %r1, 7;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)") == 8);
  // 4 <= threadIdx.x (written 4 <= tid, i.e. tid >= 4) -> exit: lanes 0..3.
  CHECK(lanes(R"(
	mov.u32 	%r1, %tid.x;
	setp.le.u32 	%p1, 4, %r1;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)") == 4);
  // if (threadIdx.x < 16) { ... }: the negated test exits, lanes 0..15 work; a guarded ret.
  CHECK(lanes(R"(
	mov.u32 	%r1, %tid.x;
	cvt.u64.u32 	%rd3, %r1;
	setp.lo.u64 	%p1, %rd3, 16;
	@!%p1 ret;
	ld.global.f32 	%f1, [%rd1];
	ret;
)") == 16);
}

TEST_CASE("tests that do not shape the launch bound nothing") {
  // The element bound i >= n: not threadIdx.x.
  CHECK(!lanes(R"(
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	setp.ge.s32 	%p1, %r4, %r5;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)"));
  // Thread 0 exits, the other lanes work.
  CHECK(!lanes(R"(
	mov.u32 	%r1, %tid.x;
	setp.eq.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)"));
  // A reduction's `if (threadIdx.x == 0) out[b] = s;` after the block's loads: work came first.
  CHECK(!lanes(R"(
	ld.global.f32 	%f1, [%rd1];
	mov.u32 	%r1, %tid.x;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	st.global.f32 	[%rd2], %f1;
$L__BB0_2:
	ret;
)"));
  // `if (threadIdx.x == 0) { ... }` with work after its join: the branch skips, it does not exit.
  CHECK(!lanes(R"(
	mov.u32 	%r1, %tid.x;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	st.shared.f32 	[%r9], %f1;
$L__BB0_2:
	bar.sync 	0;
	ld.global.f32 	%f1, [%rd1];
	ret;
)"));
  // The register that held threadIdx.x is overwritten before the test.
  CHECK(!lanes(R"(
	mov.u32 	%r1, %tid.x;
	add.s32 	%r1, %r1, %r7;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)"));
  // threadIdx.y, not x.
  CHECK(!lanes(R"(
	mov.u32 	%r1, %tid.y;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)"));
}

TEST_CASE("several guards: the fewest lanes") {
  CHECK(lanes(R"(
	mov.u32 	%r1, %tid.x;
	setp.gt.u32 	%p1, %r1, 15;
	@%p1 bra 	$L__BB0_2;
	setp.gt.u32 	%p2, %r1, 3;
	@%p2 bra 	$L__BB0_2;
	ld.global.f32 	%f1, [%rd1];
$L__BB0_2:
	ret;
)") == 4);
}

TEST_CASE(
    "a bound's literal is read as PTX spells it (octal, binary), by the one immediate reader") {
  // review38: c37's own literal reader took `010` for ten (PTX: octal eight) and refused `0b111`;
  // the lane guard now reads literals through ptx_bit_image.h's immediate, as the bit scans do.
  // `threadIdx.x > literal` -> exit: lanes 0..literal work.
  auto above = [](const std::string& literal) {
    return lanes(
        "\tmov.u32 \t%r1, %tid.x;\n\tsetp.gt.u32 \t%p1, %r1, " + literal +
        ";\n\t@%p1 bra \t$L__BB0_2;\n\tld.global.f32 \t%f1, [%rd1];\n$L__BB0_2:\n\tret;\n");
  };
  CHECK(above("7") == 8);
  CHECK(above("010") == 9);
  CHECK(above("0b111") == 8);
  CHECK(above("0x1FU") == 32);
}
