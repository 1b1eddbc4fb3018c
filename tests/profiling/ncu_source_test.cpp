// issue 31: the ncu source page's CUDA view (`ncu --import R --csv --page source --print-source
// cuda`) read into PC sampling's per-line structure. The samples here are HAND-WRITTEN after the
// documented format (profiling/ncu_source.h), not a real export: which columns count, the stall
// labels' names, thousands separators, several files, and located errors for what is not that
// format.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "profiling/ncu_source.h"
#include "profiling/pc_signals.h"
#include "rules/diagnostics.h"

using namespace solver;
using profiling::parse_ncu_source_csv;

namespace {

// gather: line 9 holds the load (long_sb), line 6 some short_sb, line 3 nothing.
const std::string kExport =
    "\"Kernel Name\",\"gather_strided\"\n"
    "\"File Path\",\"/home/u/tests/labelled/uncoalesced_gather/kernel.cu\"\n"
    "\"#\",\"Source\",\"Warp Stall Sampling (All Samples)\",\"Warp Stall Sampling (Not-issued "
    "Samples)\",\"stall_long_sb\",\"stall_long_sb (Not Issued)\",\"stall_short_sb\","
    "\"stall_selected\",\"stall_no_inst\",\"Instructions Executed\"\n"
    "\"3\",\"extern \"\"C\"\" __global__ void gather_strided(...) {\",\"0\",\"0\",\"0\",\"0\","
    "\"0\",\"0\",\"0\",\"0\"\n"
    "\"6\",\"  const int i = blockIdx.x * blockDim.x + threadIdx.x;\",\"1,210\",\"1,000\","
    "\"0\",\"0\",\"1,000\",\"200\",\"10\",\"65,536\"\n"
    "\"9\",\"  y[i] = x[j];\",\"70,500\",\"69,000\",\"69,800\",\"68,900\",\"\",\"700\",\"-\","
    "\"131,072\"\n";

void expect_error(const std::string& text, const std::string& where, const std::string& what) {
  try {
    parse_ncu_source_csv(text, "x.csv");
    FAIL("no error for: " << text);
  } catch (const rules::InputError& e) {
    INFO(e.format());
    CHECK(e.format().find(where) != std::string::npos);
    CHECK(e.format().find(what) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("ncu's CUDA source view becomes per-line samples with their stall mix") {
  profiling::PcSampling s = parse_ncu_source_csv(kExport, "gather.csv");
  CHECK(s.ok);
  CHECK(s.kernel == "gather_strided");
  CHECK(s.total_samples == 71710);  // the All Samples column, thousands separators read
  CHECK(s.stall_totals.at("long_scoreboard") == 69800);  // Not Issued is not added again
  CHECK(s.stall_totals.at("short_scoreboard") == 1000);
  CHECK(s.stall_totals.at("no_instruction") == 10);
  REQUIRE(s.lines.size() == 2);  // a line without samples is left out
  CHECK(s.lines[0].where() == "kernel.cu:9");
  CHECK(s.lines[0].text == "y[i] = x[j];");
  CHECK(s.lines[0].top_stall() == "long_scoreboard");
  CHECK(s.lines[1].line == 6);
  // The same citation a live profile gives.
  CHECK(profiling::cite_line(s, "long_scoreboard") ==
        "100% of long_scoreboard samples at kernel.cu:9: `y[i] = x[j];`");
  rules::SignalSet sig;
  profiling::add_pc_signals(s, sig);
  CHECK(std::get<double>(sig.get("stall_long_scoreboard_top_line_share")) == doctest::Approx(1.0));
}

TEST_CASE("without an All Samples column a line's samples are its reasons' sum; files in turn") {
  const std::string two =
      "\"File Path\",\"/a/k.cu\"\n"
      "\"#\",\"Source\",\"stall_barrier\",\"stall_wait\"\n"
      "\"4\",\"__syncthreads();\",\"300\",\"20\"\n"
      "\"File Path\",\"/a/inc.cuh\"\n"
      "\"#\",\"Source\",\"stall_barrier\",\"stall_wait\"\n"
      "\"12\",\"return a * b;\",\"0\",\"500\"\n";
  profiling::PcSampling s = parse_ncu_source_csv(two, "two.csv");
  REQUIRE(s.lines.size() == 2);
  CHECK(s.lines[0].where() == "inc.cuh:12");
  CHECK(s.lines[0].samples == 500);
  CHECK(s.lines[1].where() == "k.cu:4");
  CHECK(s.lines[1].samples == 320);
  CHECK(s.total_samples == 820);
  CHECK(s.kernel.empty());
  CHECK(profiling::ncu_stall_name("long_sb") == "long_scoreboard");
  CHECK(profiling::ncu_stall_name("something_new") == "something_new");
}

TEST_CASE("what is not the CUDA view with source counters is refused at its place") {
  expect_error(
      "\"Address\",\"Source\",\"Warp Stall Sampling (All Samples)\"\n"
      "\"0x7f00\",\"LDG.E R2, [R2]\",\"10\"\n",
      "x.csv:1:1", "--print-source cuda");
  expect_error("\"#\",\"Source\",\"Instructions Executed\"\n\"1\",\"x\",\"2\"\n", "x.csv:1:1",
               "no warp stall sampling column");
  expect_error("\"#\",\"Source\",\"stall_wait\"\n\"seven\",\"x\",\"2\"\n", "x.csv:2:1",
               "line number 'seven'");
  expect_error("\"#\",\"Source\",\"stall_wait\"\n\"7\",\"x\",\"many\"\n", "x.csv:2:9",
               "'many' is not a sample count");
  expect_error("\"#\",\"Source\",\"stall_wait\"\n\"7\",\"x\"\n", "x.csv:2:1", "a row of 2 cells");
  expect_error("just some text\n", "x.csv:1:1", "no source table");
  expect_error("\"#\",\"Source\",\"stall_wait\"\n\"7\",\"x,\"2\"\n", "x.csv", "unterminated");
}

TEST_CASE("a real export without source counters (H200, ncu 2025.3.1) is refused with the reason") {
  // tests/data/ncu_source/h200_no_counters.csv: `ncu --import R --csv --page source
  // --print-source cuda` of a report profiled with `--section SourceCounters` on the H200
  // (docs/results/h200-2026-12-02c): a "File Name" row, then "Line No","Source" and no metric
  // column. Its header is the real one; the missing counters must be said at line 2.
  std::ifstream in("tests/data/ncu_source/h200_no_counters.csv");  // ctest runs at the root
  REQUIRE(in);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    parse_ncu_source_csv(text, "real.csv");
    FAIL("no error for an export without sampling columns");
  } catch (const rules::InputError& e) {
    INFO(e.format());
    CHECK(e.format().find("real.csv:2:1") != std::string::npos);
    CHECK(e.format().find("no warp stall sampling column") != std::string::npos);
  }
}

TEST_CASE("a real CUDA-with-SASS export (H200, ncu 2025.3.1) gives each line its samples once") {
  // tests/data/ncu_source/h200_cuda_sass_dram_stream.csv: `ncu --import R --csv --page source
  // --print-source cuda,sass` of labelled/dram_stream's scale_vec4 profiled with `--section
  // SourceCounters` (docs/results/h200-2026-12-02d/call1, scripts/gpu/probe_lead.sh). Per line a
  // row of its totals, then its instructions with an empty "Line No": only the line rows count.
  std::ifstream in("tests/data/ncu_source/h200_cuda_sass_dram_stream.csv");
  REQUIRE(in);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto s = parse_ncu_source_csv(text, "real.csv");
  REQUIRE(s.ok);
  CHECK(s.kernel == "scale_vec4");
  // The seven line rows' "All Samples": 76 + 452 + 280 + 345 + 29284 + 168 + 536.
  CHECK(s.total_samples == 31141);
  REQUIRE(s.lines.size() == 7);
  CHECK(s.lines[0].file == "kernel.cu");
  CHECK(s.lines[0].line == 8);  // the first use of the loaded value waits for DRAM
  CHECK(s.lines[0].samples == 29284);
  CHECK(s.lines[0].stalls.at("long_scoreboard") == 29207);
  CHECK(s.lines[0].text.find("2.5f") != std::string::npos);  // the CUDA text, not the SASS
  CHECK(s.stall_totals.at("long_scoreboard") == 29207);
  CHECK(s.stall_totals.at("short_scoreboard") == 330 + 194 + 19);
}
