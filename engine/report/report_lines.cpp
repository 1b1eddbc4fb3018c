#include "engine/report/report_lines.h"
#include "engine/report/html_escape.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace solver::engine {
namespace {

using nlohmann::json;

std::string esc(const std::string& s) { return html_escape(s); }

std::string percent(double f) {
  if (f > 0 && f < 0.005) return "<1%";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * f);
  return buf;
}

uint64_t count(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() && it->get<int64_t>() >= 0 ? it->get<uint64_t>()
                                                                             : 0;
}

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

std::vector<HotLineRow> hot_line_rows(const json& lines, size_t n) {
  std::vector<HotLineRow> out;
  if (!lines.is_object()) return out;
  const uint64_t total = count(lines, "total_samples");
  auto list = lines.find("lines");
  if (total == 0 || list == lines.end() || !list->is_array()) return out;
  auto causes = lines.find("causes");
  for (const json& l : *list) {
    if (out.size() >= n) break;
    if (!l.is_object()) continue;
    HotLineRow row;
    const uint64_t samples = count(l, "samples");
    row.line = l.value("line", 0);
    row.text = str(l, "text");
    std::string file = str(l, "file");
    if (!file.empty() && row.line > 0) {
      row.where = file + ":" + std::to_string(row.line);
      // Inlined code charged to its call site: where the line table had it, beside.
      if (std::string via = str(l, "via"); !via.empty()) row.where += " (inlined " + via + ")";
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "+0x%llx", (unsigned long long)count(l, "pc_offset"));
      row.where = str(l, "function") + buf;
    }
    row.share = double(samples) / double(total);
    // The stall mix: reasons with ≥ 1% of the line's samples, most first, at most four.
    std::vector<std::pair<uint64_t, std::string>> mix;
    if (auto st = l.find("stalls"); st != l.end() && st->is_object())
      for (const auto& [reason, v] : st->items())
        if (v.is_number_integer() && v.get<int64_t>() > 0 && v.get<uint64_t>() * 100 >= samples)
          mix.emplace_back(v.get<uint64_t>(), reason);
    std::stable_sort(mix.begin(), mix.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; i < mix.size() && i < 4; ++i)
      row.stall_mix +=
          (i ? ", " : "") + mix[i].second + " " + percent(double(mix[i].first) / double(samples));
    // The producer walk's answer for the line's hottest PC, where it has one.
    if (causes != lines.end() && causes->is_array())
      for (const json& c : *causes)
        if (c.is_object() && count(c, "pc_offset") == count(l, "pc_offset") &&
            !str(c, "producer").empty()) {
          row.waits_on = str(c, "reason") + " <- `" + str(c, "producer") + "`";
          if (!str(c, "producer_where").empty())
            row.waits_on += " (" + str(c, "producer_where") + ")";
          break;
        }
    out.push_back(std::move(row));
  }
  return out;
}

std::string hot_lines_html(const std::vector<RoundRecord>& records) {
  // The latest record with samples per (problem, track), problems in the ledger's order.
  std::vector<std::string> problems;
  std::map<std::pair<std::string, std::string>, const RoundRecord*> latest;
  for (const RoundRecord& r : records) {
    if (std::find(problems.begin(), problems.end(), r.problem) == problems.end())
      problems.push_back(r.problem);
    if (r.incumbent_lines && !hot_line_rows(*r.incumbent_lines).empty())
      latest[{r.problem, r.track}] = &r;
  }
  if (latest.empty()) return "";
  std::ostringstream h;
  h << "<h2>Where in the code: the incumbents' hottest lines</h2>\n"
       "<p class=\"note\">PC sampling of the dominant launch (docs/pc_sampling.md): per problem "
       "and track, the latest incumbent profiled with samples. Share: of the kernel's samples; "
       "stall mix: of the line's; waits on: the instruction the line's hottest stalled "
       "instruction reads a register from, found by walking back in its basic block "
       "(heuristic). A barrier stall is sampled at the instruction after the barrier.</p>\n";
  for (const std::string& problem : problems)
    for (const char* track : {"off", "on"}) {
      auto it = latest.find({problem, track});
      if (it == latest.end()) continue;
      const RoundRecord& r = *it->second;
      const json& lines = *r.incumbent_lines;
      h << "<h3>" << esc(problem) << " &middot; " << (std::string(track) == "on" ? "ON" : "OFF")
        << " &middot; round " << r.round << " incumbent <code>" << esc(r.incumbent)
        << "</code>, kernel <code>" << esc(str(lines, "kernel")) << "</code>, "
        << count(lines, "total_samples") << " samples</h3>\n";
      if (std::string cite = str(lines, "citation"); !cite.empty())
        h << "<p class=\"cite\">cites: " << esc(cite) << "</p>\n";
      h << "<table class=\"hot\"><tr><th>line</th><th>source</th><th>share</th>"
           "<th>stall mix</th><th>waits on</th></tr>\n";
      for (const HotLineRow& row : hot_line_rows(lines))
        h << "<tr><td class=\"n\">" << esc(row.where) << "</td><td><code>" << esc(row.text)
          << "</code></td><td class=\"n\">" << esc(percent(row.share)) << "</td><td>"
          << esc(row.stall_mix) << "</td><td>" << esc(row.waits_on) << "</td></tr>\n";
      h << "</table>\n";
    }
  return h.str();
}

}  // namespace solver::engine
