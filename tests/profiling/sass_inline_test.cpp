// Inlined code charged to its call site (issue 31, profiling/sass_inline.h): the inline chains
// read from `nvdisasm -gi -c` text, and the Locate that gives a header's PC the line of the
// kernel's own source that called it. The fixture is real output: nvdisasm 13.2 on an sm_90
// cubin of the two kernels below (nvcc -lineinfo), cut to the `k2` section plus `k3`'s head,
// the paths shortened to /s/. Source of the cubin:
//   h2.h:1  __device__ __forceinline__ float g(float v) { return v * v + 3.0f; }
//   h2.h:2  __device__ __forceinline__ float f2(const float* x, int i) { return g(x[i]) * 2.0f; }
//   k2.cu:5     y[i] = f2(x, i);        (in kernel k2; k3 has no inlined code)
#include <doctest/doctest.h>

#include "profiling/pc_lines.h"
#include "profiling/sass_inline.h"

using namespace solver::profiling;

namespace {

const char* kText = R"(	.target	sm_90
//--------------------- .text.k3                  --------------------------
	.section	.text.k3,"ax",@progbits
k3:
.text.k3:
	//## File "/s/k2.cu", line 7
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   S2R R5, SR_TID.X ;
//--------------------- .text.k2                  --------------------------
	.section	.text.k2,"ax",@progbits
k2:
.text.k2:
	//## File "/s/k2.cu", line 2
        /*0000*/                   LDC R1, c[0x0][0x28] ;
	//## File "/s/k2.cu", line 4
        /*0050*/                   ULDC UR4, c[0x0][0x220] ;
        /*0070*/               @P0 EXIT ;
	//## File "/s/h2.h", line 2 inlined at "/s/k2.cu", line 5
	//## File "/s/k2.cu", line 5
        /*0080*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0090*/                   ULDC.64 UR4, c[0x0][0x208] ;
	//## File "/s/k2.cu", line 5
        /*00a0*/                   LDC.64 R4, c[0x0][0x218] ;
	//## File "/s/h2.h", line 2 inlined at "/s/k2.cu", line 5
	//## File "/s/k2.cu", line 5
        /*00b0*/                   IMAD.WIDE R2, R7, 0x4, R2 ;
        /*00c0*/                   LDG.E R2, desc[UR4][R2.64] ;
	//## File "/s/k2.cu", line 5
        /*00d0*/                   IMAD.WIDE R4, R7, 0x4, R4 ;
	//## File "/s/h2.h", line 1 inlined at "/s/h2.h", line 2
	//## File "/s/h2.h", line 2 inlined at "/s/k2.cu", line 5
	//## File "/s/k2.cu", line 5
        /*00e0*/                   FFMA R0, R2, R2, 3 ;
	//## File "/s/h2.h", line 2 inlined at "/s/k2.cu", line 5
	//## File "/s/k2.cu", line 5
        /*00f0*/                   FADD R7, R0, R0 ;
	//## File "/s/k2.cu", line 5
        /*0100*/                   STG.E desc[UR4][R4.64], R7 ;
.L_x_1:
        /*0120*/                   BRA `(.L_x_1);
)";

// What CUPTI's line table says: the innermost frame.
LineRef innermost(const std::string& fn, uint64_t pc) {
  if (fn != "k2") return {};
  if (pc == 0xe0) return {"/s/h2.h", 1, ""};
  if (pc == 0x80 || pc == 0x90 || pc == 0xb0 || pc == 0xc0 || pc == 0xf0) return {"/s/h2.h", 2, ""};
  if (pc >= 0x80) return {"/s/k2.cu", 5, ""};
  return {"/s/k2.cu", 2, ""};
}

bool own(const std::string& file) { return file == "/s/k2.cu"; }

}  // namespace

TEST_CASE("nvdisasm -gi text gives each inlined PC its frames, innermost first") {
  InlineChains c = parse_inline_chains(kText);
  CHECK(c.count("k3") == 0);  // no inlined code: nothing kept
  REQUIRE(c.count("k2") == 1);
  const auto& k2 = c.at("k2");
  // 0x80 and 0x90 (no comment above: its predecessor's), 0xb0, 0xc0, 0xe0, 0xf0.
  CHECK(k2.size() == 6);
  for (uint64_t pc : {0x80, 0x90, 0xb0, 0xc0, 0xf0}) {
    INFO(pc);
    REQUIRE(k2.count(pc) == 1);
    REQUIRE(k2.at(pc).size() == 2);
    CHECK(k2.at(pc)[0].file == "/s/h2.h");
    CHECK(k2.at(pc)[0].line == 2);
    CHECK(k2.at(pc)[1].file == "/s/k2.cu");
    CHECK(k2.at(pc)[1].line == 5);
  }
  for (uint64_t pc : {0x0, 0x50, 0x70, 0xa0, 0xd0, 0x100, 0x120}) CHECK(k2.count(pc) == 0);
  // Two levels: g inlined in f2 inlined in k2.
  const auto& e0 = k2.at(0xe0);
  REQUIRE(e0.size() == 3);
  CHECK(e0[0].line == 1);
  CHECK(e0[1].file == "/s/h2.h");
  CHECK(e0[1].line == 2);
  CHECK(e0[2].file == "/s/k2.cu");
  CHECK(e0[2].line == 5);
  // Nothing to read: nothing kept, nothing thrown.
  CHECK(parse_inline_chains("").empty());
  CHECK(parse_inline_chains("//## File \"x\", line\n/*zz*/ NOP ;\n.text.f:\n/*0010*/ X ;").empty());
}

TEST_CASE("inlined code is charged to its call site in the kernel's source, the header kept") {
  InlineChains c = parse_inline_chains(kText);
  Locate at = own_frame_locate(innermost, c, own);
  LineRef e0 = at("k2", 0xe0);
  CHECK(e0.file == "/s/k2.cu");
  CHECK(e0.line == 5);
  CHECK(e0.via == "h2.h:1");
  CHECK(at("k2", 0xc0).via == "h2.h:2");
  // The kernel's own lines stay as the line table has them, without `via`.
  CHECK(at("k2", 0x0).line == 2);
  CHECK(at("k2", 0xa0).via.empty());
  // No own frame in the chain (a kernel defined in a header): the line table's answer.
  Locate none = own_frame_locate(innermost, c, [](const std::string&) { return false; });
  CHECK(none("k2", 0xe0).file == "/s/h2.h");
  CHECK(none("k2", 0xe0).via.empty());
  // No chains (no nvdisasm): the line table's answer.
  InlineChains empty;
  CHECK(own_frame_locate(innermost, empty, own)("k2", 0xe0).file == "/s/h2.h");
}

TEST_CASE("a call site's line sums its inlined PCs, cites the hottest one's header line") {
  InlineChains c = parse_inline_chains(kText);
  std::vector<PcRecord> pcs(3);
  pcs[0] = {"k2", 0xe0, {{"math_pipe_throttle", 10}}};
  pcs[1] = {"k2", 0xc0, {{"long_scoreboard", 70}}};
  pcs[2] = {"k2", 0x0, {{"wait", 20}}};
  auto lines =
      aggregate_lines(pcs, own_frame_locate(innermost, c, own), [](const std::string&, int line) {
        return line == 5 ? std::string("y[i] = f2(x, i);") : "";
      });
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].where() == "k2.cu:5");
  CHECK(lines[0].samples == 80);
  CHECK(lines[0].via == "h2.h:2");  // 0xc0 has the most samples
  CHECK(lines[0].pc_offset == 0xc0);
  CHECK(lines[1].via.empty());
  PcSampling s;
  s.ok = true;
  s.total_samples = 100;
  s.stall_totals = {{"math_pipe_throttle", 10}, {"long_scoreboard", 70}, {"wait", 20}};
  s.lines = lines;
  CHECK(cite_line(s, "long_scoreboard") ==
        "100% of long_scoreboard samples at k2.cu:5: `y[i] = f2(x, i);` (inlined code of h2.h:2)");
}
