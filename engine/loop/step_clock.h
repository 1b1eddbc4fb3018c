#pragma once
// The round loop's own step times (wall clock, milliseconds), and the backend's phases below
// them ("gate" and "gate/inputs"), into a record's phases_ms; a no-op unless the backend is live,
// so replays stay byte-identical (round_loop.cpp, docs/ledger.md's phases_ms).

#include <chrono>
#include <map>
#include <string>

namespace solver::engine {

inline double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class StepClock {
 public:
  StepClock(bool on, std::map<std::string, double>& into) : on_(on), into_(into) {}
  void start() { t0_ = now_ms(); }
  void stop(const std::string& step, const std::map<std::string, double>& nested = {}) {
    if (!on_) return;
    into_[step] += now_ms() - t0_;
    for (const auto& [k, v] : nested) into_[step + "/" + k] += v;
  }

 private:
  bool on_;
  std::map<std::string, double>& into_;
  double t0_ = 0;
};

}  // namespace solver::engine
