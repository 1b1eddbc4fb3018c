#include <doctest/doctest.h>

#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "rules/diagnostics.h"
#include "test_chips.h"

using namespace solver;
using namespace solver::profiling;
using doctest::Approx;

namespace {

const char* kFixture = "tests/data/ncu/h200_three_kernels.csv";

std::string errors_of(const std::string& text) {
  try {
    parse_ncu_csv(text, "x.csv");
  } catch (const rules::InputError& e) {
    return e.format();
  }
  return "";
}

const std::string kHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
    "\"Block Size\",\"Grid "
    "Size\",\"Device\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes_read.sum\"\n"
    "\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"\",\"msecond\",\"Mbyte\"\n";

}  // namespace

TEST_CASE("the H200 fixture: one kernel per row, units normalised, separators removed") {
  NcuExport ex = load_ncu_csv(kFixture);
  REQUIRE(ex.kernels.size() == 3);
  const NcuKernel& stream = ex.kernels[0];
  CHECK(stream.name == "stream_scale(const float *, float *, float, unsigned long)");
  CHECK(stream.device == "NVIDIA H200");
  CHECK(stream.cc == "9.0");
  CHECK(stream.line == 4);
  CHECK(stream.raw.at(std::string(metric::kTime)) == Approx(223000));  // usecond -> ns
  CHECK(stream.raw.at(std::string(metric::kDramRead)) == Approx(268435456));
  CHECK(*stream.launch.block_threads == 256);
  CHECK(*stream.launch.grid_blocks == 262144);
  const NcuKernel& sgemm = ex.kernels[1];
  CHECK(sgemm.raw.at(std::string(metric::kTime)) == Approx(3180000));  // "3,180.00" usecond
  CHECK(sgemm.raw.count(std::string(metric::kDramRead)) == 0);         // n/a
  CHECK(*sgemm.launch.block_threads == 256);                           // (16, 16, 1)
  CHECK(*sgemm.launch.grid_blocks == 128 * 128);
  CHECK(ex.kernels[2].raw.at(std::string(metric::kTensorActive)) == Approx(8.3));
}

TEST_CASE("signals of an export come from the profiled run and say so") {
  NcuExport ex = load_ncu_csv(kFixture);
  auto chip = testing::h200_like();
  Derivation d = derive_ncu_signals(ex, 0, &chip);
  // 2 x 256 MiB over the profiled 223 us against 4.8 TB/s: the replay-depressed half.
  CHECK(std::get<double>(d.signals.get("dram_frac")) == Approx(536870912.0 / 223e-6 / 4.8e12));
  CHECK(d.origin.at("dram_frac") == Origin::ProfiledRun);
  CHECK(std::get<double>(d.signals.get("weight")) == Approx(223.0 / (223 + 3180 + 990)));
  CHECK(std::get<double>(d.signals.get("load_eff")) == Approx(1.0));
  Derivation sgemm = derive_ncu_signals(ex, 1, &chip);
  CHECK(rules::is_missing(sgemm.signals.get("dram_frac")));  // no DRAM bytes exported
  CHECK(std::get<double>(sgemm.signals.get("load_eff")) == Approx(0.563));
  CHECK(std::get<bool>(sgemm.signals.get("tensor_active")) == false);
}

TEST_CASE("ncu units") {
  CHECK(*ncu_unit_scale("nsecond") == Approx(1));
  CHECK(*ncu_unit_scale("usecond") == Approx(1e3));
  CHECK(*ncu_unit_scale("msecond") == Approx(1e6));
  CHECK(*ncu_unit_scale("byte") == Approx(1));
  CHECK(*ncu_unit_scale("Mbyte") == Approx(1e6));
  CHECK(*ncu_unit_scale("Gbyte/second") == Approx(1e9));
  CHECK(*ncu_unit_scale("cycle/nsecond") == Approx(1e9));
  CHECK(*ncu_unit_scale("%") == Approx(1));
  CHECK(*ncu_unit_scale("") == Approx(1));
  CHECK_FALSE(ncu_unit_scale("furlong").has_value());
  NcuExport ex = parse_ncu_csv(kHeader +
                                   "\"0\",\"1\",\"p\",\"h\",\"k()\",\"1\",\"7\",\"(1, 1, "
                                   "1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"1.5\",\"2.25\"\n",
                               "x.csv");
  CHECK(ex.kernels[0].raw.at("gpu__time_duration.sum") == Approx(1.5e6));
  CHECK(ex.kernels[0].raw.at("dram__bytes_read.sum") == Approx(2.25e6));
}

TEST_CASE("bad CSV is located") {
  SUBCASE("no header") {
    CHECK(errors_of("hello\nworld\n").find("x.csv:1:1: error: no ncu header") != std::string::npos);
  }
  SUBCASE("a short row") {
    auto e = errors_of(kHeader + "\"0\",\"1\",\"p\"\n");
    CHECK(e.find("x.csv:3:1: error: expected 13 fields") != std::string::npos);
  }
  SUBCASE("a value that is not a number, at its column") {
    auto e = errors_of(kHeader +
                       "\"0\",\"1\",\"p\",\"h\",\"k()\",\"1\",\"7\",\"(1, 1, 1)\",\"(1, 1, "
                       "1)\",\"0\",\"9.0\",\"fast\",\"1\"\n");
    CHECK(e.find("x.csv:3:65: error: metric gpu__time_duration.sum: 'fast' is not a number") !=
          std::string::npos);
  }
  SUBCASE("an unterminated quote") {
    auto e = errors_of(kHeader + "\"0\",\"1\",\"p\n");
    CHECK(e.find("x.csv:3:9: error: unterminated quoted field") != std::string::npos);
  }
  SUBCASE("all errors at once") {
    auto e = errors_of(kHeader + "\"0\",\"1\"\n\"1\",\"2\"\n");
    CHECK(e.find("x.csv:3:1") != std::string::npos);
    CHECK(e.find("x.csv:4:1") != std::string::npos);
  }
}

TEST_CASE("a real export from the H200 (ncu 2025.3.1, tests/data/ncu/h200_probe.cu)") {
  // Made with: ncu --csv --page raw --metrics <default set + launch__*> ./probe
  NcuExport ex = load_ncu_csv("tests/data/ncu/h200_probe_raw.csv");
  REQUIRE(ex.kernels.size() == 3);
  auto chip = testing::h200_like();
  const NcuKernel& stream = ex.kernels[0];
  CHECK(stream.device == "NVIDIA H200");
  CHECK(stream.raw.at("gpu__time_duration.sum") == Approx(211488));                    // unit "ns"
  CHECK(stream.raw.at("sm__cycles_elapsed.avg.per_second") == Approx(1494687713.49));  // "hz"
  CHECK(*stream.launch.regs_per_thread == 16);
  CHECK(*stream.launch.max_active_blocks_per_sm == 8);
  CHECK(*stream.launch.occupancy_limiter == "warps");
  for (std::size_t i = 0; i < ex.kernels.size(); ++i) {
    const NcuKernel& k = ex.kernels[i];
    CAPTURE(k.name);
    Derivation d = derive_ncu_signals(ex, i, &chip);
    // Our occupancy calculation agrees with ncu's own.
    CHECK(std::get<double>(d.signals.get("waves")) ==
          Approx(k.raw.at("launch__waves_per_multiprocessor")).epsilon(0.005));
    CHECK(std::get<double>(d.signals.get("theoretical_occupancy")) ==
          Approx(k.raw.at("sm__maximum_warps_per_active_cycle_pct") / 100));
  }
  Derivation s = derive_ncu_signals(ex, 0, &chip);
  CHECK(std::get<double>(s.signals.get("sectors_per_request")) == Approx(4));
  CHECK(std::get<double>(s.signals.get("load_eff")) == Approx(1.0));
  CHECK(std::get<double>(s.signals.get("dram_pct_profiled")) == Approx(50.86));
  // The naive SGEMM issues one HMMA per warp yet is no tensor-core kernel; the WMMA one is.
  Derivation g = derive_ncu_signals(ex, 1, &chip);
  CHECK(ex.kernels[1].raw.at("sm__inst_executed_pipe_tensor.sum") > 0);
  CHECK(std::get<bool>(g.signals.get("tensor_active")) == false);
  CHECK(std::get<double>(g.signals.get("load_eff")) == Approx(0.5625));
  Derivation w = derive_ncu_signals(ex, 2, &chip);
  CHECK(std::get<bool>(w.signals.get("tensor_active")) == true);
  CHECK(std::get<bool>(w.signals.get("wgmma_active")) == false);
  CHECK(std::get<double>(w.signals.get("theoretical_occupancy")) == Approx(0.75));
}

TEST_CASE(
    "a multi-kernel export: launches merged per kernel, weight from each kernel's own share") {
  NcuExport ex = load_ncu_csv("tests/data/ncu/multi_kernel_raw.csv");
  REQUIRE(ex.kernels.size() == 4);
  auto groups = group_ncu_kernels(ex);
  REQUIRE(groups.size() == 3);
  CHECK(groups[0].name == "add_bias(float *, const float *, int)");
  CHECK(groups[0].rows == std::vector<std::size_t>{0, 2});
  CHECK(groups[0].line == 4);
  // Counters add over launches; percentages are time-weighted means (2 us at 10 %, 3 us at 20 %).
  CHECK(groups[0].raw.at(std::string(metric::kTime)) == Approx(5000));
  CHECK(groups[0].raw.at(std::string(metric::kInst)) == Approx(2000));
  CHECK(groups[0].raw.at(std::string(metric::kWarpsActive)) == Approx((2 * 10.0 + 3 * 20.0) / 5));
  auto chip = testing::h200_like();
  const double total = 5000 + 180000 + 15000;
  Derivation bias = derive_ncu_kernel(ex, groups, 0, &chip, std::nullopt);
  CHECK(std::get<double>(bias.signals.get("weight")) == Approx(5000 / total));
  CHECK(std::get<double>(bias.signals.get("launch_count")) == 2);
  CHECK(std::get<double>(bias.signals.get("threads_per_inst")) == Approx(48000.0 / 2000));
  Derivation stream = derive_ncu_kernel(ex, groups, 1, &chip, std::nullopt);
  CHECK(std::get<double>(stream.signals.get("weight")) == Approx(180000 / total));
  CHECK(std::get<double>(stream.signals.get("stall_long_scoreboard")) == Approx(70.0 / 90));
  // No --time-us: time_us is ncu's duration, marked profiled-run, as are the rates.
  CHECK(std::get<double>(stream.signals.get("time_us")) == Approx(180));
  CHECK(stream.origin.at("time_us") == Origin::ProfiledRun);
  CHECK(stream.origin.at("dram_frac") == Origin::ProfiledRun);
  // With the unprofiled time the rate is the real one.
  Derivation timed = derive_ncu_kernel(ex, groups, 1, &chip, 139.0);
  CHECK(std::get<double>(timed.signals.get("time_us")) == Approx(139));
  CHECK(timed.origin.at("time_us") == Origin::Given);
  CHECK(std::get<double>(timed.signals.get("dram_frac")) ==
        Approx(std::min(1.0, 536870912.0 / 139e-6 / 4.8e12)));
  Derivation sync = derive_ncu_kernel(ex, groups, 2, &chip, std::nullopt);
  CHECK(std::get<double>(sync.signals.get("stall_barrier")) == Approx(0.5));
  CHECK(std::get<std::string>(sync.signals.get("occupancy_limiter")) == "registers");
}

TEST_CASE(
    "problem facts: formulas scaled to the exported launches, code facts, launch-gap estimate") {
  NcuExport ex = load_ncu_csv("tests/data/ncu/multi_kernel_raw.csv");
  auto groups = group_ncu_kernels(ex);
  auto chip = testing::h200_like();
  // add_bias: 2 exported launches (5 us of profiled time) of a run of 8 launches.
  NcuProblemFacts facts;
  facts.flops = 8e6;
  facts.bytes = 4e6;
  facts.launch_count = 8;
  facts.kernel_count = 1;
  facts.dtype = "fp32";
  facts.code_tensor_ops = 0;
  facts.code_gemm_loop = false;
  Derivation d = derive_ncu_kernel(ex, groups, 0, &chip, std::nullopt, &facts);
  CHECK(std::get<double>(d.signals.get("launch_count")) == 8);
  // 2 of 8 launches: a quarter of the run's FLOPs in the rows' 5 us.
  CHECK(std::get<double>(d.signals.get("achieved_tflops")) == Approx(2e6 / 5e-6 / 1e12));
  CHECK(std::get<double>(d.signals.get("arith_intensity")) == Approx(2.0));
  CHECK(std::get<bool>(d.signals.get("gemm_loop")) == false);
  CHECK(std::get<bool>(d.signals.get("mma_in_code")) == false);
  CHECK(std::get<std::string>(d.signals.get("dtype")) == "fp32");
  // No measured launch gap in this chip profile: the fraction stays missing, never guessed.
  CHECK(rules::is_missing(d.signals.get("launch_gap_frac")));
  // With one: 7 gaps of 3 us against 8 launches of 2.5 us.
  chip.numbers["launch_gap_us"] = 3.0;
  Derivation g = derive_ncu_kernel(ex, groups, 0, &chip, std::nullopt, &facts);
  CHECK(std::get<double>(g.signals.get("launch_gap_frac")) == Approx(21.0 / (21.0 + 20.0)));
  CHECK(g.origin.at("launch_gap_frac") == Origin::Estimate);
  // The chip's measured copy rate is the DRAM roof of an import, before the datasheet peak.
  chip.numbers["dram_copy_gbps"] = 4000;
  Derivation s = derive_ncu_kernel(ex, groups, 1, &chip, 139.0);
  CHECK(std::get<double>(s.signals.get("dram_frac")) ==
        Approx(std::min(1.0, 536870912.0 / 139e-6 / 4.0e12)));
}

TEST_CASE("a bare export counts FP32/FP64 FLOPs for flop_frac and dtype, never with tensor work") {
  auto chip = testing::h200_like();
  DerivationInput in;
  in.chip = &chip;
  in.allow_profiled_fallback = true;
  in.raw = {{std::string(metric::kTime), 100000},   {std::string(metric::kFfma), 0},
            {std::string(metric::kFadd), 0},        {std::string(metric::kFmul), 0},
            {std::string(metric::kDfma), 1.5e9},    {std::string(metric::kDadd), 0},
            {std::string(metric::kDmul), 0},        {std::string(metric::kTensorInst), 0},
            {std::string(metric::kTensorActive), 0}};
  Derivation d = derive_signals(in);
  CHECK(std::get<std::string>(d.signals.get("dtype")) == "fp64");
  // 3 GFLOP in 100 us against the FP64 pipe: 132 x 64 x 2 x 1.98 GHz.
  CHECK(std::get<double>(d.signals.get("flop_frac")) ==
        Approx(3e9 / 100e-6 / (132 * 64 * 2 * 1.98e9)));
  in.raw[std::string(metric::kTensorInst)] = 1e6;
  in.raw[std::string(metric::kTensorActive)] = 40;
  Derivation t = derive_signals(in);
  CHECK(rules::is_missing(t.signals.get("flop_frac")));
  CHECK(rules::is_missing(t.signals.get("dtype")));
}
