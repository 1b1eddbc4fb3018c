// The host half of the CUPTI range profiler: metric checks against a named chip (CUPTI's host
// API needs no GPU) and the rule that combines per-kernel values. No GPU needed.
#include <doctest/doctest.h>

#include "profiling/cupti_range_profiler.h"

using namespace solver::profiling;

TEST_CASE("aggregation follows metric kind and rollup") {
  CHECK(aggregation_of("dram__bytes_read.sum", true) == Aggregation::sum);
  CHECK(aggregation_of("sm__cycles_elapsed.avg", true) == Aggregation::sum);
  CHECK(aggregation_of("sm__cycles_elapsed.max", true) == Aggregation::max);
  CHECK(aggregation_of("sm__cycles_elapsed.min", true) == Aggregation::min);
  // Counter with a submetric is a rate over the kernel's time.
  CHECK(aggregation_of("sm__cycles_elapsed.avg.per_second", true) == Aggregation::weighted_mean);
  CHECK(aggregation_of("sm__warps_active.avg.pct_of_peak_sustained_active", true) ==
        Aggregation::weighted_mean);
  // Ratio and throughput metrics are rates whatever their suffix.
  CHECK(aggregation_of("lts__t_sector_hit_rate.pct", false) == Aggregation::weighted_mean);
  CHECK(aggregation_of("dram__throughput.avg", false) == Aggregation::weighted_mean);
}

TEST_CASE("aggregate_kernels sums counters and weights rates by duration") {
  std::vector<KernelMetrics> k(2);
  k[0].values = {{"a.sum", 10}, {"r.pct", 100}, {"c.max", 3}};
  k[1].values = {{"a.sum", 5}, {"r.pct", 0}, {"c.max", 7}};
  std::map<std::string, bool> counter = {{"a.sum", true}, {"r.pct", false}, {"c.max", true}};
  auto v = aggregate_kernels(k, counter, {3.0, 1.0});
  CHECK(v["a.sum"] == 15);
  CHECK(v["r.pct"] == doctest::Approx(75.0));  // (100*3 + 0*1) / 4
  CHECK(v["c.max"] == 7);
  // Without durations the mean is plain.
  auto plain = aggregate_kernels(k, counter, {});
  CHECK(plain["r.pct"] == doctest::Approx(50.0));
}

TEST_CASE("ProfileStatus round-trips through its name") {
  for (auto s : {ProfileStatus::ok, ProfileStatus::invalid_metrics, ProfileStatus::launch_failed,
                 ProfileStatus::no_kernels}) {
    auto back = profile_status_from_string(to_string(s));
    REQUIRE(back);
    CHECK(*back == s);
  }
  CHECK_FALSE(profile_status_from_string("nope"));
}

TEST_CASE("host-only profiler checks names against GH100 without a GPU") {
  RangeProfiler host(nullptr, "GH100");
  REQUIRE_MESSAGE(host.init_error().empty(), host.init_error());
  CHECK(host.chip() == "GH100");

  const std::vector<std::string> cheap = {"gpu__time_duration.sum", "dram__bytes_read.sum",
                                          "smsp__inst_executed.sum"};
  auto c = host.check(cheap);
  CHECK(c.ok());
  CHECK(c.invalid.empty());
  CHECK(c.passes == 1);
  REQUIRE(c.metrics.size() == 3);
  CHECK(c.metrics[1].unit == "byte");
  CHECK(c.metrics[1].is_counter);

  // sm__throughput is the expensive one on Hopper (8 passes alone, docs/h200.md).
  auto with_sol = cheap;
  with_sol.push_back("sm__throughput.avg.pct_of_peak_sustained_elapsed");
  CHECK(host.check(with_sol).passes > c.passes);

  auto bad = host.check({"not__a_metric.sum", "dram__bytes_read.sum"});
  CHECK(bad.status == ProfileStatus::invalid_metrics);
  CHECK(bad.invalid == std::vector<std::string>{"not__a_metric.sum"});
  CHECK(bad.passes == 1);  // the valid rest is still scheduled

  // No context: collection is refused as a value, not a crash.
  bool called = false;
  auto v = host.profile(cheap, [&] { called = true; });
  CHECK(v.status == ProfileStatus::no_context);
  CHECK_FALSE(called);
}

TEST_CASE("profiler without context or chip reports why") {
  RangeProfiler none(nullptr, "");
  CHECK_FALSE(none.init_error().empty());
  CHECK(none.check({"gpu__time_duration.sum"}).status == ProfileStatus::no_context);
}
