// fresh7's live misses (issue 29, helper h29x) and fresh8's (helper h29s), each fixed by a term of
// a rule's estimate or condition that reads a signal the rule ignored. Every case moves that one
// signal on the same recorded H200 counters and checks the verdict moves with it, so it fails if
// the mechanism (not a threshold) stops carrying the verdict.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;

json signals_of(const std::string& batch, const std::string& kernel) {
  return solver::test::signal_file(kSrc + "/tests/data/" + batch, kernel);
}
json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh7m_" + name);
}
std::string bottleneck(const json& v) { return solver::test::fired_bottleneck(v); }
double estimate(const json& v, const std::string& id) {
  return solver::test::ranked_estimate(v, id);
}
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
}  // namespace

TEST_CASE("atomics in shared memory do not own the global loads' wait") {
  // The CUDA samples' histogram256: shared atomics only (no L2 atomic request), 91% of warp
  // time on the long scoreboard of its global loads, 0.01% on the shared queue.
  json f = signals_of("corpus_fresh7_h200", "cs_histogram256");
  REQUIRE(sig(f, "l2_atomic_requests") == 0.0);
  json v = classify(f, "hist256");
  CHECK(estimate(v, "atomic_contention") < 0.01);
  CHECK(bottleneck(v) != "atomic_contention");
  // The same counters with every atomic going to L2 (one request each): the wait is theirs.
  json global = f;
  global["signals"]["l2_atomic_requests"] = sig(f, "atomic_inst_frac") * sig(f, "inst_executed");
  json g = classify(global, "hist256_global");
  CHECK(estimate(g, "atomic_contention") > 0.9);
  CHECK(bottleneck(g) == "atomic_contention");
}

TEST_CASE("shared atomics' replays are not bank conflicts") {
  // The labelled smem_histogram: 14 shared atomics per shared load or store, on two contended
  // words. The undivided conflict counter (every shared operation's extra wavefronts) over the
  // loads and stores read 250; the signal leaves the atomics' serialisation out
  // (profiling/bank_conflicts.h), and a recording without the per-operation split cannot say
  // what is left, so the signal is missing and the defect says why.
  json f = signals_of("labelled_h200", "smem_histogram");
  CHECK_FALSE(f["signals"].contains("bank_conflicts_per_request"));
  bool said = false;
  for (const auto& n : f["notes"])
    said = said ||
           n.get<std::string>().find("bank_conflicts_per_request not defined") != std::string::npos;
  CHECK(said);
  json v = classify(f, "smem_hist");
  CHECK(bottleneck(v) == "atomic_contention");
  // Real conflicts on its loads and stores (a 2-way conflict on each) rank as conflicts,
  // atomics or not: the estimate has no atomic term, the signal carries the distinction.
  json conflicted = f;
  conflicted["signals"]["bank_conflicts_per_request"] = 1.0;
  // The shared path's wait: the short-scoreboard and MIO-queue stalls, and the barrier wait in
  // the share the siblings spend on them (helper c29c; docs/rules.md, "The replays' share of
  // the barrier").
  const double own = sig(f, "stall_short_scoreboard") + sig(f, "stall_mio_throttle");
  const double bar = sig(f, "stall_barrier");
  double wait = std::min(1.0, own + bar * std::min(1.0, own / std::max(0.01, 1 - bar)));
  CHECK(estimate(classify(conflicted, "smem_hist_conflicted"), "smem_bank_conflicts") ==
        doctest::Approx(0.5 * wait));
}

TEST_CASE("register-limited occupancy gains nothing under one wave") {
  // miniBUDE: 94 registers allow ten two-warp blocks per SM; the grid launches 3.9 (0.39 waves).
  json f = signals_of("corpus_fresh7_h200", "bude_fasten");
  REQUIRE(sig(f, "waves") < 1.0);
  json v = classify(f, "bude");
  // It still holds, explaining none of the time. The verdict is issue_bound, its label: two
  // warps a scheduler at 69% issue are past what low_ilp claims (issue_frac < 0.4), so their
  // fixed-latency wait is the stream's (c30; it was "no rule explains this").
  CHECK(estimate(v, "reg_pressure") == doctest::Approx(0.0));
  CHECK(v["fired"]["id"] == "issue_bound");
  // Three waves of the same blocks: every freed register slot would hold a waiting block.
  json many = f;
  many["signals"]["waves"] = 3.0;
  CHECK(estimate(classify(many, "bude_3waves"), "reg_pressure") ==
        doctest::Approx((1 - sig(f, "theoretical_occupancy") / 0.5) *
                        (sig(f, "stall_long_scoreboard") + sig(f, "stall_short_scoreboard") +
                         sig(f, "stall_wait")) *
                        (1 - sig(f, "tensor_frac"))));
}

TEST_CASE("a kernel with no global store has no wasted store sector") {
  // PMPP's privatised text histogram writes only through seven global reductions per block:
  // ncu's bytes per store sector is 0 for no stores.
  json f = signals_of("corpus_h200_call2", "pmpp_histo_privatized");
  REQUIRE(sig(f, "store_eff") == 0.0);
  json v = classify(f, "pmpp_priv");
  CHECK(bottleneck(v) == "dram_near_roof");
  CHECK(estimate(v, "streaming_latency_bound") > 0.5);
  // A real store of one byte per sector (1/32) is a wasted one.
  json narrow = f;
  narrow["signals"]["store_eff"] = 1.0 / 32;
  CHECK(estimate(classify(narrow, "pmpp_priv_narrow"), "streaming_latency_bound") < 0.05);
}

TEST_CASE("a stream of short-lived blocks is short of the roof by bytes in flight") {
  // TensorRT-LLM's INT8 quantiser: 2^20 two-warp blocks (248 waves), one float4 per thread,
  // DRAM 50%, 27% of the warp slots resident against 100% the launch allows.
  json f = signals_of("corpus_fresh7_h200", "trtllm_quantize_int8");
  f["signals"]["load_chain"] = 0;
  f["signals"]["code_contiguous_access_frac"] = 1.0;
  json v = classify(f, "trtllm");
  CHECK(v["fired"]["id"] == "streaming_latency_bound");
  CHECK(bottleneck(v) == "dram_near_roof");
  // Launch-limited to the same 27%: few warps is then the lever the occupancy of the launch
  // sets, and the stream rule does not hold.
  json few = f;
  few["signals"]["theoretical_occupancy"] = 0.27;
  CHECK(estimate(classify(few, "trtllm_few"), "streaming_latency_bound") < 0);
  // Without the code facts the coalesced load may be a chain's: dependent_load_latency keeps
  // its whole estimate.
  json unknown = f;
  unknown["signals"].erase("load_chain");
  unknown["signals"].erase("code_contiguous_access_frac");
  json u = classify(unknown, "trtllm_unknown");
  CHECK(estimate(u, "dependent_load_latency") > 2 * estimate(v, "dependent_load_latency") + 0.1);
}

TEST_CASE("a full MIO queue of instruction overhead is issue demand") {
  // CUDA by Example's constant-memory ray tracer (fresh8): the sphere loop unrolled by four
  // loads each sphere's fields by LDC; 68% of cycles issue, 47% of warp time waits on the full
  // MIO queue, no pipe over 30%, no shared memory.
  json f = signals_of("corpus_fresh8_h200", "cbe_ray_const");
  REQUIRE(sig(f, "issue_frac") < 0.85);
  json v = classify(f, "ray");
  CHECK(bottleneck(v) == "issue_bound");
  // The same queue in a kernel with shared memory may be its shared traffic: not claimed.
  json shared = f;
  shared["signals"]["smem_per_block"] = 4096.0;
  CHECK(bottleneck(classify(shared, "ray_smem")) != "issue_bound");
  // Without the queue's wait the issued share alone is under the bar.
  json idle = f;
  idle["signals"]["stall_mio_throttle"] = 0.0;
  CHECK(bottleneck(classify(idle, "ray_nomio")) != "issue_bound");
}

TEST_CASE("a load that waits nine round trips is queued, not short of bytes in flight") {
  // Rodinia BFS's Kernel2 (fresh8): one-sector coalesced loads, 93% long-scoreboard stalls at
  // 8% DRAM and 4% L2, 2192 ns per sector against the H200's 245 ns round trip: its half a
  // million stores of one flag byte serialise in one L2 slice. No class names that cost.
  json f = signals_of("corpus_fresh8_h200", "rod_bfs_kernel2_flag");
  REQUIRE(sig(f, "load_sector_wait_ns") > 8 * 245);
  json v = classify(f, "bfs2");
  CHECK(v["weak"] == true);  // "no rule explains this"
  CHECK(estimate(v, "streaming_latency_bound") <= 0);
  // The same counters waiting one round trip a sector: a stream short of bytes in flight.
  json trip = f;
  trip["signals"]["load_sector_wait_ns"] = 245.0;
  json t = classify(trip, "bfs2_trip");
  CHECK(estimate(t, "streaming_latency_bound") > 0.3);
  CHECK(bottleneck(t) != "unexplained");
}
