// PC sampling on the host (issue 31): stall-reason names, per-line aggregation from a known
// line table, source text, the sampling period, the signals and the verdict's citation.
#include <doctest/doctest.h>

#include <map>

#include "profiling/pc_lines.h"
#include "profiling/pc_module_cache.h"
#include "profiling/pc_signals.h"

using namespace solver::profiling;

namespace {

// A line table: PC offset -> line of "gather.cu"; 0x300 has none (a PC outside the table).
LineRef table(const std::string&, uint64_t pc) {
  static const std::map<uint64_t, int> lines = {{0x80, 7},  {0x90, 7},  {0x100, 9},
                                                {0x110, 9}, {0x120, 9}, {0x200, 10}};
  auto it = lines.find(pc);
  return it == lines.end() ? LineRef{} : LineRef{"/tmp/x/gather.cu", it->second, ""};
}

const std::string kSource =
    "// line 1\n\n\n\n\n"
    "extern \"C\" __global__ void gather(const float* x, const int* idx, float* y, int n) {\n"
    "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i >= n) return;\n"
    "  \ty[i] = x[idx[i]];   \r\n"
    "}\n";

PcRecord pc(uint64_t off, std::map<std::string, uint64_t> stalls) {
  return PcRecord{"gather", off, std::move(stalls)};
}

PcSampling sampled() {
  std::vector<PcRecord> pcs = {
      pc(0x80, {{"selected", 40}, {"wait", 10}}),
      pc(0x100, {{"long_scoreboard", 500}, {"selected", 20}}),
      pc(0x110, {{"long_scoreboard", 120}, {"lg_throttle", 30}}),
      pc(0x120, {{"short_scoreboard", 5}}),
      pc(0x200, {{"long_scoreboard", 100}, {"drain", 60}}),
      pc(0x300, {{"branch_resolving", 15}}),
  };
  PcSampling s;
  s.ok = true;
  s.kernel = "gather";
  for (const auto& p : pcs)
    for (const auto& [r, n] : p.stalls) s.stall_totals[r] += n, s.total_samples += n;
  s.lines = aggregate_lines(pcs, table,
                            [](const std::string&, int line) { return line_text(kSource, line); });
  return s;
}

}  // namespace

TEST_CASE("CUPTI's stall reason names become the short names the signals use") {
  CHECK(stall_reason_name("smsp__pcsamp_warps_issue_stalled_long_scoreboard") == "long_scoreboard");
  CHECK(stall_reason_name("smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued") ==
        "long_scoreboard");
  CHECK(stall_reason_name("smsp__pcsamp_warps_issue_stalled_selected") == "selected");
  CHECK(stall_reason_name("smsp__pcsamp_sample_count") == "sample_count");
  CHECK(stall_reason_name("barrier") == "barrier");
}

TEST_CASE("samples aggregate per line through the line table, most samples first") {
  PcSampling s = sampled();
  REQUIRE(s.lines.size() == 4);
  const LineSamples& top = s.lines[0];
  CHECK(top.file == "gather.cu");  // the directory goes
  CHECK(top.line == 9);
  CHECK(top.samples == 675);
  CHECK(top.stalls.at("long_scoreboard") == 620);
  CHECK(top.stalls.at("lg_throttle") == 30);
  CHECK(top.pc_offset == 0x100);  // the line's hottest PC
  CHECK(top.text == "y[i] = x[idx[i]];");
  CHECK(top.top_stall() == "long_scoreboard");
  CHECK(top.where() == "gather.cu:9");
  CHECK(s.lines[1].line == 10);
  CHECK(s.lines[1].text == "}");
  CHECK(s.lines[2].line == 7);
  // A PC outside the line table keeps its own entry, named by function and offset.
  CHECK(s.lines[3].line == 0);
  CHECK(s.lines[3].where() == "gather+0x300");
  CHECK(s.lines[3].samples == 15);
  // The cap keeps the hottest.
  auto capped =
      aggregate_lines({pc(0x80, {{"wait", 1}}), pc(0x100, {{"wait", 9}})}, table, nullptr, 1);
  REQUIRE(capped.size() == 1);
  CHECK(capped[0].line == 9);
  CHECK(capped[0].text.empty());
}

TEST_CASE("line_text trims and bounds a source line") {
  CHECK(line_text(kSource, 1) == "// line 1");
  CHECK(line_text(kSource, 2).empty());
  CHECK(line_text(kSource, 0).empty());
  CHECK(line_text(kSource, 99).empty());
  CHECK(line_text(std::string(300, 'a'), 1).size() == 120);
}

TEST_CASE("the sampling period aims at the target sample count, within CUPTI's range") {
  // 1 ms on 132 SMs at 1980 MHz: 2.6e8 SM-cycles / 50,000 samples = 2^12.4.
  CHECK(sampling_period_log2(1000, 1980, 132) == 12);
  CHECK(sampling_period_log2(1, 1980, 132) == 5);  // never below 2^5 cycles
  CHECK(sampling_period_log2(1e12, 1980, 132) == 31);
  CHECK(sampling_period_log2(0, 1980, 132) == 10);  // unknown time: a middle period
}

TEST_CASE("signals: the top line's share and each stall reason's concentration") {
  PcSampling s = sampled();
  solver::rules::SignalSet out;
  std::map<std::string, std::string> origin;
  add_pc_signals(s, out, &origin);
  const double total = 900;
  CHECK(std::get<double>(out.get("pc_samples")) == total);
  CHECK(std::get<double>(out.get("pc_top_line_share")) == doctest::Approx(675 / total));
  // long_scoreboard: 720 samples, 620 of them on line 9.
  CHECK(std::get<double>(out.get("stall_long_scoreboard_top_line_share")) ==
        doctest::Approx(620.0 / 720));
  CHECK(std::get<double>(out.get("pc_top_stall_line_share")) == doctest::Approx(620.0 / 720));
  CHECK(std::get<double>(out.get("stall_drain_top_line_share")) == 1.0);
  // 5 samples of short_scoreboard are too few to speak for a line.
  CHECK(solver::rules::is_missing(out.get("stall_short_scoreboard_top_line_share")));
  CHECK(origin.at("pc_top_line_share") == "pc-sampling");
  // Not sampled: no signal at all.
  solver::rules::SignalSet none;
  PcSampling failed;
  failed.detail = "cuptiPCSamplingEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
  add_pc_signals(failed, none);
  CHECK(none.values.empty());
}

TEST_CASE("a verdict cites the line its evidence's stall reason sits on") {
  PcSampling s = sampled();
  CHECK(cite_line(s, "long_scoreboard") ==
        "86% of long_scoreboard samples at gather.cu:9: `y[i] = x[idx[i]];`");
  CHECK(cite_line(s, "drain") == "100% of drain samples at gather.cu:10: `}`");
  CHECK(cite_line(s, "barrier").empty());
  CHECK(cite_line(s, "") ==
        "75% of samples at gather.cu:9: `y[i] = x[idx[i]];` "
        "(long_scoreboard 92%)");
  // The evidence names the reason; without a stall signal in it, the kernel's top stall.
  CHECK(evidence_reason(s, {"load_eff", "stall_drain"}) == "drain");
  CHECK(evidence_reason(s, {"stall_drain_top_line_share"}) == "drain");
  CHECK(evidence_reason(s, {"stall_barrier", "dram_frac"}) == "long_scoreboard");
  CHECK(cite_evidence(s, {"load_eff"}) ==
        "86% of long_scoreboard samples at gather.cu:9: `y[i] = x[idx[i]];`");
  PcSampling empty;
  CHECK(cite_evidence(empty, {"stall_barrier"}).empty());
}

TEST_CASE(
    "records under a stale function name are the entry's when their cubin CRC is the sampled one") {
  // Live (H200): all of triad's samples came back named scale_vec4, a kernel sampled earlier.
  auto rec = [](std::string f, uint64_t off, uint64_t crc, uint32_t index) {
    PcRecord r{std::move(f), off, {{"long_scoreboard", 10}}};
    r.cubin_crc = crc;
    r.function_index = index;
    return r;
  };
  std::vector<PcRecord> pcs = {rec("scale_vec4", 0x10, 77, 0), rec("scale_vec4", 0x20, 77, 0),
                               rec("other", 0x30, 5, 0)};
  CHECK(adopt_by_crc(pcs, "triad", 77) == "scale_vec4");
  CHECK(pcs[0].function == "triad");
  CHECK(pcs[1].function == "triad");
  CHECK(pcs[2].function == "other");  // another cubin's record keeps its name

  SUBCASE("nothing is renamed where the entry has records of its own") {
    std::vector<PcRecord> mixed = {rec("triad", 0x10, 77, 0), rec("scale_vec4", 0x20, 77, 1)};
    CHECK(adopt_by_crc(mixed, "triad", 77).empty());
    CHECK(mixed[1].function == "scale_vec4");
  }
  SUBCASE("two functions of the cubin: which is the entry is not known, nothing renamed") {
    std::vector<PcRecord> two = {rec("a", 0x10, 77, 0), rec("b", 0x20, 77, 1)};
    CHECK(adopt_by_crc(two, "triad", 77).empty());
    CHECK(two[0].function == "a");
  }
  SUBCASE("no CRC (cuptiGetCubinCrc failed): nothing renamed") {
    CHECK(adopt_by_crc(pcs, "x", 0).empty());
  }
}
