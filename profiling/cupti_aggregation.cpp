// Enum names and the rule that turns per-kernel metric values into one value per launch.
// Pure host code: no CUPTI call, so the rule is testable without a GPU.
#include <algorithm>
#include <iterator>

#include "profiling/cupti_range_profiler.h"
#include "rules/enum_names.h"

namespace solver::profiling {

const char* to_string(ProfileStatus s) {
  switch (s) {
    case ProfileStatus::ok:
      return "ok";
    case ProfileStatus::no_context:
      return "no_context";
    case ProfileStatus::unsupported_device:
      return "unsupported_device";
    case ProfileStatus::invalid_metrics:
      return "invalid_metrics";
    case ProfileStatus::no_metrics:
      return "no_metrics";
    case ProfileStatus::cupti_error:
      return "cupti_error";
    case ProfileStatus::no_kernels:
      return "no_kernels";
    case ProfileStatus::launch_failed:
      return "launch_failed";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

std::optional<ProfileStatus> profile_status_from_string(std::string_view text) {
  return rules::parse_enum<ProfileStatus>(text);
}

const char* to_string(Aggregation a) {
  switch (a) {
    case Aggregation::sum:
      return "sum";
    case Aggregation::max:
      return "max";
    case Aggregation::min:
      return "min";
    case Aggregation::weighted_mean:
      return "weighted_mean";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

// A counter rollup is "<base>.<rollup>" with nothing after it; anything longer
// (".avg.per_second", ".sum.pct_of_peak_sustained_elapsed") is a rate over the kernel's time,
// and ratio/throughput metrics are rates by definition.
Aggregation aggregation_of(const std::string& metric, bool is_counter) {
  if (!is_counter) return Aggregation::weighted_mean;
  const auto dot = metric.find('.');
  if (dot == std::string::npos) return Aggregation::weighted_mean;
  const std::string rollup = metric.substr(dot + 1);
  if (rollup == "sum" || rollup == "avg") return Aggregation::sum;
  if (rollup == "max") return Aggregation::max;
  if (rollup == "min") return Aggregation::min;
  return Aggregation::weighted_mean;
}

std::map<std::string, double> aggregate_kernels(const std::vector<KernelMetrics>& kernels,
                                                const std::map<std::string, bool>& is_counter,
                                                const std::vector<double>& weights) {
  double total_weight = 0;
  for (std::size_t i = 0; i < kernels.size(); ++i)
    total_weight += i < weights.size() && weights[i] > 0 ? weights[i] : 0;
  const bool weighted = total_weight > 0;

  std::map<std::string, double> out;
  std::map<std::string, double> weight_seen;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const double w = weighted ? (i < weights.size() && weights[i] > 0 ? weights[i] : 0) : 1.0;
    for (const auto& [name, value] : kernels[i].values) {
      const auto c = is_counter.find(name);
      const Aggregation how = aggregation_of(name, c != is_counter.end() && c->second);
      const bool first = !out.count(name);
      double& acc = out[name];
      switch (how) {
        case Aggregation::sum:
          acc += value;
          break;
        case Aggregation::max:
          acc = first ? value : std::max(acc, value);
          break;
        case Aggregation::min:
          acc = first ? value : std::min(acc, value);
          break;
        case Aggregation::weighted_mean:
          acc += w * value;
          weight_seen[name] += w;
          break;
      }
    }
  }
  for (auto& [name, w] : weight_seen) out[name] = w > 0 ? out[name] / w : 0.0;
  return out;
}

}  // namespace solver::profiling
