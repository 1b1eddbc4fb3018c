// issue 31: the report's annotated source listing. An offline ablation of neighbor_aggregation on
// the PC sampling fixture (tests/data/recordings/pc_sampling_synthetic.json, SYNTHETIC samples on
// a recorded H200 profile) writes, per track, the incumbent's hottest lines with their line,
// text, share of samples, stall mix and the producer walk's answer; every row is checked
// against the fixture's samples as the recorded backend serves them. On hand-made objects: the
// share, the stall mix's 1% floor, a line without a line number, the row limit, and no section
// without samples.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli_run.h"
#include "engine/backend/pc_sampling_json.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/report/report_lines.h"
#include "synthetic_pool.h"

using namespace solver;
using nlohmann::json;

namespace {

const std::string kFixture =
    std::string(SOLVER_SOURCE_DIR) + "/tests/data/recordings/pc_sampling_synthetic.json";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string html_escaped(const std::string& s) {
  std::string o;
  for (char c : s)
    o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return o;
}

std::string pct(double f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * f);
  return f > 0 && f < 0.005 ? "<1%" : buf;
}

}  // namespace

TEST_CASE("the report lists each track's incumbent's hottest lines from its samples") {
  engine::RecordedBackend b(engine::load_recording(kFixture));
  engine::ProfileResult p = b.profile({"neighbor_aggregation", "naive", {}});
  REQUIRE(p.pc_sampling);
  const profiling::PcSampling& s = *p.pc_sampling;
  REQUIRE(s.lines.size() >= 5);

  std::string run = test::make_temp_dir("report_lines") + "/run";
  test::CliRun r = test::run_solver({"ablate", "--problems", "neighbor_aggregation", "--rounds",
                                     "2", "--recording", kFixture, "--out", run, "--quiet"});
  INFO(r.out << r.err);
  REQUIRE(r.rc == 0);
  const std::string html = read(run + "/report.html");
  const auto section = html.find("<h2>Where in the code: the incumbents' hottest lines</h2>");
  REQUIRE(section != std::string::npos);

  // One table per track, each the incumbent naive's, five rows in the fixture's order.
  std::regex head(R"(<h3>neighbor_aggregation &middot; (OFF|ON) &middot; round \d+ incumbent )"
                  R"(<code>naive</code>, kernel <code>aggregate_naive</code>, (\d+) samples</h3>)");
  std::regex row(R"(<tr><td class="n">([^<]*)</td><td><code>(.*?)</code></td><td class="n">)"
                 R"(([^<]*)</td><td>([^<]*)</td><td>(.*?)</td></tr>)");
  std::string rest = html.substr(section);
  int tables = 0;
  for (std::smatch h; std::regex_search(rest, h, head); ++tables) {
    CHECK(std::stoull(h[2]) == s.total_samples);
    rest = h.suffix();
    std::string table = rest.substr(0, rest.find("</table>"));
    CHECK(table.find("cites: 99% of long_scoreboard samples at naive.cu:11") != std::string::npos);
    size_t i = 0;
    for (std::smatch m; std::regex_search(table, m, row); table = m.suffix(), ++i) {
      REQUIRE(i < s.lines.size());
      const profiling::LineSamples& l = s.lines[i];
      INFO("row " << i);
      CHECK(m[1] == l.where());
      CHECK(m[2] == html_escaped(l.text));
      CHECK(m[3] == html_escaped(pct(double(l.samples) / double(s.total_samples))));
      // The stall mix starts with the line's top reason and its share of the line.
      CHECK(m[4].str().rfind(
                l.top_stall() + " " + pct(double(l.stalls.at(l.top_stall())) / double(l.samples)),
                0) == 0);
      // The producer walk's answer sits on the line of the stalled instruction it was asked for.
      bool cause_here = false;
      for (const auto& c : s.causes)
        if (c.pc_offset == l.pc_offset && !c.producer.empty()) {
          cause_here = true;
          CHECK(m[5] ==
                html_escaped(c.reason + " <- `" + c.producer + "` (" + c.producer_where + ")"));
        }
      if (!cause_here) CHECK(m[5] == "");
    }
    CHECK(i == 5);  // the ledger keeps the five hottest
  }
  CHECK(tables == 2);
}

TEST_CASE("rows: share of the kernel, stall mix of the line, a PC without a line, the limit") {
  json lines = {{"kernel", "k"},
                {"total_samples", 1000},
                {"lines",
                 {{{"file", "k.cu"},
                   {"line", 4},
                   {"function", "k"},
                   {"pc_offset", 0x40},
                   {"text", "y[i] = x[j];"},
                   {"samples", 800},
                   {"stalls", {{"long_scoreboard", 600}, {"selected", 197}, {"wait", 3}}}},
                  {{"file", ""},
                   {"line", 0},
                   {"function", "k"},
                   {"pc_offset", 0x1f0},
                   {"text", ""},
                   {"samples", 150},
                   {"stalls", {{"drain", 150}}}},
                  {{"file", "k.cu"}, {"line", 9}, {"samples", 50}, {"stalls", {{"barrier", 50}}}}}},
                {"causes",
                 {{{"pc_offset", 0x40},
                   {"instruction", "STG.E [R4], R3"},
                   {"reason", "long_scoreboard"},
                   {"producer", "LDG.E R3, [R2]"},
                   {"producer_where", "k.cu:4"}}}}};
  auto rows = engine::hot_line_rows(lines);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].where == "k.cu:4");
  CHECK(rows[0].share == doctest::Approx(0.8));
  CHECK(rows[0].stall_mix == "long_scoreboard 75%, selected 25%");  // wait: 0.4% of the line
  CHECK(rows[0].waits_on == "long_scoreboard <- `LDG.E R3, [R2]` (k.cu:4)");
  CHECK(rows[1].where == "k+0x1f0");
  CHECK(rows[1].stall_mix == "drain 100%");
  CHECK(rows[1].waits_on.empty());
  CHECK(rows[2].line == 9);
  CHECK(engine::hot_line_rows(lines, 2).size() == 2);
  lines["total_samples"] = 0;
  CHECK(engine::hot_line_rows(lines).empty());

  // A ledger without samples gets no section; one record with them gets it.
  engine::RoundRecord rec;
  rec.problem = "p";
  rec.track = "on";
  rec.round = 1;
  rec.incumbent = "v";
  CHECK(engine::hot_lines_html({rec}) == "");
  lines["total_samples"] = 1000;
  rec.incumbent_lines = lines;
  std::string h = engine::hot_lines_html({rec});
  CHECK(h.find("<h3>p &middot; ON &middot; round 1 incumbent <code>v</code>") != std::string::npos);
  CHECK(h.find("<code>y[i] = x[j];</code>") != std::string::npos);
}
