// "While DRAM idles" read against the busy unit (issue 29, helper c33; docs/rules.md, the
// section of that name): cache_resident_reuse's busy-path clauses hold with DRAM under 0.3 or
// with the L1's (or LSU's) global busy share over DRAM's and L2's. PyTorch's searchsorted
// (fresh13, H100) re-reads a 4 KB boundary table from L1 (83% busy, 93% hits) beside a stream
// of its values: its ncu export reads DRAM at 0.286 of the datasheet peak, its live run at
// 0.321 of the lower copy ceiling it measured. The fixed bar put the two on either side of a
// cliff (reuse, then alu_bound at ALU 81%). Both checks on the live file fail on the table
// before c33; the counter-case holds on both tables.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
}  // namespace

TEST_CASE("an L1 busier than DRAM is the reuse's roof on both measurements of one kernel") {
  for (const char* dir :
       {"/tests/data/corpus_fresh13_h100_live", "/tests/data/corpus_fresh13_h100_ncu"}) {
    INFO(dir);
    json f = solver::test::signal_file(kSrc + dir, "pt_searchsorted");
    REQUIRE(sig(f, "l1_frac") > 0.8);
    REQUIRE(sig(f, "alu_frac") > 0.8);
    json v = solver::test::classify_signals(f, "reuse_bar_searchsorted", "h100_sxm");
    CHECK(solver::test::fired_rule(v) == "cache_resident_reuse");
  }
  json live =
      solver::test::signal_file(kSrc + "/tests/data/corpus_fresh13_h100_live", "pt_searchsorted");
  REQUIRE(sig(live, "dram_frac") > 0.3);

  // The same kernel with its L1 only half busy and DRAM above it: DRAM is the busier unit, the
  // absolute bar decides, and the reuse does not hold (the ALU pipe's rule fires).
  json stream = live;
  stream["signals"]["l1_frac"] = 0.55;
  stream["signals"]["dram_frac"] = 0.7;
  json s = solver::test::classify_signals(stream, "reuse_bar_stream", "h100_sxm");
  CHECK(solver::test::fired_rule(s) != "cache_resident_reuse");
  CHECK(solver::test::ranked_estimate(s, "cache_resident_reuse") < 0.05);
}
