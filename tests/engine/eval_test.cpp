// `solver eval` and the labelled suite, without a GPU: label parsing and its located errors,
// the real suite in tests/labelled (every label checked against the taxonomy, the required
// classes covered), and scoring from synthetic signal files and a synthetic ncu export
// (tests/data/eval/, invented values) with a small synthetic rule table.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "engine/eval/eval_score.h"
#include "engine/eval/eval_suite.h"
#include "profiling/signal_file.h"
#include "rules/bottlenecks.h"

using namespace solver;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Run = solver::test::CliRun;
Run run(std::vector<std::string> args) { return solver::test::run_solver(std::move(args)); }

const std::string kData = std::string(SOLVER_SOURCE_DIR) + "/tests/data/eval/";
const std::string kSuite = kData + "synthetic_suite";
const std::string kSignals = kData + "synthetic_signals";
const std::string kRules = kData + "synthetic_rules.yaml";
const std::string kNcu = kData + "synthetic_ncu.csv";

std::vector<std::string> label_errors(const std::string& text) {
  try {
    engine::parse_label(text, "l.yaml");
  } catch (const rules::InputError& e) {
    std::vector<std::string> out;
    for (const auto& d : e.diagnostics()) out.push_back(d.to_string());
    return out;
  }
  return {};
}

bool has(const std::vector<std::string>& v, const std::string& prefix, const std::string& text) {
  for (const auto& s : v)
    if (s.rfind(prefix, 0) == 0 && s.find(text) != std::string::npos) return true;
  return false;
}

const json& case_of(const json& j, const std::string& kernel) {
  for (const auto& c : j["cases"])
    if (c["kernel"] == kernel) return c;
  FAIL("no case " << kernel);
  static json none;
  return none;
}

const json& class_of(const json& j, const std::string& b) {
  for (const auto& c : j["classes"])
    if (c["bottleneck"] == b) return c;
  FAIL("no class " << b);
  static json none;
  return none;
}

struct TempSuite {
  fs::path root;
  explicit TempSuite(const std::string& tag) {
    root = fs::temp_directory_path() / ("solver_eval_test_" + tag);
    fs::remove_all(root);
    fs::create_directories(root);
    fs::copy(kSuite + "/synthetic_gemm", root / "synthetic_gemm", fs::copy_options::recursive);
  }
  ~TempSuite() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) const {
    std::ofstream(root / rel) << text;
  }
};

}  // namespace

TEST_CASE("label: fields are read") {
  engine::Label l = engine::parse_label(
      "bottleneck: dram_bandwidth\naccept: [at_ceiling]\nwhy: streams\nconfirm:\n"
      "  dram__throughput.avg.pct_of_peak_sustained_elapsed: [80, 100]\n  launch__grid_size: [8, "
      "8]\n",
      "l.yaml");
  CHECK(l.bottleneck == "dram_bandwidth");
  CHECK(l.accept == std::vector<std::string>{"at_ceiling"});
  REQUIRE(l.confirm.size() == 2);
  CHECK(l.confirm[0].metric == "dram__throughput.avg.pct_of_peak_sustained_elapsed");
  CHECK(l.confirm[0].low == 80);
  CHECK(l.confirm[1].high == 8);
  CHECK(l.confirm[1].where.line == 6);
  CHECK(engine::label_matches(l, "dram_bandwidth"));
  CHECK(engine::label_matches(l, "at_ceiling"));
  CHECK_FALSE(engine::label_matches(l, "uncoalesced"));
  CHECK_FALSE(engine::label_matches(l, ""));
}

TEST_CASE("label: every mistake located, unknown ids list the taxonomy") {
  auto d = label_errors("bottleneck: dram_bandwith\nwhy: x\nconfirm: {m.sum: [0, 1]}\n");
  REQUIRE(d.size() == 1);
  CHECK(
      has(d, "l.yaml:1:13", "unknown bottleneck 'dram_bandwith' (did you mean 'dram_bandwidth'?)"));
  for (const auto& b : rules::bottleneck_table())
    CHECK(d[0].find(std::string(b.id)) != std::string::npos);

  d = label_errors(
      "bottleneck: small_grid\naccept: [small_grid, nope, low_ilp, low_ilp]\nwhy: x\n"
      "confirm:\n  a.sum: [2, 1]\n  b.sum: [x, 1]\n  c.sum: 3\n  9bad: [0, 1]\n");
  CHECK(has(d, "l.yaml:2:10", "is the label itself"));
  CHECK(has(d, "l.yaml:2:22", "unknown bottleneck 'nope'"));
  CHECK(has(d, "l.yaml:2:37", "'low_ilp' listed twice"));
  CHECK(has(d, "l.yaml:5:10", "low 2 is above high 1"));
  CHECK(has(d, "l.yaml:6:11", "'x' is not a finite number"));
  CHECK(has(d, "l.yaml:7:10", "expected [low, high]"));
  CHECK(has(d, "l.yaml:8:3", "not an ncu metric name"));
  CHECK(d.size() == 7);

  d = label_errors("bottleneck: small_grid\nwhy: \"  \"\nreason: typo\n");
  CHECK(has(d, "l.yaml:2:6", "why: must say"));
  CHECK(has(d, "l.yaml:3:1", "reason"));
  CHECK(has(d, "l.yaml:1:1", "missing required key 'confirm'"));
  d = label_errors("why: x\nconfirm: {}\n");
  CHECK(has(d, "l.yaml:1:1", "missing required key 'bottleneck'"));
  CHECK(has(d, "l.yaml:2:10", "at least one metric"));
}

TEST_CASE(
    "the labelled suite: >= 22 kernels, every label from the taxonomy, the required classes") {
  engine::LabelledSuite s =
      engine::load_labelled_suite(std::string(SOLVER_SOURCE_DIR) + "/tests/labelled");
  CHECK(s.kernels.size() >= 22);
  std::set<std::string> classes, entries;
  for (const auto& k : s.kernels) {
    INFO(k.name);
    CHECK(rules::is_known_bottleneck(k.label.bottleneck));
    CHECK(k.label.why.size() > 150);  // a paragraph: the mechanism and what confirms it
    CHECK(k.label.confirm.size() >= 2);
    CHECK(!k.variant.empty());
    CHECK(k.launches >= 1);
    classes.insert(k.label.bottleneck);
    for (const auto& e : k.entries) {
      CHECK_MESSAGE(entries.insert(e).second, "kernel name used twice in the suite: ", e);
      CHECK(e.find("_ref") == std::string::npos);  // references must not look like suite kernels
    }
  }
  for (const char* need :
       {"dram_bandwidth", "uncoalesced", "cache_resident_reuse", "fp32_compute", "fp64_compute",
        "xu_compute", "naive_gemm", "tensor_gemm_unstaged", "bank_conflicts", "register_spills",
        "small_grid", "dependent_load_latency", "atomic_contention", "register_limited_occupancy",
        "smem_limited_occupancy", "warp_divergence", "barrier_bound", "launch_overhead",
        "l2_bandwidth"})
    CHECK_MESSAGE(classes.count(need), "no suite kernel is labelled ", need);
  for (const auto& k : s.kernels)
    if (k.name == "launch_overhead") CHECK(k.launches == 128);
}

TEST_CASE("suite loading: a folder without label.yaml, a bad label, an empty folder") {
  TempSuite t("load");
  fs::remove(t.root / "synthetic_gemm" / "label.yaml");
  try {
    engine::load_labelled_suite(t.root.string());
    FAIL("no error");
  } catch (const rules::InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].to_string().find("label.yaml: error: missing") != std::string::npos);
  }
  t.write("synthetic_gemm/label.yaml", "bottleneck: gemm\nwhy: x\nconfirm: {a.sum: [0, 1]}\n");
  Run r = run({"eval", "--suite", t.root.string(), "--signals-dir", kSignals, "--rules", kRules});
  CHECK(r.rc == 2);
  CHECK(r.err.find("label.yaml:1:13: error: unknown bottleneck 'gemm'") != std::string::npos);
  CHECK(r.out.empty());
  fs::remove_all(t.root / "synthetic_gemm");
  CHECK(run({"eval", "--suite", t.root.string(), "--signals-dir", kSignals}).rc == 2);
}

TEST_CASE("eval from synthetic signal files: per-class counts, accuracy, confusions") {
  Run r = run({"eval", "--suite", kSuite, "--signals-dir", kSignals, "--rules", kRules, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["backend"] == "signals-dir");
  CHECK(j["chip"] == "h200");
  CHECK(j["total"] == 7);
  CHECK(j["measured"] == 6);
  CHECK(j["correct"] == 4);
  CHECK(j["accuracy"].get<double>() == doctest::Approx(4.0 / 7.0));

  // The stream at the roof: the stop rule names at_ceiling, which its label accepts.
  const json& stream = case_of(j, "synthetic_stream");
  CHECK(stream["fired"] == "saturated");
  CHECK(stream["correct"] == true);
  CHECK(stream["accepted_alternative"] == true);
  CHECK(case_of(j, "synthetic_triad")["got"] == "dram_bandwidth");
  CHECK(case_of(j, "synthetic_triad")["accepted_alternative"] == false);
  CHECK(case_of(j, "synthetic_gemm")["correct"] == true);
  CHECK(case_of(j, "synthetic_gather")["correct"] == true);

  auto cls = [&](const char* b, int n, int correct, int called) {
    INFO(b);
    const json& c = class_of(j, b);
    CHECK(c["n"] == n);
    CHECK(c["correct"] == correct);
    CHECK(c["called"] == called);
  };
  cls("dram_bandwidth", 2, 2, 1);
  cls("at_ceiling", 0, 0, 1);
  cls("naive_gemm", 1, 1, 2);
  cls("uncoalesced", 1, 1, 2);
  cls("cache_resident_reuse", 1, 0, 0);
  cls("warp_divergence", 1, 0, 0);
  cls("small_grid", 1, 0, 0);

  REQUIRE(j["confusions"].size() == 3);
  std::map<std::string, json> conf;
  for (const auto& c : j["confusions"]) conf[c["kernel"].get<std::string>()] = c;
  // L1-resident strided loads read as "uncoalesced" by a rule that only reads load_eff.
  CHECK(conf["synthetic_l1_reuse"]["label"] == "cache_resident_reuse");
  CHECK(conf["synthetic_l1_reuse"]["got"] == "uncoalesced");
  CHECK(conf["synthetic_l1_reuse"]["fired"] == "scattered");
  CHECK(conf["synthetic_l1_reuse"]["evidence"]["load_eff"] == 0.3);
  // High FLOP/byte read as a GEMM.
  CHECK(conf["synthetic_divergent"]["got"] == "naive_gemm");
  CHECK(conf["synthetic_divergent"]["evidence"]["arith_intensity"] == 50.0);
  CHECK(conf["synthetic_divergent"]["evidence"]["tensor_active"] == false);
  CHECK(conf["synthetic_unmeasured"]["got"] == "(not measured)");
  CHECK(conf["synthetic_unmeasured"]["fired"].is_null());
  CHECK(conf["synthetic_unmeasured"]["detail"].get<std::string>().find(
            "synthetic_unmeasured.json") != std::string::npos);

  // The same in text.
  Run t = run({"eval", "--suite", kSuite, "--signals-dir", kSignals, "--rules", kRules});
  REQUIRE(t.rc == 0);
  CHECK(t.out.find("overall: 4/7 correct (57.1%), 6 measured") != std::string::npos);
  CHECK(t.out.find(
            "synthetic_l1_reuse: cache_resident_reuse -> uncoalesced  [scattered: load_eff=0.3]") !=
        std::string::npos);
  CHECK(t.out.find("synthetic_stream") != std::string::npos);
  CHECK(t.out.find("yes (accepted)") != std::string::npos);
}

TEST_CASE(
    "eval: a rule without a bottleneck and a table where nothing fires are misses, not errors") {
  TempSuite t("none");
  std::ofstream(t.root / "rules.yaml")
      << "version: 1\nrules:\n  - id: unnamed\n    when: arith_intensity > 16\n"
         "    hypothesis: add_smem_tiling\n    priority: 20\n    rationale: test\n";
  Run r = run({"eval", "--suite", t.root.string(), "--signals-dir", kSignals, "--rules",
               (t.root / "rules.yaml").string(), "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["total"] == 1);
  CHECK(j["correct"] == 0);
  CHECK(j["cases"][0]["got"] == "(rule names no bottleneck)");
  CHECK(j["cases"][0]["fired"] == "unnamed");
  std::ofstream(t.root / "rules.yaml")
      << "version: 1\nrules:\n  - id: never\n    when: dram_frac > 2\n"
         "    hypothesis: add_smem_tiling\n    bottleneck: naive_gemm\n"
         "    priority: 20\n    rationale: test\n";
  j = json::parse(run({"eval", "--suite", t.root.string(), "--signals-dir", kSignals, "--rules",
                       (t.root / "rules.yaml").string(), "--json"})
                      .out);
  // No rule holds: the verdict is "no rule explains this" with the time account, not silence.
  CHECK(j["cases"][0]["got"] == "unexplained");
  CHECK(j["cases"][0]["fired"].is_null());
  CHECK(j["cases"][0]["detail"].get<std::string>().find(
            "no rule's condition holds: no rule explains this kernel") != std::string::npos);
  CHECK(j["accuracy"] == 0.0);
}

TEST_CASE("eval from a synthetic ncu export: rows map to suite kernels by name") {
  Run r = run({"eval", "--suite", kSuite, "--ncu-csv", kNcu, "--rules", kRules, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["backend"] == "ncu-csv");
  CHECK(j["total"] == 7);
  CHECK(j["measured"] == 3);  // stream (2 rows), gather, l1_reuse
  const json& stream = case_of(j, "synthetic_stream");
  CHECK(stream["source"].get<std::string>().find("synthetic_ncu.csv:6 (2 rows)") !=
        std::string::npos);  // the longer launch
  CHECK(case_of(j, "synthetic_gather")["got"] == "uncoalesced");
  CHECK(case_of(j, "synthetic_l1_reuse")["got"] == "uncoalesced");
  CHECK(case_of(j, "synthetic_gemm")["got"] == "(not measured)");
  // The reference kernel and an unrelated one are reported, not scored.
  REQUIRE(j["unmatched_rows"].size() == 2);
  CHECK(j["unmatched_rows"][0].get<std::string>().find("synthetic_stream_ref") == 0);
  CHECK(j["unmatched_rows"][1].get<std::string>().find("unrelated_kernel(int) (line 9)") == 0);
}

TEST_CASE("eval: usage and input errors exit 2; no GPU for live exits 1") {
  CHECK(run({"eval"}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--signals-dir", kSignals, "--ncu-csv", kNcu}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--backend", "live", "--signals-dir", kSignals}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--backend", "recorded"}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--backend", "replayed"}).rc == 2);
  CHECK(run({"eval", "--suite", kData + "no_such_suite", "--signals-dir", kSignals}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--signals-dir", kSignals, "--chip", "voodoo3"}).rc == 2);
  CHECK(run({"eval", "--suite", kSuite, "--signals-dir", kData + "missing_dir"}).rc == 2);
  // A broken signal file is bad input, located.
  TempSuite t("badsig");
  fs::create_directories(t.root / "sig");
  std::ofstream(t.root / "sig" / "synthetic_gemm.json")
      << "{\"version\": 1, \"kernel\": \"k\", \"signals\": {\"dram_frac\": \"high\"}}";
  Run r = run({"eval", "--suite", t.root.string(), "--signals-dir", (t.root / "sig").string(),
               "--chip", "h200"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("synthetic_gemm.json:1:") != std::string::npos);
  // Two suite kernels launching the same kernel name cannot be told apart in an export.
  fs::copy(t.root / "synthetic_gemm", t.root / "synthetic_gemm2", fs::copy_options::recursive);
  std::string spec = (t.root / "synthetic_gemm2" / "problem.yaml").string();
  std::ifstream in(spec);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  text.replace(text.find("name: synthetic_gemm"), 20, "name: synthetic_gemm2");
  std::ofstream(spec) << text;
  r = run({"eval", "--suite", t.root.string(), "--ncu-csv", kNcu});
  CHECK(r.rc == 2);
  CHECK(r.err.find("launched by both synthetic_gemm and synthetic_gemm2") != std::string::npos);
  // Live without a GPU: the work cannot be done (1), said plainly.
  Run live = run({"eval", "--suite", kSuite, "--rules", kRules});
  CHECK(live.rc == 1);
  CHECK(live.err.find("no live GPU") != std::string::npos);
}

TEST_CASE("eval --confirm-dir: each label's confirm ranges against its own ncu capture") {
  Run r = run({"eval", "--suite", kSuite, "--confirm-dir", kData + "synthetic_confirm", "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["labels"] == 7);
  CHECK(j["labels_confirmed"] == 1);  // only the stream: the gemm's 130% is out of [0, 100]
  CHECK(j["metrics"] == 7);
  CHECK(j["metrics_in_range"] == 1);
  std::map<std::string, json> rows;
  for (const auto& row : j["rows"]) rows[row["kernel"].get<std::string>()] = row;
  CHECK(rows["synthetic_stream"]["value"] == 92.5);  // the longer of its two launches
  CHECK(rows["synthetic_stream"]["ok"] == true);
  CHECK(rows["synthetic_gemm"]["value"] == 130.0);
  CHECK(rows["synthetic_gemm"]["ok"] == false);
  CHECK(rows["synthetic_gather"]["value"].is_null());
  CHECK(rows["synthetic_gather"]["detail"].get<std::string>().find("no capture") == 0);
  Run t = run({"eval", "--suite", kSuite, "--confirm-dir", kData + "synthetic_confirm"});
  CHECK(
      t.out.find("labels confirmed (every confirm: metric in range): 1/7; metrics in range: 1/7") !=
      std::string::npos);
  CHECK(run({"eval", "--suite", kSuite, "--confirm-dir", kData + "synthetic_confirm",
             "--signals-dir", kSignals})
            .rc == 2);
}

TEST_CASE("eval --confirm-csv: one export of every kernel gives the same check as one per kernel") {
  // The two captures joined: one header and units row, then both kernels' rows.
  auto lines = [](const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);)
      if (!l.empty() && l[0] == '"') out.push_back(l);
    return out;
  };
  auto gemm = lines(kData + "synthetic_confirm/synthetic_gemm.csv");
  auto stream = lines(kData + "synthetic_confirm/synthetic_stream.csv");
  REQUIRE(gemm.size() >= 3);
  REQUIRE(stream.size() >= 3);
  REQUIRE(gemm[0] == stream[0]);
  fs::path file = fs::temp_directory_path() / "solver_eval_confirm_all.csv";
  {
    std::ofstream out(file);
    for (const auto& l : gemm) out << l << "\n";
    for (std::size_t i = 2; i < stream.size(); ++i) out << stream[i] << "\n";
  }
  Run r = run({"eval", "--suite", kSuite, "--confirm-csv", file.string(), "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["labels_confirmed"] == 1);
  CHECK(j["metrics_in_range"] == 1);
  std::map<std::string, json> rows;
  for (const auto& row : j["rows"]) rows[row["kernel"].get<std::string>()] = row;
  CHECK(rows["synthetic_stream"]["value"] == 92.5);
  CHECK(rows["synthetic_gemm"]["value"] == 130.0);
  CHECK(rows["synthetic_gather"]["detail"].get<std::string>().find("no row names") == 0);
  CHECK(
      run({"eval", "--suite", kSuite, "--confirm-csv", file.string(), "--confirm-dir", kData}).rc ==
      2);
  CHECK(run({"eval", "--suite", kSuite, "--confirm-csv", kData + "no_such.csv"}).rc == 2);
}

TEST_CASE("eval --save-signals writes what --signals-dir reads back") {
  TempSuite t("save");
  engine::LabelledSuite s = engine::load_labelled_suite(t.root.string());
  REQUIRE(s.kernels.size() == 1);
  engine::ProfileResult p;
  p.ok = true;
  p.time_us = 120.5;
  p.signals.values["dram_frac"] = 0.95;
  p.signals.values["load_eff"] = 1.0;
  p.signals.values["tensor_active"] = false;
  p.signal_origin["dram_frac"] = "unprofiled";
  p.raw_metrics["gpu__time_duration.sum"] = 130000.0;
  p.detail = "a note from the derivation";
  profiling::SignalFile f =
      engine::live_signal_file(s.kernels[0], "only", p, "h200", "NVIDIA H200");
  fs::create_directories(t.root / "sig");
  std::ofstream(t.root / "sig" / "synthetic_gemm.json") << profiling::dump_signal_file(f);

  profiling::SignalFile back =
      profiling::load_signal_file((t.root / "sig" / "synthetic_gemm.json").string());
  CHECK(back.kernel == "synthetic_gemm/only");
  CHECK(back.chip == std::optional<std::string>("h200"));
  CHECK(back.time_us == std::optional<double>(120.5));
  CHECK(back.launch_count == std::optional<double>(1.0));
  CHECK(back.raw_metrics.at("gpu__time_duration.sum") == 130000.0);
  CHECK(std::get<double>(back.signals.values.at("dram_frac")) == 0.95);
  CHECK(back.signal_origin.at("dram_frac") == "unprofiled");

  Run r = run({"eval", "--suite", t.root.string(), "--signals-dir", (t.root / "sig").string(),
               "--rules", kRules, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  CHECK(j["cases"][0]["fired"] == "saturated");
  CHECK(j["cases"][0]["got"] == "at_ceiling");
  CHECK(j["cases"][0]["correct"] == false);  // labelled naive_gemm, which accepts nothing else
  // The derivation's note comes first; where NVRTC cannot be loaded (a machine without the
  // toolkit) eval says after it that the seed's code facts were not scanned.
  const std::string detail = j["cases"][0]["detail"];
  const std::string note = "a note from the derivation";
  REQUIRE(detail.rfind(note, 0) == 0);
  if (detail != note) CHECK(detail.substr(note.size(), 20) == "; code not scanned (");
}

TEST_CASE("eval --save-signals with a recorded source writes what it classified") {
  // The ncu path derives each kernel's signals from the export; saved, they score the same
  // from --signals-dir (the verdicts of two measurements can then be compared signal by signal).
  TempSuite t("resave");
  const std::string dir = (t.root / "derived").string();
  Run a = run({"eval", "--suite", kSuite, "--ncu-csv", kNcu, "--rules", kRules, "--save-signals",
               dir, "--json"});
  REQUIRE(a.rc == 0);
  Run b = run({"eval", "--suite", kSuite, "--signals-dir", dir, "--rules", kRules, "--json"});
  REQUIRE(b.rc == 0);
  json ja = json::parse(a.out), jb = json::parse(b.out);
  int measured = 0;
  std::string first;
  for (const auto& c : ja["cases"]) {
    if (c["got"] == engine::kNotMeasured) continue;
    if (measured++ == 0) first = c["kernel"].get<std::string>();
    CHECK(case_of(jb, c["kernel"])["got"] == c["got"]);
    CHECK(case_of(jb, c["kernel"])["fired"] == c["fired"]);
  }
  REQUIRE(measured > 0);
  CHECK(profiling::load_signal_file(dir + "/" + first + ".json").source.find("derived from") !=
        std::string::npos);
}
