#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "profiling/metric_set.h"
#include "rules/signals.h"

using namespace solver::profiling;

TEST_CASE("the default set avoids sm__throughput; the full set adds it") {
  auto def = metric_names(MetricSet::Default);
  auto full = metric_names(MetricSet::Full);
  std::set<std::string> d(def.begin(), def.end()), f(full.begin(), full.end());
  CHECK(d.count("sm__throughput.avg.pct_of_peak_sustained_elapsed") == 0);
  CHECK(f.count("sm__throughput.avg.pct_of_peak_sustained_elapsed") == 1);
  for (const auto& n : d) CHECK_MESSAGE(f.count(n), n);
  CHECK(d.size() == def.size());  // no duplicates
  // Every default metric was measured at 1-2 passes alone on the H200 or not measured at all.
  for (const auto& m : metric_table())
    if (m.in_default) CHECK_MESSAGE(m.passes_alone <= 2, m.name);
}

TEST_CASE("every metric name is one the H200 accepts") {
  // tests/profiling/h200_supported_metrics.txt: a copy of the list read off the H200
  // (type, base name, hardware unit per line).
  std::ifstream in("tests/profiling/h200_supported_metrics.txt");
  REQUIRE(in);
  // Base name -> allowed suffixes (listed for ratios and throughputs; counters take any rollup).
  std::map<std::string, std::set<std::string>> base;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cols;
    std::istringstream fields(line);
    for (std::string c; std::getline(fields, c, '\t');) cols.push_back(c);
    if (cols.size() < 3) continue;
    auto& suffixes = base[cols[1]];
    if (cols.size() >= 4) {
      std::istringstream list(cols[3]);
      for (std::string s; std::getline(list, s, ',');) suffixes.insert(s);
    }
  }
  REQUIRE(base.size() > 3000);
  for (const auto& m : metric_table()) {
    std::string n(m.name);
    std::string b = n.substr(0, n.find('.'));
    REQUIRE_MESSAGE(base.count(b), n);
    if (!base[b].empty()) CHECK_MESSAGE(base[b].count(n.substr(b.size())), n);
  }
}

TEST_CASE("every signal a metric feeds is in the vocabulary") {
  for (const auto& m : metric_table()) {
    std::istringstream words{std::string(m.feeds)};
    for (std::string w; words >> w;)
      CHECK_MESSAGE(solver::rules::signal_index(w).has_value(), m.name << " feeds " << w);
  }
  CHECK(find_metric(metric::kLoadEff) != nullptr);
  CHECK(find_metric("no__such_metric.sum") == nullptr);
}
