#include "engine/eval/pc_line_remap.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <tuple>

namespace solver::engine {
namespace {

std::string basename_of(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

// The place the worker charges `pc` of `function` to, from the frames (innermost first).
std::optional<profiling::LineRef> place(const profiling::InlineChains& frames,
                                        const std::string& function, uint64_t pc,
                                        const std::string& own_file, bool to_call_site) {
  auto f = frames.find(function);
  if (f == frames.end()) return std::nullopt;
  auto c = f->second.find(pc);
  if (c == f->second.end() || c->second.empty()) return std::nullopt;
  const profiling::LineRef& inner = c->second.front();
  profiling::LineRef out{basename_of(inner.file), inner.line, ""};
  if (!to_call_site) return out;
  for (const auto& frame : c->second)
    if (basename_of(frame.file) == own_file) {
      out.file = own_file;
      out.line = frame.line;
      if (&frame != &c->second.front())
        out.via = basename_of(inner.file) + ":" + std::to_string(inner.line);
      break;
    }
  return out;
}

}  // namespace

std::string remap_pc_lines(profiling::PcSampling& pc, const profiling::InlineChains& frames,
                           const std::string& own_file,
                           const std::function<std::string(const std::string&, int)>& text) {
  // function, file, line; and the PC of a line without a place: the worker keeps each such PC
  // as its own line (it has no line to merge on), and so does this, or the unplaced PCs would
  // add up to one line that the top-line shares read as the hottest statement.
  using Key = std::tuple<std::string, std::string, int, uint64_t>;
  const bool to_call_site =
      std::any_of(pc.lines.begin(), pc.lines.end(), [](const auto& l) { return !l.via.empty(); });
  std::map<Key, profiling::LineSamples> merged;
  std::map<Key, uint64_t> best;  // samples of the PC that names the merged line
  for (const auto& l : pc.lines) {
    profiling::LineSamples n = l;
    if (!l.file.empty()) {  // a PC without a line has none in the same code either
      auto at = place(frames, l.function, l.pc_offset, own_file, to_call_site);
      if (!at)
        return "no line for " + l.function + "+0x" + [&] {
          char b[20];
          std::snprintf(b, sizeof b, "%llx", static_cast<unsigned long long>(l.pc_offset));
          return std::string(b);
        }() + " in the new line table";
      n.file = at->file;
      n.line = at->line;
      n.via = at->via;
      if (!l.text.empty()) n.text = text(n.file, n.line);  // where the worker had a text
    }
    Key k{n.function, n.file, n.line, n.file.empty() ? n.pc_offset : 0};
    auto it = merged.find(k);
    if (it == merged.end()) {
      best[k] = n.samples;
      merged.emplace(k, std::move(n));
      continue;
    }
    profiling::LineSamples& m = it->second;
    if (n.samples > best[k]) {
      best[k] = n.samples;
      m.pc_offset = n.pc_offset;
      m.via = n.via;
    }
    m.samples += n.samples;
    for (const auto& [reason, count] : n.stalls) m.stalls[reason] += count;
  }
  std::vector<profiling::StallCause> causes = pc.causes;
  for (auto& c : causes) {
    if (c.producer_where.empty()) continue;
    auto at = place(frames, pc.kernel, c.producer_pc, own_file, to_call_site);
    if (!at) return "no line for the producer at " + c.producer_where + " in the new line table";
    c.producer_where = at->file + ":" + std::to_string(at->line);
  }
  std::vector<profiling::LineSamples> lines;
  for (auto& [k, l] : merged) lines.push_back(std::move(l));
  std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) {
    if (a.samples != b.samples) return a.samples > b.samples;
    return std::tie(a.file, a.line, a.pc_offset) < std::tie(b.file, b.line, b.pc_offset);
  });
  pc.lines = std::move(lines);
  pc.causes = std::move(causes);
  return "";
}

}  // namespace solver::engine
