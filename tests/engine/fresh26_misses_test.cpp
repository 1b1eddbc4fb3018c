// fresh26's ncu-path miss on the H100 (issue 29, helper c39), on its recorded signals: the live
// CUPTI files (docs/results/h100-2026-12-07d call1/probe_fresh26/signals) and the signals derived
// from the same call's ncu export (tests/data/corpus_fresh26_h100_ncu, by `solver eval
// --save-signals`). QuEST's one-qubit gate on qubit 0 stores each amplitude pair as two 16-byte
// halves of 32-byte sectors (store_eff 0.5, a near miss of the store branch's < 0.5) while DRAM
// moves the useful bytes once near its roof. Two mechanisms named it uncoalesced on the ncu path:
// the import held DRAM to the datasheet peak (chips.yaml's h100_sxm had no measured copy rate:
// 0.891 against the live path's 0.993, under memory_saturated's 0.9), and the coalescing
// estimate had no floor for the DRAM time the useful bytes need (rules/rules.yaml
// useful_dram_floor; docs/rules.md "The useful bytes' DRAM floor").
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const char* kLive = "/docs/results/h100-2026-12-07d/call1/probe_fresh26/signals";
const char* kNcu = "/tests/data/corpus_fresh26_h100_ncu";

json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh26m_" + name, "h100_sxm");
}
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
}  // namespace

TEST_CASE("half-sector pairs at the DRAM roof are not a coalescing lever") {
  for (const char* dir : {kLive, kNcu}) {
    INFO(dir);
    json f = solver::test::signal_file(kSrc + dir, "quest_onetarg_dense_q0");
    // The per-request counters read as waste; DRAM moved no more than the useful bytes.
    CHECK(sig(f, "store_eff") == doctest::Approx(0.5));
    CHECK(sig(f, "load_eff") < 0.5);
    CHECK(sig(f, "dram_bytes") <= sig(f, "problem_bytes"));
    const double floor = std::min(1.0, sig(f, "dram_frac"));
    CHECK(floor > 0.85);
    json v = classify(f, "onetarg");
    // The useful bytes' DRAM floor caps what coalescing could save.
    const double est = solver::test::ranked_estimate(v, "uncoalesced");
    CHECK(est >= 0);
    CHECK(est <= 1 - floor + 1e-9);
    // Both paths now hold DRAM to a measured copy rate (the ncu import to chips.yaml's).
    CHECK(floor > 0.95);
    CHECK(solver::test::fired_rule(v) == "memory_saturated");

    // Held to a roof 11% above any copy (the datasheet's, as the import was), the stop rule
    // misses; the floor still keeps the coalescing estimate under the DRAM stream's.
    json under = f;
    under["signals"]["dram_frac"] = sig(f, "dram_frac") * 3017.0 / 3350.0;
    json u = classify(under, "onetarg_under");
    CHECK(solver::test::ranked_estimate(u, "uncoalesced") <=
          1 - under["signals"]["dram_frac"].get<double>() + 1e-9);
    CHECK(solver::test::fired_bottleneck(u) == "dram_near_roof");

    // Without the problem's bytes (a bare export: dram_frac counts the bytes moved, waste
    // included) no floor is known and the estimate is the uncapped one.
    json bare = f;
    bare["signals"].erase("problem_bytes");
    CHECK(solver::test::ranked_estimate(classify(bare, "onetarg_bare"), "uncoalesced") >
          est + 0.1);
  }
}

TEST_CASE("the partial trace keeps its coalescing verdict under the floor") {
  // The same per-request footprint, but the other halves are never read: DRAM fetches twice the
  // useful bytes and runs the useful ones at about 60% of its roof, so the floor leaves room.
  for (const char* dir : {kLive, kNcu}) {
    INFO(dir);
    json f = solver::test::signal_file(kSrc + dir, "quest_partial_trace_q0");
    CHECK(sig(f, "dram_bytes") > 1.5 * sig(f, "problem_bytes"));
    CHECK(sig(f, "dram_frac") < 0.65);  // 0.59 live, 0.61 by ncu against the copy rate
    json v = classify(f, "ptrace");
    CHECK(solver::test::fired_bottleneck(v) == "uncoalesced");
    CHECK(solver::test::ranked_estimate(v, "uncoalesced") > 0.15);
  }
}
