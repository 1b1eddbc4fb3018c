#include "rules/unexplained.h"

#include <cmath>
#include <cstdio>

namespace solver::rules {
namespace {

// A signal as the verdict shows it: a count exactly, a ratio to four digits, a name bare; ""
// where it was not measured.
std::string text(const SignalSet* s, const char* name) {
  if (!s) return "";
  const Value& v = s->get(name);
  if (is_missing(v)) return "";
  if (const auto* d = std::get_if<double>(&v)) {
    char buf[32];
    if (*d == std::floor(*d) && std::fabs(*d) < 1e15)
      std::snprintf(buf, sizeof buf, "%.0f", *d);
    else
      std::snprintf(buf, sizeof buf, "%.4g", *d);
    return buf;
  }
  if (const auto* t = std::get_if<std::string>(&v)) return *t;
  return format_value(v);
}

}  // namespace

std::string unexplained_summary(const SignalSet* signals) {
  std::string stall = text(signals, "stall_top"), pipe = text(signals, "pipe_top");
  std::string out = "no rule explains this kernel";
  if (!stall.empty())
    out += "; largest stall: " + stall + " (" + text(signals, "stall_top_frac") + " of warp time)";
  if (!pipe.empty())
    out += "; busiest pipe: " + pipe + " (" + text(signals, "pipe_top_frac") + " of peak)";
  std::string issue = text(signals, "issue_frac");
  if (!issue.empty()) out += "; issue slots used: " + issue;
  if (stall.empty() && pipe.empty()) out += " (no stall or pipe counters were measured)";
  return out;
}

}  // namespace solver::rules
