#include "engine/loop/knob_start.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/loop/knob_screen.h"
#include "generators/variant_space.h"

namespace solver::engine {

using generators::KnobSpec;
using generators::KnobValues;
using generators::VariantSpec;

namespace {

bool is_switch(const KnobSpec& k) { return k.values.size() == 2; }

int64_t default_of(const KnobSpec& k) { return k.default_value.value_or(k.values.front()); }

}  // namespace

std::optional<KnobValues> centre_start(const SearchRequest& r, const VariantSpec& variant,
                                       uint64_t min_points) {
  if (variant.knobs.empty() || !in_pool(r, variant)) return std::nullopt;
  if (r.timed_us)
    for (const auto& [key, t] : *r.timed_us)
      if (generators::parse_variant_key(key).first == variant.id) return std::nullopt;
  if (admitted_points(r, variant) < min_points) return std::nullopt;
  // The target: the middle of each knob's range (in knob coordinates), each switch on.
  KnobValues defaults, target_switch;
  for (const auto& k : variant.knobs) {
    defaults[k.name] = default_of(k);
    if (is_switch(k)) target_switch[k.name] = std::max(k.values[0], k.values[1]);
  }
  const std::vector<double> at_default = knob_coords(variant, defaults);
  std::optional<KnobValues> best;
  double best_d = std::numeric_limits<double>::infinity(), best_tie = best_d;
  generators::for_each_knob_point(*r.spec, variant, [&](const KnobValues& k) {
    if (!measurable(r, variant, k)) return true;
    const std::vector<double> x = knob_coords(variant, k);
    double d = 0, tie = 0;
    for (size_t i = 0; i < variant.knobs.size(); ++i) {
      const KnobSpec& spec = variant.knobs[i];
      // A switch off its target weighs more than any distance of the other knobs can.
      d += is_switch(spec) ? (k.at(spec.name) == target_switch.at(spec.name) ? 0.0 : 1e3)
                           : (x[i] - 0.5) * (x[i] - 0.5);
      tie += std::abs(x[i] - at_default[i]);
    }
    constexpr double kEps = 1e-9;
    if (d < best_d - kEps || (d < best_d + kEps && tie < best_tie - kEps))
      best = k, best_d = d, best_tie = tie;
    return true;
  });
  return best;
}

}  // namespace solver::engine
