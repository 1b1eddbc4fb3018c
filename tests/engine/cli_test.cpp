// End to end through run_cli with argument lists, as a user types them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"

using namespace solver::cli;
using nlohmann::json;

namespace {

using Run = solver::test::CliRun;
Run cli(std::vector<std::string> args) { return solver::test::run_solver(std::move(args)); }

json cli_json(std::vector<std::string> args) {
  args.push_back("--json");
  Run r = cli(args);
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  return json::parse(r.out);
}

const std::string kSgemm = "tests/data/h200_naive_sgemm.json";
const std::string kNcu = "tests/data/ncu/h200_three_kernels.csv";

std::string temp_file(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() / ("solver_cli_test_" + name);
  std::ofstream(p) << text;
  return p.string();
}

bool requires_cap(const json& rule, const std::string& cap) {
  for (const auto& c : rule["requires"])
    if (c == cap) return true;
  return false;
}

}  // namespace

TEST_CASE("--help lists every command, and every command has its own --help") {
  Run top = cli({"--help"});
  CHECK(top.rc == 0);
  for (const auto& c : command_table()) {
    CAPTURE(c.name);
    CHECK(top.out.find(c.name) != std::string::npos);
    std::vector<std::string> args;
    std::istringstream words(c.name);
    for (std::string w; words >> w;) args.push_back(w);
    args.push_back("--help");
    Run r = cli(args);
    CHECK(r.rc == 0);
    CHECK(r.out.find(std::string("usage: solver ") + c.name) != std::string::npos);
  }
  CHECK(cli({"--version"}).out.rfind("solver ", 0) == 0);
}

TEST_CASE("usage errors exit 2") {
  Run r = cli({"frobnicate"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("unknown command 'frobnicate'") != std::string::npos);
  CHECK(cli({"classify", "--no-such-option"}).rc == 2);
  CHECK(cli({"rules"}).rc == 2);
  CHECK(cli({"--bogus"}).rc == 2);
  CHECK(cli({}).rc == 2);
  CHECK(cli({"classify"}).rc == 2);  // no source given
}

TEST_CASE("rules check: the default table passes; a bad one fails with located errors") {
  Run ok = cli({"rules", "check"});
  CHECK_MESSAGE(ok.rc == 0, ok.err);
  CHECK(ok.out.find(": ok, ") != std::string::npos);
  json j = cli_json({"rules", "check"});
  CHECK(j["ok"] == true);
  CHECK(j["rules"].get<int>() > 5);
  CHECK(j["guards"].size() >= 1);

  std::string bad = temp_file("bad_rules.yaml",
                              "version: 1\n"
                              "rules:\n"
                              "  - id: typo\n"
                              "    when: dram_fracc > 0.5\n"
                              "    hypothesis: stop_at_ceiling\n"
                              "    priority: 1\n"
                              "    rationale: a typo in a signal name\n");
  Run r = cli({"rules", "check", bad});
  CHECK(r.rc == 2);
  CHECK(r.err.find(bad + ":4:") != std::string::npos);
  CHECK(r.err.find("dram_fracc") != std::string::npos);
  CHECK(r.out.empty());

  // Under --json the diagnostics are the JSON document, located, still exit 2.
  Run rj = cli({"rules", "check", bad, "--json"});
  CHECK(rj.rc == 2);
  json dj = json::parse(rj.out);
  CHECK(dj["ok"] == false);
  REQUIRE(dj["errors"].size() >= 1);
  CHECK(dj["errors"][0]["file"] == bad);
  CHECK(dj["errors"][0]["line"] == 4);
  CHECK(dj["errors"][0]["column"].get<int>() > 0);
  CHECK(dj["errors"][0]["message"].get<std::string>().find("dram_fracc") != std::string::npos);
}

TEST_CASE("--version names the commit, the GPU worker and NVRTC") {
  Run r = cli({"--version"});
  CHECK(r.rc == 0);
  CHECK(r.out.rfind("solver ", 0) == 0);
  CHECK(r.out.find("(commit ") != std::string::npos);
  CHECK(r.out.find("\nlive GPU worker: ") != std::string::npos);
  CHECK(r.out.find("\nNVRTC: ") != std::string::npos);
}

TEST_CASE("classify the naive SGEMM fixture") {
  Run text = cli({"classify", "--signals", kSgemm, "--chip", "a100"});
  CHECK_MESSAGE(text.rc == 0, text.err);
  CHECK(text.out.find("fired:") != std::string::npos);
  CHECK(text.out.find("evidence:") != std::string::npos);

  json j = cli_json({"classify", "--signals", kSgemm, "--chip", "a100"});
  REQUIRE(j["verdicts"].size() == 1);
  const json& v = j["verdicts"][0];
  REQUIRE(!v["fired"].is_null());
  CHECK(v["fired"]["hypothesis"] == "use_tensor_cores_tf32");
  CHECK(requires_cap(v["fired"], "tf32"));
  CHECK(!v["fired"]["rationale"].get<std::string>().empty());
  CHECK(v["evidence"].size() >= 1);
  for (const auto& e : v["evidence"]) CHECK(!e["value"].is_null());  // the condition was true
  CHECK(v["chip"] == "a100_40gb");

  // The file names its chip (h200), so --chip may be left out.
  CHECK(cli({"classify", "--signals", kSgemm}).rc == 0);
}

TEST_CASE("classify shows the fired rule's bottleneck, or that the rule names none") {
  std::string table = temp_file("bottleneck_rules.yaml",
                                "version: 1\n"
                                "rules:\n"
                                "  - id: gemm_on_cuda_cores\n"
                                "    when: not tensor_active and arith_intensity > 100\n"
                                "    hypothesis: use_tensor_cores_tf32\n"
                                "    bottleneck: naive_gemm\n"
                                "    priority: 20\n"
                                "    rationale: test table, a product on CUDA cores\n"
                                "  - id: unnamed\n"
                                "    when: dram_frac < 0.5\n"
                                "    hypothesis: add_smem_tiling\n"
                                "    priority: 30\n"
                                "    rationale: test table, names no bottleneck\n");
  Run text = cli({"classify", "--signals", kSgemm, "--rules", table});
  CHECK_MESSAGE(text.rc == 0, text.err);
  CHECK(text.out.find("  bottleneck: naive_gemm\n") != std::string::npos);
  json j = cli_json({"classify", "--signals", kSgemm, "--rules", table});
  CHECK(j["verdicts"][0]["fired"]["bottleneck"] == "naive_gemm");
  CHECK(j["verdicts"][0]["outranked"][0]["bottleneck"].is_null());

  std::string unnamed = temp_file("bottleneck_rules_none.yaml",
                                  "version: 1\n"
                                  "rules:\n"
                                  "  - id: unnamed\n"
                                  "    when: dram_frac < 0.5\n"
                                  "    hypothesis: add_smem_tiling\n"
                                  "    priority: 30\n"
                                  "    rationale: test table, names no bottleneck\n");
  Run none = cli({"classify", "--signals", kSgemm, "--rules", unnamed});
  CHECK(none.out.find("  bottleneck: (the rule names none)\n") != std::string::npos);
  CHECK(cli_json({"classify", "--signals", kSgemm, "--rules",
                  unnamed})["verdicts"][0]["fired"]["bottleneck"]
            .is_null());

  std::string bad = temp_file("bottleneck_rules_bad.yaml",
                              "version: 1\n"
                              "rules:\n"
                              "  - id: r\n"
                              "    when: dram_frac < 0.5\n"
                              "    hypothesis: add_smem_tiling\n"
                              "    bottleneck: memory\n"
                              "    priority: 30\n"
                              "    rationale: test table\n");
  Run r = cli({"classify", "--signals", kSgemm, "--rules", bad});
  CHECK(r.rc == 2);
  CHECK(r.err.find(bad + ":6:17") != std::string::npos);
  CHECK(r.err.find("dram_bandwidth") != std::string::npos);  // the known names are listed
  CHECK(r.out.empty());
}

TEST_CASE("dry-run a100,t4: the TF32 rule fires on A100 and is guard-blocked on T4") {
  json j = cli_json({"dry-run", "--chip", "a100,t4", "--signals", kSgemm});
  REQUIRE(j["kernels"].size() == 1);
  const json& chips = j["kernels"][0]["chips"];
  REQUIRE(chips.size() == 2);
  const json& a100 = chips[0];
  const json& t4 = chips[1];
  CHECK(a100["chip"] == "a100_40gb");
  CHECK(t4["chip"] == "t4");
  REQUIRE(!a100["fired"].is_null());
  CHECK(requires_cap(a100["fired"], "tf32"));
  std::string tf32_rule = a100["fired"]["id"];
  bool blocked_for_tf32 = false;
  for (const auto& b : t4["blocked"])
    if (b["id"] == tf32_rule)
      for (const auto& cap : b["missing_caps"]) blocked_for_tf32 |= cap == "tf32";
  CHECK(blocked_for_tf32);
  REQUIRE(!t4["fired"].is_null());  // something else fires instead
  CHECK(t4["fired"]["id"] != tf32_rule);

  Run text = cli({"dry-run", "--chip", "a100,t4", "--signals", kSgemm});
  CHECK(text.out.find(tf32_rule + " (needs tf32)") != std::string::npos);
  // Without --signals the bundled three H200 fixtures are used.
  json all = cli_json({"dry-run", "--chip", "h200"});
  CHECK(all["kernels"].size() == 3);
}

TEST_CASE("solver hypotheses lists every hypothesis with its meaning; --csv and --md too") {
  Run r = cli({"hypotheses"});
  CHECK(r.rc == 0);
  CHECK(r.out.find("use_tensor_cores_tf32") != std::string::npos);
  CHECK(r.out.find("run FP32 products on tensor cores in TF32") != std::string::npos);
  Run csv = cli({"hypotheses", "--csv"});
  CHECK(csv.rc == 0);
  CHECK(csv.out.rfind("hypothesis,meaning,evidence\n", 0) == 0);
  CHECK(csv.out.find("\nuse_tensor_cores_tf32,run FP32 products on tensor cores in TF32 "
                     "(WMMA / mma.sync),") != std::string::npos);
  Run md = cli({"chips", "--md"});
  CHECK(md.rc == 0);
  CHECK(md.out.rfind("| id | name | cc |", 0) == 0);
  CHECK(md.out.find("\n|---|---|") != std::string::npos);
  CHECK(md.out.find("| h200 |") != std::string::npos);
  Run both = cli({"chips", "--md", "--json"});
  CHECK(both.rc == 2);
  CHECK(both.err.find("one choice") != std::string::npos);
  // Every command with --json has --csv and --md (one output layer).
  for (const auto& c : command_table()) {
    std::vector<std::string> args;
    std::istringstream words(c.name);
    for (std::string w; words >> w;) args.push_back(w);
    args.push_back("--help");
    Run h = cli(args);
    CAPTURE(c.name);
    if (h.out.find("--json") != std::string::npos) {
      CHECK(h.out.find("--csv") != std::string::npos);
      CHECK(h.out.find("--md") != std::string::npos);
    }
  }
}

TEST_CASE("completion scripts and the man page come from the command table and --help") {
  Run bash = cli({"completion", "bash"});
  CHECK(bash.rc == 0);
  CHECK(bash.out.find("complete -o filenames -F _solver solver") != std::string::npos);
  for (const auto& c : command_table()) {
    std::string first = std::string(c.name).substr(0, std::string(c.name).find(' '));
    CAPTURE(c.name);
    CHECK(bash.out.find(first) != std::string::npos);
  }
  // Options come from each command's own --help.
  CHECK(bash.out.find("\"rules check\") opts=\"") != std::string::npos);
  CHECK(bash.out.find("--off-policy") != std::string::npos);
  CHECK(bash.out.find("ablate) opts=\"--problems ") != std::string::npos);
  Run zsh = cli({"completion", "zsh"});
  CHECK(zsh.out.rfind("#compdef solver", 0) == 0);
  CHECK(cli({"completion", "fish"}).rc == 2);
  Run man = cli({"man"});
  CHECK(man.rc == 0);
  CHECK(man.out.rfind(".TH SOLVER 1", 0) == 0);
  CHECK(man.out.find(".SS ablate") != std::string::npos);
  CHECK(man.out.find("\\-\\-off\\-policy") != std::string::npos);  // from ablate --help
  CHECK(man.out.find("runs/<id>/") != std::string::npos);
}

TEST_CASE("classify --problem without a GPU classifies the bundled recording's signals") {
  Run r = cli({"classify", "--problem", "sigmoid", "--variant", "naive"});
  INFO(r.out << r.err);
  if (r.err.find("classify: gating") != std::string::npos) return;  // a live GPU answered
  CHECK(r.rc == 0);
  CHECK(r.err.find("no GPU here: classifying the signals recorded in ") != std::string::npos);
  CHECK(r.out.find("kernel sigmoid/naive on h200") != std::string::npos);
  CHECK(r.out.find("[recorded: replaying measurements recorded on NVIDIA H200") !=
        std::string::npos);
  Run eval = cli({"eval", "--suite", "tests/labelled"});
  CHECK(eval.rc == 1);
  CHECK(eval.err.find("--signals-dir ") != std::string::npos);
  CHECK(eval.err.find("labelled_h200") != std::string::npos);
}

TEST_CASE("solver signals fits 120 columns; --wide has the source column") {
  Run r = cli({"signals"});
  CHECK(r.rc == 0);
  std::istringstream lines(r.out);
  std::size_t widest = 0, n = 0;
  for (std::string l; std::getline(lines, l); ++n) widest = std::max(widest, l.size());
  CHECK(widest <= 120);
  CHECK(n > 40);
  CHECK(r.out.find("dram_frac") != std::string::npos);
  Run wide = cli({"signals", "--wide"});
  CHECK(wide.out.find("source") != std::string::npos);
  std::istringstream wl(wide.out);
  std::size_t wide_max = 0;
  for (std::string l; std::getline(wl, l);) wide_max = std::max(wide_max, l.size());
  CHECK(wide_max > 120);
}

TEST_CASE("a stray positional argument is refused by name, exit 2") {
  Run r = cli({"signals", "no-such-word"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("solver signals: unexpected argument 'no-such-word'") != std::string::npos);
  CHECK(r.out.empty());
  Run c = cli({"chips", "--json", "extra"});
  CHECK(c.rc == 2);
  CHECK(c.err.find("unexpected argument 'extra'") != std::string::npos);
}

TEST_CASE("dry-run says why nothing fired: the undecided rules and the signals they lack") {
  std::string f = temp_file("few_signals.json",
                            "{\"version\": 1, \"kernel\": \"sparse\", \"signals\": "
                            "{\"occupancy\": 0.5}}");
  Run r = cli({"dry-run", "--chip", "h200", "--signals", f});
  INFO(r.out << r.err);
  CHECK(r.rc == 0);
  CHECK(r.out.find("(nothing)") != std::string::npos);
  CHECK(r.out.find("  h200: nothing fired: ") != std::string::npos);
  CHECK(r.out.find(" rule(s) undecided: signals not measured: ") != std::string::npos);
  CHECK(r.out.find("dram_frac") != std::string::npos);
}

TEST_CASE("classify an ncu export: one verdict per kernel, profiled-run rates marked") {
  json j = cli_json({"classify", "--ncu-csv", kNcu});  // device name maps to the h200 profile
  REQUIRE(j["verdicts"].size() == 3);
  const json& stream = j["verdicts"][0];
  CHECK(stream["chip"] == "h200");
  CHECK(stream["signal_origin"]["dram_frac"] == "profiled-run");
  // The replay-depressed view: over the profiled duration, against the chip's measured copy
  // rate (4.3 TB/s), well under the ~0.9 the unprofiled run of this stream reaches.
  CHECK(stream["signals"]["dram_frac"].get<double>() < 0.6);
  const json& sgemm = j["verdicts"][1];
  CHECK(sgemm["signals"]["load_eff"].get<double>() == doctest::Approx(0.563));
  CHECK(cli({"classify", "--ncu-csv", kNcu, "--chip", "t4"}).rc == 0);

  std::string bad = temp_file(
      "bad.csv",
      "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n\"\",\"\",\"usecond\"\n\"0\",\"k\"\n");
  Run r = cli({"classify", "--ncu-csv", bad});
  CHECK(r.rc == 2);
  CHECK(r.err.find(bad + ":3:1: error:") != std::string::npos);
}

TEST_CASE("unknown chip exits 2 and lists the known ones") {
  Run r = cli({"classify", "--signals", kSgemm, "--chip", "voodoo3"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("voodoo3") != std::string::npos);
  CHECK(r.err.find("h200") != std::string::npos);
  CHECK(r.err.find("t4") != std::string::npos);
  CHECK(cli({"dry-run", "--chip", "a100,voodoo3"}).rc == 2);
}

TEST_CASE("bad signal files exit 2 with located errors; the live form needs a GPU") {
  std::string bad = temp_file(
      "bad_signals.json",
      "{\n  \"version\": 1,\n  \"kernel\": \"k\",\n  \"signals\": {\"dram_frak\": 1}\n}\n");
  Run r = cli({"classify", "--signals", bad, "--chip", "h200"});
  CHECK(r.rc == 2);
  CHECK(r.err.find(bad + ":4:") != std::string::npos);
  CHECK(r.err.find("unknown signal 'dram_frak'") != std::string::npos);

  // Without a GPU (this machine, CI) the live form says so and fails; with one it prints a
  // real verdict. Either way it never prints a verdict it did not measure.
  Run live = cli({"classify", "--problem", "matmul", "--variant", "naive"});
  if (live.rc != 0) {
    CHECK(live.err.find("GPU") != std::string::npos);
    CHECK(live.out.find("fired:") == std::string::npos);
  } else {
    CHECK(live.out.find("fired:") != std::string::npos);
  }
}

TEST_CASE(
    "signals: the vocabulary, as a table, markdown and JSON; derive --check on the fixtures") {
  Run md = cli({"signals", "--markdown"});
  CHECK(md.rc == 0);
  CHECK(md.out.find("| `dram_frac` |") != std::string::npos);
  json j = cli_json({"signals"});
  bool found = false;
  for (const auto& row : j) found |= row["signal"] == "dram_pct_profiled";
  CHECK(found);
  Run check = cli({"signals", "derive", "--check", "tests/data/h200_stream_scale.json",
                   "tests/data/h200_naive_sgemm.json", "tests/data/h200_wmma_tf32.json"});
  CHECK_MESSAGE(check.rc == 0, check.err);
  CHECK(cli_json({"chips"}).size() >= 9);
}

TEST_CASE("classify a multi-kernel export per kernel; --time-us gives the unprofiled time") {
  const std::string multi = "tests/data/ncu/multi_kernel_raw.csv";
  json j = cli_json({"classify", "--ncu-csv", multi});
  REQUIRE(j["verdicts"].size() == 3);  // four launches of three kernels
  const json& bias = j["verdicts"][0];
  CHECK(bias["kernel"].get<std::string>().find("2 launches") != std::string::npos);
  CHECK(bias["signals"]["launch_count"] == 2);
  // Its own share of the export's time is 2.5 %: the weight gate stops it, decided.
  REQUIRE(!bias["fired"].is_null());
  CHECK(bias["fired"]["id"] == "below_weight_gate");
  const json& stream = j["verdicts"][1];
  CHECK(stream["signals"]["weight"].get<double>() == doctest::Approx(0.9));
  // Without --time-us the kernel time is ncu's duration, marked so.
  CHECK(stream["signals"]["time_us"].get<double>() == doctest::Approx(180));
  CHECK(stream["signal_origin"]["time_us"] == "profiled-run");
  CHECK(stream.contains("undecided"));
  json timed = cli_json({"classify", "--ncu-csv", multi, "--time-us", "stream_copy=139"});
  CHECK(timed["verdicts"][1]["signals"]["time_us"] == 139);
  CHECK(timed["verdicts"][1]["signal_origin"]["time_us"] == "given");
  CHECK(timed["verdicts"][0]["signal_origin"]["time_us"] == "profiled-run");
  // A bare time is ambiguous for three kernels, and an unknown name is an error.
  CHECK(cli({"classify", "--ncu-csv", multi, "--time-us", "139"}).rc == 2);
  CHECK(cli({"classify", "--ncu-csv", multi, "--time-us", "nope=1"}).rc == 2);
  CHECK(cli({"classify", "--ncu-csv", multi, "--time-us", "stream_copy=fast"}).rc == 2);
}

TEST_CASE(
    "signals ncu-metrics prints the --metrics list the rules need; rules check warns on an "
    "export") {
  Run r = cli({"signals", "ncu-metrics"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  CHECK(r.out.rfind("ncu --csv --page raw --metrics ", 0) == 0);
  CHECK(r.out.find("smsp__warps_issue_stalled_barrier.sum") != std::string::npos);
  CHECK(r.out.find("launch__registers_per_thread") != std::string::npos);
  json m = cli_json({"signals", "metrics"});
  CHECK(m["metrics"].size() > 20);
  Run check = cli({"rules", "check", "--ncu-csv", kNcu});
  CHECK(check.rc == 0);
  CHECK(check.err.find("warning: ") != std::string::npos);
  CHECK(check.err.find("rule 'barrier_bound' reads stall_barrier") != std::string::npos);
  CHECK(check.err.find("smsp__warps_issue_stalled_barrier.sum") != std::string::npos);
}
