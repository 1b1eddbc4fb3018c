// `--ncu-csv` given a binary Nsight Compute report (.ncu-rep): the argument list that converts it
// (`ncu --import F --csv --page raw`), where ncu is looked up, the message when there is none
// (exit 2, with the export command to run elsewhere), and the whole path through the process
// launcher with a stand-in `ncu` (a shell script: this machine has no Nsight Compute) that
// prints a CSV as `ncu --import` prints one. tests/scripts/ncu_rep_gpu_test.sh does the same
// with the real ncu on a report it records on a GPU.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "engine/eval/ncu_report.h"
#include "rules/diagnostics.h"
#include "synthetic_pool.h"

using namespace solver;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kNcu = std::string(SOLVER_SOURCE_DIR) + "/tests/data/ncu/h200_three_kernels.csv";

// Sets (or, with nullopt, unsets) an environment variable for one scope.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(std::string n, std::optional<std::string> value) : name(std::move(n)) {
    if (const char* v = std::getenv(name.c_str())) old = v;
    if (value)
      ::setenv(name.c_str(), value->c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }
  ~ScopedEnv() {
    if (old)
      ::setenv(name.c_str(), old->c_str(), 1);
    else
      ::unsetenv(name.c_str());
  }
};

void write(const fs::path& p, const std::string& text, bool executable = false) {
  std::ofstream(p, std::ios::binary) << text;
  if (executable) ::chmod(p.c_str(), 0755);
}

// What `ncu --import` prints: the export without the ==PROF== lines of a profiling session.
std::string imported_csv() {
  std::ifstream in(kNcu);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("==PROF==", 0) != 0) out += line + "\n";
  return out;
}

// A binary report stand-in: a NUL in its first bytes, as in every real .ncu-rep.
std::string fake_report(const fs::path& dir, const std::string& name) {
  fs::path p = dir / name;
  write(p, std::string("NVIDIA\0report", 13));
  return p.string();
}

// A stand-in ncu: records its arguments in ARGS, checks them, prints the CSV (or fails).
std::string fake_ncu(const fs::path& dir, const std::string& body) {
  fs::path csv = dir / "imported.csv";
  write(csv, imported_csv());
  fs::path ncu = dir / "ncu";
  write(ncu,
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + (dir / "args").string() + "'\n" + "CSV='" +
            csv.string() + "'\n" + body,
        true);
  return ncu.string();
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the import command is ncu --import FILE --csv --page raw, argument by argument") {
  CHECK(engine::ncu_import_argv("/opt/nsight/ncu", "a b.ncu-rep") ==
        std::vector<std::string>{"/opt/nsight/ncu", "--import", "a b.ncu-rep", "--csv", "--page",
                                 "raw"});
}

TEST_CASE("a report is named .ncu-rep or holds binary bytes; a CSV is neither") {
  fs::path dir = test::make_temp_dir("ncu-rep-kind");
  CHECK(engine::is_ncu_report("missing.ncu-rep"));
  CHECK(engine::is_ncu_report(fake_report(dir, "renamed.bin")));
  CHECK_FALSE(engine::is_ncu_report(kNcu));
  CHECK_FALSE(engine::is_ncu_report((dir / "missing.csv").string()));
  fs::remove_all(dir);
}

TEST_CASE("ncu is SOLVER_NCU when set, else the first executable ncu on PATH") {
  fs::path dir = test::make_temp_dir("ncu-find");
  fs::create_directories(dir / "a");
  fs::create_directories(dir / "b");
  write(dir / "a" / "ncu", "not executable");  // skipped: not executable
  write(dir / "b" / "ncu", "#!/bin/sh\n", true);
  const std::string path =
      (dir / "none").string() + "::" + (dir / "a").string() + ":" + (dir / "b").string();
  CHECK(engine::find_ncu(path, "") == (dir / "b" / "ncu").string());
  CHECK(engine::find_ncu(path, "/x/ncu") == "/x/ncu");
  CHECK_FALSE(engine::find_ncu((dir / "a").string(), "").has_value());
  CHECK_FALSE(engine::find_ncu("", "").has_value());
  fs::remove_all(dir);
}

TEST_CASE("without ncu, a report is refused with exit 2: install Nsight Compute or export a CSV") {
  fs::path dir = test::make_temp_dir("ncu-missing");
  std::string rep = fake_report(dir, "prof.ncu-rep");
  ScopedEnv path("PATH", (dir / "empty").string());
  ScopedEnv override("SOLVER_NCU", std::nullopt);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"classify", "--ncu-csv", rep},
        std::vector<std::string>{"rules", "check", "--ncu-csv", rep},
        std::vector<std::string>{"eval", "--suite", "tests/labelled", "--backend", "recorded",
                                 "--ncu-csv", rep}}) {
    test::CliRun r = test::run_solver(args);
    INFO(args[0] << ": " << r.out << r.err);
    CHECK(r.rc == 2);
    CHECK(r.err.find(rep +
                     ": error: an Nsight Compute report (.ncu-rep) is read with `ncu --import`, "
                     "and no `ncu` is on PATH: install Nsight Compute") != std::string::npos);
    CHECK(r.err.find("or set SOLVER_NCU=/path/to/ncu, or export the CSV where ncu is installed "
                     "and pass that file: ncu --import " +
                     rep + " --csv --page raw > " + (dir / "prof.csv").string() + "\n") !=
          std::string::npos);
    CHECK(r.out.empty());
  }
  fs::remove_all(dir);
}

TEST_CASE("a report goes through ncu --import and classifies as the CSV export does") {
  fs::path dir = test::make_temp_dir("ncu-import");
  std::string rep = fake_report(dir, "prof.ncu-rep");
  std::string ncu =
      fake_ncu(dir,
               "[ $# -eq 5 ] && [ \"$1 $3 $4 $5\" = \"--import --csv --page raw\" ] || "
               "{ echo \"==ERROR== bad arguments: $*\" >&2; exit 3; }\n"
               "echo '==WARNING== a note on stderr' >&2\ncat \"$CSV\"\n");
  ScopedEnv override("SOLVER_NCU", ncu);
  test::CliRun from_rep = test::run_solver({"classify", "--ncu-csv", rep, "--json"});
  INFO(from_rep.err);
  REQUIRE(from_rep.rc == 0);
  CHECK(read(dir / "args") == "--import\n" + rep + "\n--csv\n--page\nraw\n");
  test::CliRun from_csv = test::run_solver({"classify", "--ncu-csv", kNcu, "--json"});
  REQUIRE(from_csv.rc == 0);
  json a = json::parse(from_rep.out)["verdicts"], b = json::parse(from_csv.out)["verdicts"];
  REQUIRE(a.size() == 3);
  REQUIRE(b.size() == 3);
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i]["kernel"] == b[i]["kernel"]);
    CHECK(a[i]["fired"] == b[i]["fired"]);
    CHECK(a[i]["signals"] == b[i]["signals"]);
  }
  // The text form too, and the other commands that take an export.
  test::CliRun text = test::run_solver({"classify", "--ncu-csv", rep});
  CHECK(text.rc == 0);
  CHECK(text.out.find("verdict") != std::string::npos);
  CHECK(test::run_solver({"rules", "check", "--ncu-csv", rep}).rc == 0);
  fs::remove_all(dir);
}

TEST_CASE("ncu failing, printing nothing or hanging is a located error that says why") {
  fs::path dir = test::make_temp_dir("ncu-fail");
  std::string rep = fake_report(dir, "prof.ncu-rep");
  {
    ScopedEnv override("SOLVER_NCU", fake_ncu(dir,
                                              "echo '==ERROR== Failed to open file' >&2\n"
                                              "exit 1\n"));
    test::CliRun r = test::run_solver({"classify", "--ncu-csv", rep});
    CHECK(r.rc == 2);
    CHECK(r.err.find(rep + ": error: `" + (dir / "ncu").string() + " --import " + rep +
                     " --csv --page raw` failed: exit 1: ==ERROR== Failed to open file\n") !=
          std::string::npos);
  }
  {
    ScopedEnv override("SOLVER_NCU", fake_ncu(dir, "exit 0\n"));
    test::CliRun r = test::run_solver({"classify", "--ncu-csv", rep});
    CHECK(r.rc == 2);
    CHECK(r.err.find("printed no export (is it an Nsight Compute report?)") != std::string::npos);
  }
  {
    ScopedEnv override("SOLVER_NCU", (dir / "no-such-ncu").string());
    test::CliRun r = test::run_solver({"classify", "--ncu-csv", rep});
    CHECK(r.rc == 2);
    CHECK(r.err.find("did not start") != std::string::npos);
  }
  {
    ScopedEnv override("SOLVER_NCU", fake_ncu(dir, "echo 'garbage' \n"));
    test::CliRun r = test::run_solver({"classify", "--ncu-csv", rep});
    CHECK(r.rc == 2);
    CHECK(r.err.find(rep + " (as ncu --import --csv --page raw prints it):1:1: error: no ncu "
                           "header row") != std::string::npos);
  }
  std::string slow = fake_ncu(dir, "sleep 5\n");
  try {
    engine::import_ncu_report(rep, slow, 300);
    FAIL("no error");
  } catch (const rules::InputError& e) {
    CHECK(std::string(e.what()).find("timed out after") != std::string::npos);
  }
  CHECK(test::run_solver({"classify", "--ncu-csv", (dir / "absent.ncu-rep").string()}).rc == 2);
  fs::remove_all(dir);
}

// issue 31: ncu's per-line samples (the Source page's CUDA view, HAND-WRITTEN after the format
// of profiling/ncu_source.h) join the verdict of the kernel they name: its citation, its lines
// and the concentration signals; the other kernels' verdicts are as before. From a CSV, and
// from the report through `ncu --import R --csv --page source --print-source cuda`.
TEST_CASE("classify --ncu-source cites the line ncu's source counters rank first") {
  fs::path dir = test::make_temp_dir("ncu-source");
  const std::string source =
      "\"Kernel Name\",\"stream_scale\"\n"
      "\"File Path\",\"/w/stream.cu\"\n"
      "\"#\",\"Source\",\"Warp Stall Sampling (All Samples)\",\"stall_long_sb\",\"stall_lg\","
      "\"stall_selected\"\n"
      "\"5\",\"  const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;\",\"40\",\"0\","
      "\"0\",\"40\"\n"
      "\"7\",\"  y[i] = a * x[i];\",\"9,000\",\"7,600\",\"1,200\",\"200\"\n";
  write(dir / "source.csv", source);
  test::CliRun r = test::run_solver(
      {"classify", "--ncu-csv", kNcu, "--ncu-source", (dir / "source.csv").string(), "--json"});
  INFO(r.err);
  REQUIRE(r.rc == 0);
  test::CliRun plain = test::run_solver({"classify", "--ncu-csv", kNcu, "--json"});
  REQUIRE(plain.rc == 0);
  json with = json::parse(r.out)["verdicts"], without = json::parse(plain.out)["verdicts"];
  REQUIRE(with.size() == 3);
  int cited = 0;
  for (std::size_t i = 0; i < with.size(); ++i) {
    INFO(with[i]["kernel"]);
    if (with[i]["kernel"].get<std::string>().rfind("stream_scale", 0) == 0) {
      ++cited;
      CHECK(with[i]["citation"].get<std::string>().find(" at stream.cu:7: `y[i] = a * x[i];`") !=
            std::string::npos);
      CHECK(with[i]["pc_sampling"]["lines"][0]["line"] == 7);
      CHECK(with[i]["signals"].contains("pc_top_line_share"));
    } else {
      CHECK_FALSE(with[i].contains("citation"));
      CHECK(with[i]["signals"] == without[i]["signals"]);
    }
  }
  CHECK(cited == 1);
  test::CliRun text = test::run_solver(
      {"classify", "--ncu-csv", kNcu, "--ncu-source", (dir / "source.csv").string()});
  CHECK(text.out.find("stream.cu:7") != std::string::npos);

  // The report itself: ncu is run with the source page's arguments.
  std::string rep = fake_report(dir, "prof.ncu-rep");
  write(dir / "source-page.csv", source);
  ScopedEnv override(
      "SOLVER_NCU",
      fake_ncu(dir, "if [ \"$5 $6 $7\" = \"source --print-source cuda\" ]; then cat '" +
                        (dir / "source-page.csv").string() + "'; else cat \"$CSV\"; fi\n"));
  test::CliRun from_rep =
      test::run_solver({"classify", "--ncu-csv", rep, "--ncu-source", rep, "--json"});
  INFO(from_rep.err);
  REQUIRE(from_rep.rc == 0);
  json rep_verdicts = json::parse(from_rep.out)["verdicts"];
  REQUIRE(rep_verdicts.size() == with.size());
  for (std::size_t i = 0; i < with.size(); ++i) {
    CHECK(rep_verdicts[i].value("citation", "") == with[i].value("citation", ""));
    CHECK(rep_verdicts[i]["signals"] == with[i]["signals"]);
  }
  CHECK(engine::ncu_source_argv("ncu", "r.ncu-rep") ==
        std::vector<std::string>{"ncu", "--import", "r.ncu-rep", "--csv", "--page", "source",
                                 "--print-source", "cuda"});

  // Bad input: located, exit 2; --ncu-source alone is refused.
  write(dir / "bad.csv", "\"#\",\"Source\",\"stall_wait\"\n\"x\",\"y\",\"1\"\n");
  test::CliRun bad =
      test::run_solver({"classify", "--ncu-csv", kNcu, "--ncu-source", (dir / "bad.csv").string()});
  CHECK(bad.rc == 2);
  CHECK(bad.err.find((dir / "bad.csv").string() + ":2:1: error: the line number 'x'") !=
        std::string::npos);
  CHECK(test::run_solver({"classify", "--ncu-source", (dir / "source.csv").string()}).rc == 2);
  fs::remove_all(dir);
}
