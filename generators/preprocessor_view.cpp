#include "generators/preprocessor_view.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <tuple>

namespace solver::generators {

namespace {

// One way a preprocessor may read the bytes (its --std and its line-end handling).
struct Reading {
  bool trigraphs;         // phase 1 replaces ??= ??/ ... (EDG does under --std=c++11)
  bool loose_lines;       // CR and CRLF end lines; `\`, blanks, newline is a splice (GCC)
  bool digit_separators;  // 1'000 is one pp-number (C++14 on)
  bool raw_strings;       // R"d(...)d" (C++11 on)
};

// The text after phases 1 and 2, each byte with the original line it came from.
struct Text {
  std::string s;
  std::vector<int> line;
  std::vector<std::size_t> splices;  // offsets in s where a splice was removed
};

Text translate(const std::string& in, const Reading& r) {
  static const char kFrom[] = "=(/)'<!>-";
  static const char kTo[] = "#[\\]^{|}~";
  std::string a;
  std::vector<int> al;
  a.reserve(in.size());
  al.reserve(in.size());
  int line = 1;
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (r.trigraphs && c == '?' && i + 2 < in.size() && in[i + 1] == '?' && in[i + 2] != '\0') {
      if (const char* p = std::strchr(kFrom, in[i + 2])) {
        a += kTo[p - kFrom];
        al.push_back(line);
        i += 2;
        continue;
      }
    }
    if (c == '\r' && r.loose_lines) {
      if (i + 1 < in.size() && in[i + 1] == '\n') continue;  // CRLF: the LF ends the line
      c = '\n';
    }
    a += c;
    al.push_back(line);
    if (in[i] == '\n') ++line;
  }
  Text t;
  t.s.reserve(a.size());
  t.line.reserve(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == '\\') {
      std::size_t j = i + 1;
      if (r.loose_lines)
        while (j < a.size() && (a[j] == ' ' || a[j] == '\t')) ++j;
      if (j < a.size() && a[j] == '\n') {
        t.splices.push_back(t.s.size());
        i = j;
        continue;
      }
    }
    t.s += a[i];
    t.line.push_back(al[i]);
  }
  return t;
}

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         (static_cast<unsigned char>(c) & 0x80);
}

// Identifiers that probe the file system in a preprocessor expression.
constexpr const char* kProbes[] = {"__has_include", "__has_include_next", "__has_embed"};
// Any proper prefix of these could be pasted (##) into a probe: the first piece of a pasted
// identifier is a token of the source that starts the probe's name.
constexpr const char* kProbeFamilies[] = {"__has_include_next", "__has_embed"};

class Lexer {
 public:
  Lexer(const Text& t, const Reading& r, PreprocessorView& out) : t_(t), r_(r), out_(out) {}

  void run() {
    const std::size_t n = t_.s.size();
    while (i_ < n) {
      char c = t_.s[i_];
      if (c == '\n') {
        line_start_ = true;
        export_seen_ = false;
        ++i_;
      } else if (blank(c)) {
        ++i_;
      } else if (comment()) {
      } else if (c == '#' || (c == '%' && at(i_ + 1) == ':')) {
        std::size_t start = i_;
        i_ += c == '#' ? 1 : 2;
        bool directive = line_start_;
        line_start_ = false;
        if (directive) this->directive(start);
      } else if (ident_char(c) && !std::isdigit(static_cast<unsigned char>(c))) {
        identifier();
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && std::isdigit(static_cast<unsigned char>(at(i_ + 1))))) {
        number();
      } else if (c == '"' || c == '\'') {
        quoted(c);
      } else {
        line_start_ = false;
        ++i_;
      }
    }
  }

 private:
  char at(std::size_t k) const { return k < t_.s.size() ? t_.s[k] : '\0'; }
  int line_of(std::size_t k) const {
    if (t_.line.empty()) return 1;
    return t_.line[std::min(k, t_.line.size() - 1)];
  }
  static bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }
  void refuse(std::size_t k, const std::string& why) {
    out_.refusals.emplace_back(line_of(k), why);
  }

  // A comment at i_: skipped; one with a line end in it may leave the next `#` first on its
  // line (a superset of where directives start).
  bool comment() {
    if (at(i_) != '/') return false;
    if (at(i_ + 1) == '/') {
      std::size_t e = t_.s.find('\n', i_);
      i_ = e == std::string::npos ? t_.s.size() : e;
      return true;
    }
    if (at(i_ + 1) == '*') {
      std::size_t e = t_.s.find("*/", i_ + 2);
      std::size_t end = e == std::string::npos ? t_.s.size() : e + 2;
      std::size_t nl = t_.s.find('\n', i_);
      if (nl != std::string::npos && nl < end) line_start_ = true;
      i_ = end;
      return true;
    }
    return false;
  }

  // Blanks and comments; with `lines`, line ends too. False at a line end (without `lines`).
  void skip_blank(bool lines) {
    while (i_ < t_.s.size()) {
      char c = t_.s[i_];
      if (blank(c)) {
        ++i_;
      } else if (c == '\n' && lines) {
        line_start_ = true;
        ++i_;
      } else if (c == '/' && (at(i_ + 1) == '*' || at(i_ + 1) == '/')) {
        bool was = line_start_;
        comment();
        if (!lines) line_start_ = was;
      } else {
        return;
      }
    }
  }

  std::string read_identifier() {
    std::size_t s = i_;
    while (i_ < t_.s.size()) {
      if (ident_char(t_.s[i_])) {
        ++i_;
      } else if (t_.s[i_] == '\\' && (at(i_ + 1) == 'u' || at(i_ + 1) == 'U')) {
        i_ += at(i_ + 1) == 'u' ? 6 : 10;  // a universal character name
      } else {
        break;
      }
    }
    i_ = std::min(i_, t_.s.size());
    return t_.s.substr(s, i_ - s);
  }

  void directive(std::size_t start) {
    skip_blank(false);
    if (!ident_char(at(i_))) return;
    std::string name = read_identifier();
    if (name == "include" || name == "include_next" || name == "import" || name == "embed") {
      header(start, name);
    } else if (name == "define" || name == "undef") {
      skip_blank(false);
      if (ident_char(at(i_)) && !std::isdigit(static_cast<unsigned char>(at(i_)))) {
        const std::size_t at_name = i_;  // the name is lexed again: its own checks apply
        out_.macros.push_back({line_of(start), name, read_identifier()});
        i_ = at_name;
      }
    }
  }

  // The file name after an include-like construct (or a probe's opening parenthesis).
  void header(std::size_t start, const std::string& construct, bool lines = false) {
    skip_blank(lines);
    char open = at(i_);
    if (open != '"' && open != '<') {
      out_.references.push_back({line_of(start), construct, 0, ""});
      return;
    }
    char close = open == '"' ? '"' : '>';
    std::size_t e = i_ + 1;
    while (e < t_.s.size() && t_.s[e] != close && t_.s[e] != '\n') ++e;
    if (e >= t_.s.size() || t_.s[e] != close) {
      refuse(start, "unterminated " + std::string(construct[0] == '_' ? "" : "#") + construct);
      i_ = e;
      return;
    }
    out_.references.push_back({line_of(start), construct, open, t_.s.substr(i_ + 1, e - i_ - 1)});
    i_ = e + 1;
    line_start_ = false;
  }

  void identifier() {
    std::size_t start = i_;
    bool was_start = line_start_;
    line_start_ = false;
    std::string id = read_identifier();
    if (r_.raw_strings && at(i_) == '"' &&
        (id == "R" || id == "u8R" || id == "uR" || id == "UR" || id == "LR")) {
      raw_string();
      return;
    }
    for (const char* p : kProbes) {
      if (id == p) {
        probe(start, id);
        return;
      }
    }
    if (id.rfind("__has_include", 0) == 0 || id.rfind("__has_embed", 0) == 0) {
      refuse(start, "'" + id + "' is spelled like a file probe (__has_include)");
      return;
    }
    for (const char* f : kProbeFamilies) {
      if (std::strlen(f) > id.size() && std::string(f).compare(0, id.size(), id) == 0) {
        refuse(start, "identifier '" + id +
                          "' could be pasted (##) into a file probe (__has_include, "
                          "__has_embed) the confinement could not check; rename it");
        return;
      }
    }
    // C++20 header units: `import "x";` / `export import <x>;` without a '#'.
    if (id == "export" && was_start) {
      export_seen_ = true;
      line_start_ = false;
      return;
    }
    if (id == "import" && (was_start || export_seen_)) {
      std::size_t save = i_;
      skip_blank(false);
      if (at(i_) == '"' || at(i_) == '<')
        header(start, "import");
      else
        i_ = save;
    }
    export_seen_ = false;
  }

  void probe(std::size_t start, const std::string& id) {
    skip_blank(true);
    if (at(i_) != '(') {
      out_.references.push_back({line_of(start), id, 0, ""});
      return;
    }
    ++i_;
    line_start_ = false;
    header(start, id, true);
  }

  void raw_string() {
    std::size_t open = i_;  // at the '"'
    std::size_t p = open + 1;
    std::string delim;
    while (p < t_.s.size() && t_.s[p] != '(' && delim.size() <= 16) {
      char c = t_.s[p];
      if (c == ' ' || c == ')' || c == '\\' || c == '\n' || c == '\t' || c == '"') {
        return;  // not a raw string: the '"' is lexed as an ordinary one
      }
      delim += c;
      ++p;
    }
    if (p >= t_.s.size() || t_.s[p] != '(') return;
    std::string closing = ")" + delim + "\"";
    std::size_t e = t_.s.find(closing, p + 1);
    std::size_t end = e == std::string::npos ? t_.s.size() : e + closing.size();
    for (std::size_t s : t_.splices) {
      if (s > open && s < end) {
        refuse(open,
               "a line splice inside a raw string literal: preprocessors read it "
               "differently, so the include check cannot");
        break;
      }
    }
    i_ = end;
  }

  void number() {
    line_start_ = false;
    ++i_;
    while (i_ < t_.s.size()) {
      char c = t_.s[i_];
      if ((c == '+' || c == '-') && std::strchr("eEpP", t_.s[i_ - 1])) {
        ++i_;
      } else if (ident_char(c) || c == '.') {
        ++i_;
      } else if (c == '\'' && r_.digit_separators && ident_char(at(i_ + 1))) {
        i_ += 2;
      } else {
        break;
      }
    }
  }

  void quoted(char q) {
    line_start_ = false;
    ++i_;
    while (i_ < t_.s.size() && t_.s[i_] != q && t_.s[i_] != '\n') i_ += t_.s[i_] == '\\' ? 2 : 1;
    if (i_ < t_.s.size() && t_.s[i_] == q) ++i_;
    i_ = std::min(i_, t_.s.size());
  }

  const Text& t_;
  const Reading& r_;
  PreprocessorView& out_;
  std::size_t i_ = 0;
  bool line_start_ = true;
  bool export_seen_ = false;
};

}  // namespace

PreprocessorView preprocessor_view(const std::string& text) {
  PreprocessorView all;
  for (int bits = 0; bits < 16; ++bits) {
    Reading r{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0};
    Text t = translate(text, r);
    Lexer(t, r, all).run();
  }
  auto key = [](const FileReference& f) {
    return std::tie(f.line, f.construct, f.delimiter, f.name);
  };
  std::sort(all.references.begin(), all.references.end(),
            [&](const auto& a, const auto& b) { return key(a) < key(b); });
  all.references.erase(std::unique(all.references.begin(), all.references.end()),
                       all.references.end());
  auto mkey = [](const MacroDirective& m) { return std::tie(m.line, m.directive, m.name); };
  std::sort(all.macros.begin(), all.macros.end(),
            [&](const auto& a, const auto& b) { return mkey(a) < mkey(b); });
  all.macros.erase(std::unique(all.macros.begin(), all.macros.end()), all.macros.end());
  std::sort(all.refusals.begin(), all.refusals.end());
  all.refusals.erase(std::unique(all.refusals.begin(), all.refusals.end()), all.refusals.end());
  return all;
}

}  // namespace solver::generators
