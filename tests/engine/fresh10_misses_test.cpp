// fresh10's misses on the H100 (issue 29, helper h29g), on the signals derived from its one ncu
// export (tests/data/corpus_fresh10_h100/ncu_export.csv, derived by `solver eval --save-signals`
// into tests/data/corpus_fresh10_h100_ncu). Caffe's max pooling got no verdict: the streaming
// rule read "coalesced" as load_eff >= 0.9 where the waste hit L1, and "schedulers idle" as
// issue under 50% where the instructions fit under the stream's time at the roof. Each case
// moves the one signal a generalised condition reads and checks the verdict moves with it.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kData = kSrc + "/tests/data/corpus_fresh10_h100_ncu";

json signals_of(const std::string& kernel) { return solver::test::signal_file(kData, kernel); }
json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh10m_" + name, "h100_sxm");
}
double sig(const json& f, const char* name) { return f["signals"][name].get<double>(); }
}  // namespace

TEST_CASE("a stream whose wasted sector bytes hit L1 and whose issue fits under it is a stream") {
  // AlexNet's pool1 max pooling: 3 x 3 windows at stride 2, lanes 8 bytes apart; 42% of the
  // requested sector bytes used, 73% L1 hits, DRAM moving 0.98 x the useful bytes at 64% of the
  // peak; three software integer divisions per output keep the schedulers 65% busy.
  json f = signals_of("caffe_maxpool_fwd");
  const double dram = sig(f, "dram_frac"), tail = sig(f, "tail_idle_frac");
  REQUIRE(sig(f, "load_eff") < 0.9);
  REQUIRE(sig(f, "load_eff") >= 0.9 * (1 - sig(f, "l1_hit")));
  REQUIRE(sig(f, "issue_frac") > 0.5);
  REQUIRE(sig(f, "issue_frac") < dram / (1 - tail) / 0.9);
  json v = classify(f, "maxpool");
  CHECK(solver::test::fired_rule(v) == "streaming_latency_bound");
  CHECK(solver::test::fired_bottleneck(v) == "dram_near_roof");
  // The L1 the busy unit (its walk of the wasted sectors sets the time): not the stream's.
  json walk = f;
  walk["signals"]["l1_frac"] = dram + 0.05;
  CHECK(solver::test::fired_rule(classify(walk, "maxpool_l1")) != "streaming_latency_bound");
  // The waste reaching L2 (the same load_eff, few L1 hits): not coalesced.
  json miss = f;
  miss["signals"]["l1_hit"] = 0.2;
  CHECK(solver::test::fired_rule(classify(miss, "maxpool_miss")) != "streaming_latency_bound");
  // The instructions needing more issue time than the stream would take at the roof (0.71 of
  // the run here; 0.84 is past the graded margin and under issue_bound's 0.85).
  json issue = f;
  issue["signals"]["issue_frac"] = 0.84;
  CHECK(solver::test::fired_rule(classify(issue, "maxpool_issue")) != "streaming_latency_bound");
}

TEST_CASE("blocks that live under one load round trip are not latency to hide") {
  // PolyBench LU's trailing update at a late step (h29h): 6400 blocks of 256 threads, 84% of
  // them exit at the bound check. Little's law on the blocks: resident blocks (occupancy over
  // the launch's theoretical, times blocks_per_sm, times the SMs) over the blocks launched, over
  // the SMs' active time, is the mean block's life: 175 ns, under the H100's 260.7 ns
  // dependent-load round trip. The average block waits on no load; the few warps resident are
  // the launcher's refill of empty blocks, which more independent work per warp (low_ilp) or
  // more bytes in flight (streaming_latency_bound) does not shorten. No class names it.
  json f = signals_of("pbacc_lu_kernel2");
  const double life_ns = sig(f, "occupancy") / sig(f, "theoretical_occupancy") *
                         sig(f, "blocks_per_sm") * 132 * sig(f, "sm_active_frac") *
                         sig(f, "time_us") * 1000 / sig(f, "grid_blocks");
  REQUIRE(life_ns < 260.7);
  json v = classify(f, "lu");
  CHECK(solver::test::fired_bottleneck(v) == "unexplained");
  CHECK(solver::test::ranked_estimate(v, "low_ilp") < 0);
  CHECK(solver::test::ranked_estimate(v, "streaming_latency_bound") < 0);
  // The same counters over four times the run: the blocks live 2.7 round trips, and the idle
  // slots are low_ilp's again.
  json longer = f;
  longer["signals"]["time_us"] = 4 * sig(f, "time_us");
  CHECK(solver::test::fired_rule(classify(longer, "lu_longer")) == "low_ilp");
}

TEST_CASE("the tenth batch on its recorded H100 signals") {
  auto e = solver::test::eval_suite(kSrc + "/tests/corpus_fresh10", kData);
  CHECK(e.total == 12);
  CHECK(e.correct == 12);
  CHECK(e.fired["pbacc_lu_kernel2"] == "load_imbalance");  // its bottleneck: unexplained
  // Relabelled unexplained by c40 (its DRAM floor falls 43 us from the H100 to the H200, its
  // run 11 us); dram_near_roof, the stream's class here, stays accepted.
  CHECK(e.fired["caffe_maxpool_fwd"] == "streaming_latency_bound");
  // Relabelled low_ilp after the live run (tests/corpus_fresh10/README.md).
  CHECK(e.fired["cub_histo_smem_solid"] == "low_ilp");
}

TEST_CASE("max pooling's bytes set the time on neither chip: unexplained on the H200") {
  // The H100 (ncu) and the H200 (live) differ for it in DRAM alone: the same warp instructions
  // at the same SM clock. A DRAM-bound run would shrink with the DRAM floor; this one keeps its
  // time (c40's relabel, tests/corpus_fresh10/caffe_maxpool_fwd/label.yaml).
  json h100 = signals_of("caffe_maxpool_fwd");
  json h200 = solver::test::signal_file(kSrc + "/tests/data/corpus_fresh10_h200", "caffe_maxpool_fwd");
  REQUIRE(sig(h100, "inst_executed") == sig(h200, "inst_executed"));
  REQUIRE(sig(h100, "sm_clock_mhz") == doctest::Approx(sig(h200, "sm_clock_mhz")).epsilon(0.01));
  auto floor_us = [](const json& f) { return sig(f, "dram_frac") * sig(f, "time_us"); };
  const double floor_drop = floor_us(h100) - floor_us(h200);
  const double run_drop = sig(h100, "time_us") - sig(h200, "time_us");
  // 27 us of floor in these files (the H100 file read DRAM against its datasheet peak; 43 us at
  // the copy rates) against 8 us of run: a DRAM-bound run would drop about as much as its floor.
  CHECK(floor_drop > 2 * run_drop);
  auto e = solver::test::eval_suite(kSrc + "/tests/corpus_fresh10",
                                    kSrc + "/tests/data/corpus_fresh10_h200");
  CHECK(e.total == 12);
  CHECK(e.correct == 12);
  for (const auto& c : e.cases)
    if (c["kernel"] == "caffe_maxpool_fwd") CHECK(c["got"] == "unexplained");
}
