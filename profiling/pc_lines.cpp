#include "profiling/pc_lines.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

namespace solver::profiling {

std::string LineSamples::top_stall() const {
  std::string best;
  uint64_t most = 0;
  for (const auto& [reason, n] : stalls)
    if (n > most) most = n, best = reason;
  return best;
}

std::string LineSamples::where() const {
  if (!file.empty() && line > 0) return file + ":" + std::to_string(line);
  char buf[32];
  std::snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(pc_offset));
  return function + buf;
}

std::string stall_reason_name(std::string_view name) {
  for (std::string_view prefix : {"smsp__pcsamp_warps_issue_stalled_", "smsp__pcsamp_"})
    if (name.substr(0, prefix.size()) == prefix) {
      name.remove_prefix(prefix.size());
      break;
    }
  constexpr std::string_view kNotIssued = "_not_issued";
  if (name.size() > kNotIssued.size() && name.substr(name.size() - kNotIssued.size()) == kNotIssued)
    name.remove_suffix(kNotIssued.size());
  return std::string(name);
}

std::vector<LineSamples> aggregate_lines(const std::vector<PcRecord>& pcs, const Locate& locate,
                                         const LineText& text, size_t keep) {
  // A PC without a line keeps its own entry (function + offset), so its samples still show.
  std::map<std::tuple<std::string, int, std::string, uint64_t>, LineSamples> by_line;
  std::map<std::tuple<std::string, int, std::string, uint64_t>, uint64_t> hottest_pc;
  for (const PcRecord& pc : pcs) {
    LineRef ref = locate ? locate(pc.function, pc.pc_offset) : LineRef{};
    bool has_line = !ref.file.empty() && ref.line > 0;
    auto key = has_line ? std::make_tuple(ref.file, ref.line, std::string(), uint64_t(0))
                        : std::make_tuple(std::string(), 0, pc.function, pc.pc_offset);
    LineSamples& l = by_line[key];
    if (l.samples == 0 && l.function.empty()) {
      l.file = ref.file.substr(ref.file.find_last_of('/') + 1);
      l.line = has_line ? ref.line : 0;
      l.function = pc.function;
      l.pc_offset = pc.pc_offset;
      if (has_line && text) l.text = text(ref.file, ref.line);
      l.via = ref.via;
    }
    uint64_t n = 0;
    for (const auto& [reason, s] : pc.stalls) {
      l.stalls[reason] += s;
      n += s;
    }
    l.samples += n;
    uint64_t& best = hottest_pc[key];
    if (n > best) best = n, l.pc_offset = pc.pc_offset, l.via = ref.via;
  }
  std::vector<LineSamples> out;
  for (auto& [key, l] : by_line)
    if (l.samples > 0) out.push_back(std::move(l));
  std::stable_sort(out.begin(), out.end(), [](const LineSamples& a, const LineSamples& b) {
    return a.samples > b.samples;  // by_line's order (file, line) breaks ties
  });
  if (out.size() > keep) out.resize(keep);
  return out;
}

std::string line_text(const std::string& source, int line) {
  if (line <= 0) return "";
  size_t at = 0;
  for (int i = 1; i < line; ++i) {
    at = source.find('\n', at);
    if (at == std::string::npos) return "";
    ++at;
  }
  if (at >= source.size()) return "";
  size_t end = source.find('\n', at);
  std::string s = source.substr(at, end == std::string::npos ? std::string::npos : end - at);
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  s = s.substr(b, e - b + 1);
  if (s.size() > 120) s = s.substr(0, 117) + "...";
  return s;
}

int sampling_period_log2(double time_us, double clock_mhz, int sm_count, double target) {
  double cycles_all_sms = time_us * clock_mhz * double(std::max(sm_count, 1));
  if (!(cycles_all_sms > 0) || !(target > 0)) return 10;
  int n = int(std::lround(std::log2(cycles_all_sms / target)));
  return std::clamp(n, 5, 31);
}

ReasonTop reason_top_line(const PcSampling& s, const std::string& reason) {
  ReasonTop top;
  auto total = s.stall_totals.find(reason);
  if (total == s.stall_totals.end() || total->second == 0) return top;
  top.reason_samples = total->second;
  uint64_t most = 0;
  for (const LineSamples& l : s.lines) {
    auto it = l.stalls.find(reason);
    if (it != l.stalls.end() && it->second > most) most = it->second, top.line = &l;
  }
  if (top.line) top.share = double(most) / double(total->second);
  return top;
}

namespace {
std::string percent(double f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * f);
  return buf;
}
std::string quoted(const LineSamples& l) {
  std::string out = l.text.empty() ? l.where() : l.where() + ": `" + l.text + "`";
  return l.via.empty() ? out : out + " (inlined code of " + l.via + ")";
}
}  // namespace

std::string cite_line(const PcSampling& s, const std::string& reason) {
  if (!s.ok || s.lines.empty() || s.total_samples == 0) return "";
  if (reason.empty()) {
    const LineSamples& l = s.lines.front();
    std::string top = l.top_stall();
    std::string out =
        percent(double(l.samples) / double(s.total_samples)) + " of samples at " + quoted(l);
    if (!top.empty())
      out += " (" + top + " " + percent(double(l.stalls.at(top)) / double(l.samples)) + ")";
    return out;
  }
  ReasonTop top = reason_top_line(s, reason);
  if (!top.line) return "";
  std::string out = percent(top.share) + " of " + reason + " samples at " + quoted(*top.line);
  // Measured on the H200 (docs/results/h200-2026-12-02b, pc_sampling_gpu_test): a warp held at
  // a barrier is sampled at the instruction it will issue next, after the BAR.
  if (reason == "barrier")
    out += " (sampled at the instruction after the barrier the warp waits at)";
  return out;
}

}  // namespace solver::profiling
