// fresh18's misses on the H100 (issue 29, helper c29d), on their recorded signals: the live
// CUPTI files (tests/data/corpus_fresh18_h100_live, docs/results/h100-2026-12-06d call5) and
// the signals derived from the same call's ncu export (`_ncu`, by `solver eval
// --save-signals`). NPB EP's per-thread array: the memory wait is local memory's by its share
// of the bytes, and a kernel with no global load stages no tile (rules/rules.yaml,
// register_spills and synchronous_staging; docs/rules.md "Local memory's share of the wait").
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;

json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh18m_" + name, "h100_sxm");
}
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
}  // namespace

TEST_CASE("a per-thread array that carries the traffic is register_spills, not staging") {
  // NPB EP class C: each thread fills and re-reads a 2 KB local frame, 137 GB of local traffic
  // in 128-bit accesses (one instruction in ~96) against 98 KB of declared results; its 6 KB
  // of shared memory is the block's final reduction and it loads no global memory.
  for (const char* dir :
       {"/tests/data/corpus_fresh18_h100_live", "/tests/data/corpus_fresh18_h100_ncu"}) {
    INFO(dir);
    json f = solver::test::signal_file(kSrc + dir, "npb_ep_gaussian");
    REQUIRE(f["signals"].contains("local_traffic_bytes"));
    REQUIRE_FALSE(f["signals"].contains("load_eff"));
    REQUIRE(sig(f, "smem_per_block") == 6144);
    const double wait = sig(f, "stall_long_scoreboard") + sig(f, "stall_lg_throttle");
    const double bytes_share =
        sig(f, "local_traffic_bytes") / (sig(f, "local_traffic_bytes") + sig(f, "problem_bytes"));
    CHECK(bytes_share > 0.999);
    CHECK(sig(f, "local_inst_frac") / 0.05 < 0.25);  // by instructions, a fifth of the wait
    json v = classify(f, "ep");
    CHECK(solver::test::fired_rule(v) == "register_spills");
    CHECK(solver::test::ranked_estimate(v, "register_spills") ==
          doctest::Approx(bytes_share * wait).epsilon(0.01));

    // With a global load stream (load_eff measured), the staging rule is back in the ranking.
    json staged = f;
    staged["signals"]["load_eff"] = 1.0;
    CHECK(solver::test::ranked_estimate(classify(staged, "ep_staged"), "synchronous_staging") >
          0.1);
    CHECK(solver::test::ranked_estimate(v, "synchronous_staging") < 0);  // not ranked

    // Local traffic small against the problem's bytes: the share falls back to instructions
    // and the estimate is the rule's as before.
    json light = f;
    light["signals"]["local_traffic_bytes"] = sig(f, "problem_bytes") / 100;
    CHECK(solver::test::ranked_estimate(classify(light, "ep_light"), "register_spills") ==
          doctest::Approx(std::min(1.0, sig(f, "local_inst_frac") / 0.05) * wait).epsilon(0.01));
  }
}

TEST_CASE("fresh18's batch on its recorded signals") {
  // Relabelled spmm (register_limited_occupancy, from its counters) and EP: 5/5 on both.
  for (const char* dir :
       {"/tests/data/corpus_fresh18_h100_live", "/tests/data/corpus_fresh18_h100_ncu"}) {
    INFO(dir);
    json spmm = solver::test::signal_file(kSrc + dir, "tsparse_spmm_sum");
    CHECK(sig(spmm, "theoretical_occupancy") == doctest::Approx(0.25));
    CHECK(solver::test::fired_bottleneck(classify(spmm, "spmm")) == "register_limited_occupancy");
  }
}
