// The rule mechanisms the third fresh batch's live misses led to (issue 29, helper h29h), on that
// batch's recorded H200 signals (tests/data/corpus_fresh3_h200): spin_wait (warps polling a lock
// or a flag, `unexplained`), atomic_contention without barrier and sleep waits, the L1-wait branch
// of cache_resident_reuse, and dependent_load_latency without the L1's walk of wasted sectors.
// Each test takes away the signal a mechanism rests on and checks the verdict goes with it, so
// they fail if a threshold, not the mechanism, carries it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kData = kSrc + "/tests/data/corpus_fresh3_h200";

json signals_of(const std::string& kernel) { return solver::test::signal_file(kData, kernel); }
json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh3_" + name);
}
std::string fired(const json& v) { return solver::test::fired_rule(v); }
double estimate(const json& v, const std::string& id) {
  return solver::test::ranked_estimate(v, id);
}
double sig(const json& f, const std::string& name) { return solver::test::signal_value(f, name); }
}  // namespace

TEST_CASE("the third fresh batch's recorded signals: 13 of 13, the four live misses by rule") {
  auto e = solver::test::eval_suite(kSrc + "/tests/corpus_fresh3", kData);
  INFO(e.cases.dump());
  CHECK(e.fired["guide_mutex_backoff"] == "spin_wait");
  CHECK(e.fired["pmpp_scan_domino"] == "spin_wait");
  CHECK(e.fired["mini_nbody_force"] == "cache_resident_reuse");
  CHECK(e.fired["rod_gaussian_fan2"] == "uncoalesced");
  CHECK(e.total == 13);
  CHECK(e.correct == 13);
}

TEST_CASE("spin_wait: a software mutex with back-off is a wait on the lock, not contention") {
  // atomicCAS lock per bin with __nanosleep back-off: 8% of warp time asleep, 7.6 L2 atomic
  // requests per byte of data (failed CAS retries), 70% long-scoreboard on the CAS.
  json f = signals_of("guide_mutex_backoff");
  REQUIRE(sig(f, "stall_sleeping") > 0.05);
  REQUIRE(sig(f, "l2_atomic_requests") > sig(f, "problem_bytes"));
  json v = classify(f, "mutex");
  CHECK(fired(v) == "spin_wait");
  CHECK(v["fired"]["bottleneck"] == "unexplained");
  CHECK(v["fired"]["hypothesis"] == "remove_spin_wait");
  CHECK(estimate(v, "spin_wait") == doctest::Approx(1 - sig(f, "issue_frac")));
  // The atomic rule no longer claims the sleeping warps' idle slots.
  CHECK(estimate(v, "atomic_contention") ==
        doctest::Approx(std::max(
            sig(f, "stall_long_scoreboard") + sig(f, "stall_short_scoreboard") +
                sig(f, "stall_mio_throttle") + sig(f, "stall_lg_throttle"),
            1 - sig(f, "issue_frac") - sig(f, "stall_membar") - sig(f, "stall_sleeping"))));
  // Either mark alone is a poll: no sleep, but the retries outnumber the data ...
  json awake = f;
  awake["signals"]["stall_sleeping"] = 0.0;
  CHECK(fired(classify(awake, "mutex_awake")) == "spin_wait");
  // ... or as many atomics as a histogram's, but the warps sleep between them.
  json few = f;
  few["signals"]["l2_atomic_requests"] = sig(f, "problem_bytes") / 2;
  // Global atomics send at least one L2 request each: as few instructions as requests (the
  // atomic rule reads fewer requests than atomic instructions as atomics in shared memory).
  few["signals"]["atomic_inst_frac"] = sig(f, "problem_bytes") / 2 / sig(f, "inst_executed");
  CHECK(fired(classify(few, "mutex_few")) == "spin_wait");
  // Neither: atomics at a histogram's rate and nobody sleeps. That is contention.
  few["signals"]["stall_sleeping"] = 0.0;
  json h = classify(few, "mutex_neither");
  CHECK(fired(h) == "atomic_contention");
  CHECK(estimate(h, "spin_wait") < 0);
}

TEST_CASE("spin_wait: blocks waiting at a barrier for a thread that polls its predecessor") {
  // The single-pass (domino) scan: thread 0 spins on an atomic poll of its flag, the block's
  // other warps wait at __syncthreads (95% barrier stalls), atomics 12% of the instructions.
  json f = signals_of("pmpp_scan_domino");
  json v = classify(f, "domino");
  CHECK(fired(v) == "spin_wait");
  CHECK(v["fired"]["bottleneck"] == "unexplained");
  // Barrier waits are not the atomics' queue: the atomic rule's idle-slot term leaves them out.
  CHECK(estimate(v, "atomic_contention") < 0.1);
  // Without the atomics, the same barrier stalls are a barrier-bound kernel's.
  json plain = f;
  plain["signals"]["atomic_inst_frac"] = 0.0;
  json b = classify(plain, "domino_no_atomics");
  CHECK(fired(b) == "barrier_bound");
  CHECK(estimate(b, "spin_wait") < 0);
  // With the block mostly not at the barrier, the atomics do not make it a poll.
  json busy = f;
  busy["signals"]["stall_barrier"] = 0.2;
  CHECK(estimate(classify(busy, "domino_busy"), "spin_wait") < 0);
}

TEST_CASE("spin_wait: contended histograms of the corpora are not polls") {
  // Every atomic kernel labelled atomic_contention in the dev data stays with the atomic rule.
  for (const auto& [dir, kernel] : std::vector<std::pair<std::string, std::string>>{
           {kData, "cbe_histo_global"},
           {kData, "llmc_layernorm_bwd1"},
           {kSrc + "/tests/data/corpus_fresh2_h200", "blog_filter_atomic"},
           {kSrc + "/tests/data/corpus_fresh_h200", "atomic_sum_naive"}}) {
    INFO(kernel);
    std::ifstream in(dir + "/" + kernel + ".json");
    REQUIRE(in.good());
    json v = classify(json::parse(in), kernel);
    CHECK(fired(v) == "atomic_contention");
    CHECK(estimate(v, "spin_wait") < 0);
  }
}

TEST_CASE("cache_resident_reuse: an all-pairs loop waiting on L1 hits") {
  // mini-nbody's bodyForce: every thread re-reads every body from global memory, 98% L1 hits,
  // 48% long-scoreboard stalls, L1 a quarter busy, L2 and DRAM idle.
  json f = signals_of("mini_nbody_force");
  REQUIRE(sig(f, "l1_frac") < 0.5);
  REQUIRE(sig(f, "lsu_frac") < 0.5);
  json v = classify(f, "nbody");
  CHECK(fired(v) == "cache_resident_reuse");
  // On the busy SMs (x sm_active_frac), and of the L1 hits' wait the used sectors' share
  // (c32: the walk of unused sectors is the layout's).
  const double used = std::max(sig(f, "load_eff"), 1 / sig(f, "sectors_per_request"));
  CHECK(estimate(v, "cache_resident_reuse") ==
        doctest::Approx(0.7 * sig(f, "sm_active_frac") * sig(f, "stall_long_scoreboard") *
                        sig(f, "l1_hit") * used *
                        (1 - 4 * std::max(sig(f, "l2_frac"), sig(f, "dram_frac")))));
  // The same waits with the loads missing L1: nothing is reused through the cache.
  json miss = f;
  miss["signals"]["l1_hit"] = 0.3;
  CHECK(estimate(classify(miss, "nbody_miss"), "cache_resident_reuse") < 0);
  // With L2 busy the waits are the misses', not the L1's.
  json l2 = f;
  l2["signals"]["l2_frac"] = 0.3;
  CHECK(estimate(classify(l2, "nbody_l2"), "cache_resident_reuse") < 0);
}

TEST_CASE("dependent_load_latency: a wide request's walk through L1 is the layout's cost") {
  // Rodinia Gaussian Fan2: threadIdx.x walks rows, 11 sectors per request, 83% L1 hits, 95%
  // long-scoreboard stalls.
  json f = signals_of("rod_gaussian_fan2");
  json v = classify(f, "fan2");
  CHECK(fired(v) == "uncoalesced");
  const double wide = estimate(v, "dependent_load_latency");
  // The sectors missing L1 (fetched in parallel from L2, as a pointer chase's are): the whole
  // wait is latency's again, and the latency rule outranks the layout.
  json missing = f;
  missing["signals"]["l1_hit"] = 0.0;
  json m = classify(missing, "fan2_l1_miss");
  CHECK(fired(m) == "dependent_load_latency");
  CHECK(estimate(m, "dependent_load_latency") ==
        doctest::Approx(wide / (1 - sig(f, "l1_hit") * (1 - sig(f, "load_eff")))));
  // A one-sector broadcast wastes no walk, whatever its load_eff.
  json broadcast = missing;
  broadcast["signals"]["l1_hit"] = sig(f, "l1_hit");
  broadcast["signals"]["sectors_per_request"] = 1.0;
  CHECK(estimate(classify(broadcast, "fan2_broadcast"), "dependent_load_latency") ==
        doctest::Approx(estimate(m, "dependent_load_latency")));
}
