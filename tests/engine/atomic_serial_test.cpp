// The atomics' queue cannot outlast serving every request one at a time on one address (issue
// 29, helper c30): atomic_contention's global terms are capped by that serial time's share of
// the run, `l2_atomic_requests x chip.l2_atomic_serial_ns / time` (rules/rules.yaml, derived
// `atomic_serial_share`; docs/rules.md "The atomics' serial time"). On recorded signals: the
// CUDA samples' xyzw frequency count (fresh13, H100: the ncu-derived and the live CUPTI files),
// a few scattered reductions beside 8 blocks' loads, and the one-address reductions the chip
// constants were measured on (fresh9's RAJA PI_ATOMIC on the H100, fresh's atomic_sum_naive on
// the H200), which stay at their cap.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
double serial_share(const json& f, double ns) {
  return sig(f, "l2_atomic_requests") * ns / (sig(f, "time_us") * 1000);
}
}  // namespace

TEST_CASE("a few scattered reductions beside a small grid's loads are no queue") {
  for (const char* dir :
       {"/tests/data/corpus_fresh13_h100_ncu", "/tests/data/corpus_fresh13_h100_live"}) {
    INFO(dir);
    json f = solver::test::signal_file(kSrc + dir, "cusamples_xyzw_frequency");
    REQUIRE(sig(f, "grid_blocks") == 8);
    REQUIRE(sig(f, "stall_long_scoreboard") > 0.7);
    const double share = serial_share(f, 1.174);  // chips.yaml h100_sxm
    CHECK(share < 0.2);
    json v = solver::test::classify_signals(f, "c30_xyzw", "h100_sxm");
    CHECK(solver::test::fired_rule(v) == "small_grid");
    // The shared path's wait (not the L2's queue) plus the capped global part.
    const double shared = sig(f, "stall_short_scoreboard") + sig(f, "stall_mio_throttle");
    CHECK(solver::test::ranked_estimate(v, "atomic_contention") ==
          doctest::Approx(shared + share).epsilon(0.01));
    CHECK(v["tie"].is_null());

    // Twenty times the requests in the same time: the cap no longer binds and the atomics claim
    // the idle issue slots again (over 0.9); from the export that outranks the grid (the table
    // before the cap named it atomic_contention, tied with small_grid).
    json many = f;
    many["signals"]["l2_atomic_requests"] = 20 * sig(f, "l2_atomic_requests");
    json m = solver::test::classify_signals(many, "c30_xyzw_many", "h100_sxm");
    CHECK(solver::test::ranked_estimate(m, "atomic_contention") > 0.9);
    if (std::string(dir).ends_with("_ncu"))
      CHECK(solver::test::fired_rule(m) == "atomic_contention");
  }
}

TEST_CASE("one-address reductions sit at their own cap") {
  struct Case {
    const char* dir;
    const char* kernel;
    const char* chip;
    double ns;
  };
  for (const Case& c : {Case{"/tests/data/corpus_fresh9_h100", "raja_pi_atomic", "h100_sxm", 1.174},
                        Case{"/tests/data/corpus_fresh_h200", "atomic_sum_naive", "h200", 1.171}}) {
    INFO(c.kernel);
    json f = solver::test::signal_file(kSrc + c.dir, c.kernel);
    const double share = serial_share(f, c.ns);
    CHECK(share >= 0.999);
    CHECK(share < 1.01);
    json v = solver::test::classify_signals(f, std::string("c30_") + c.kernel, c.chip);
    CHECK(solver::test::fired_rule(v) == "atomic_contention");
  }
}
