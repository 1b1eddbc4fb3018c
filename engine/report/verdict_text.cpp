#include "engine/report/verdict_text.h"

#include <cstdio>

namespace solver::engine {

std::string verdict_text(const MatchRecord& m) {
  std::string s = m.fired;
  if (m.fired.empty()) return s;
  std::string ties;
  if (m.tie) {
    char margin[32];
    std::snprintf(margin, sizeof margin, "%.2f", m.tie->margin);
    ties = "tie: " + m.tie->rule;
    if (!m.tie->bottleneck.empty() && m.tie->bottleneck != m.tie->rule)
      ties += " [" + m.tie->bottleneck + "]";
    ties += std::string(", margin ") + margin;
  }
  if (m.tie_unexplained)
    ties += (ties.empty() ? "" : "; ") + std::string("tie: no rule explains this");
  return ties.empty() ? s : s + " (" + ties + ")";
}

}  // namespace solver::engine
