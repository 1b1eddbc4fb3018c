// One owner per wait (issue 29, helper c32; docs/rules.md "One owner per wait"): the global
// path's wait splits into local memory's share, the atomics' queue and the loads' own wait,
// and the L1 hits' wait into the walk of unused sectors (the layout's) and the rest; each
// share is read by the rules whose lever removes it, not also by a sibling. Each case is a
// recorded kernel whose verdict was right with a runner-up of a wrong class claiming the
// same wait (a tie or a near tie), and the same kernel with the owner's signals taken away,
// which gives the sibling its claim back. Every check on the recorded file fails on the table
// before c32.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;

json classify(const json& file, const std::string& name, const std::string& chip) {
  return solver::test::classify_signals(file, "wait_owners_" + name, chip);
}
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
bool tied(const json& v) { return v.contains("tie") && !v["tie"].is_null(); }
}  // namespace

TEST_CASE("the atomics' queue is not also a stream's or a load chain's wait") {
  struct Case {
    const char* dir;
    const char* kernel;
    const char* chip;
  };
  // PyTorch's index_add (H200 live) and TensorFlow's unsorted segment sum (H100, ncu): global
  // reductions whose queue holds the warps on the long scoreboard (95-97% of warp time), the
  // L2's atomic requests taking longer served one at a time than the run. The table before
  // c32 read the same wait as a stream's short of the roof (0.92) and a load chain's (0.86):
  // a tie with dram_near_roof on both.
  for (const Case c :
       {Case{"/tests/data/corpus_fresh4_h200", "pt_index_add_pool", "h200"},
        Case{"/tests/data/corpus_fresh11_h100_ncu", "tf_unsorted_segment_sum", "h100_sxm"}}) {
    INFO(c.kernel);
    json f = solver::test::signal_file(kSrc + c.dir, c.kernel);
    REQUIRE(sig(f, "atomic_inst_frac") > 0.01);
    REQUIRE(sig(f, "stall_long_scoreboard") > 0.9);
    json v = classify(f, c.kernel, c.chip);
    CHECK(solver::test::fired_rule(v) == "atomic_contention");
    CHECK_FALSE(tied(v));
    CHECK(solver::test::ranked_estimate(v, "streaming_latency_bound") < 0.05);
    CHECK(solver::test::ranked_estimate(v, "dependent_load_latency") < 0.05);

    // No atomics: the same wait is the loads' own, and the stream rule claims it again.
    json plain = f;
    plain["signals"]["atomic_inst_frac"] = 0.0;
    plain["signals"]["l2_atomic_requests"] = 0.0;
    json p = classify(plain, std::string(c.kernel) + "_plain", c.chip);
    CHECK(solver::test::ranked_estimate(p, "streaming_latency_bound") > 0.5);
  }
}

TEST_CASE("local memory's share of the wait is not also missing warps' latency") {
  // A batch of BLAKE2b hashes (fresh6, H200 live): 2.5 GB of local traffic a run against
  // 336 MB of problem bytes, one instruction in ten local, 76% of warp time on the global path.
  // register_spills claims that wait (0.76); reg_pressure (the same registers, read as
  // occupancy) claimed it whole as latency more warps would hide (0.49).
  json f = solver::test::signal_file(kSrc + "/tests/data/corpus_fresh6_h200", "mcm_blake2b_batch");
  REQUIRE(sig(f, "local_inst_frac") > 0.05);
  json v = classify(f, "blake2b", "h200");
  CHECK(solver::test::fired_rule(v) == "register_spills");
  const double with_local = solver::test::ranked_estimate(v, "reg_pressure");
  CHECK(with_local >= 0);
  CHECK(with_local < 0.1);

  // Without the local traffic the wait is the loads' own, and the occupancy rule reads it.
  json plain = f;
  plain["signals"]["local_inst_frac"] = 0.0;
  plain["signals"]["local_traffic_bytes"] = 0.0;
  CHECK(solver::test::ranked_estimate(classify(plain, "blake2b_plain", "h200"), "reg_pressure") >
        0.3);
}

TEST_CASE("the L1 hits' wait: the walk of unused sectors is the layout's, on the busy SMs") {
  // RAJA's ADI sweep (fresh9, H100 live): 3% of the SMs active, 81% of warp time on the
  // long scoreboard, 83% L1 hits at 21 sectors a request and 37% of their bytes used.
  // cache_resident_reuse claimed 0.45 of the run, the whole L1-hit wait of the busy SMs as
  // the GPU's time and the unused sectors' walk as reuse; both its unit (x sm_active_frac, as
  // shared_pipe_roof and the latency rules read a stall) and its share are the ones now.
  json adi = solver::test::signal_file(kSrc + "/tests/data/corpus_fresh9_h100", "raja_adi_sweep");
  json va = classify(adi, "adi", "h100_sxm");
  CHECK(solver::test::fired_bottleneck(va) == "small_grid");
  const double reuse = solver::test::ranked_estimate(va, "cache_resident_reuse");
  CHECK(reuse >= 0);
  CHECK(reuse <= 0.7 * sig(adi, "sm_active_frac") + 1e-9);

  // Rodinia's particle-filter index search (fresh6, H200 live): 98% L1 hits on one-sector
  // requests with a quarter of their bytes used (a one-sector request wastes no walk), 59% of
  // the SMs active. Before c32 cache_resident_reuse tied with small_grid (the label's
  // accepted class).
  json pf = solver::test::signal_file(kSrc + "/tests/data/corpus_fresh6_h200", "rod_pf_find_index");
  json vp = classify(pf, "pf", "h200");
  CHECK(solver::test::fired_bottleneck(vp) == "small_grid");
  CHECK_FALSE(tied(vp));
  // Every SM busy: the reuse's wait is the whole run's again and it ranks higher.
  json full = pf;
  full["signals"]["sm_active_frac"] = 1.0;
  CHECK(solver::test::ranked_estimate(classify(full, "pf_full", "h200"), "cache_resident_reuse") >
        solver::test::ranked_estimate(vp, "cache_resident_reuse") * 1.5);
}
