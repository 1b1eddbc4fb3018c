#include "profiling/pc_signals.h"

namespace solver::profiling {

std::string top_stall_reason(const PcSampling& s) {
  std::string best;
  uint64_t most = 0;
  for (const auto& [reason, n] : s.stall_totals)
    if (reason != "selected" && n > most) most = n, best = reason;
  return best;
}

void add_pc_signals(const PcSampling& s, rules::SignalSet& out,
                    std::map<std::string, std::string>* origin) {
  if (!s.ok || s.total_samples == 0) return;
  auto put = [&](const std::string& name, double v) {
    if (!rules::signal_index(name)) return;  // a reason the vocabulary does not name
    out.set(name, v);
    if (origin) (*origin)[name] = "pc-sampling";
  };
  const double total = double(s.total_samples);
  put("pc_samples", total);
  put("pc_top_line_share", s.lines.empty() ? 0.0 : double(s.lines.front().samples) / total);
  std::string top = top_stall_reason(s);
  if (!top.empty()) {
    ReasonTop t = reason_top_line(s, top);
    if (t.line) put("pc_top_stall_line_share", t.share);
  }
  for (const auto& [reason, n] : s.stall_totals) {
    if (n < kMinReasonSamples || double(n) < kMinReasonShare * total) continue;
    ReasonTop t = reason_top_line(s, reason);
    if (t.line) put("stall_" + reason + "_top_line_share", t.share);
  }
}

std::string evidence_reason(const PcSampling& s, const std::vector<std::string>& evidence) {
  if (!s.ok || s.total_samples == 0) return "";
  for (std::string name : evidence) {
    if (name.rfind("stall_", 0) != 0) continue;
    name = name.substr(6);
    constexpr std::string_view kTail = "_top_line_share";
    if (name.size() > kTail.size() && name.substr(name.size() - kTail.size()) == kTail)
      name = name.substr(0, name.size() - kTail.size());
    auto it = s.stall_totals.find(name);
    if (it != s.stall_totals.end() && it->second > 0) return name;
  }
  return top_stall_reason(s);
}

std::string cite_evidence(const PcSampling& s, const std::vector<std::string>& evidence) {
  std::string reason = evidence_reason(s, evidence);
  std::string text = reason.empty() ? "" : cite_line(s, reason);
  return text.empty() ? cite_line(s, "") : text;
}

}  // namespace solver::profiling
