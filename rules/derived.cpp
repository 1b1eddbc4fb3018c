// The `derived:` section of a rule table: names for expressions (rules/derived.h).
#include "rules/derived.h"

#include <algorithm>
#include <map>

#include "rules/expr_lexer.h"
#include "rules/expr_parser.h"
#include "rules/names.h"
#include "rules/yaml_util.h"

namespace solver::rules {
namespace {

bool is_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// Why `name` cannot name a derived signal, or empty.
std::string name_error(const std::string& name, const Resolver& base) {
  if (auto p = name_problem(name)) return "derived signal name " + *p;
  if (!is_identifier(name))
    return "derived signal name '" + printable(name) +
           "' must be letters, digits and '_', not starting with a digit";
  for (std::string_view k : {"and", "or", "not", "true", "false"})
    if (name == k) return "'" + name + "' is a keyword of the expression language";
  if (expr::find_function(name)) return "'" + name + "' is a function of the expression language";
  if (base(name))
    return "'" + name +
           "' is a measured signal (docs/signals.md): a derived signal cannot redefine it";
  return {};
}

struct Ref {
  std::size_t index;  // into the derived list
  expr::Pos pos;
};

// The derived names a definition's text reads (a name not part of a dotted name nor a call),
// by its tokens: enough to order definitions and find cycles before they are parsed.
std::vector<Ref> references(std::string_view text, const std::map<std::string, std::size_t>& index,
                            const SourceLocation& origin) {
  Diagnostics scratch;  // the parse that follows reports the text's own errors
  std::vector<expr::Token> tokens;
  if (!expr::tokenize(text, origin, scratch, tokens)) return {};
  std::vector<Ref> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != expr::Tok::Name) continue;
    if (i > 0 && tokens[i - 1].kind == expr::Tok::Dot) continue;
    const expr::Tok after = tokens[i + 1].kind;  // the list ends with End
    if (after == expr::Tok::Dot || after == expr::Tok::LParen) continue;
    auto it = index.find(std::string(tokens[i].text));
    if (it != index.end()) out.push_back({it->second, tokens[i].pos});
  }
  return out;
}

}  // namespace

Resolver derived_resolver(Resolver base, const std::vector<DerivedSignal>& derived,
                          std::size_t visible) {
  return
      [base = std::move(base), &derived, visible](std::string_view name) -> std::optional<Symbol> {
        if (auto s = base(name)) return s;
        const DerivedSignal* d = find_derived(derived, name);
        if (!d || static_cast<std::size_t>(d - derived.data()) >= visible) return std::nullopt;
        // A definition that failed to load resolves without a tree: its own error is the report,
        // and the type checker skips a name without a slot (no second error at each use).
        if (!d->expr) return Symbol{-1, ValueType::Number, nullptr};
        return Symbol{-1, d->expr->type(), &d->expr->root()};
      };
}

const DerivedSignal* find_derived(const std::vector<DerivedSignal>& derived,
                                  std::string_view name) {
  for (const auto& d : derived)
    if (d.name == name) return &d;
  return nullptr;
}

std::vector<DerivedSignal> parse_derived_signals(const YAML::Node& node, const std::string& file,
                                                 const Resolver& base, Diagnostics& diags) {
  std::vector<DerivedSignal> out;
  if (!expect_map(node, "derived", file, diags)) return out;
  std::vector<const YAML::Node*> values;
  std::vector<YAML::Node> keep;  // the value nodes, alive while parsing
  std::map<std::string, std::size_t> index;
  std::vector<bool> usable;
  for (const auto& kv : node) {
    const YAML::Node& k = kv.first;
    if (!k.IsScalar()) {
      diags.error(location_of(k, file), "a derived signal's name must be a plain name");
      continue;
    }
    DerivedSignal d;
    d.name = k.Scalar();
    d.where = location_of(k, file);
    bool ok = true;
    if (std::string why = name_error(d.name, base); !why.empty()) {
      diags.error(d.where, why);
      ok = false;
    } else {
      index.emplace(d.name, out.size());  // duplicates: refused by the YAML loader
    }
    keep.push_back(kv.second);
    if (!kv.second.IsScalar() || kv.second.Scalar().empty()) {
      diags.error(
          kv.second.IsDefined() && !kv.second.IsNull() ? location_of(kv.second, file) : d.where,
          "derived signal '" + printable(d.name) + "' needs an expression");
      ok = false;
    } else {
      d.text = kv.second.Scalar();
    }
    usable.push_back(ok);
    out.push_back(std::move(d));
  }
  for (const auto& n : keep) values.push_back(&n);

  // Every definition's references to derived names, to order them and name cycles.
  std::vector<std::vector<Ref>> refs(out.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    if (usable[i]) refs[i] = references(out[i].text, index, scalar_text_origin(*values[i], file));
  // A path from `from` back to `to` through the references, as "a -> b -> a", or empty.
  auto cycle = [&](std::size_t from, std::size_t to) -> std::string {
    std::vector<long> parent(out.size(), -2);
    std::vector<std::size_t> todo{from};
    parent[from] = -1;
    while (!todo.empty()) {
      std::size_t x = todo.back();
      todo.pop_back();
      for (const Ref& r : refs[x]) {
        if (r.index == to) {
          std::vector<std::string> path{out[to].name};
          for (long y = static_cast<long>(x); y >= 0; y = parent[static_cast<std::size_t>(y)])
            path.push_back(out[static_cast<std::size_t>(y)].name);
          path.push_back(out[to].name);
          std::reverse(path.begin() + 1, path.end() - 1);
          std::string s;
          for (const auto& p : path) s += (s.empty() ? "" : " -> ") + p;
          return s;
        }
        if (parent[r.index] == -2) {
          parent[r.index] = static_cast<long>(x);
          todo.push_back(r.index);
        }
      }
    }
    return {};
  };

  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!usable[i]) continue;
    const SourceLocation origin = scalar_text_origin(*values[i], file);
    bool ordered = true;
    for (const Ref& r : refs[i]) {
      if (r.index < i) continue;
      ordered = false;
      const SourceLocation at = expr::locate(origin, r.pos);
      if (r.index == i) {
        diags.error(at, "derived signal '" + out[i].name + "' uses itself");
      } else if (std::string path = cycle(r.index, i); !path.empty()) {
        diags.error(at, "derived signals form a cycle: " + path);
      } else {
        diags.error(at, "derived signal '" + out[r.index].name + "' is defined below (at " +
                            out[r.index].where.to_string() +
                            "): a derived signal may use only the signals and the derived "
                            "signals defined above it");
      }
    }
    if (!ordered) continue;
    // The definitions above this one, and no others, are visible to it.
    out[i].expr = parse_scalar_expression(*values[i], file, derived_resolver(base, out, i), diags);
  }
  return out;
}

}  // namespace solver::rules
