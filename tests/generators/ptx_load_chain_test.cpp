// The load-chain scan (generators/ptx_load_chain.h) on PTX as NVRTC emits it for sm_90 (the
// loops below are nvcc -ptx output of small kernels, trimmed to the loop and what it reads):
// a pointer chase and a binary search are chains; an independent gather, a grid-stride stream
// and a strided row walk are not; a branch-decided search and a linear search that exits on a
// loaded value are chains through control alone; a chase in shared memory is no off-chip chain.
#include <doctest/doctest.h>

#include <string>

#include "generators/ptx_load_chain.h"
#include "generators/ptx_scan.h"

using namespace solver::generators;

namespace {

// p = next[p], four trips unrolled: the first load's address is the last load's value.
const char* kChaseUnrolled = R"(
	mov.u32 	%r30, %r1;
$L__BB0_3:
	mul.wide.s32 	%rd4, %r30, 4;
	add.s64 	%rd5, %rd1, %rd4;
	ld.global.nc.u32 	%r21, [%rd5];
	mul.wide.s32 	%rd6, %r21, 4;
	add.s64 	%rd7, %rd1, %rd6;
	ld.global.nc.u32 	%r22, [%rd7];
	mul.wide.s32 	%rd8, %r22, 4;
	add.s64 	%rd9, %rd1, %rd8;
	ld.global.nc.u32 	%r23, [%rd9];
	mul.wide.s32 	%rd10, %r23, 4;
	add.s64 	%rd11, %rd1, %rd10;
	ld.global.nc.u32 	%r30, [%rd11];
	add.s32 	%r25, %r25, -4;
	setp.ne.s32 	%p3, %r25, 0;
	@%p3 bra 	$L__BB0_3;
	st.global.u32 	[%rd16], %r30;
	ret;
)";

// lo/hi move by selp on a compare of a[mid]: a data dependence through the predicate.
const char* kBinarySearch = R"(
	ld.global.f32 	%f1, [%rd8];
	mov.u32 	%r21, 0;
	mov.u32 	%r19, %r18;
$L__BB1_2:
	shr.u32 	%r16, %r18, 1;
	add.s32 	%r17, %r16, %r21;
	mul.wide.s32 	%rd9, %r17, 4;
	add.s64 	%rd10, %rd2, %rd9;
	ld.global.nc.f32 	%f2, [%rd10];
	setp.gt.f32 	%p2, %f2, %f1;
	selp.b32 	%r21, %r21, %r17, %p2;
	selp.b32 	%r19, %r17, %r19, %p2;
	sub.s32 	%r18, %r19, %r21;
	setp.gt.s32 	%p3, %r18, 1;
	@%p3 bra 	$L__BB1_2;
	st.global.u32 	[%rd13], %r21;
	ret;
)";

// The same search with an if-else: lo and hi are decided by a branch on the loaded value, with
// no data flow from it (the implicit flow of generators/ptx_implicit_flow.h carries it).
const char* kBinarySearchBranches = R"(
	mov.u64 	%rd20, 0;
$L__BB5_1:
	add.s64 	%rd22, %rd20, %rd21;
	shr.u64 	%rd23, %rd22, 1;
	shl.b64 	%rd24, %rd23, 3;
	add.s64 	%rd25, %rd2, %rd24;
	ld.global.f64 	%fd2, [%rd25];
	setp.gt.f64 	%p2, %fd2, %fd1;
	@%p2 bra 	$L__BB5_3;
	mov.u64 	%rd20, %rd23;
	bra.uni 	$L__BB5_4;
$L__BB5_3:
	mov.u64 	%rd21, %rd23;
$L__BB5_4:
	sub.s64 	%rd26, %rd21, %rd20;
	setp.gt.s64 	%p3, %rd26, 1;
	@%p3 bra 	$L__BB5_1;
	st.global.u64 	[%rd30], %rd20;
	ret;
)";

// while (a[i] != key) ++i: i moves by arithmetic, but the next trip runs (and loads) only after
// this trip's value has decided the exit.
const char* kLinearSearch = R"(
$L__BB6_1:
	mul.wide.s32 	%rd5, %r7, 4;
	add.s64 	%rd6, %rd1, %rd5;
	ld.global.u32 	%r8, [%rd6];
	add.s32 	%r7, %r7, 1;
	setp.ne.s32 	%p2, %r8, %r3;
	@%p2 bra 	$L__BB6_1;
	ret;
)";

// for (...) { if (a[i] == key) break; ++i; }: the loop leaves by a forward branch on the loaded
// value, so whether the next trip (and its load) happens waits on this trip's value.
const char* kBreakSearch = R"(
$L__BB8_1:
	mul.wide.s32 	%rd5, %r7, 4;
	add.s64 	%rd6, %rd1, %rd5;
	ld.global.u32 	%r8, [%rd6];
	setp.eq.s32 	%p2, %r8, %r3;
	@%p2 bra 	$L__BB8_3;
	add.s32 	%r7, %r7, 1;
	setp.lt.s32 	%p3, %r7, %r4;
	@%p3 bra 	$L__BB8_1;
	mov.u32 	%r7, -1;
$L__BB8_3:
	st.global.u32 	[%rd9], %r7;
	ret;
)";

// CSR row walk: x[col[j]] depends on a load of the same trip, j moves by arithmetic alone.
const char* kGather = R"(
	mov.f32 	%f29, 0f00000000;
	mov.u32 	%r28, %r2;
$L__BB2_4:
	.pragma "nounroll";
	ld.global.nc.u32 	%r19, [%rd42];
	mul.wide.s32 	%rd26, %r19, 4;
	add.s64 	%rd27, %rd1, %rd26;
	ld.global.nc.f32 	%f12, [%rd27];
	ld.global.nc.f32 	%f13, [%rd41];
	fma.rn.f32 	%f29, %f13, %f12, %f29;
	add.s32 	%r28, %r28, 1;
	add.s64 	%rd42, %rd42, 4;
	add.s64 	%rd41, %rd41, 4;
	add.s32 	%r27, %r27, -1;
	setp.ne.s32 	%p4, %r27, 0;
	@%p4 bra 	$L__BB2_4;
	st.global.f32 	[%rd40], %f29;
	ret;
)";

// A grid-stride stream: each trip's address is the counter's.
const char* kStream = R"(
$L__BB3_2:
	mul.wide.s32 	%rd5, %r10, 4;
	add.s64 	%rd6, %rd1, %rd5;
	ld.global.nc.f32 	%f1, [%rd6];
	add.f32 	%f2, %f1, %f1;
	add.s64 	%rd7, %rd2, %rd5;
	st.global.f32 	[%rd7], %f2;
	add.s32 	%r10, %r10, %r3;
	setp.lt.s32 	%p2, %r10, %r6;
	@%p2 bra 	$L__BB3_2;
	ret;
)";

// A strided walk along a row with an accumulator: the sum is carried and loaded-from, but no
// address depends on it.
const char* kStrided = R"(
$L__BB4_3:
	ld.global.nc.f32 	%f10, [%rd20];
	add.f32 	%f24, %f24, %f10;
	ld.global.nc.f32 	%f11, [%rd20+4];
	add.f32 	%f24, %f24, %f11;
	add.s64 	%rd20, %rd20, 8;
	add.s32 	%r22, %r22, -2;
	setp.ne.s32 	%p4, %r22, 0;
	@%p4 bra 	$L__BB4_3;
	st.global.f32 	[%rd9], %f24;
	ret;
)";

// The chase through shared memory: a chain, but of on-chip loads.
const char* kSharedChase = R"(
$L__BB7_1:
	shl.b32 	%r5, %r30, 2;
	add.s32 	%r6, %r4, %r5;
	ld.shared.u32 	%r30, [%r6];
	add.s32 	%r25, %r25, -1;
	setp.ne.s32 	%p3, %r25, 0;
	@%p3 bra 	$L__BB7_1;
	ret;
)";

}  // namespace

TEST_CASE("load chain: a pointer chase and a binary search are chains") {
  CHECK(0 < ptx_load_chain_loads(kChaseUnrolled));
  CHECK(0 < ptx_load_chain_loads(kBinarySearch));
}

TEST_CASE("load chain: a branch on the loaded value carries the chain") {
  CHECK(0 < ptx_load_chain_loads(kBinarySearchBranches));
  CHECK(0 < ptx_load_chain_loads(kLinearSearch));
  CHECK(0 < ptx_load_chain_loads(kBreakSearch));
  // The same loop leaving on its counter alone: no chain.
  std::string counted = kBreakSearch;
  counted.replace(counted.find("setp.eq.s32 \t%p2, %r8, %r3"), 26, "setp.eq.s32 \t%p2, %r7, %r3");
  CHECK(0 == ptx_load_chain_loads(counted));
}

TEST_CASE("load chain: independent gathers, streams and strided walks are not chains") {
  CHECK(0 == ptx_load_chain_loads(kGather));
  CHECK(0 == ptx_load_chain_loads(kStream));
  CHECK(0 == ptx_load_chain_loads(kStrided));
}

TEST_CASE("load chain: only global and generic loads seed it") {
  CHECK(0 == ptx_load_chain_loads(kSharedChase));
  std::string generic = kSharedChase;
  generic.replace(generic.find("ld.shared.u32"), 13, "ld.u32");
  CHECK(0 < ptx_load_chain_loads(generic));
}

TEST_CASE("load chain: the dependence must go round the loop") {
  // The chase's loads outside any loop: each address still comes from the last value, but
  // nothing is repeated, so there is no trip to wait on.
  std::string straight = kChaseUnrolled;
  straight.replace(straight.find("@%p3 bra"), 8, "@%p3 ret");
  CHECK(0 == ptx_load_chain_loads(straight));
  // A forward branch to the label is no loop either.
  std::string forward = kBinarySearch;
  forward.replace(forward.find("@%p3 bra \t$L__BB1_2"), 19, "@%p3 bra \t$L__BB1_9");
  forward += "$L__BB1_9:\n\tret;\n";
  CHECK(0 == ptx_load_chain_loads(forward));
}

TEST_CASE("load chain: scan_launched_code reports it for the launched entries only") {
  std::string module = std::string(".version 9.0\n.target sm_90\n.address_size 64\n") +
                       ".visible .entry chase(\n.param .u64 chase_param_0\n)\n{\n" +
                       kChaseUnrolled + "}\n.visible .entry stream(\n.param .u64 s_0\n)\n{\n" +
                       kStream + "}\n";
  CHECK(scan_launched_code(module, {"chase"}).load_chain == 4);
  CHECK(scan_launched_code(module, {"stream"}).load_chain == 0);
  CHECK(scan_launched_code(module, {"stream", "chase"}).load_chain == 4);
}
