#include "engine/cli/verdict_lines.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "engine/backend/pc_sampling_json.h"
#include "engine/cli/output.h"
#include "profiling/pc_signals.h"

namespace solver::cli {
namespace {

std::string percent(double f) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * f);
  return buf;
}

std::string with_commas(uint64_t n) {
  std::string s = std::to_string(n);
  for (int at = int(s.size()) - 3; at > 0; at -= 3) s.insert(size_t(at), ",");
  return s;
}

}  // namespace

std::vector<std::string> evidence_names(const rules::MatchResult& m) {
  std::vector<std::string> out;
  if (m.fired)
    for (const auto& [name, value] : m.evidence) out.emplace_back(name);
  return out;
}

std::string stall_mix(const profiling::LineSamples& l, size_t n) {
  std::vector<std::pair<std::string, uint64_t>> v(l.stalls.begin(), l.stalls.end());
  std::stable_sort(v.begin(), v.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (size_t i = 0; i < v.size() && i < n && l.samples > 0; ++i)
    out += (out.empty() ? "" : ", ") + v[i].first + " " +
           percent(double(v[i].second) / double(l.samples));
  return out;
}

void print_pc_lines(std::ostream& out, const profiling::PcSampling& s, const rules::MatchResult& m,
                    size_t n) {
  if (!s.ok) {
    out << "  lines:      not sampled: " << (s.detail.empty() ? "(no reason given)" : s.detail)
        << '\n';
    return;
  }
  out << "  lines:      " << with_commas(s.total_samples) << " PC samples of " << s.kernel << " in "
      << format_number(s.ms) << " ms (period 2^" << s.period_log2 << " cycles)\n";
  Table t({"#", "where", "share", "stalls", "source"});
  for (size_t i = 0; i < s.lines.size() && i < n; ++i) {
    const auto& l = s.lines[i];
    t.add_row({std::to_string(i + 1), l.where(),
               percent(double(l.samples) / double(std::max<uint64_t>(s.total_samples, 1))),
               stall_mix(l), l.text});
  }
  std::ostringstream table;
  t.print(table);
  std::istringstream lines(table.str());
  for (std::string line; std::getline(lines, line);) out << "    " << line << '\n';
  std::string cite = profiling::cite_evidence(s, evidence_names(m));
  if (!cite.empty()) out << "  cites:      " << cite << '\n';
  for (const auto& c : s.causes) {
    out << "  waits on:   " << c.reason << " at +0x" << std::hex << c.pc_offset << std::dec << " `"
        << c.instruction << "`";
    if (!c.producer.empty())
      out << " <- `" << c.producer << "`"
          << (c.producer_where.empty() ? "" : " (" + c.producer_where + ")");
    else
      out << " (no producer in its block)";
    out << '\n';
  }
  if (!s.detail.empty()) out << "  note:       " << s.detail << '\n';
}

void add_pc_json(nlohmann::json& j, const profiling::PcSampling& s, const rules::MatchResult& m) {
  j["pc_sampling"] = engine::to_json(s);
  std::string cite = profiling::cite_evidence(s, evidence_names(m));
  j["citation"] = cite.empty() ? nlohmann::json(nullptr) : nlohmann::json(cite);
  j["citation_reason"] = profiling::evidence_reason(s, evidence_names(m));
}

}  // namespace solver::cli
