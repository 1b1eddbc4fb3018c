#include "generators/toolkit_include_macros.h"

#include <cctype>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "generators/toolkit_dirs.h"

namespace solver::generators {

namespace fs = std::filesystem;

namespace {

// A toolkit header is no adversary: one reading (phase 2 splices, comments as a blank) is the
// one every preprocessor agrees on for it.
struct Logical {
  int line;
  std::string text;
};

std::vector<Logical> logical_lines(const std::string& in) {
  std::vector<Logical> out;
  Logical cur{1, {}};
  int line = 1;
  bool block = false;
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char c = in[i];
    if (c == '\\' && (i + 1 < n && (in[i + 1] == '\n' ||
                                    (in[i + 1] == '\r' && i + 2 < n && in[i + 2] == '\n')))) {
      i += in[i + 1] == '\r' ? 2 : 1;
      ++line;
      continue;
    }
    if (block) {
      if (c == '*' && i + 1 < n && in[i + 1] == '/') {
        block = false;
        cur.text += ' ';
        ++i;
      } else if (c == '\n') {
        ++line;
      }
      continue;
    }
    if (c == '/' && i + 1 < n && in[i + 1] == '/') {
      while (i + 1 < n && in[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && in[i + 1] == '*') {
      block = true;
      ++i;
      continue;
    }
    if (c == '\n') {
      out.push_back(std::move(cur));
      cur = Logical{++line, {}};
      continue;
    }
    cur.text += c;
    if (c == '"' || c == '\'') {  // a literal: a "/*" inside it opens no comment
      for (++i; i < n && in[i] != c && in[i] != '\n'; ++i) {
        cur.text += in[i];
        if (in[i] == '\\' && i + 1 < n && in[i + 1] != '\n') cur.text += in[++i];
      }
      if (i < n && in[i] == c) cur.text += c;
      if (i < n && in[i] == '\n') --i;
    }
  }
  out.push_back(std::move(cur));
  return out;
}

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifiers of `s` from `from`, outside string and character literals and pp-numbers.
std::vector<std::string> identifiers(const std::string& s, std::size_t from = 0) {
  std::vector<std::string> out;
  for (std::size_t i = from; i < s.size();) {
    const char c = s[i];
    if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c; ++i)
        if (s[i] == '\\') ++i;
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < s.size() && (ident_char(s[i]) || s[i] == '.')) ++i;
    } else if (ident_start(c)) {
      std::size_t e = i;
      while (e < s.size() && ident_char(s[e])) ++e;
      out.push_back(s.substr(i, e - i));
      i = e;
    } else {
      ++i;
    }
  }
  return out;
}

std::size_t skip_blank(const std::string& s, std::size_t i) {
  while (i < s.size() &&
         (s[i] == ' ' || s[i] == '\t' || s[i] == '\v' || s[i] == '\f' || s[i] == '\r'))
    ++i;
  return i;
}

std::string read_ident(const std::string& s, std::size_t& i) {
  std::size_t b = i;
  while (i < s.size() && ident_char(s[i])) ++i;
  return s.substr(b, i - b);
}

std::string shorten(std::string s) {
  if (s.size() > 100) s = s.substr(0, 97) + "...";
  return s;
}

struct Definition {
  std::vector<std::string> names;  // identifiers of the replacement list (parameters out)
  std::string where;               // "file:line: #define ..."
  bool pastes = false;             // its replacement list has a ## (a name made, not named)
};

struct Scan {
  std::map<std::string, std::string> roots;                // name -> where
  std::map<std::string, std::vector<Definition>> defines;  // name -> every #define of it
};

void scan_file(const std::string& text, const std::string& label, Scan& scan) {
  for (const Logical& l : logical_lines(text)) {
    const std::string& s = l.text;
    std::size_t i = skip_blank(s, 0);
    if (i >= s.size() || s[i] != '#') continue;
    i = skip_blank(s, i + 1);
    const std::string word = read_ident(s, i);
    const std::string where =
        label + ":" + std::to_string(l.line) + ": " + shorten(s.substr(skip_blank(s, 0)));
    if (word == "include" || word == "include_next") {
      i = skip_blank(s, i);
      if (i < s.size() && s[i] != '"' && s[i] != '<')
        for (const auto& id : identifiers(s, i)) scan.roots.emplace(id, where);
    } else if (word == "define") {
      i = skip_blank(s, i);
      const std::string name = read_ident(s, i);
      if (name.empty()) continue;
      std::set<std::string> params;
      if (i < s.size() && s[i] == '(') {  // function-like: its parameters are no macro names
        const std::size_t close = s.find(')', i);
        if (close == std::string::npos) continue;
        for (const auto& p : identifiers(s.substr(i, close - i))) params.insert(p);
        i = close + 1;
      }
      Definition d{{}, where, s.find("##", i) != std::string::npos};
      for (auto& id : identifiers(s, i))
        if (!params.count(id) && id != "__VA_ARGS__" && id != "__VA_OPT__")
          d.names.push_back(std::move(id));
      scan.defines[name].push_back(std::move(d));
    } else if (word == "if" || word == "elif" || word == "ifdef" || word == "ifndef") {
      // A probe whose file name is a macro: __has_include(NAME) answers about any path.
      for (const char* probe : {"__has_include_next", "__has_include"}) {
        for (std::size_t at = s.find(probe, i); at != std::string::npos;
             at = s.find(probe, at + 1)) {
          std::size_t k = skip_blank(s, at + std::string(probe).size());
          if (k >= s.size() || s[k] != '(') continue;
          k = skip_blank(s, k + 1);
          if (k >= s.size() || s[k] == '"' || s[k] == '<') continue;
          const std::size_t close = s.find(')', k);
          for (const auto& id :
               identifiers(s.substr(k, close == std::string::npos ? std::string::npos : close - k)))
            scan.roots.emplace(id, where);
        }
      }
    }
  }
}

}  // namespace

ToolkitIncludeMacros scan_toolkit_include_macros(const std::vector<std::string>& dirs) {
  const auto t0 = std::chrono::steady_clock::now();
  ToolkitIncludeMacros out;
  out.dirs = dirs;
  Scan scan;
  std::set<fs::path> seen;
  for (const auto& dir : dirs) {
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      if (!it->is_regular_file(e2) || it->file_size(e2) > (std::uintmax_t(16) << 20)) continue;
      const fs::path file = fs::weakly_canonical(it->path(), e2);
      if (e2 || !seen.insert(file).second) continue;
      std::ifstream in(file, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      ++out.files;
      scan_file(text.str(), fs::relative(it->path(), dir, e2).generic_string(), scan);
    }
  }
  // The closure: a name in the set whose #define names another puts that one in.
  std::deque<std::string> todo;
  for (const auto& [name, where] : scan.roots)
    if (out.names.emplace(name, where).second) todo.push_back(name);
  while (!todo.empty()) {
    const std::string name = todo.front();
    todo.pop_front();
    auto d = scan.defines.find(name);
    if (d == scan.defines.end()) continue;
    for (const Definition& def : d->second) {
      if (def.pastes) out.pasting.push_back(def.where);
      for (const auto& id : def.names)
        if (out.names.emplace(id, def.where).second) todo.push_back(id);
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

const ToolkitIncludeMacros& toolkit_include_macros() {
  static const ToolkitIncludeMacros cached = scan_toolkit_include_macros(toolkit_include_dirs());
  return cached;
}

}  // namespace solver::generators
