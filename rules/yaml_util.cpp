#include "rules/yaml_util.h"
#include "rules/expr_constants.h"
#include "rules/names.h"
#include "rules/text_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <yaml-cpp/eventhandler.h>

namespace solver::rules {

namespace {

SourceLocation from_mark(const YAML::Mark& m, const std::string& file) {
  if (m.is_null() || m.line < 0) return SourceLocation{file, 0, 0};
  return SourceLocation{file, m.line + 1, m.column + 1};
}

std::string key_text(std::string_view key) { return "'" + std::string(key) + "'"; }

// yaml-cpp keeps both entries of a duplicated key and a lookup returns the first, and
// YAML::Load reads the first document only. This pass over the event stream (aliases are one
// event each, so an alias bomb costs nothing) refuses both, before any loader looks.
class StructureCheck : public YAML::EventHandler {
 public:
  explicit StructureCheck(const std::string& file) : file_(file) {}
  void OnDocumentStart(const YAML::Mark& m) override { doc_mark_ = m; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t) override { node(m, nullptr); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { node(m, nullptr); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                const std::string& v) override {
    // Escapes can put what the raw text may not hold into a value: "\0", "\x01", "\e".
    if (auto why = text_problem(v))
      throw InputError(Diagnostic{from_mark(m, file_), "a scalar " + *why + ": '" +
                                                           printable(v) + "' (names and text "
                                                           "must be UTF-8 without control "
                                                           "characters)"});
    node(m, &v);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    node(m, nullptr);
    stack_.push_back(Frame{false, true, {}});
  }
  void OnSequenceEnd() override { stack_.pop_back(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    node(m, nullptr);
    stack_.push_back(Frame{true, true, {}});
  }
  void OnMapEnd() override { stack_.pop_back(); }
  const YAML::Mark& document_mark() const { return doc_mark_; }

 private:
  struct Frame {
    bool map;
    bool expect_key;
    std::map<std::string, int> keys;  // key -> 1-based line of its first occurrence
  };
  void node(const YAML::Mark& m, const std::string* scalar) {
    if (stack_.empty() || !stack_.back().map) return;
    Frame& f = stack_.back();
    if (f.expect_key && scalar) {
      auto [it, fresh] = f.keys.emplace(*scalar, m.line + 1);
      if (!fresh)
        throw InputError(Diagnostic{
            from_mark(m, file_), "duplicate key " + key_text(*scalar) + " (first given at line " +
                                     std::to_string(it->second) + "; a map takes each key once)"});
    }
    f.expect_key = !f.expect_key;
  }
  std::string file_;
  YAML::Mark doc_mark_;
  std::vector<Frame> stack_;
};

// file:line:column of byte `at` of `text`.
SourceLocation location_at(const std::string& text, std::size_t at, const std::string& file) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line, column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;  // columns count characters, not UTF-8 continuation bytes
    }
  }
  return SourceLocation{file, line, column};
}

YAML::Node parse_text(const std::string& text, const std::string& file) {
  // YAML is Unicode text: refuse invalid UTF-8 and raw control bytes (a NUL would also end
  // yaml-cpp's reading early) before the parser sees them, at the byte where they are.
  if (auto bad = first_invalid_utf8(text))
    throw InputError(Diagnostic{location_at(text, *bad, file),
                                "not valid UTF-8 (a YAML file is UTF-8 text)"});
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
      throw InputError(Diagnostic{location_at(text, i, file),
                                  "a control character (byte 0x" +
                                      std::string(1, "0123456789ABCDEF"[c >> 4]) +
                                      std::string(1, "0123456789ABCDEF"[c & 15]) +
                                      ") in YAML text"});
    // yaml-cpp breaks lines at LF only: a file saved with CR line endings (classic Mac) read as
    // one line, a comment or "illegal map value" far from the cause.
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
      throw InputError(Diagnostic{location_at(text, i, file),
                                  "a carriage return without a line feed (CR line endings): "
                                  "save the file with LF (or CR LF) line endings"});
  }
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    StructureCheck check(file);
    if (parser.HandleNextDocument(check) && parser.HandleNextDocument(check))
      throw InputError(
          Diagnostic{from_mark(check.document_mark(), file),
                     "a second YAML document: a file holds one ('---' starts another)"});
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {  // ParserException (incl. DeepRecursion) and kin
    throw InputError(Diagnostic{from_mark(e.mark, file), "invalid YAML: " + e.msg});
  }
}

// Looks up `key`; returns an undefined node when absent or when `node` is not a map (a const
// yaml-cpp subscript on a scalar would throw).
YAML::Node lookup(const YAML::Node& node, std::string_view key) {
  if (!node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  const YAML::Node& cnode = node;
  YAML::Node v = cnode[std::string(key)];
  return v.IsDefined() ? v : YAML::Node(YAML::NodeType::Undefined);
}

// The value node for `key` if it is present and not null; records "missing" when required.
std::optional<YAML::Node> present(const YAML::Node& node, std::string_view key,
                                  const std::string& file, Diagnostics& diags, bool required) {
  YAML::Node v = lookup(node, key);
  if (v.IsDefined() && !v.IsNull()) return v;
  if (required && node.IsMap()) {
    SourceLocation where = v.IsDefined() ? location_of(v, file) : location_of(node, file);
    diags.error(where, v.IsDefined() ? "key " + key_text(key) + " has no value"
                                     : "missing required key " + key_text(key));
  }
  return std::nullopt;
}

std::optional<std::string> scalar_of(const YAML::Node& v, std::string_view key,
                                     std::string_view expected, const std::string& file,
                                     Diagnostics& diags) {
  if (v.IsScalar()) return v.Scalar();
  diags.error(location_of(v, file), "key " + key_text(key) + " must be " + std::string(expected));
  return std::nullopt;
}

template <typename Range>
bool check_keys_impl(const YAML::Node& node, const Range& allowed, const std::string& file,
                     Diagnostics& diags) {
  if (!node.IsMap()) return true;
  bool ok = true;
  std::set<std::string> seen;
  for (const auto& kv : node) {
    const YAML::Node& k = kv.first;
    if (!k.IsScalar()) {
      diags.error(location_of(k, file), "map keys must be plain names");
      ok = false;
      continue;
    }
    const std::string& name = k.Scalar();
    if (!seen.insert(name).second) {
      diags.error(location_of(k, file), "duplicate key " + key_text(name));
      ok = false;
    }
    bool known = std::any_of(std::begin(allowed), std::end(allowed),
                             [&](const auto& a) { return std::string_view(a) == name; });
    if (known) continue;
    ok = false;
    std::string msg = "unknown key " + key_text(name);
    std::string_view best;
    std::size_t best_d = name.size() / 3 + 1;  // tolerate ~1 typo per 3 characters
    for (const auto& a : allowed) {
      std::size_t d = edit_distance(name, a);
      if (d <= best_d) best_d = d, best = a;
    }
    if (!best.empty()) {
      msg += " (did you mean " + key_text(best) + "?)";
    } else {
      msg += " (expected one of:";
      for (const auto& a : allowed) msg += " " + std::string(a);
      msg += ")";
    }
    diags.error(location_of(k, file), msg);
  }
  return ok;
}

}  // namespace

YAML::Node load_yaml_file(const std::string& path, std::string* source) {
  std::string text = read_text_file(path, "YAML file", kMaxYamlBytes);
  YAML::Node root = parse_text(text, path);
  if (source) *source = std::move(text);
  return root;
}

YAML::Node load_yaml_string(std::string_view text, const std::string& file) {
  return parse_text(std::string(text), file);
}

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
  try {
    return from_mark(node.Mark(), file);
  } catch (const YAML::Exception&) {  // zombie node (from a failed subscript)
    return SourceLocation{file, 0, 0};
  }
}

SourceLocation scalar_text_origin(const YAML::Node& scalar, const std::string& file) {
  SourceLocation loc = location_of(scalar, file);
  // yaml-cpp tags every non-plain scalar "!" (quoted or block); plain ones "?".
  if (loc.line > 0 && scalar.IsScalar() && scalar.Tag() == "!") loc.column += 1;
  return loc;
}

SourceLocation scalar_text_origin(const YAML::Node& scalar, const std::string& file,
                                  std::string_view source) {
  SourceLocation loc = location_of(scalar, file);
  if (loc.line == 0 || !scalar.IsScalar()) return loc;
  std::size_t pos = static_cast<std::size_t>(scalar.Mark().pos);
  if (pos >= source.size()) return scalar_text_origin(scalar, file);
  char c = source[pos];
  if (c == '"' || c == '\'') {
    loc.column += 1;
  } else if (c == '|' || c == '>') {
    // Block scalar: the text starts on the first non-blank line after the indicator.
    std::size_t p = source.find('\n', pos);
    int line = loc.line;
    while (p != std::string_view::npos) {
      ++line;
      std::size_t start = p + 1;
      std::size_t first = source.find_first_not_of(' ', start);
      if (first == std::string_view::npos) break;
      if (source[first] != '\n' && source[first] != '\r') {
        loc.line = line;
        loc.column = static_cast<int>(first - start) + 1;
        break;
      }
      p = source.find('\n', start);
    }
  }
  return loc;
}

bool expect_map(const YAML::Node& node, std::string_view what, const std::string& file,
                Diagnostics& diags) {
  if (node.IsMap()) return true;
  diags.error(location_of(node, file), std::string(what) + " must be a map of key: value");
  return false;
}

bool expect_sequence(const YAML::Node& node, std::string_view what, const std::string& file,
                     Diagnostics& diags) {
  if (node.IsSequence()) return true;
  diags.error(location_of(node, file), std::string(what) + " must be a list");
  return false;
}

bool check_keys(const YAML::Node& node, std::initializer_list<std::string_view> allowed,
                const std::string& file, Diagnostics& diags) {
  return check_keys_impl(node, allowed, file, diags);
}

bool check_keys(const YAML::Node& node, const std::vector<std::string>& allowed,
                const std::string& file, Diagnostics& diags) {
  return check_keys_impl(node, allowed, file, diags);
}

std::optional<std::string> get_string(const YAML::Node& node, std::string_view key,
                                      const std::string& file, Diagnostics& diags, bool required) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  return scalar_of(*v, key, "a string", file, diags);
}

std::optional<std::string> get_id(const YAML::Node& node, std::string_view key,
                                  const std::string& file, Diagnostics& diags,
                                  std::string_view what, bool required) {
  auto s = get_string(node, key, file, diags, required);
  if (!s) return std::nullopt;
  if (auto why = name_problem(*s, kMaxIdBytes)) {
    diags.error(location_of(lookup(node, key), file),
                std::string(what) + " '" + printable(*s) + "' " + *why);
    return std::nullopt;
  }
  return s;
}

std::optional<long long> get_int(const YAML::Node& node, std::string_view key,
                                 const std::string& file, Diagnostics& diags, bool required) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  auto s = scalar_of(*v, key, "an integer", file, diags);
  if (!s) return std::nullopt;
  // Parsed by hand: yaml-cpp's stream conversion accepts hex/octal forms users did not mean.
  const std::string& t = *s;
  std::size_t i = (!t.empty() && (t[0] == '-' || t[0] == '+')) ? 1 : 0;
  bool digits = i < t.size() && t.size() - i <= 18 &&
                std::all_of(t.begin() + i, t.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!digits) {
    diags.error(location_of(*v, file),
                "key " + key_text(key) + " must be an integer, got '" + t + "'");
    return std::nullopt;
  }
  return std::stoll(t);
}

std::optional<double> get_double(const YAML::Node& node, std::string_view key,
                                 const std::string& file, Diagnostics& diags, bool required) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  auto s = scalar_of(*v, key, "a number", file, diags);
  if (!s) return std::nullopt;
  double d = 0;
  if (!YAML::convert<double>::decode(*v, d) || !std::isfinite(d)) {
    diags.error(location_of(*v, file),
                "key " + key_text(key) + " must be a finite number, got '" + *s + "'");
    return std::nullopt;
  }
  return d;
}

std::optional<bool> get_bool(const YAML::Node& node, std::string_view key, const std::string& file,
                             Diagnostics& diags, bool required) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  auto s = scalar_of(*v, key, "true or false", file, diags);
  if (!s) return std::nullopt;
  bool b = false;
  if (!YAML::convert<bool>::decode(*v, b)) {
    diags.error(location_of(*v, file),
                "key " + key_text(key) + " must be true or false, got '" + *s + "'");
    return std::nullopt;
  }
  return b;
}

std::optional<std::vector<std::string>> get_string_list(const YAML::Node& node,
                                                        std::string_view key,
                                                        const std::string& file, Diagnostics& diags,
                                                        bool required) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  if (!v->IsSequence()) {
    diags.error(location_of(*v, file), "key " + key_text(key) + " must be a list");
    return std::nullopt;
  }
  std::vector<std::string> out;
  bool ok = true;
  for (const auto& item : *v) {
    if (item.IsScalar()) {
      out.push_back(item.Scalar());
    } else {
      diags.error(location_of(item, file), "items of " + key_text(key) + " must be single values");
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<Expression> get_expression(const YAML::Node& node, std::string_view key,
                                         const std::string& file, const Resolver& resolve,
                                         Diagnostics& diags, std::optional<ValueType> expect,
                                         bool required, std::string_view source) {
  auto v = present(node, key, file, diags, required);
  if (!v) return std::nullopt;
  if (!v->IsScalar()) {
    diags.error(location_of(*v, file), "key " + key_text(key) + " must be an expression");
    return std::nullopt;
  }
  return parse_scalar_expression(*v, file, resolve, diags, expect, source);
}

std::optional<Expression> parse_scalar_expression(const YAML::Node& scalar, const std::string& file,
                                                  const Resolver& resolve, Diagnostics& diags,
                                                  std::optional<ValueType> expect,
                                                  std::string_view source) {
  if (!scalar.IsScalar()) {
    diags.error(location_of(scalar, file), "expected an expression");
    return std::nullopt;
  }
  SourceLocation origin =
      source.empty() ? scalar_text_origin(scalar, file) : scalar_text_origin(scalar, file, source);
  auto e = Expression::parse(scalar.Scalar(), origin, resolve, diags, expect);
  if (!e) return e;
  if (check_constant_parts(*e, origin, diags) > 0) return std::nullopt;
  return e;
}

}  // namespace solver::rules
