// Wall time per phase of one worker request, so the cost of every step of the measurement
// protocol can be read off the ledger (docs/benchmarks.md, "where a round's time goes").
// Phases nest: a PhaseScope opened while the gate's "checks" phase runs is recorded as
// "checks/verify_inputs". One log per request, installed by Worker::handle on the thread
// that serves it; the chunked host loops run inside one scope and never open scopes of
// their own. Times are wall-clock milliseconds, summed over repeats of the same phase.
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace solver::gpu {

double wall_ms();  // steady clock, milliseconds

class PhaseLog {
 public:
  PhaseLog();  // becomes the thread's current log until destroyed
  ~PhaseLog();
  PhaseLog(const PhaseLog&) = delete;
  PhaseLog& operator=(const PhaseLog&) = delete;
  static PhaseLog* current();  // null outside a request

  // `record`: whether the phase's own time is kept (PhaseTimer keeps its phases itself and
  // only names the level for the scopes inside it).
  void open(std::string_view name, bool record);
  void close();
  // Adds `ms` to phase `name` under the phase open now (time measured elsewhere, e.g. on
  // another thread).
  void add(std::string_view name, double ms);
  // Everything recorded so far, by nested key; the log starts empty again.
  std::map<std::string, double> take();

 private:
  struct Open {
    std::string key;
    double t0 = 0;
    bool record = true;
  };
  std::vector<Open> stack_;
  std::map<std::string, double> ms_;
  PhaseLog* previous_ = nullptr;
};

// One nested phase, for the duration of the scope (does nothing outside a request).
class PhaseScope {
 public:
  explicit PhaseScope(std::string_view name);
  ~PhaseScope();
  PhaseScope(const PhaseScope&) = delete;
  PhaseScope& operator=(const PhaseScope&) = delete;

 private:
  PhaseLog* log_;
};

// Sequential top-level phases of one op ("compile", then "inputs", ...), summed into `into`;
// each also opens a level of the request's PhaseLog so scopes inside it nest under its name.
class PhaseTimer {
 public:
  explicit PhaseTimer(std::map<std::string, double>* into) : into_(into) {}
  void start(const std::string& phase);
  void stop();
  ~PhaseTimer() { stop(); }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

 private:
  std::map<std::string, double>* into_;
  std::string phase_;
  double t0_ = 0;
};

}  // namespace solver::gpu
