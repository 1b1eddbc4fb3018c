// issue 32 item 5/6, the at-a-glance parts of a run's output, on an offline ablation of three
// bundled problems (one with a name longer than 14 characters) on the bundled H200 recording:
// - the verdict line ("ON ahead on N, OFF on M, same on K (of 3 problems)") first in the
//   terminal summary, in summary.json / `report --json`, and at the top of report.html, the
//   same text everywhere and its counts those of the problems;
// - the device block: the terminal's "device:" line, the JSON's "device" object and the
//   report's device strip, with the fields the recording lacks (driver, ECC) "not recorded";
// - the terminal table's columns aligned whatever a problem's name length;
// - one roofline chart per problem in the report, and the YAML diff collapsed.
#include <doctest/doctest.h>

#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "synthetic_pool.h"

using namespace solver;
using nlohmann::json;

namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

TEST_CASE("verdict line, device block, aligned table and a roofline per problem, offline") {
  std::string dir = test::make_temp_dir("glance");
  std::string run = dir + "/run";
  test::CliRun r = test::run_solver({"ablate", "--problems", "matmul,sigmoid,triangle_contraction",
                                     "--rounds", "3", "--out", run, "--quiet"});
  INFO(r.out << r.err);
  REQUIRE(r.rc == 0);

  // The verdict line and the device line open the summary.
  std::vector<std::string> out = lines(r.out);
  std::size_t at = 0;
  while (at < out.size() && out[at].rfind("verdict: ", 0) != 0) ++at;
  REQUIRE(at + 1 < out.size());
  std::smatch m;
  const std::string verdict = out[at].substr(9);
  REQUIRE(std::regex_match(
      verdict, m,
      std::regex(R"(ON ahead on (\d+), OFF on (\d+), same on (\d+) \(of 3 problems\))")));
  CHECK(std::stoi(m[1]) + std::stoi(m[2]) + std::stoi(m[3]) == 3);
  CHECK(out[at + 1].rfind("device: NVIDIA H200 (h200) · driver not recorded · ", 0) == 0);
  CHECK(out[at + 1].find(" · ECC not recorded") != std::string::npos);

  // The table: every row's columns start where the header's do (names of any length).
  std::size_t head = at;
  while (head < out.size() && out[head].rfind("problem ", 0) != 0) ++head;
  REQUIRE(head < out.size());
  const std::string& header = out[head];
  const std::size_t col2 = header.find("best OFF");
  REQUIRE(col2 != std::string::npos);
  // Headers in words, not "2% OFF" / "ret prop".
  for (const char* h : {"pool best", "OFF within 2%", "ON within 2%", "retired", "proposed"})
    CHECK_MESSAGE(header.find(h) != std::string::npos, h);
  CHECK(header.find("2% OFF") == std::string::npos);
  CHECK(header.find("ret prop") == std::string::npos);
  int rows = 0;
  for (const char* p : {"matmul ", "sigmoid ", "triangle_contraction "})
    for (std::size_t i = head + 1; i < out.size(); ++i)
      if (out[i].rfind(p, 0) == 0) {
        ++rows;
        CHECK_MESSAGE(out[i].find_first_not_of(' ', std::string(p).size()) == col2, out[i]);
        break;
      }
  CHECK(rows == 3);

  // summary.json (what `report --json` prints): the same verdict line, the device block.
  test::CliRun rj = test::run_solver({"report", run, "--json"});
  REQUIRE(rj.rc == 0);
  json s = json::parse(rj.out);
  CHECK(s["verdict_line"] == verdict);
  CHECK(s["device"]["name"] == "NVIDIA H200");
  CHECK(s["device"]["source"] == "recorded");
  CHECK(s["device"]["driver"].is_null());
  CHECK(s["device"]["ecc"].is_null());

  // The report: verdict at the top, the device strip, one roofline per problem, diff folded.
  std::string html = test::read_text(run + "/report.html");
  const auto verdict_at = html.find("<p class=\"verdict\">" + verdict + "</p>");
  CHECK(verdict_at != std::string::npos);
  CHECK(verdict_at < html.find("<h2>"));
  CHECK(html.find("<th>ECC</th>") != std::string::npos);
  CHECK(html.find("<td class=\"nr\">not recorded</td>") != std::string::npos);
  CHECK(count(html, "class=\"roofline\"") == 3);
  for (const char* p : {"matmul", "sigmoid", "triangle_contraction"})
    CHECK(html.find(std::string("<title>") + p + " roofline</title>") != std::string::npos);
  CHECK(html.find("<details><summary>the YAML diff (click to open)</summary>") !=
        std::string::npos);
  test::fs::remove_all(dir);
}

TEST_CASE("without --out the run directory is said first, under runs/ of the current folder") {
  // getcwd resolves symbolic links: so does the expectation.
  std::string dir = test::fs::canonical(test::make_temp_dir("glance-cwd")).string();
  const test::fs::path was = test::fs::current_path();
  test::fs::current_path(dir);
  test::CliRun r = test::run_solver({"ablate", "--problems", "sigmoid", "--rounds", "2"});
  test::fs::current_path(was);
  INFO(r.out << r.err);
  REQUIRE(r.rc == 0);
  const std::string said = "solver: run directory " + dir + "/runs/";
  const auto said_at = r.err.find(said);
  REQUIRE(said_at != std::string::npos);
  CHECK(said_at < r.err.find("[sigmoid "));  // before the first round line
  const auto from = said_at + 22;
  const std::string path = r.err.substr(from, r.err.find(" (--out DIR to choose)\n") - from);
  CHECK(path.rfind(dir + "/runs/", 0) == 0);
  CHECK(test::fs::exists(path + "/report.html"));
  // Round lines: "[problem track rN] outcome ...", an explored one says so and why.
  CHECK(r.err.find("[sigmoid on r1] ") != std::string::npos);
  for (const std::string& l : lines(r.err))
    if (l.find(" explored ") != std::string::npos)
      CHECK((l.find("(no fired rule names it)") != std::string::npos ||
             l.find("(of outranked rule ") != std::string::npos));
  test::fs::remove_all(dir);
}
