// Signal derivation from the raw values measured on the H200 (docs/h200.md).
#include <doctest/doctest.h>

#include <algorithm>

#include "derivation_values.h"
#include "profiling/metric_set.h"
#include "profiling/signal_derivation.h"
#include "test_chips.h"

using namespace solver;
using namespace solver::profiling;
using doctest::Approx;

namespace {

using testing::has;
using testing::m;
using testing::num;

// docs/h200.md: stream scale over 2 x 256 MiB, 139 us unprofiled, 223 us under the profiler.
DerivationInput stream_scale(const rules::ChipProfile& chip) {
  DerivationInput in;
  in.raw = {{m(metric::kTime), 223000},
            {m(metric::kDramPct), 49.9},
            {m(metric::kTensorActive), 0},
            {m(metric::kLoadEff), 100},
            {m(metric::kWarpsActive), 93.8}};
  in.time_us = 139;
  in.bytes = 2.0 * 256 * 1024 * 1024;
  in.flops = 64.0 * 1024 * 1024;
  in.chip = &chip;
  in.dtype = "fp32";
  return in;
}

// docs/h200.md: naive SGEMM 2048^3, 3.12 ms unprofiled, 3.18 ms profiled.
DerivationInput naive_sgemm(const rules::ChipProfile& chip) {
  DerivationInput in;
  in.raw = {{m(metric::kTime), 3180000},
            {m(metric::kDramPct), 0.5},
            {m(metric::kTensorActive), 0},
            {m(metric::kLoadEff), 56.3},
            {m(metric::kWarpsActive), 98.4}};
  in.time_us = 3120;
  in.flops = 2.0 * 2048 * 2048 * 2048;
  in.bytes = 3.0 * 2048 * 2048 * 4;
  in.chip = &chip;
  in.dtype = "fp32";
  return in;
}

}  // namespace

TEST_CASE("bandwidth comes from the unprofiled time, never from the profiled percentage") {
  auto chip = testing::h200_like();
  Derivation d = derive_signals(stream_scale(chip));
  // 2^29 bytes in 139 us = 3862 GB/s; against the 4800 GB/s datasheet peak: 0.805.
  CHECK(num(d, "achieved_gbps") == Approx(536870912.0 / 139e-6 / 1e9));
  CHECK(num(d, "dram_frac") == Approx(536870912.0 / 139e-6 / 4.8e12));
  CHECK(num(d, "dram_frac") > 0.8);
  // The profiler's 49.9 % is kept, apart and unscaled.
  CHECK(num(d, "dram_pct_profiled") == Approx(49.9));
  CHECK(num(d, "time_us") == Approx(139));
  CHECK(num(d, "time_us_profiled") == Approx(223));
  CHECK(d.origin.at("dram_frac") == Origin::Unprofiled);
  CHECK(d.origin.at("dram_pct_profiled") == Origin::Profiled);
  CHECK(num(d, "load_eff") == Approx(1.0));
  CHECK(num(d, "occupancy") == Approx(0.938));
  CHECK(num(d, "arith_intensity") == Approx(0.125));
}

TEST_CASE("a measured ceiling replaces the datasheet peak") {
  auto chip = testing::h200_like();
  DerivationInput in = stream_scale(chip);
  in.measured.dram_bytes_per_s = 4.0e12;
  Derivation d = derive_signals(in);
  CHECK(num(d, "dram_frac") == Approx(536870912.0 / 139e-6 / 4.0e12));
  for (const auto& n : d.notes) CHECK(n.find("datasheet DRAM") == std::string::npos);
}

TEST_CASE("naive SGEMM: FP32 rate against the FMA pipe peak, no tensor activity") {
  auto chip = testing::h200_like();
  Derivation d = derive_signals(naive_sgemm(chip));
  CHECK(num(d, "achieved_tflops") == Approx(5.506).epsilon(0.001));
  CHECK(num(d, "flop_frac") == Approx(17179869184.0 / 3120e-6 / (132 * 128 * 2 * 1980e6)));
  CHECK(std::get<bool>(d.signals.get("tensor_active")) == false);
  CHECK(num(d, "load_eff") == Approx(0.563));
  CHECK(num(d, "occupancy") == Approx(0.984));
  CHECK(num(d, "arith_intensity") == Approx(17179869184.0 / 50331648.0));
  CHECK(std::get<std::string>(d.signals.get("dtype")) == "fp32");
}

TEST_CASE("WMMA TF32: an active tensor pipe puts the FLOP rate against the TF32 peak") {
  auto chip = testing::h200_like();
  DerivationInput in = naive_sgemm(chip);
  in.raw = {{m(metric::kTime), 990000},
            {m(metric::kDramPct), 1.2},
            {m(metric::kTensorActive), 8.3},
            {m(metric::kLoadEff), 66.7},
            {m(metric::kWarpsActive), 68.0}};
  in.time_us = 940;
  in.dtype = "tf32";
  Derivation d = derive_signals(in);
  CHECK(std::get<bool>(d.signals.get("tensor_active")) == true);
  CHECK(num(d, "tensor_frac") == Approx(0.083));
  CHECK(num(d, "achieved_tflops") == Approx(18.28).epsilon(0.001));
  CHECK(num(d, "flop_frac") == Approx(17179869184.0 / 940e-6 / 494.5e12));
  // The instruction count, when present, decides tensor_active over the pipe percentage.
  in.raw[m(metric::kTensorInst)] = 0;
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == false);
}

TEST_CASE("signals with missing inputs stay missing") {
  auto chip = testing::h200_like();
  SUBCASE("no unprofiled time: no rate, even with the profiled duration at hand") {
    DerivationInput in = stream_scale(chip);
    in.time_us.reset();
    Derivation d = derive_signals(in);
    CHECK_FALSE(has(d, "time_us"));
    CHECK_FALSE(has(d, "dram_frac"));
    CHECK_FALSE(has(d, "flop_frac"));
    CHECK(has(d, "time_us_profiled"));
  }
  SUBCASE("no chip: no fraction of a peak") {
    DerivationInput in = stream_scale(chip);
    in.chip = nullptr;
    Derivation d = derive_signals(in);
    CHECK(has(d, "achieved_gbps"));
    CHECK_FALSE(has(d, "dram_frac"));
    CHECK_FALSE(has(d, "flop_frac"));
  }
  SUBCASE("no launch attributes: no occupancy limits, waves or resources") {
    Derivation d = derive_signals(stream_scale(chip));
    for (const char* s : {"theoretical_occupancy", "waves", "regs_per_thread", "smem_per_block",
                          "local_bytes", "bank_conflicts_per_request", "l2_hit", "fma_frac",
                          "compute_frac", "kernel_count", "weight"})
      CHECK_MESSAGE(!has(d, s), s);
  }
  SUBCASE("no tensor information: the FLOP ceiling is unknown") {
    DerivationInput in = naive_sgemm(chip);
    in.raw.erase(m(metric::kTensorActive));
    Derivation d = derive_signals(in);
    CHECK(has(d, "achieved_tflops"));
    CHECK_FALSE(has(d, "flop_frac"));
    CHECK_FALSE(has(d, "tensor_active"));
  }
}

TEST_CASE("profiled fallback (ncu import) is opt-in and marked") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  in.raw = {{m(metric::kTime), 223000},
            {m(metric::kDramRead), 268435456},
            {m(metric::kDramWrite), 268435456}};
  CHECK_FALSE(has(derive_signals(in), "dram_frac"));
  in.allow_profiled_fallback = true;
  Derivation d = derive_signals(in);
  CHECK(num(d, "dram_frac") == Approx(536870912.0 / 223e-6 / 4.8e12));
  CHECK(num(d, "dram_frac") < 0.55);  // the replay-depressed view docs/h200.md warns about
  CHECK(d.origin.at("dram_frac") == Origin::ProfiledRun);
  // No unprofiled time: the profiled duration stands in, marked so and said in a note.
  CHECK(num(d, "time_us") == Approx(223));
  CHECK(d.origin.at("time_us") == Origin::ProfiledRun);
  CHECK(std::any_of(d.notes.begin(), d.notes.end(), [](const std::string& n) {
    return n.find("time_us is the profiled") != std::string::npos;
  }));
  CHECK(num(d, "dram_bytes") == Approx(536870912.0));
}

TEST_CASE("occupancy calculator inputs, waves and resources") {
  auto h200 = testing::h200_like();
  DerivationInput in;
  in.chip = &h200;
  in.launch.block_threads = 256;
  in.launch.max_active_blocks_per_sm = 3;
  in.launch.grid_blocks = 1000;
  in.launch.regs_per_thread = 80;
  in.launch.static_smem_bytes = 16384;
  in.launch.dynamic_smem_bytes = 8192;
  in.launch.local_bytes_per_thread = 0;
  Derivation d = derive_signals(in);
  CHECK(num(d, "theoretical_occupancy") == Approx(3 * 8 / 64.0));
  CHECK(num(d, "waves") == Approx(1000.0 / (3 * 132)));
  CHECK(num(d, "smem_per_block") == Approx(24576));
  CHECK(num(d, "regs_per_thread") == Approx(80));
  CHECK(num(d, "local_bytes") == Approx(0));
  CHECK(d.origin.at("waves") == Origin::Driver);

  auto t4 = testing::t4_like();  // 32 warps per SM on compute capability 7.5
  in.chip = &t4;
  in.launch.max_active_blocks_per_sm = 4;
  CHECK(num(derive_signals(in), "theoretical_occupancy") == Approx(1.0));
  CHECK(max_warps_per_sm(8, 6) == 48);
  CHECK(max_warps_per_sm(8, 0) == 64);
  CHECK(max_warps_per_sm(9, 0) == 64);
}

TEST_CASE("bank conflicts per shared request, cp.async use, clock") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  in.raw = {{m(metric::kBankConflicts), 300}, {m(metric::kSharedLd), 100},
            {m(metric::kSharedSt), 50},       {m(metric::kLdgsts), 0},
            {m(metric::kTmaInst), 12},        {m(metric::kSmClock), 1.98e9},
            {m(metric::kLdSectors), 4000},    {m(metric::kLdRequests), 1000},
            {m(metric::kL2Hit), 40}};
  Derivation d = derive_signals(in);
  CHECK(num(d, "bank_conflicts_per_request") == Approx(2.0));
  CHECK(std::get<bool>(d.signals.get("uses_cp_async")) == true);
  CHECK(num(d, "sm_clock_mhz") == Approx(1980));
  CHECK(num(d, "sectors_per_request") == Approx(4));
  CHECK(num(d, "l2_hit") == Approx(0.4));
  in.raw[m(metric::kSharedLd)] = 0;
  in.raw[m(metric::kSharedSt)] = 0;
  in.raw[m(metric::kBankConflicts)] = 0;
  CHECK(num(derive_signals(in), "bank_conflicts_per_request") == Approx(0));
}

TEST_CASE("smem_inst_frac: shared loads, stores and LDGSTS fills per instruction") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  // The stereo matcher's counts (H100, 06b call4): 12.39M loads, 1.64M stores, 28.62M in all.
  in.raw = {{m(metric::kSharedLd), 12392320}, {m(metric::kSharedSt), 1640160},
            {m(metric::kInst), 28622100}};
  CHECK(num(derive_signals(in), "smem_inst_frac") == Approx(0.4903).epsilon(0.001));
  in.raw[m(metric::kLdgsts)] = 2862210;  // a tenth of the instructions fill shared memory too
  CHECK(num(derive_signals(in), "smem_inst_frac") == Approx(0.5903).epsilon(0.001));
  // No shared access is a share of 0, not a missing signal; without the total it is missing.
  in.raw = {{m(metric::kSharedLd), 0}, {m(metric::kSharedSt), 0}, {m(metric::kInst), 1000}};
  CHECK(num(derive_signals(in), "smem_inst_frac") == Approx(0));
  in.raw.erase(m(metric::kInst));
  CHECK_FALSE(has(derive_signals(in), "smem_inst_frac"));
}

TEST_CASE("a rate just above the ceiling is the ceiling; far above it is a defect") {
  auto chip = testing::h200_like();
  DerivationInput in = stream_scale(chip);
  in.time_us = 50;  // 10.7 TB/s: faster than the chip allows
  Derivation d = derive_signals(in);
  CHECK_FALSE(has(d, "dram_frac"));
  REQUIRE(d.defects.size() == 1);
  CHECK(d.defects[0].rfind("dram_frac = 2.2", 0) == 0);
  in.time_us = 536870912.0 / 4.9e12 * 1e6;  // 2 % over the 4.8 TB/s peak: noise in the ceiling
  Derivation near = derive_signals(in);
  CHECK(num(near, "dram_frac") == 1.0);
  CHECK(near.defects.empty());
  // Issue 29: a stream kernel at 106 % of the measured copy ceiling is at the roof, not a
  // defect; the note names the ceiling it exceeded.
  in.time_us = 536870912.0 / (1.06 * 4.8e12) * 1e6;
  Derivation roof = derive_signals(in);
  CHECK(num(roof, "dram_frac") == 1.0);
  CHECK(roof.defects.empty());
  CHECK(std::any_of(roof.notes.begin(), roof.notes.end(), [](const std::string& n) {
    return n.find("at the roof") != std::string::npos && n.find("106 %") != std::string::npos;
  }));
}

TEST_CASE("the time account: every stall reason, the top stall and pipe, the tail wave") {
  auto h200 = testing::h200_like();
  DerivationInput in;
  in.chip = &h200;
  in.raw = {{m(metric::kWarpsActiveSum), 1000},
            {m(metric::kStallImcMiss), 450},
            {m(metric::kStallLongSb), 200},
            {m(metric::kStallSelected), 300},
            {m(metric::kStallNoInst), 50},
            {m(metric::kAluInst), 94},
            {m(metric::kFmaActive), 12},
            {m(metric::kIdcRequests), 100},
            {m(metric::kIdcMisses), 5},
            {m(metric::kIdcReplays), 40},
            {m(metric::kInst), 100}};
  // Issue 29's tail: 133 blocks of one block per SM on 132 SMs.
  in.launch.block_threads = 1024;
  in.launch.max_active_blocks_per_sm = 1;
  in.launch.grid_blocks = 133;
  Derivation d = derive_signals(in);
  CHECK(num(d, "stall_imc_miss") == Approx(0.45));
  CHECK(num(d, "stall_no_instruction") == Approx(0.05));
  CHECK(std::get<std::string>(d.signals.get("stall_top")) == "imc_miss");  // not "selected"
  CHECK(num(d, "stall_top_frac") == Approx(0.45));
  CHECK(std::get<std::string>(d.signals.get("pipe_top")) == "alu");
  CHECK(num(d, "pipe_top_frac") == Approx(0.94));
  CHECK(num(d, "const_miss_frac") == Approx(0.05));
  CHECK(num(d, "const_replay_frac") == Approx(0.4));
  CHECK(num(d, "tail_idle_frac") == Approx((2 - 133.0 / 132) / 2));
  CHECK(num(d, "last_wave_fill") == Approx(1.0 / 132));
  // Unmeasured reasons are unknown, never 0.
  CHECK_FALSE(has(d, "stall_drain"));
  in.launch.grid_blocks = 264;  // two whole waves: no tail
  Derivation whole = derive_signals(in);
  CHECK(num(whole, "tail_idle_frac") == Approx(0));
  CHECK(num(whole, "last_wave_fill") == Approx(1));
}

TEST_CASE("tensor_active needs a real share of tensor instructions, not one stray HMMA per warp") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  // Counts of the H200 probe (tests/data/ncu/h200_probe_raw.csv): naive SGEMM, then WMMA TF32.
  in.raw = {{m(metric::kTensorInst), 131072},
            {m(metric::kInst), 1230897152},
            {m(metric::kTensorInstGmma), 0}};
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == false);
  in.raw = {{m(metric::kTensorInst), 16777216}, {m(metric::kInst), 205193216}};
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == true);
  in.raw = {{m(metric::kTensorInst), 5}};  // no instruction total: any tensor instruction counts
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == true);
}

TEST_CASE("a stray HMMA per warp with an idle tensor pipe is not tensor activity") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  // H200, float4 sigmoid: one tensor instruction per warp = 1.08 % of its instructions, pipe 0.82
  // %.
  in.raw = {{m(metric::kTensorInst), 1048576},
            {m(metric::kInst), 97000000},
            {m(metric::kTensorActive), 0.82}};
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == false);
  // WMMA TF32 2048^3 on the H200: 8 % of instructions, pipe 8.3 % busy.
  in.raw = {{m(metric::kTensorInst), 16777216},
            {m(metric::kInst), 205193216},
            {m(metric::kTensorActive), 8.3}};
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == true);
}

TEST_CASE(
    "with the code scanned, an MMA-free kernel is never tensor-active, whatever the pipe says") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  in.time_us = 143.7;
  in.flops = 335544320;
  in.dtype = "fp32";
  // H200, softmax online_vec4[BLOCK=256] (tests/data/recordings/h200.json): HFMA2.MMA moves
  // put 1.97M instructions on the tensor pipe and keep it 2.86 % busy; its PTX has no MMA.
  in.raw = {{m(metric::kTensorInst), 1966080},
            {m(metric::kInst), 113377136},
            {m(metric::kTensorActive), 2.86},
            {m(metric::kTensorInstGmma), 0}};
  Derivation counters_only = derive_signals(in);
  CHECK(std::get<bool>(counters_only.signals.get("tensor_active")) == true);  // the old misreading
  CHECK_FALSE(has(counters_only, "mma_in_code"));
  in.code_tensor_ops = 0;
  in.code_wgmma_ops = 0;
  Derivation d = derive_signals(in);
  CHECK(std::get<bool>(d.signals.get("mma_in_code")) == false);
  CHECK(std::get<bool>(d.signals.get("tensor_active")) == false);
  CHECK(std::get<bool>(d.signals.get("wgmma_active")) == false);
  CHECK(d.origin.at("tensor_active") == Origin::Code);
  bool noted = false;
  for (const auto& n : d.notes) noted |= n.find("HFMA2.MMA") != std::string::npos;
  CHECK(noted);
  // FP32 work is then held to the FP32 peak, not the TF32 one.
  CHECK(num(d, "flop_frac") > num(counters_only, "flop_frac"));
}

TEST_CASE("with the code scanned, MMAs in the PTX that ran make the kernel tensor-active") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  // WMMA TF32 4096^3 on the H200: 134M tensor instructions, pipe 23.6 % busy.
  in.raw = {{m(metric::kTensorInst), 134217728},
            {m(metric::kInst), 766230528},
            {m(metric::kTensorActive), 23.56},
            {m(metric::kTensorInstGmma), 0}};
  in.code_tensor_ops = 4;
  in.code_wgmma_ops = 0;
  Derivation d = derive_signals(in);
  CHECK(std::get<bool>(d.signals.get("mma_in_code")) == true);
  CHECK(std::get<bool>(d.signals.get("tensor_active")) == true);
  CHECK(std::get<bool>(d.signals.get("wgmma_active")) == false);
  // MMAs in the code that never ran (no tensor instructions counted): not active.
  in.raw[m(metric::kTensorInst)] = 0;
  CHECK(std::get<bool>(derive_signals(in).signals.get("tensor_active")) == false);
  // A wgmma kernel: few, large instructions (a small share) still count once the code has them.
  in.raw = {{m(metric::kTensorInst), 2000000},
            {m(metric::kInst), 900000000},
            {m(metric::kTensorInstGmma), 2000000}};
  in.code_tensor_ops = 8;
  in.code_wgmma_ops = 8;
  Derivation w = derive_signals(in);
  CHECK(std::get<bool>(w.signals.get("tensor_active")) == true);
  CHECK(std::get<bool>(w.signals.get("wgmma_active")) == true);
}

TEST_CASE(
    "mbarrier_pipeline comes from the code scan alone: true with mbarrier waits, missing "
    "unscanned") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  in.raw = {{m(metric::kTensorInst), 134217728},
            {m(metric::kInst), 766230528},
            {m(metric::kTensorActive), 50.6},
            {m(metric::kTensorInstGmma), 8388608}};
  CHECK_FALSE(has(derive_signals(in), "mbarrier_pipeline"));  // an ncu import: no PTX
  in.code_tensor_ops = 4;
  in.code_wgmma_ops = 4;
  in.code_mbarrier_waits = 0;  // wgmma_tf32: copies and MMAs behind __syncthreads
  Derivation sync = derive_signals(in);
  CHECK(std::get<bool>(sync.signals.get("mbarrier_pipeline")) == false);
  CHECK(std::get<bool>(sync.signals.get("wgmma_active")) == true);
  in.code_mbarrier_waits = 2;  // wgmma_tf32_ws: producer and consumer waits
  Derivation ws = derive_signals(in);
  CHECK(std::get<bool>(ws.signals.get("mbarrier_pipeline")) == true);
  CHECK(ws.origin.at("mbarrier_pipeline") == Origin::Code);
  CHECK_FALSE(has(ws, "tma_copies"));  // the copy count was not scanned
  in.code_tma_copies = 0;              // wgmma_tf32_ws: 128 producer threads issuing cp.async
  CHECK(std::get<bool>(derive_signals(in).signals.get("tma_copies")) == false);
  in.code_tma_copies = 5;  // wgmma_tf32_tma: one box of A and four of B per stage
  Derivation tma = derive_signals(in);
  CHECK(std::get<bool>(tma.signals.get("tma_copies")) == true);
  CHECK(tma.origin.at("tma_copies") == Origin::Code);
}
