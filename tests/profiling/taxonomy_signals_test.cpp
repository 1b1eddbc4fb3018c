// The signals of the bottleneck taxonomy (issue 11) from synthetic raw metrics: every new
// derivation with the value it must give, the per-pipe FLOP roofs, and the range check that
// turns an impossible value into a reported defect instead of a signal.
#include <doctest/doctest.h>

#include "derivation_values.h"
#include "profiling/launch_gaps.h"
#include "profiling/metric_set.h"
#include "profiling/signal_derivation.h"
#include "test_chips.h"

using namespace solver;
using namespace solver::profiling;
using doctest::Approx;

using testing::has;
using testing::m;
using testing::num;

TEST_CASE("warp-stall shares are stalled warp-cycles over active warp-cycles") {
  DerivationInput in;
  in.raw = {{m(metric::kWarpsActiveSum), 1000}, {m(metric::kStallLongSb), 620},
            {m(metric::kStallShortSb), 40},     {m(metric::kStallMio), 10},
            {m(metric::kStallBarrier), 150},    {m(metric::kStallMembar), 5},
            {m(metric::kStallLg), 30},          {m(metric::kStallMath), 25},
            {m(metric::kStallWait), 60},        {m(metric::kStallNotSelected), 20}};
  Derivation d = derive_signals(in);
  CHECK(num(d, "stall_long_scoreboard") == Approx(0.62));
  CHECK(num(d, "stall_short_scoreboard") == Approx(0.04));
  CHECK(num(d, "stall_mio_throttle") == Approx(0.01));
  CHECK(num(d, "stall_barrier") == Approx(0.15));
  CHECK(num(d, "stall_membar") == Approx(0.005));
  CHECK(num(d, "stall_lg_throttle") == Approx(0.03));
  CHECK(num(d, "stall_math_pipe_throttle") == Approx(0.025));
  CHECK(num(d, "stall_wait") == Approx(0.06));
  CHECK(num(d, "stall_not_selected") == Approx(0.02));
  CHECK(d.origin.at("stall_barrier") == Origin::Profiled);
  // Without the denominator there is no share.
  in.raw.erase(m(metric::kWarpsActiveSum));
  CHECK_FALSE(has(derive_signals(in), "stall_long_scoreboard"));
}

TEST_CASE("per-pipe utilisation, caches and SM activity are percentages made fractions") {
  DerivationInput in;
  in.raw = {{m(metric::kAluInst), 35},   {m(metric::kFp64Active), 97.5},
            {m(metric::kXuInst), 81},    {m(metric::kLsuInst), 12},
            {m(metric::kL1Hit), 93},     {m(metric::kL1Wavefronts), 64},
            {m(metric::kL2Sectors), 71}, {m(metric::kSmActive), 99.8}};
  Derivation d = derive_signals(in);
  CHECK(num(d, "alu_frac") == Approx(0.35));
  CHECK(num(d, "fp64_frac") == Approx(0.975));
  CHECK(num(d, "xu_frac") == Approx(0.81));
  CHECK(num(d, "lsu_frac") == Approx(0.12));
  CHECK(num(d, "l1_hit") == Approx(0.93));
  CHECK(num(d, "l1_frac") == Approx(0.64));
  CHECK(num(d, "l2_frac") == Approx(0.71));
  CHECK(num(d, "sm_active_frac") == Approx(0.998));
}

TEST_CASE("divergence, local memory and atomics per executed instruction") {
  DerivationInput in;
  in.raw = {{m(metric::kInst), 10000},          {m(metric::kThreadInst), 160000},
            {m(metric::kLocalLdInst), 300},     {m(metric::kLocalStInst), 100},
            {m(metric::kLocalLdSectors), 1200}, {m(metric::kLocalStSectors), 400},
            {m(metric::kGlobalAtomInst), 250},  {m(metric::kGlobalRedInst), 50},
            {m(metric::kSharedAtomInst), 200},  {m(metric::kL2AtomRequests), 7000},
            {m(metric::kL2RedRequests), 1000}};
  Derivation d = derive_signals(in);
  CHECK(num(d, "threads_per_inst") == Approx(16));
  CHECK(num(d, "warp_efficiency") == Approx(0.5));
  CHECK(num(d, "local_inst_frac") == Approx(0.04));
  CHECK(num(d, "local_traffic_bytes") == Approx(1600 * 32.0));
  CHECK(num(d, "atomic_inst_frac") == Approx(0.05));
  CHECK(num(d, "l2_atomic_requests") == Approx(8000));
  // A kernel without local accesses has a share of 0, not a missing one.
  in.raw[m(metric::kLocalLdInst)] = 0;
  in.raw[m(metric::kLocalStInst)] = 0;
  CHECK(num(derive_signals(in), "local_inst_frac") == 0);
}

TEST_CASE("a value outside its signal's range is a defect, never a signal") {
  DerivationInput in;
  // load_eff recorded as 3.0 on a WMMA kernel (issue 11): 300 % of a sector.
  in.raw = {{m(metric::kLoadEff), 300}, {m(metric::kWarpsActive), 100.3}, {m(metric::kL1Hit), -4}};
  Derivation d = derive_signals(in);
  CHECK_FALSE(has(d, "load_eff"));
  CHECK_FALSE(has(d, "l1_hit"));
  REQUIRE(d.defects.size() == 2);
  CHECK(d.defects[0].find("load_eff = 3 outside 0..1") != std::string::npos);
  CHECK(d.defects[0].find("smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct") !=
        std::string::npos);
  // Within half a percent of the range: the profiler's rounding of a full reading, clamped.
  CHECK(num(d, "occupancy") == 1.0);
  // threads_per_inst lies in 0..32: 40 threads per warp instruction is impossible.
  DerivationInput t;
  t.raw = {{m(metric::kInst), 100}, {m(metric::kThreadInst), 4000}};
  Derivation dt = derive_signals(t);
  CHECK_FALSE(has(dt, "threads_per_inst"));
  CHECK_FALSE(has(dt, "warp_efficiency"));
  CHECK(dt.defects.size() == 2);
}

TEST_CASE("the FP32 roof is the FMA pipe from the chip's pipe table, not cuBLAS SGEMM") {
  auto chip = testing::h200_like();
  REQUIRE(pipe_peak_flops(&chip, "fp32_lanes_per_sm"));
  CHECK(*pipe_peak_flops(&chip, "fp32_lanes_per_sm") == Approx(132.0 * 128 * 2 * 1980e6));
  CHECK(*pipe_peak_flops(&chip, "fp64_lanes_per_sm") == Approx(132.0 * 64 * 2 * 1980e6));
  // An FMA chain at 61.6 TFLOP/s (docs/h200.md), cuBLAS SGEMM measured at 51.
  DerivationInput in;
  in.chip = &chip;
  in.dtype = "fp32";
  in.time_us = 1000;
  in.flops = 61.6e12 * 1e-3;
  in.raw = {{m(metric::kTensorInst), 0}, {m(metric::kTensorActive), 0}};
  in.measured.fp32_flops_per_s = 51e12;
  in.code_gemm_loop = true;  // gemm_ref_ratio is only taken for a product
  Derivation d = derive_signals(in);
  CHECK(num(d, "flop_frac") == Approx(61.6 / 66.908).epsilon(0.001));
  CHECK(d.defects.empty());
  // Against the GEMM reference the same kernel is 1.2x cuBLAS: a ratio, not a roof.
  CHECK(num(d, "gemm_ref_ratio") == Approx(61.6 / 51));
  // Without a chip there is no roof to hold it to.
  DerivationInput no_chip = in;
  no_chip.chip = nullptr;
  CHECK_FALSE(has(derive_signals(no_chip), "flop_frac"));
  // A naive SGEMM at 5.5 TFLOP/s: 0.108 of cuBLAS, 0.082 of the pipe.
  in.flops = 5.5e12 * 1e-3;
  Derivation g = derive_signals(in);
  CHECK(num(g, "gemm_ref_ratio") == Approx(5.5 / 51));
  CHECK(num(g, "flop_frac") == Approx(5.5 / 66.908).epsilon(0.001));
  in.code_gemm_loop = false;  // not a product: no GEMM reference
  CHECK_FALSE(has(derive_signals(in), "gemm_ref_ratio"));
  // fp64 work is held to the FP64 pipe.
  in.dtype = "fp64";
  in.flops = 30e12 * 1e-3;
  CHECK(num(derive_signals(in), "flop_frac") == Approx(30 / 33.454).epsilon(0.001));
}

TEST_CASE("weight, launch gaps and the code's GEMM loop are passed through with their origin") {
  DerivationInput in;
  in.weight = 1.0;
  in.launch_gap_frac = 0.62;
  in.code_gemm_loop = true;
  Derivation d = derive_signals(in);
  CHECK(num(d, "weight") == 1.0);
  CHECK(num(d, "launch_gap_frac") == Approx(0.62));
  CHECK(d.origin.at("launch_gap_frac") == Origin::Unprofiled);
  CHECK(std::get<bool>(d.signals.get("gemm_loop")));
  CHECK(d.origin.at("gemm_loop") == Origin::Code);
  in.launch_gap_frac = 1.7;  // impossible: a defect
  CHECK_FALSE(has(derive_signals(in), "launch_gap_frac"));
}

TEST_CASE("load_eff is not defined for loads that go through cp.async, nor without global loads") {
  DerivationInput in;
  // The H200 cp.async matmul: 0 % with 8.4 M global load requests (bundled recording).
  in.raw = {
      {m(metric::kLoadEff), 0}, {m(metric::kLdRequests), 8388608}, {m(metric::kLdgsts), 1048576}};
  Derivation d = derive_signals(in);
  CHECK_FALSE(has(d, "load_eff"));
  CHECK(std::get<bool>(d.signals.get("uses_cp_async")));
  REQUIRE(d.defects.size() == 1);
  CHECK(d.defects[0].rfind("load_eff = 0 not defined", 0) == 0);
  in.raw = {{m(metric::kLoadEff), 0}, {m(metric::kLdRequests), 0}};
  CHECK_FALSE(has(derive_signals(in), "load_eff"));
  in.raw = {{m(metric::kLoadEff), 56.3}, {m(metric::kLdRequests), 1000}, {m(metric::kLdgsts), 0}};
  CHECK(num(derive_signals(in), "load_eff") == Approx(0.563));
}

TEST_CASE("store efficiency: a transpose's scattered stores") {
  DerivationInput in;
  in.raw = {{m(metric::kLoadEff), 100}, {m(metric::kStoreEff), 12.5}};
  Derivation d = derive_signals(in);
  CHECK(num(d, "load_eff") == 1.0);
  CHECK(num(d, "store_eff") == Approx(0.125));
}

TEST_CASE("launch_gap_frac: idle share of the span between the first start and the last end") {
  // Four 2-unit kernels with 3 units between them: 8 busy out of a 17-unit span.
  CHECK(*idle_fraction({{0, 2}, {5, 7}, {10, 12}, {15, 17}}) == Approx(9.0 / 17));
  // Back to back: no gap. Overlapping kernels (two streams) count once, in any order.
  CHECK(*idle_fraction({{0, 5}, {5, 9}}) == Approx(0));
  CHECK(*idle_fraction({{4, 10}, {0, 6}, {20, 30}}) == Approx(10.0 / 30));
  CHECK(*idle_fraction({{100, 200}}) == Approx(0));  // one kernel: weight of its own span
  CHECK_FALSE(idle_fraction({}).has_value());
  CHECK_FALSE(idle_fraction({{7, 7}}).has_value());
}

TEST_CASE("the code's load chain is passed through as a count, missing where nothing was scanned") {
  DerivationInput in;
  CHECK_FALSE(has(derive_signals(in), "load_chain"));  // a bare ncu import: no PTX
  in.code_load_chain = 0;
  CHECK(num(derive_signals(in), "load_chain") == 0.0);
  in.code_load_chain = 4;  // a four-step unrolled pointer chase
  Derivation d = derive_signals(in);
  CHECK(num(d, "load_chain") == 4.0);
  CHECK(d.origin.at("load_chain") == Origin::Code);
}

TEST_CASE("the code's access stride shares are passed through, missing where nothing was scanned") {
  DerivationInput in;
  CHECK_FALSE(has(derive_signals(in), "code_contiguous_access_frac"));  // a bare ncu import
  CHECK_FALSE(has(derive_signals(in), "code_strided_access_frac"));
  CHECK_FALSE(has(derive_signals(in), "code_store_fill_frac"));
  in.code_contiguous_access_frac = 1.0;
  in.code_strided_access_frac = 0.0;
  in.code_store_fill_frac = 0.25;
  Derivation d = derive_signals(in);
  CHECK(num(d, "code_store_fill_frac") == 0.25);
  CHECK(num(d, "code_contiguous_access_frac") == 1.0);
  CHECK(num(d, "code_strided_access_frac") == 0.0);
  CHECK(d.origin.at("code_contiguous_access_frac") == Origin::Code);
}
