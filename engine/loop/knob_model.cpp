#include "engine/loop/knob_model.h"

#include <algorithm>
#include <cmath>

namespace solver::engine {

using generators::KnobValues;

namespace {
// Ridge weight (in points): an effect measured once shrinks a little towards zero, so one
// noisy point cannot carry a prediction alone. Backfitting sweeps: enough for the handful of
// knobs a variant has (each sweep is exact for one knob given the others).
constexpr double kRidge = 0.1;
constexpr int kSweeps = 40;
}  // namespace

KnobModel::KnobModel(const generators::VariantSpec& variant,
                     const std::map<std::string, double>& times_us)
    : variant_(variant) {
  std::vector<std::pair<KnobValues, double>> data;
  for (const auto& [key, t] : times_us) {
    if (!(t > 0)) continue;
    auto [id, knobs] = generators::parse_variant_key(key);
    if (id != variant.id) continue;
    bool complete = true;
    for (const auto& k : variant.knobs) complete = complete && knobs.count(k.name);
    if (complete) data.emplace_back(knobs, std::log(t));
  }
  points_ = int(data.size());
  if (data.empty()) return;
  for (const auto& [knobs, y] : data) {
    base_ += y / double(data.size());
    for (const auto& k : variant.knobs) effects_[k.name][knobs.at(k.name)] = 0;
  }
  auto fitted = [&](const KnobValues& x, const std::string& skip) {
    double f = base_;
    for (const auto& k : variant.knobs)
      if (k.name != skip) f += effects_[k.name][x.at(k.name)];
    return f;
  };
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    for (const auto& k : variant.knobs) {
      std::map<int64_t, std::pair<double, double>> sum;  // value -> (residual sum, count)
      for (const auto& [x, y] : data) {
        auto& s = sum[x.at(k.name)];
        s.first += y - fitted(x, k.name);
        s.second += 1;
      }
      for (const auto& [value, s] : sum) effects_[k.name][value] = s.first / (s.second + kRidge);
    }
    double r = 0;
    for (const auto& [x, y] : data) r += y - fitted(x, "");
    base_ += r / double(data.size());
  }
}

bool KnobModel::measured(const std::string& knob, int64_t value) const {
  auto it = effects_.find(knob);
  return it != effects_.end() && it->second.count(value);
}

std::optional<double> KnobModel::effect(const std::string& knob, int64_t value) const {
  auto it = effects_.find(knob);
  if (it == effects_.end() || it->second.empty()) return std::nullopt;
  if (auto at = it->second.find(value); at != it->second.end()) return at->second;
  const generators::KnobSpec* spec = nullptr;
  for (const auto& k : variant_.knobs)
    if (k.name == knob) spec = &k;
  if (!spec) return std::nullopt;
  auto index = [&](int64_t v) {
    return long(std::find(spec->values.begin(), spec->values.end(), v) - spec->values.begin());
  };
  const long at = index(value);
  std::optional<double> best;
  long best_d = 0;
  for (const auto& [v, e] : it->second) {  // ascending value: the lower one wins a tie
    long d = std::labs(index(v) - at);
    if (!best || d < best_d) best = e, best_d = d;
  }
  return best;
}

std::optional<double> KnobModel::predict(const KnobValues& point) const {
  if (points_ == 0) return std::nullopt;
  double f = base_;
  for (const auto& k : variant_.knobs) {
    auto v = point.find(k.name);
    if (v == point.end()) return std::nullopt;
    auto e = effect(k.name, v->second);
    if (!e) return std::nullopt;
    f += *e;
  }
  return f;
}

bool KnobModel::all_measured(const KnobValues& point) const {
  for (const auto& k : variant_.knobs) {
    auto v = point.find(k.name);
    if (v == point.end() || !measured(k.name, v->second)) return false;
  }
  return true;
}

}  // namespace solver::engine
