// The ncu-export path classifies like the live one. From the live signal files of the labelled
// suite recorded on the H200 (tests/data/labelled_h200), a synthetic but realistic ncu raw
// export is built: exactly the metrics `solver signals ncu-metrics` prints for the default
// rules, values from the live run's raw metrics (its profiled gpu__time_duration as ncu's
// kernel time), launch__* from the driver's launch attributes, one row per launch. Then:
// - `eval --ncu-csv` on it gives every kernel the verdict `eval --signals-dir` gives the live
//   signals (the problem folder supplies formulas, precision and the PTX scan: NVRTC, no GPU);
// - every signal the default rules read needs only metrics the printed list holds, and a bare
//   export (no problem) of those metrics derives every one of them except the code facts.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "engine/eval/eval_suite.h"
#include "generators/nvrtc_compiler.h"
#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "profiling/rule_metrics.h"
#include "profiling/signal_file.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "rules/value.h"

using namespace solver;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kSuite = kSrc + "/tests/labelled";
const std::string kLive = kSrc + "/tests/data/labelled_h200";

using Run = solver::test::CliRun;
Run run(std::vector<std::string> args) { return solver::test::run_solver(std::move(args)); }

std::vector<std::string> printed_metrics() {
  Run r = run({"signals", "ncu-metrics", "--json"});
  REQUIRE(r.rc == 0);
  return json::parse(r.out)["metrics"].get<std::vector<std::string>>();
}

std::string unit_of(const std::string& m) {
  if (m == profiling::metric::kTime) return "ns";
  if (m.find("bytes") != std::string::npos) return "byte";
  if (m.find("pct") != std::string::npos) return "%";
  if (m.find("per_second") != std::string::npos) return "hz";
  return "";
}

double signal(const profiling::SignalFile& f, const char* name) {
  const rules::Value& v = f.signals.get(name);
  REQUIRE_MESSAGE(std::holds_alternative<double>(v), f.path << " has no " << name);
  return std::get<double>(v);
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string number(double v) {
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

// One export row per launch of each kernel: counters (.sum/.avg) split evenly over the
// launches (the importer adds them back), ratios and percentages as measured.
// `extra` adds metric values the live run did not collect.
std::string synthetic_export(
    const std::vector<std::string>& metrics,
    const std::vector<std::pair<std::string, profiling::SignalFile>>& kernels,
    const std::map<std::string, std::map<std::string, double>>& extra = {}) {
  std::ostringstream csv;
  std::vector<std::string> head = {
      "ID",     "Process ID", "Process Name", "Host Name", "Kernel Name", "Context",
      "Stream", "Block Size", "Grid Size",    "Device",    "CC"};
  for (std::size_t i = 0; i < head.size(); ++i) csv << (i ? "," : "") << quoted(head[i]);
  for (const auto& m : metrics) csv << "," << quoted(m);
  csv << "\n";
  for (std::size_t i = 0; i < head.size(); ++i) csv << (i ? "," : "") << quoted("");
  for (const auto& m : metrics) csv << "," << quoted(unit_of(m));
  csv << "\n";
  int id = 0;
  for (const auto& [entry, f] : kernels) {
    const int launches = int(signal(f, "launch_count"));
    const std::string limiter = std::get<std::string>(f.signals.get("occupancy_limiter"));
    std::map<std::string, double> launch = {
        {"launch__block_size", signal(f, "block_threads")},
        {"launch__grid_size", signal(f, "grid_blocks")},
        {"launch__registers_per_thread", signal(f, "regs_per_thread")},
        {"launch__shared_mem_per_block_static", signal(f, "smem_per_block")},
        {"launch__shared_mem_per_block_dynamic", 0}};
    // ncu prints every limit; the binding one is the driver's blocks per SM.
    for (const auto& [key, name] :
         std::map<std::string, std::string>{{"registers", "launch__occupancy_limit_registers"},
                                            {"smem", "launch__occupancy_limit_shared_mem"},
                                            {"blocks", "launch__occupancy_limit_blocks"},
                                            {"warps", "launch__occupancy_limit_warps"}})
      launch[name] = key == limiter ? signal(f, "blocks_per_sm") : 64;
    auto ex = extra.count(entry) ? extra.at(entry) : std::map<std::string, double>{};
    for (int l = 0; l < launches; ++l) {
      csv << quoted(std::to_string(id++)) << ",\"1\",\"solver-gpu\",\"h\","
          << quoted(entry + "(float const*, float*, int)") << ",\"1\",\"7\","
          << quoted("(" + number(signal(f, "block_threads")) + ", 1, 1)") << ","
          << quoted("(" + number(signal(f, "grid_blocks")) + ", 1, 1)") << ",\"0\",\"9.0\"";
      for (const auto& m : metrics) {
        std::string cell = "n/a";
        auto split = [&](double v) {
          auto dot = m.find('.');
          std::string rollup = dot == std::string::npos ? "" : m.substr(dot + 1);
          return rollup == "sum" || rollup == "avg" ? v / launches : v;
        };
        if (m == "device__attribute_display_name")
          cell = "NVIDIA H200";
        else if (launch.count(m))
          cell = number(launch[m]);
        else if (f.raw_metrics.count(m))
          cell = number(split(f.raw_metrics.at(m)));
        else if (ex.count(m))
          cell = number(split(ex.at(m)));
        csv << "," << quoted(cell);
      }
      csv << "\n";
    }
  }
  return csv.str();
}

std::vector<std::pair<std::string, profiling::SignalFile>> suite_signals(
    const engine::LabelledSuite& suite) {
  std::vector<std::pair<std::string, profiling::SignalFile>> out;
  // Kernels added to the suite after the recording have no live file: not in the comparison.
  for (const auto& k : suite.kernels) {
    const std::string file = kLive + "/" + k.name + ".json";
    if (!fs::exists(file)) continue;
    REQUIRE(k.entries.size() == 1);
    out.emplace_back(k.entries.front(), profiling::load_signal_file(file));
  }
  REQUIRE(out.size() >= 23);
  return out;
}

std::map<std::string, std::string> verdicts(const std::string& out) {
  std::map<std::string, std::string> got;
  json j = json::parse(out);
  for (const auto& c : j["cases"])
    got[c["kernel"].get<std::string>()] = c["got"].get<std::string>();
  return got;
}

}  // namespace

TEST_CASE("every signal the default rules read needs only metrics `signals ncu-metrics` prints") {
  rules::RuleTable table = rules::load_rule_table(kSrc + "/rules/rules.yaml");
  std::vector<std::string> printed = printed_metrics();
  // The code facts, and the problem's byte formula (dependent_load_latency's estimate scales
  // dram_frac by the counted DRAM bytes over it; issue 29) and FLOP formula (the naive_gemm
  // rules read the products' share of the executed stream from it): only the problem folder
  // gives them.
  const std::set<std::string> code_facts = {"gemm_loop",
                                            "load_chain",
                                            "code_contiguous_access_frac",
                                            "code_strided_access_frac",
                                            "code_store_fill_frac",
                                            "code_index_load_frac",
                                            "code_guard_lanes",
                                            "mma_in_code",
                                            "mbarrier_pipeline",
                                            "tma_copies",
                                            "local_bytes",
                                            "problem_bytes",
                                            "problem_flops"};
  for (const auto& s : profiling::signals_read_by(table)) {
    INFO("signal " << s);
    if (profiling::ncu_needs_problem(s)) {
      CHECK(code_facts.count(s) == 1);
      continue;
    }
    std::vector<std::string> needed = profiling::ncu_metrics_needed(s);
    const bool from_rows = s == "kernel_count" || s == "launch_count";
    CHECK((from_rows || !needed.empty()));
    for (const auto& m : needed) {
      INFO("metric " << m);
      CHECK(std::find(printed.begin(), printed.end(), m) != printed.end());
    }
  }
  // The rates the live path takes from the unprofiled run come from counters in an export.
  for (const char* m : {"dram__bytes_read.sum", "dram__bytes_write.sum", "gpu__time_duration.sum",
                        "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"})
    CHECK(std::find(printed.begin(), printed.end(), m) != printed.end());
}

TEST_CASE(
    "a bare export of the printed metrics derives every signal the rules read but the code facts") {
  rules::RuleTable table = rules::load_rule_table(kSrc + "/rules/rules.yaml");
  rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* h200 = chips.find("h200");
  REQUIRE(h200);
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  std::vector<std::string> printed = printed_metrics();
  // naive_sgemm: every counter of its live run is in range. The FP32 instruction counters the
  // live run did not collect are its FLOP formula's FMAs (2 * 2048^3 FLOPs = 2048^3 FFMAs).
  std::vector<std::pair<std::string, profiling::SignalFile>> one;
  for (auto& p : suite_signals(suite))
    if (p.second.problem_name == "naive_sgemm") one.push_back(p);
  REQUIRE(one.size() == 1);
  const double ffma = 2048.0 * 2048 * 2048;
  std::map<std::string, std::map<std::string, double>> extra{
      {one[0].first,
       {{std::string(profiling::metric::kFfma), ffma},
        {std::string(profiling::metric::kFadd), 0},
        {std::string(profiling::metric::kFmul), 0},
        {std::string(profiling::metric::kDfma), 0},
        {std::string(profiling::metric::kDadd), 0},
        {std::string(profiling::metric::kDmul), 0},
        // Issue 29's time account: counters the 2026-12-01 live run did not collect yet.
        {std::string(profiling::metric::kStallImcMiss), 0},
        {std::string(profiling::metric::kStallNoInst), 0},
        // ... and the stall reasons no class names (rules.yaml unclassified_stall).
        {std::string(profiling::metric::kStallBranch), 0},
        {std::string(profiling::metric::kStallDispatch), 0},
        {std::string(profiling::metric::kStallSleeping), 0},
        {std::string(profiling::metric::kStallTex), 0},
        {std::string(profiling::metric::kStallMisc), 0},
        // ... and the exit drain that rules.yaml memory_ordering adds to the fence's wait.
        {std::string(profiling::metric::kStallDrain), 0},
        {std::string(profiling::metric::kIdcRequests), 1000},
        {std::string(profiling::metric::kIdcMisses), 10},
        {std::string(profiling::metric::kIdcReplays), 0},
        // ... the issuing share issue_bound splits the idle slots by, and the bank-conflict
        // counters split by operation (naive_sgemm has no shared memory: none).
        {std::string(profiling::metric::kStallSelected), 0},
        {std::string(profiling::metric::kBankConflictsLd), 0},
        {std::string(profiling::metric::kBankConflictsSt), 0},
        {std::string(profiling::metric::kBankConflictsLdgsts), 0}}}};
  profiling::NcuExport ex =
      profiling::parse_ncu_csv(synthetic_export(printed, one, extra), "synthetic.csv");
  auto groups = profiling::group_ncu_kernels(ex);
  REQUIRE(groups.size() == 1);
  profiling::Derivation d = profiling::derive_ncu_kernel(ex, groups, 0, h200, std::nullopt);
  CHECK(d.defects.empty());
  for (const auto& s : profiling::signals_read_by(table)) {
    INFO("signal " << s);
    if (profiling::ncu_needs_problem(s))
      CHECK(rules::is_missing(d.signals.get(s)));
    else
      CHECK_FALSE(rules::is_missing(d.signals.get(s)));
  }
  // Counted FLOPs over ncu's duration against the FP32 pipe roof, as the live flop_frac.
  CHECK(std::get<std::string>(d.signals.get("dtype")) == "fp32");
  CHECK(std::get<double>(d.signals.get("flop_frac")) ==
        doctest::Approx(signal(one[0].second, "flop_frac")).epsilon(0.01));
  CHECK(d.origin.at("time_us") == profiling::Origin::ProfiledRun);
  CHECK(d.origin.at("launch_gap_frac") == profiling::Origin::Estimate);
  CHECK(std::get<double>(d.signals.get("launch_gap_frac")) == 0.0);  // one launch: no gap
}

TEST_CASE("eval --ncu-csv on an export of the live run classifies every suite kernel as live did") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: the code facts need NVRTC: " << generators::nvrtc_unavailable_reason());
    return;
  }
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  fs::path dir = fs::temp_directory_path() / "solver_eval_ncu_test";
  fs::create_directories(dir);
  const std::string csv = (dir / "suite.csv").string();
  std::ofstream(csv) << synthetic_export(printed_metrics(), suite_signals(suite));

  Run live = run({"eval", "--suite", kSuite, "--signals-dir", kLive, "--chip", "h200", "--json"});
  REQUIRE_MESSAGE(live.rc == 0, live.err);
  Run ncu = run({"eval", "--suite", kSuite, "--ncu-csv", csv, "--json"});
  REQUIRE_MESSAGE(ncu.rc == 0, ncu.err);
  auto want = verdicts(live.out), got = verdicts(ncu.out);
  REQUIRE(want.size() == suite.kernels.size());
  int compared = 0;
  for (const auto& [kernel, verdict] : want) {
    INFO(kernel);
    if (!fs::exists(kLive + "/" + kernel + ".json")) {
      CHECK(verdict == "(not measured)");  // no live file, no export row: both say so
      CHECK(got[kernel] == verdict);
      continue;
    }
    CHECK(verdict != "(not measured)");
    CHECK(got[kernel] == verdict);
    ++compared;
  }
  CHECK(compared >= 23);
  json j = json::parse(ncu.out);
  CHECK(j["unmatched_rows"].empty());
  // launch_overhead's 128 launches: decided from the launch-gap estimate, not the grid size.
  CHECK(got["launch_overhead"] == "launch_overhead");
}

TEST_CASE("an export without its problem leaves the code facts missing, and they fire nothing") {
  // naive_sgemm without the problem folder: no gemm_loop, so no GEMM rule can fire, and the
  // verdict says which signals were not measured instead of guessing from FLOP/byte.
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  std::vector<std::pair<std::string, profiling::SignalFile>> one;
  for (auto& p : suite_signals(suite))
    if (p.second.problem_name == "naive_sgemm") one.push_back(p);
  fs::path dir = fs::temp_directory_path() / "solver_eval_ncu_test";
  fs::create_directories(dir);
  const std::string csv = (dir / "bare.csv").string();
  std::ofstream(csv) << synthetic_export(printed_metrics(), one);
  Run r = run({"classify", "--ncu-csv", csv, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json v = json::parse(r.out)["verdicts"].at(0);
  INFO(v.dump());
  CHECK(v["fired"]["bottleneck"] != "naive_gemm");
  auto missing = v["missing_signals"].get<std::vector<std::string>>();
  CHECK(std::find(missing.begin(), missing.end(), "gemm_loop") != missing.end());
}

TEST_CASE("classify --ncu-csv --problem gives the export the problem's code facts") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: the code facts need NVRTC: " << generators::nvrtc_unavailable_reason());
    return;
  }
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  std::vector<std::pair<std::string, profiling::SignalFile>> one;
  for (auto& p : suite_signals(suite))
    if (p.second.problem_name == "naive_sgemm") one.push_back(p);
  REQUIRE(one.size() == 1);
  fs::path dir = fs::temp_directory_path() / "solver_eval_ncu_test";
  fs::create_directories(dir);
  const std::string csv = (dir / "with_problem.csv").string();
  std::ofstream(csv) << synthetic_export(printed_metrics(), one);
  Run r = run({"classify", "--ncu-csv", csv, "--problem", kSuite + "/naive_sgemm", "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json v = json::parse(r.out)["verdicts"].at(0);
  INFO(v.dump());
  // The same verdict as the live profile: an FP32 matrix-product loop on CUDA cores.
  CHECK(v["fired"]["id"] == "fp32_no_tensorcore");
  CHECK(v["signals"]["gemm_loop"] == true);
  CHECK(v["signal_origin"]["gemm_loop"] == "code");
  // A problem that is not the export's: its facts are not given to a kernel it does not launch.
  Run other = run({"classify", "--ncu-csv", csv, "--problem", kSuite + "/dram_stream", "--json"});
  REQUIRE_MESSAGE(other.rc == 0, other.err);
  json o = json::parse(other.out)["verdicts"].at(0);
  CHECK(o["signals"]["gemm_loop"].is_null());
  // No such problem: bad input.
  CHECK(run({"classify", "--ncu-csv", csv, "--problem", "no_such_problem"}).rc == 2);
}

TEST_CASE("an export without the DRAM counters leaves the DRAM stop rule undecided, never fired") {
  // dram_stream's export without dram__bytes_*: dram_frac cannot be had, so memory_saturated
  // (a stop rule) is undecided and reported, and the verdict is not "at the roof".
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  std::vector<std::pair<std::string, profiling::SignalFile>> one;
  for (auto& p : suite_signals(suite))
    if (p.second.problem_name == "dram_stream") {
      p.second.raw_metrics.erase("dram__bytes_read.sum");
      p.second.raw_metrics.erase("dram__bytes_write.sum");
      one.push_back(p);
    }
  REQUIRE(one.size() == 1);
  std::vector<std::string> metrics;
  for (const auto& m : printed_metrics())
    if (m.rfind("dram__bytes", 0) != 0) metrics.push_back(m);
  fs::path dir = fs::temp_directory_path() / "solver_eval_ncu_test";
  fs::create_directories(dir);
  const std::string csv = (dir / "no_dram.csv").string();
  std::ofstream(csv) << synthetic_export(metrics, one);
  Run r = run({"classify", "--ncu-csv", csv, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json v = json::parse(r.out)["verdicts"].at(0);
  INFO(v.dump());
  CHECK((v["fired"].is_null() || v["fired"]["id"] != "memory_saturated"));
  bool undecided = false;
  for (const auto& u : v["undecided"]) undecided |= u["id"] == "memory_saturated";
  CHECK(undecided);
  CHECK(v["signals"]["dram_frac"].is_null());
}

TEST_CASE("rules check --ncu-csv names what an export cannot derive and what needs the problem") {
  engine::LabelledSuite suite = engine::load_labelled_suite(kSuite);
  std::vector<std::pair<std::string, profiling::SignalFile>> one;
  for (auto& p : suite_signals(suite))
    if (p.second.problem_name == "dram_stream") one.push_back(p);
  REQUIRE(one.size() == 1);
  fs::path dir = fs::temp_directory_path() / "solver_eval_ncu_test";
  fs::create_directories(dir);
  std::vector<std::string> no_dram;
  for (const auto& m : printed_metrics())
    if (m.rfind("dram__bytes", 0) != 0) no_dram.push_back(m);
  const std::string partial = (dir / "check_no_dram.csv").string(),
                    full = (dir / "check_full.csv").string();
  std::ofstream(partial) << synthetic_export(no_dram, one);
  // Issue 29's time-account counters, which the recorded live run predates.
  std::map<std::string, std::map<std::string, double>> account;
  for (const auto& k : one)
    account[k.first] = {{std::string(profiling::metric::kStallImcMiss), 0},
                        {std::string(profiling::metric::kStallNoInst), 0},
                        {std::string(profiling::metric::kStallBranch), 0},
                        {std::string(profiling::metric::kStallDispatch), 0},
                        {std::string(profiling::metric::kStallSleeping), 0},
                        {std::string(profiling::metric::kStallTex), 0},
                        {std::string(profiling::metric::kStallMisc), 0},
                        {std::string(profiling::metric::kStallDrain), 0},
                        {std::string(profiling::metric::kIdcRequests), 1000},
                        {std::string(profiling::metric::kIdcMisses), 10},
                        {std::string(profiling::metric::kIdcReplays), 0},
                        {std::string(profiling::metric::kStallSelected), 0},
                        {std::string(profiling::metric::kBankConflictsLd), 0},
                        {std::string(profiling::metric::kBankConflictsSt), 0},
                        {std::string(profiling::metric::kBankConflictsLdgsts), 0}};
  std::ofstream(full) << synthetic_export(printed_metrics(), one, account);
  Run r = run({"rules", "check", "--ncu-csv", partial});
  CHECK(r.rc == 0);
  CHECK(r.err.find("rule 'memory_saturated' reads dram_frac, which " + partial +
                   " cannot derive") != std::string::npos);
  CHECK(r.err.find("rule 'fp32_no_tensorcore' reads gemm_loop, which no export holds") !=
        std::string::npos);
  // With the printed list only the code facts are left (the FP32/FP64 counters the live run
  // did not collect are n/a in this export, so flop_frac's are reported too, nothing else).
  Run f = run({"rules", "check", "--ncu-csv", full});
  CHECK(f.err.find("reads dram_frac") == std::string::npos);
  CHECK_MESSAGE(f.err.find("cannot collect") == std::string::npos, f.err);
}
