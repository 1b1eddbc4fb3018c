#include "profiling/load_wait.h"

#include <cmath>
#include <string_view>

#include "profiling/metric_set.h"

namespace solver::profiling {
namespace {

std::optional<double> get(const std::map<std::string, double>& raw, std::string_view name) {
  auto it = raw.find(std::string(name));
  if (it == raw.end() || !std::isfinite(it->second)) return std::nullopt;
  return it->second;
}

}  // namespace

std::optional<double> load_sector_wait_ns(const std::map<std::string, double>& raw,
                                          std::optional<double> chip_hz) {
  using namespace metric;
  auto stalled = get(raw, kStallLongSb), global = get(raw, kLdSectors), hz = get(raw, kSmClock);
  if (!hz) hz = chip_hz;
  if (!stalled || !global || !hz || *hz <= 0) return std::nullopt;
  // Local loads (spills) wait on the same scoreboard; a recording without their counter has
  // the global sectors alone.
  double sectors = *global + get(raw, kLocalLdSectors).value_or(0);
  if (sectors <= 0) return std::nullopt;
  return *stalled / sectors / *hz * 1e9;
}

}  // namespace solver::profiling
