#include "profiling/sass_inline.h"

#include <cstdlib>
#include <iterator>

namespace solver::profiling {
namespace {

std::string basename_of(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

// `File "F", line N` at `at` in `s`: the frame and where its text ends; line 0 when malformed.
LineRef read_frame(std::string_view s, size_t& at) {
  LineRef ref;
  size_t q = s.find("File \"", at);
  if (q == std::string_view::npos) return ref;
  q += 6;
  size_t e = s.find('"', q);
  if (e == std::string_view::npos) return ref;
  std::string_view rest = s.substr(e + 1);
  constexpr std::string_view kLine = ", line ";
  if (rest.substr(0, kLine.size()) != kLine) return ref;
  size_t d = e + 1 + kLine.size();
  int line = 0;
  size_t n = d;
  while (n < s.size() && s[n] >= '0' && s[n] <= '9' && line < (1 << 27))
    line = line * 10 + (s[n++] - '0');
  if (n == d) return ref;
  ref.file = std::string(s.substr(q, e - q));
  ref.line = line;
  at = n;
  return ref;
}

// One `//## File ...` comment: its frame, and the call site when it says `inlined at`.
std::vector<LineRef> comment_frames(std::string_view line) {
  std::vector<LineRef> out;
  size_t at = 0;
  LineRef first = read_frame(line, at);
  if (first.line == 0) return out;
  out.push_back(first);
  size_t in = line.find("inlined at", at);
  if (in != std::string_view::npos) {
    // "inlined at "G", line M": the same shape without the word File.
    std::string shaped = "File " + std::string(line.substr(in + 10));
    size_t k = 0;
    LineRef site = read_frame(shaped, k);
    if (site.line > 0) out.push_back(site);
  }
  return out;
}

}  // namespace

InlineChains parse_pc_frames(std::string_view text) {
  InlineChains out;
  std::string function;
  std::vector<std::vector<LineRef>> pending;  // the comments since the last instruction
  std::vector<LineRef> chain;                 // the current instruction's frames
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string_view::npos) continue;
    line = line.substr(b);
    if (line.substr(0, 6) == ".text." && line.back() == ':') {
      function = std::string(line.substr(6, line.size() - 7));
      pending.clear();
      chain.clear();
      continue;
    }
    if (line.substr(0, 4) == "//##") {
      std::vector<LineRef> f = comment_frames(line);
      if (!f.empty()) pending.push_back(std::move(f));
      continue;
    }
    if (line.substr(0, 2) != "/*" || function.empty()) continue;
    size_t close = line.find("*/");
    if (close == std::string_view::npos || close < 3) continue;
    char* stop = nullptr;
    std::string hex(line.substr(2, close - 2));
    unsigned long long pc = std::strtoull(hex.c_str(), &stop, 16);
    if (!stop || *stop != '\0') continue;
    if (!pending.empty()) {
      // nvdisasm writes the innermost frame first ("F, line N inlined at G, line M"), then the
      // frames outward, each repeating the previous one's call site; the last is the body's.
      chain.clear();
      for (const auto& f : pending) {
        if (chain.empty() || chain.back().file != f.front().file ||
            chain.back().line != f.front().line)
          chain.push_back(f.front());
        if (f.size() > 1) chain.push_back(f[1]);
      }
      pending.clear();
    }
    if (!chain.empty()) out[function][pc] = chain;
  }
  return out;
}

InlineChains parse_inline_chains(std::string_view text) {
  InlineChains out = parse_pc_frames(text);
  for (auto f = out.begin(); f != out.end();) {
    for (auto c = f->second.begin(); c != f->second.end();)
      c = c->second.size() > 1 ? std::next(c) : f->second.erase(c);
    f = f->second.empty() ? out.erase(f) : std::next(f);
  }
  return out;
}

Locate own_frame_locate(Locate read, const InlineChains& chains,
                        std::function<bool(const std::string& file)> is_own) {
  return [read = std::move(read), &chains, is_own = std::move(is_own)](const std::string& fn,
                                                                       uint64_t pc) {
    LineRef ref = read ? read(fn, pc) : LineRef{};
    if (ref.line > 0 && is_own(ref.file)) return ref;
    auto f = chains.find(fn);
    if (f == chains.end()) return ref;
    auto c = f->second.find(pc);
    if (c == f->second.end()) return ref;
    for (const LineRef& frame : c->second) {
      if (!is_own(frame.file)) continue;
      LineRef own = frame;
      const LineRef& inner = ref.line > 0 ? ref : c->second.front();
      own.via = basename_of(inner.file) + ":" + std::to_string(inner.line);
      return own;
    }
    return ref;
  };
}

}  // namespace solver::profiling
