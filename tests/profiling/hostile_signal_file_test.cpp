// Red team "hin": what a signal file may hold. Every stored signal lies in its declared range
// (rules::signal_range; a fraction of 42 and a negative weight were classified as given, though
// the derivation drops such a value as a defect), and every string of the file is text without
// control characters (a kernel name holding ESC sequences reached the terminal raw). A key given
// twice is refused, as in every JSON input (rules/json_strict.h). An ncu export's fields are
// text as well, and a metric the tool reads is never negative.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profiling/ncu_csv.h"
#include "profiling/signal_file.h"
#include "rules/diagnostics.h"

using namespace solver;

namespace {

nlohmann::json sample() {
  std::ifstream in(std::string(SOLVER_SOURCE_DIR) + "/tests/data/h200_naive_sgemm.json");
  return nlohmann::json::parse(in);
}

std::string errors(const nlohmann::json& j) {
  try {
    profiling::parse_signal_file(j.dump(2), "s.json");
  } catch (const rules::InputError& e) {
    return e.format();
  }
  return "";
}

}  // namespace

TEST_CASE("a signal file's signals must lie in their declared ranges") {
  CHECK(errors(sample()).empty());
  auto j = sample();
  j["signals"]["weight"] = -7;
  j["signals"]["occupancy"] = 42;
  j["signals"]["achieved_gbps"] = -1;
  std::string e = errors(j);
  INFO(e);
  CHECK(e.find("'weight' = -7 lies outside 0..1") != std::string::npos);
  CHECK(e.find("'occupancy' = 42 lies outside 0..1") != std::string::npos);
  CHECK(e.find("'achieved_gbps' = -1 lies outside 0..inf") != std::string::npos);
  CHECK(e.find("s.json:") != std::string::npos);
  // The derivation's rounding slack (half a percent of a bounded range) is still accepted.
  j = sample();
  j["signals"]["occupancy"] = 1.004;
  CHECK(errors(j).empty());
}

TEST_CASE("a signal file's strings may not hold control characters") {
  auto j = sample();
  j["kernel"] = "k\x1b[2J\x1b]0;owned\x07";
  std::string e = errors(j);
  INFO(e);
  CHECK(e.find("'kernel'") != std::string::npos);
  CHECK(e.find("control character") != std::string::npos);
  j = sample();
  j["notes"] = nlohmann::json::array({"fine", std::string("nul\0here", 8)});
  CHECK(errors(j).find("control character") != std::string::npos);
  // Tab and newline are text.
  j = sample();
  j["source"] = "line one\n\tline two";
  CHECK(errors(j).empty());
}

TEST_CASE("a key given twice in a signal file is refused, not resolved to the last one") {
  std::string text = sample().dump(2);
  const std::string key = "\"time_us\": ";
  const auto at = text.find(key);
  REQUIRE(at != std::string::npos);
  text.insert(at, "\"time_us\": 1.0,\n    ");
  std::string e;
  try {
    profiling::parse_signal_file(text, "s.json");
  } catch (const rules::InputError& err) {
    e = err.format();
  }
  INFO(e);
  CHECK(e.find("duplicate key 'time_us'") != std::string::npos);
  CHECK(e.find("/inputs") != std::string::npos);
}

TEST_CASE("an ncu export's fields are text and the metrics the tool reads are not negative") {
  std::ifstream in(std::string(SOLVER_SOURCE_DIR) + "/tests/data/ncu/h200_three_kernels.csv");
  const std::string good(std::istreambuf_iterator<char>(in), {});
  auto errors_of = [](const std::string& text) {
    try {
      profiling::parse_ncu_csv(text, "n.csv");
    } catch (const rules::InputError& e) {
      return e.format();
    }
    return std::string();
  };
  REQUIRE(errors_of(good).empty());
  // A kernel name with an ESC sequence (the first data row's "Kernel Name").
  std::string esc = good;
  const auto name = esc.find("\"stream_scale(");
  REQUIRE(name != std::string::npos);
  esc.insert(name + 1, "\x1b[31m");
  std::string e = errors_of(esc);
  INFO(e);
  CHECK(e.find("control character") != std::string::npos);
  CHECK(e.find("n.csv:") != std::string::npos);
  // A negative duration: the metric's field of the first data row (after the units row).
  // Every field of ncu's CSV is quoted, so '","' separates fields.
  auto fields = [](const std::string& line) {
    std::vector<std::string> out;
    for (std::size_t at = 0;;) {
      auto next = line.find("\",\"", at);
      out.push_back(line.substr(at, next == std::string::npos ? std::string::npos : next - at));
      if (next == std::string::npos) return out;
      at = next + 3;
    }
  };
  std::string neg = good;
  const std::size_t header = neg.find("\"ID\"");
  const std::size_t units = neg.find('\n', header) + 1;
  const std::size_t row = neg.find('\n', units) + 1;
  const std::size_t row_end = neg.find('\n', row);
  auto head = fields(neg.substr(header, units - 1 - header));
  auto cells = fields(neg.substr(row, row_end - row));
  const auto col = std::find(head.begin(), head.end(), "gpu__time_duration.sum") - head.begin();
  REQUIRE(std::size_t(col) < cells.size());
  cells[std::size_t(col)] = "-5";
  std::string joined;
  for (std::size_t k = 0; k < cells.size(); ++k) joined += (k ? "\",\"" : "") + cells[k];
  neg.replace(row, row_end - row, joined);
  e = errors_of(neg);
  INFO(e);
  CHECK(e.find("gpu__time_duration.sum: '-5' is negative") != std::string::npos);
}
