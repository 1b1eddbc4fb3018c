// The loads' wait per sector from the warp-state counters (profiling/load_wait.h).
#include <doctest/doctest.h>

#include <string>

#include "profiling/load_wait.h"
#include "profiling/metric_set.h"
#include "profiling/signal_file.h"

using namespace solver::profiling;
using doctest::Approx;

namespace {
std::string m(std::string_view name) { return std::string(name); }
}  // namespace

TEST_CASE("long-scoreboard warp-cycles per load sector, in ns at the SM clock") {
  std::map<std::string, double> raw = {
      {m(metric::kStallLongSb), 2e6}, {m(metric::kLdSectors), 1000}, {m(metric::kSmClock), 2e9}};
  CHECK(*load_sector_wait_ns(raw) == Approx(1000.0));  // 2000 cycles a sector at 2 GHz
  // Local loads (spills) wait on the same scoreboard.
  raw[m(metric::kLocalLdSectors)] = 1000;
  CHECK(*load_sector_wait_ns(raw) == Approx(500.0));
  // No load sector, no clock, or a missing counter: not defined.
  raw[m(metric::kLdSectors)] = 0;
  raw[m(metric::kLocalLdSectors)] = 0;
  CHECK_FALSE(load_sector_wait_ns(raw));
  raw[m(metric::kLdSectors)] = 1000;
  raw.erase(m(metric::kSmClock));
  CHECK_FALSE(load_sector_wait_ns(raw));
  // An export without the profiled clock is read at the chip's.
  CHECK(*load_sector_wait_ns(raw, 1e9) == Approx(2000.0));
}

TEST_CASE("the recorded chase defines the round trip; the BFS flag pass waits nine of them") {
  auto wait = [](const std::string& dir, const std::string& kernel) {
    SignalFile f = load_signal_file(std::string(SOLVER_SOURCE_DIR) + "/tests/data/" + dir + "/" +
                                    kernel + ".json");
    return *load_sector_wait_ns(f.raw_metrics);
  };
  // chips.yaml's h200 load_round_trip_ns is the largest of the three recorded calls.
  CHECK(wait("labelled_h200", "pointer_chase") == Approx(245).epsilon(0.01));
  CHECK(wait("labelled_h200_call2", "pointer_chase") == Approx(238).epsilon(0.01));
  CHECK(wait("labelled_h200_call3", "pointer_chase") == Approx(242).epsilon(0.01));
  CHECK(wait("corpus_fresh8_h200", "rod_bfs_kernel2_flag") / 245 > 8);
}
