#include "engine/backend/gpu/phase_log.h"

#include <chrono>

namespace solver::gpu {
namespace {
thread_local PhaseLog* current_log = nullptr;
}

double wall_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

PhaseLog::PhaseLog() : previous_(current_log) { current_log = this; }
PhaseLog::~PhaseLog() { current_log = previous_; }
PhaseLog* PhaseLog::current() { return current_log; }

void PhaseLog::open(std::string_view name, bool record) {
  std::string key =
      stack_.empty() ? std::string(name) : stack_.back().key + "/" + std::string(name);
  stack_.push_back({std::move(key), wall_ms(), record});
}

void PhaseLog::close() {
  if (stack_.empty()) return;
  const Open& o = stack_.back();
  if (o.record) ms_[o.key] += wall_ms() - o.t0;
  stack_.pop_back();
}

void PhaseLog::add(std::string_view name, double ms) {
  std::string key =
      stack_.empty() ? std::string(name) : stack_.back().key + "/" + std::string(name);
  ms_[key] += ms;
}

std::map<std::string, double> PhaseLog::take() {
  std::map<std::string, double> out;
  out.swap(ms_);
  return out;
}

PhaseScope::PhaseScope(std::string_view name) : log_(PhaseLog::current()) {
  if (log_) log_->open(name, true);
}
PhaseScope::~PhaseScope() {
  if (log_) log_->close();
}

void PhaseTimer::start(const std::string& phase) {
  stop();
  phase_ = phase;
  t0_ = wall_ms();
  if (PhaseLog* log = PhaseLog::current()) log->open(phase, false);
}

void PhaseTimer::stop() {
  if (phase_.empty()) return;
  if (into_) (*into_)[phase_] += wall_ms() - t0_;
  if (PhaseLog* log = PhaseLog::current()) log->close();
  phase_.clear();
}

}  // namespace solver::gpu
