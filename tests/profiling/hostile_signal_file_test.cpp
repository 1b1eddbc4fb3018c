// Red team "hin": what a signal file may hold. Every stored signal lies in its declared range
// (rules::signal_range; a fraction of 42 and a negative weight were classified as given, though
// the derivation drops such a value as a defect), and every string of the file is text without
// control characters (a kernel name holding ESC sequences reached the terminal raw). A key given
// twice is refused, as in every JSON input (rules/json_strict.h).
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

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
