// Does a verdict survive the next measurement? (issue 29, helper h29v)
//
// tests/data/stability/<suite>.json holds, for every dev kernel of a suite that was measured two
// or more times (live CUPTI signal folders and ncu exports, scripts/verdict_stability.py), the
// signals each measurement was classified from. The property: moving every numeric signal
// anywhere within its measured spread (between the smallest and largest value the kernel's
// measurements gave it; seeded, many draws) leaves a class that every verdict names, as its
// class or as its tie (MatchResult::tie): the verdict is a stable function of the kernel, or
// the tool says that it is a tie. Held-out kernels are not in the data (nothing is tuned on
// them).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/eval/eval_score.h"
#include "rules/chips.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

using namespace solver;
namespace fs = std::filesystem;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;

struct Kernel {
  std::string suite, name;
  std::vector<std::string> tags;
  std::vector<rules::SignalSet> measurements;
};

rules::Value value_of(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) return v.get<std::string>();
  return rules::Value{};
}

std::vector<Kernel> load_kernels() {
  std::vector<Kernel> out;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kSrc + "/tests/data/stability"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const auto j = nlohmann::json::parse(std::ifstream(f));
    for (const auto& [name, ms] : j.at("kernels").items()) {
      Kernel k{j.at("suite").get<std::string>(), name, {}, {}};
      for (const auto& [tag, signals] : ms.items()) {
        rules::SignalSet s;
        for (const auto& [signal, v] : signals.items()) s.set(signal, value_of(v));
        k.tags.push_back(tag);
        k.measurements.push_back(std::move(s));
      }
      out.push_back(std::move(k));
    }
  }
  return out;
}

// The classes a verdict names: its class (as eval scores it) and its tie, if any.
std::set<std::string> named(rules::Matcher& matcher, const rules::ChipProfile& chip,
                            const rules::SignalSet& s) {
  engine::LabelledKernel k;
  k.name = "k";
  k.label.bottleneck = "unexplained";
  const engine::EvalCase c = engine::score_case(k, matcher.match(s, chip), "test", &s);
  std::set<std::string> out{c.got};
  if (!c.tie.empty()) out.insert(c.tie);
  return out;
}

// A draw: every numeric signal the measurements all hold, uniform between its smallest and
// largest measured value; the rest (flags, names, code facts) as the first measurement has it.
rules::SignalSet draw(const Kernel& k, std::mt19937_64& rng) {
  rules::SignalSet s = k.measurements.front();
  for (auto& [name, v] : s.values) {
    if (!std::holds_alternative<double>(v)) continue;
    double lo = std::get<double>(v), hi = lo;
    bool all = true;
    for (const auto& m : k.measurements) {
      const rules::Value& w = m.get(name);
      if (!std::holds_alternative<double>(w)) {
        all = false;
        break;
      }
      lo = std::min(lo, std::get<double>(w));
      hi = std::max(hi, std::get<double>(w));
    }
    if (all && hi > lo) v = std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  return s;
}

// The pooled spread of each signal: over the kernels measured two or more times, the median of
// (largest - smallest) / largest, where the largest is above 0. What one measurement of a kernel
// measured once may be off by.
std::map<std::string, double> pooled_spread(const std::vector<Kernel>& kernels) {
  std::map<std::string, std::vector<double>> all;
  for (const auto& k : kernels) {
    if (k.measurements.size() < 2) continue;
    for (const auto& [name, v] : k.measurements.front().values) {
      if (!std::holds_alternative<double>(v)) continue;
      double lo = INFINITY, hi = -INFINITY;
      for (const auto& m : k.measurements)
        if (const double* d = std::get_if<double>(&m.get(name))) {
          lo = std::min(lo, *d);
          hi = std::max(hi, *d);
        }
      if (hi > 0 && lo >= 0) all[name].push_back((hi - lo) / hi);
    }
  }
  std::map<std::string, double> out;
  for (auto& [name, v] : all) {
    std::sort(v.begin(), v.end());
    out[name] = v[v.size() / 2];
  }
  return out;
}

// A draw around a kernel's first measurement: every numeric signal moved by up to its pooled
// spread either way (uniform), kept in [0, 1] where it was there (a share stays a share).
rules::SignalSet draw_pooled(const Kernel& k, const std::map<std::string, double>& spread,
                             std::mt19937_64& rng) {
  rules::SignalSet s = k.measurements.front();
  for (auto& [name, v] : s.values) {
    auto it = spread.find(name);
    if (!std::holds_alternative<double>(v) || it == spread.end()) continue;
    const double x = std::get<double>(v);
    double y = x * (1 + it->second * std::uniform_real_distribution<double>(-1, 1)(rng));
    if (x >= 0 && x <= 1) y = std::clamp(y, 0.0, 1.0);
    v = y;
  }
  return s;
}

// The largest relative spread between two measurements of any signal the kernel holds.
double widest_spread(const Kernel& k, const std::string& signal) {
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& m : k.measurements)
    if (const double* d = std::get_if<double>(&m.get(signal))) {
      lo = std::min(lo, *d);
      hi = std::max(hi, *d);
    }
  return hi > 0 ? (hi - lo) / hi : 0.0;
}

struct Outcome {
  std::vector<std::string> unstable;  // no class every verdict names
  int ties = 0;                       // kernels with a tie in some verdict
};

using Draw = std::function<rules::SignalSet(const Kernel&, std::mt19937_64&)>;

// For each kernel: its measurements and kDraws draws (`draw`) must all name a common class.
Outcome check_all(const rules::RuleTable& table, const std::vector<Kernel>& kernels,
                  const Draw& draw) {
  const rules::ChipTable chips = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* chip = chips.find("h200");
  REQUIRE(chip);
  rules::Matcher matcher(table);
  std::mt19937_64 rng(29);
  constexpr int kDraws = 300;
  Outcome out;
  for (const auto& k : kernels) {
    std::set<std::string> common = named(matcher, *chip, k.measurements.front());
    bool tie = common.size() > 1;
    std::ostringstream seen;
    auto meet = [&](const std::set<std::string>& v, const std::string& where) {
      tie = tie || v.size() > 1;
      std::set<std::string> both;
      std::set_intersection(common.begin(), common.end(), v.begin(), v.end(),
                            std::inserter(both, both.begin()));
      if (both.empty() && seen.tellp() == 0) {
        seen << where << ":";
        for (const auto& c : v) seen << " " << c;
      }
      common = both;
    };
    for (std::size_t i = 1; i < k.measurements.size(); ++i)
      meet(named(matcher, *chip, k.measurements[i]), k.tags[i]);
    for (int d = 0; d < kDraws; ++d) meet(named(matcher, *chip, draw(k, rng)), "a draw");
    out.ties += tie ? 1 : 0;
    if (common.empty()) out.unstable.push_back(k.suite + "/" + k.name + " (" + seen.str() + ")");
  }
  return out;
}

std::string lines(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& u : v) s += "\n  " + u;
  return s;
}

}  // namespace

// The one kernel no margin can hold: PMPP's Coulomb summation through __constant__ (fresh6) is
// measured as three different kernels, not one kernel with noise: live CUPTI 97% of SMs active
// and 3% constant-cache misses, the two ncu exports 64% and 43% active and 61% and 43% misses.
// A tie covers the spread of a measurement, not a change of what it measures; check_exempt
// keeps the exemption honest (it fails if the spread narrows).
const std::string kExempt = "fresh6/pmpp_cenergy_const";

void check_exempt(const std::vector<Kernel>& kernels) {
  int seen = 0;
  for (const auto& k : kernels)
    if (k.suite + "/" + k.name == kExempt) {
      ++seen;
      CHECK(widest_spread(k, "sm_active_frac") > 0.3);
      CHECK(widest_spread(k, "stall_imc_miss") > 0.3);
    }
  CHECK(seen == 1);
}

// Removes the exempt kernel from a list of unstable ones; how many entries it removed.
std::size_t exempted(std::vector<std::string>& unstable) {
  return std::erase_if(unstable,
                       [&](const std::string& u) { return u.rfind(kExempt + " ", 0) == 0; });
}

TEST_CASE(
    "every dev kernel's verdict survives a move of its signals within their measured spread") {
  const std::vector<Kernel> all = load_kernels();
  std::vector<Kernel> kernels;  // measured two or more times
  for (const auto& k : all)
    if (k.measurements.size() >= 2) kernels.push_back(k);
  // Every suite with two or more measurements of a kernel is there.
  std::set<std::string> suites;
  for (const auto& k : kernels) suites.insert(k.suite);
  CHECK(kernels.size() >= 120);
  CHECK(suites == std::set<std::string>{"corpus", "fresh", "fresh2", "fresh5", "fresh6", "fresh7",
                                        "labelled"});
  rules::RuleTable table = rules::load_rule_table(kSrc + "/rules/rules.yaml");
  Outcome o = check_all(table, kernels, draw);
  check_exempt(kernels);
  CHECK(exempted(o.unstable) == 1);
  INFO("unstable:" << lines(o.unstable));
  CHECK(o.unstable.empty());
  // Ties are the exception, not the way the property is met: a few kernels in a hundred.
  MESSAGE(o.ties << " of " << kernels.size() << " kernels have a tie in some verdict");
  CHECK(o.ties * 6 <= static_cast<int>(kernels.size()));
  // And they are needed: with ties off, the kernels whose two best classes are as close as a
  // measurement's spread change verdict within it.
  rules::RuleTable crisp_table = table;
  crisp_table.evolution.tie_margin = 0;
  Outcome crisp = check_all(crisp_table, kernels, draw);
  exempted(crisp.unstable);
  MESSAGE("without ties:" << lines(crisp.unstable));
  CHECK(!crisp.unstable.empty());
}

TEST_CASE("every dev kernel's verdict survives a move of its signals by their pooled spread") {
  // Kernels measured once (fresh3, fresh4, one of fresh7) have no spread of their own: each
  // signal moves by its pooled spread (the median over the kernels measured twice or more).
  const std::vector<Kernel> all = load_kernels();
  CHECK(all.size() >= 145);
  const std::map<std::string, double> spread = pooled_spread(all);
  CHECK(spread.at("dram_frac") > 0);
  const rules::RuleTable table = rules::load_rule_table(kSrc + "/rules/rules.yaml");
  Outcome o = check_all(table, all, [&](const Kernel& k, std::mt19937_64& rng) {
    return draw_pooled(k, spread, rng);
  });
  MESSAGE(o.ties << " of " << all.size() << " kernels have a tie in some verdict");
  CHECK(exempted(o.unstable) == 1);
  INFO("unstable:" << lines(o.unstable));
  CHECK(o.unstable.empty());
}
