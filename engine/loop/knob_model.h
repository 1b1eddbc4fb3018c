// A model of one variant's knobs learned from the points a track measured (docs/loop.md,
// "Knob search"): log time = c + sum over knobs of an effect per knob value, fitted by ridge
// least squares (backfitting) on every measured point of the variant (the seed, kept and
// rejected candidates; gate failures carry no time and are left out). Additive in log time:
// a knob value that made the kernel 10% slower at one point is expected to make it about 10%
// slower at the others. That lets the knob search (pool_search.h) jump to a combination of
// values each measured faster somewhere, and put last a move the points measured say loses,
// instead of measuring every neighbour again after each kept move.
//
// A value never measured has no effect of its own: `effect` gives the one of the nearest
// measured value of that knob (in declaration order; the lower one on a tie), so a step past
// a value measured slower is expected slower too, and `measured` tells the two apart.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "generators/problem_spec.h"

namespace solver::engine {

class KnobModel {
 public:
  // Fits the model of `variant` on `times_us` (variant key -> time; other variants' keys and
  // non-positive times are ignored).
  KnobModel(const generators::VariantSpec& variant, const std::map<std::string, double>& times_us);

  // How many measured points of the variant the model was fitted on.
  int points() const { return points_; }
  // Whether `value` of `knob` was part of a measured point.
  bool measured(const std::string& knob, int64_t value) const;
  // The fitted effect (log time) of `value`; unmeasured: the nearest measured value's; none
  // measured: nullopt.
  std::optional<double> effect(const std::string& knob, int64_t value) const;
  // The predicted log time of a point (nullopt when some knob has no measured value at all).
  std::optional<double> predict(const generators::KnobValues& point) const;
  // Whether every knob value of `point` was measured (its prediction is an interpolation of
  // measured effects, no extrapolation).
  bool all_measured(const generators::KnobValues& point) const;

 private:
  const generators::VariantSpec& variant_;
  double base_ = 0;
  std::map<std::string, std::map<int64_t, double>> effects_;  // knob -> measured value -> effect
  int points_ = 0;
};

}  // namespace solver::engine
