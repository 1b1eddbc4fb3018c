#include "engine/backend/profile_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <utility>

#include "generators/problem_spec.h"
#include "rules/diagnostics.h"

namespace solver::engine {

double median_us(const RecordedVariant& v) {
  if (v.samples_us.empty()) return 0;
  std::vector<double> s = v.samples_us;
  std::sort(s.begin(), s.end());
  return s[s.size() / 2];
}

namespace {

// A key the recording accepted but the variant-key grammar does not (a hand-edited or foreign
// recording: e.g. 'ok_,gain') has no knobs to be a neighbour by: no profile is borrowed for it or
// from it, and nothing throws out of a replay (found by recording_fuzz).
std::optional<std::pair<std::string, generators::KnobValues>> knobs_of(const std::string& key) {
  try {
    return generators::parse_variant_key(key);
  } catch (const rules::InputError&) {
    return std::nullopt;
  }
}

bool timed_pass(const RecordedVariant& v) {
  return v.gate && v.gate->passed() && !v.samples_us.empty();
}

}  // namespace

std::vector<std::string> profile_order(const RecordedProblem& problem, const std::string& seed_key,
                                       int fastest, int spread) {
  std::vector<std::string> keys;  // knob order: the recording's map is sorted by key
  for (const auto& [key, v] : problem.variants)
    if (timed_pass(v)) keys.push_back(key);
  std::vector<std::string> by_time = keys;
  std::stable_sort(by_time.begin(), by_time.end(), [&](const auto& a, const auto& b) {
    return median_us(problem.variants.at(a)) < median_us(problem.variants.at(b));
  });
  std::vector<std::string> spread_keys;
  const int n = int(keys.size());
  const int s = std::min(std::max(spread, 0), n);
  for (int i = 0; i < s; ++i) spread_keys.push_back(keys[std::size_t(i) * n / s]);
  std::vector<std::string> order;
  std::set<std::string> seen;
  auto add = [&](const std::string& k) {
    if (seen.insert(k).second && !problem.variants.at(k).profile) order.push_back(k);
  };
  if (problem.variants.count(seed_key) && timed_pass(problem.variants.at(seed_key))) add(seed_key);
  const int f = std::min(std::max(fastest, 0), n);
  for (int i = 0; i < std::max(f, s); ++i) {
    if (i < f) add(by_time[i]);
    if (i < s) add(spread_keys[i]);
  }
  return order;
}

std::optional<ProfileResult> borrowed_profile(const RecordedProblem& problem,
                                              const std::string& key, const std::string& file) {
  auto it = problem.variants.find(key);
  if (it == problem.variants.end() || !timed_pass(it->second)) return std::nullopt;
  const double own_us = median_us(it->second);
  const auto own = knobs_of(key);
  if (!own) return std::nullopt;
  const auto& [variant, knobs] = *own;
  const RecordedVariant* best = nullptr;
  std::string best_key;
  std::tuple<int, double, double> best_rank{std::numeric_limits<int>::max(), 0, 0};
  for (const auto& [k, v] : problem.variants) {
    if (!v.profile || !v.profile->ok || !timed_pass(v)) continue;
    const auto theirs = knobs_of(k);
    if (!theirs) continue;
    const auto& [vid, kv] = *theirs;
    if (vid != variant || kv.size() != knobs.size()) continue;
    int differ = 0;
    double spread = 0;
    for (const auto& [name, value] : knobs) {
      auto o = kv.find(name);
      if (o == kv.end()) {
        differ = -1;
        break;
      }
      if (o->second == value) continue;
      ++differ;
      spread += o->second > 0 && value > 0 ? std::fabs(std::log2(double(o->second) / double(value)))
                                           : std::fabs(double(o->second - value));
    }
    if (differ < 0) continue;
    std::tuple<int, double, double> rank{differ, spread, std::fabs(median_us(v) - own_us)};
    if (!best || rank < best_rank) best = &v, best_key = k, best_rank = rank;
  }
  if (!best) return std::nullopt;
  ProfileResult p = *best->profile;
  const double theirs = p.time_us > 0 ? p.time_us : median_us(*best);
  const double scale = own_us > 0 && theirs > 0 ? theirs / own_us : 1.0;
  for (const auto& [name, origin] : p.signal_origin) {
    if (origin != "unprofiled" || name == "time_us") continue;
    if (auto* d = std::get_if<double>(&p.signals.get(name))) p.signals.set(name, *d * scale);
  }
  p.time_us = own_us;
  if (std::get_if<double>(&p.signals.get("time_us"))) p.signals.set("time_us", own_us);
  p.raw_metrics["solver__borrowed_knob_distance"] = double(std::get<0>(best_rank));
  p.pc_sampling.reset();  // the neighbour's lines are not this point's code
  p.phases_ms.clear();
  p.detail = "borrowed profile: " + key + " has no profile of its own in " + file +
             "; counters of " + best_key + " (the nearest profiled point, " +
             std::to_string(std::get<0>(best_rank)) +
             " knob(s) apart), rates rescaled to its own median " + std::to_string(own_us) + " us" +
             (p.detail.empty() ? "" : "; " + p.detail);
  return p;
}

}  // namespace solver::engine
