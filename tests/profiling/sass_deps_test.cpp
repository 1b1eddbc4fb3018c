// The root-cause step's SASS reading (profiling/sass_deps.h): operands, blocks, and the producer
// a stalled instruction waits on, on a listing in cuobjdump's format (a gather y[i] = x[idx[i]]
// as NVRTC builds it for sm_90, shortened by hand).
#include <doctest/doctest.h>

#include "profiling/sass_deps.h"

using namespace solver::profiling;

namespace {

const char* kSass = R"(
	code for sm_90
		Function : other
        /*0000*/                   MOV R2, R3 ;
		Function : gather
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                       /* 0x00000a00ff017b82 */
                                                                                  /* 0x000fe40000000800 */
        /*0010*/                   S2R R0, SR_TID.X ;
        /*0020*/                   S2UR UR4, SR_CTAID.X ;
        /*0030*/                   ISETP.GE.AND P0, PT, R0, UR5, PT ;
        /*0040*/               @P0 EXIT ;
        /*0050*/                   LDC.64 R2, c[0x0][0x218] ;
        /*0060*/                   ULDC.64 UR4, c[0x0][0x208] ;
        /*0070*/                   IMAD.WIDE R2, R0, 0x4, R2 ;
        /*0080*/                   LDG.E R2, desc[UR4][R2.64] ;
        /*0090*/                   LDC.64 R4, c[0x0][0x210] ;
        /*00a0*/                   IMAD.WIDE R4, R2, 0x4, R4 ;
        /*00b0*/                   LDG.E R5, desc[UR4][R4.64] ;
        /*00c0*/                   LDC.64 R6, c[0x0][0x220] ;
        /*00d0*/                   IMAD.WIDE R6, R0, 0x4, R6 ;
        /*00e0*/                   STG.E desc[UR4][R6.64], R5 ;
        /*00f0*/                   EXIT ;
.L_x_0:
        /*0100*/                   FADD R8, R5, R9 ;
        /*0110*/                   BRA `(.L_x_0);
		Function : third
        /*0000*/                   NOP ;
)";

size_t index_of(const std::vector<SassInstr>& v, uint64_t pc) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i].pc == pc) return i;
  FAIL("no instruction at " << pc);
  return 0;
}

}  // namespace

TEST_CASE("SASS text parses into instructions of the one function, with operands") {
  auto v = parse_sass(kSass, "gather");
  REQUIRE(v.size() == 18);
  CHECK(v.front().pc == 0);
  CHECK(v.front().text == "LDC R1, c[0x0][0x28]");
  CHECK(v.front().block_start);
  const SassInstr& ldg = v[index_of(v, 0x80)];
  CHECK(ldg.opcode == "LDG.E");
  CHECK(ldg.dests == std::vector<std::string>{"R2"});
  CHECK(ldg.srcs == std::vector<std::string>{"UR4", "R2", "R3"});  // R2.64: a pair
  const SassInstr& wide = v[index_of(v, 0xa0)];
  CHECK(wide.dests == std::vector<std::string>{"R4", "R5"});  // IMAD.WIDE writes a pair
  const SassInstr& st = v[index_of(v, 0xe0)];
  CHECK(st.dests.empty());  // a store writes no register
  CHECK(st.srcs == std::vector<std::string>{"UR4", "R6", "R7", "R5"});
  const SassInstr& guarded = v[index_of(v, 0x40)];
  CHECK(guarded.branch);
  CHECK(guarded.srcs == std::vector<std::string>{"P0"});  // the guard is read
  CHECK(v[index_of(v, 0x100)].block_start);               // after a label
  CHECK(parse_sass(kSass, "third").size() == 1);
  CHECK(parse_sass("garbage\n", "gather").empty());
}

TEST_CASE("a stalled instruction's producer is found within its block, by the stall's kind") {
  auto v = parse_sass(kSass, "gather");
  // The address computation waits on idx[i]: long_scoreboard names the LDG, not the nearer LDC
  // that wrote the other source.
  auto p = find_producer(v, index_of(v, 0xa0), "long_scoreboard");
  REQUIRE(p);
  CHECK(v[*p].pc == 0x80);
  // Without a reason: the nearest writer.
  p = find_producer(v, index_of(v, 0xa0));
  REQUIRE(p);
  CHECK(v[*p].pc == 0x90);
  // The store waits on x[idx[i]].
  p = find_producer(v, index_of(v, 0xe0), "long_scoreboard");
  REQUIRE(p);
  CHECK(v[*p].pc == 0xb0);
  // The compare waits on the thread index (S2R, a MIO op).
  p = find_producer(v, index_of(v, 0x30), "short_scoreboard");
  REQUIRE(p);
  CHECK(v[*p].pc == 0x10);
  // The walk stops at the guarded EXIT: the S2R before it that wrote R0 is another block, so
  // the nearest writer in this one stands.
  p = find_producer(v, index_of(v, 0x70), "short_scoreboard");
  REQUIRE(p);
  CHECK(v[*p].pc == 0x50);
  // A block's first instruction has no producer inside it.
  CHECK_FALSE(find_producer(v, index_of(v, 0x100)));
}

TEST_CASE("stall causes: the most-stalled PCs, their reason, producer and its line") {
  auto v = parse_sass(kSass, "gather");
  std::vector<PcRecord> pcs = {
      {"gather", 0xe0, {{"long_scoreboard", 700}, {"selected", 900}}},
      {"gather", 0xa0, {{"long_scoreboard", 200}, {"wait", 50}}},
      {"gather", 0x10, {{"selected", 5000}}},  // issued only: not a stall
      {"gather", 0x999, {{"wait", 3000}}},     // not in the listing: skipped
  };
  auto locate = [](const std::string&, uint64_t pc) {
    return pc == 0xb0 ? LineRef{"/x/gather.cu", 9, ""} : LineRef{};
  };
  auto causes = stall_causes(v, pcs, locate, 5);
  REQUIRE(causes.size() == 2);
  CHECK(causes[0].pc_offset == 0xe0);
  CHECK(causes[0].reason == "long_scoreboard");
  CHECK(causes[0].samples == 700);
  CHECK(causes[0].producer == "LDG.E R5, desc[UR4][R4.64]");
  CHECK(causes[0].producer_where == "gather.cu:9");
  CHECK(causes[1].pc_offset == 0xa0);
  CHECK(causes[1].producer_pc == 0x80);
  CHECK(causes[1].producer_where.empty());
  CHECK(stall_causes(v, pcs, locate, 1).size() == 1);
}
