#include "generators/ptx_inline_calls.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// From `open` (a '(' or '{'), the index just past its matching close, or npos.
std::size_t past_match(std::string_view s, std::size_t open) {
  const char o = s[open], c = o == '(' ? ')' : '}';
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == o) ++depth;
    if (s[i] == c && --depth == 0) return i + 1;
  }
  return std::string_view::npos;
}


// The names in a parenthesised operand list "(a, b)" or a bare one.
std::vector<std::string> list_names(std::string_view group) {
  group = trim(group);
  if (!group.empty() && group.front() == '(') group = group.substr(1, group.size() - 2);
  std::vector<std::string> out;
  while (!group.empty()) {
    const auto comma = group.find(',');
    if (auto t = trim(group.substr(0, comma)); !t.empty()) out.emplace_back(t);
    if (comma == std::string_view::npos) break;
    group.remove_prefix(comma + 1);
  }
  return out;
}

struct Func {
  std::string_view body;
  std::vector<std::string> params, rets;
};

// Every `.func` of the module with a body (a prototype ending in ';' has none).
std::map<std::string, Func, std::less<>> module_funcs(std::string_view m) {
  std::map<std::string, Func, std::less<>> out;
  for (std::size_t at = 0; (at = m.find(".func", at)) != std::string_view::npos;) {
    std::size_t i = at + 5;
    at = i;
    if (i < m.size() && ident_char(m[i])) continue;  // ".funcname": not the directive
    auto skip = [&] {
      while (i < m.size() && std::isspace(static_cast<unsigned char>(m[i]))) ++i;
    };
    Func f;
    skip();
    if (i < m.size() && m[i] == '(') {  // its return values
      const std::size_t end = past_match(m, i);
      if (end == std::string_view::npos) break;
      f.rets = ptx_decl_names(m.substr(i + 1, end - i - 2));
      i = end;
      skip();
    }
    const std::size_t name_at = i;
    while (i < m.size() && ident_char(m[i])) ++i;
    const std::string name(m.substr(name_at, i - name_at));
    skip();
    if (i < m.size() && m[i] == '(') {
      const std::size_t end = past_match(m, i);
      if (end == std::string_view::npos) break;
      f.params = ptx_decl_names(m.substr(i + 1, end - i - 2));
      i = end;
      skip();
    }
    if (name.empty() || i >= m.size() || m[i] != '{') continue;  // a prototype
    const std::size_t end = past_match(m, i);
    if (end == std::string_view::npos) break;
    f.body = m.substr(i + 1, end - i - 2);
    out.emplace(name, f);
    at = end;
  }
  return out;
}

// A copy's registers (every name its `.reg` statements declare with a '%') and labels ('$...')
// renamed apart: "%f5" -> "%__i3_f5", "$L__BB0_2" -> "$__i3_L__BB0_2".
std::string rename_apart(std::string_view body, int site) {
  std::set<std::string, std::less<>> declared;
  for (std::string_view rest = body; !rest.empty();) {
    const auto semi = rest.find(';');
    // A `.reg` after a block's label too (review39: `$L__BB0_1: { .reg .pred %ready; ...`).
    const std::string_view st = ptx_unlabelled(rest.substr(0, semi));
    if (st.substr(0, 4) == ".reg")
      for (std::size_t p = 0; (p = st.find('%', p)) != std::string_view::npos;) {
        std::size_t q = p + 1;
        while (q < st.size() && ident_char(st[q])) ++q;
        declared.emplace(st.substr(p, q - p));
        p = q;
      }
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  const std::string tag = "__i" + std::to_string(site) + "_";
  std::string out;
  out.reserve(body.size() + body.size() / 4);
  for (std::size_t i = 0; i < body.size();) {
    const char c = body[i];
    const bool start = i == 0 || !(ident_char(body[i - 1]) || body[i - 1] == '%');
    if ((c == '%' || (c == '$' && start)) && i + 1 < body.size()) {
      std::size_t j = i + 1;
      while (j < body.size() && ident_char(body[j])) ++j;
      std::string_view tok = body.substr(i, j - i);
      std::string_view base = tok;
      while (base.size() > 1 && std::isdigit(static_cast<unsigned char>(base.back())))
        base.remove_suffix(1);
      if (c == '$' || declared.count(base) || declared.count(tok)) {
        out += c;
        out += tag;
        out += tok.substr(1);
      } else {
        out += tok;
      }
      i = j;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

// A `[sym+off]` parameter address.
struct ParamAddr {
  std::string sym;
  long off = 0;
};
std::optional<ParamAddr> param_addr(std::string_view ops) {
  const auto open = ops.find('['), close = ops.find(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return std::nullopt;
  std::string_view a = trim(ops.substr(open + 1, close - open - 1));
  std::size_t i = 0;
  while (i < a.size() && ident_char(a[i])) ++i;
  ParamAddr p{std::string(a.substr(0, i)), 0};
  std::string_view rest = trim(a.substr(i));
  if (!rest.empty() && rest.front() == '+') {
    try {
      p.off = std::stol(std::string(trim(rest.substr(1))));
    } catch (...) {
      return std::nullopt;
    }
  } else if (!rest.empty()) {
    return std::nullopt;
  }
  if (p.sym.empty()) return std::nullopt;
  return p;
}

// One parameter access (`st.param` or `ld.param`): its type, vector length, address and the
// registers or values on the other side.
struct ParamAccess {
  std::string type;
  int bits = 32, n = 1;
  ParamAddr at;
  std::vector<std::string> values;
};
std::optional<ParamAccess> param_access(const std::vector<std::string_view>& parts,
                                        std::string_view ops, bool store) {
  ParamAccess a;
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const auto p = parts[k];
    if (p == "v2" || p == "v4" || p == "v8") a.n = p[1] - '0';
  }
  a.type = std::string(parts.back());
  std::size_t d = 0;
  while (d < a.type.size() && !std::isdigit(static_cast<unsigned char>(a.type[d]))) ++d;
  if (d == a.type.size() || d == 0) return std::nullopt;
  a.bits = std::atoi(a.type.c_str() + d);
  if (a.bits != 8 && a.bits != 16 && a.bits != 32 && a.bits != 64) return std::nullopt;
  auto at = param_addr(ops);
  if (!at) return std::nullopt;
  a.at = *at;
  const auto open = ops.find('['), close = ops.find(']');
  std::string_view other = store ? ops.substr(close + 1) : ops.substr(0, open);
  other = trim(other);
  if (store && !other.empty() && other.front() == ',') other = trim(other.substr(1));
  if (!store && !other.empty() && other.back() == ',')
    other = trim(other.substr(0, other.size() - 1));
  if (!other.empty() && other.front() == '{') other = other.substr(1, other.size() - 2);
  a.values = list_names(other);
  if (int(a.values.size()) != a.n) return std::nullopt;
  return a;
}

class Inliner {
 public:
  Inliner(std::string_view module, const std::vector<std::string>& params)
      : funcs_(module_funcs(module)), entry_params_(params.begin(), params.end()) {}

  std::string run(std::string_view body) {
    if (funcs_.empty()) return std::string(body);
    expand(body, -1, nullptr);
    return std::move(out_);
  }

 private:
  struct Pending {
    std::string lead, guard;
    ParamAccess a;
    std::string text;  // the statement as written, for a call that is not inlined
  };

  std::map<std::string, Func, std::less<>> funcs_;
  std::set<std::string, std::less<>> entry_params_;
  std::string out_;
  int sites_ = 0;
  std::map<std::string, int, std::less<>> first_copy_;
  std::set<std::string, std::less<>> inlining_;

  // A slot register of a call site: argument or return `tag` at byte `off`. It ends in a letter
  // so the scans' register-prefix rule (trailing digits cut) names it alone.
  static std::string slot(int site, const std::string& tag, long off) {
    return "%__s" + std::to_string(site) + "_" + tag + "_" + std::to_string(off) + "_x";
  }
  // Moves between the access's values and the slots, element by element.
  void moves(const std::string& lead, const std::string& guard, const ParamAccess& a, int site,
             const std::string& tag, bool into_slot) {
    out_ += lead;
    const bool flt = a.type == "f32" || a.type == "f64";
    const int w = std::max(a.bits, 16);
    const std::string ty = flt ? a.type : "b" + std::to_string(w);
    for (int k = 0; k < a.n; ++k) {
      const std::string s = slot(site, tag, a.at.off + long(k) * (a.bits / 8));
      out_ += "\n\t.reg ." + ty + " " + s + ";\n\t" + guard + "mov." + ty + " ";
      out_ += into_slot ? s + ", " + a.values[k] : a.values[k] + ", " + s;
      out_ += ";";
    }
  }

  static int index_of(const std::vector<std::string>& v, const std::string& x) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] == x) return int(i);
    return -1;
  }

  // One body: the entry's (`f` null) or a copy of `f` at call site `site`.
  void expand(std::string_view text, int site, const Func* f) {
    std::vector<Pending> pending;
    auto flush = [&] {
      for (const auto& p : pending) out_ += p.text + ";";
      pending.clear();
    };
    int last_site = -1;
    std::vector<std::string> last_rets;
    while (!text.empty()) {
      const auto semi = text.find(';');
      const bool has_semi = semi != std::string_view::npos;
      const std::string_view st = text.substr(0, semi);
      text.remove_prefix(has_semi ? semi + 1 : text.size());
      std::size_t b = 0;  // a scoped block's braces before the statement (callseq blocks)
      while (b < st.size() &&
             (std::isspace(static_cast<unsigned char>(st[b])) || st[b] == '{' || st[b] == '}'))
        ++b;
      const std::string_view op = ptx_opcode(st.substr(b));
      const auto parts = ptx_opcode_parts(op);
      if (op.empty() || parts.empty()) {
        out_ += st;
        if (has_semi) out_ += ";";
        continue;
      }
      const std::size_t at = st.find(op, b);
      std::string lead(st.substr(0, at)), guard;
      if (auto g = lead.find('@'); g != std::string::npos) guard = lead.substr(g), lead.resize(g);
      const std::string_view ops = st.substr(at + op.size());
      bool param = false;
      for (const auto& p : parts) param = param || p == "param";
      if (parts[0] == "st" && param) {
        if (auto a = param_access(parts, ops, true)) {
          if (int j = f ? index_of(f->rets, a->at.sym) : -1; j >= 0) {
            moves(lead, guard, *a, site, "r" + std::to_string(j), true);
            continue;
          }
          pending.push_back({lead, guard, *a, std::string(st)});
          continue;
        }
      } else if (parts[0] == "ld" && param) {
        if (auto a = param_access(parts, ops, false)) {
          if (int i = f ? index_of(f->params, a->at.sym) : -1; i >= 0) {
            moves(lead, guard, *a, site, "a" + std::to_string(i), false);
            continue;
          }
          if (int j = index_of(last_rets, a->at.sym);
              last_site >= 0 && j >= 0 && !(!f && entry_params_.count(a->at.sym))) {
            moves(lead, guard, *a, last_site, "r" + std::to_string(j), false);
            continue;
          }
        }
      } else if (parts[0] == "ret" && f) {
        out_ += lead;
        continue;
      } else if (parts[0] == "call") {
        if (call(ops, lead, pending, last_site, last_rets)) continue;
        flush();
        last_site = -1, last_rets.clear();
      }
      out_ += st;
      if (has_semi) out_ += ";";
    }
    flush();
  }

  // Inlines one call; false where its callee is not a function of the module.
  bool call(std::string_view ops, const std::string& lead, std::vector<Pending>& pending,
            int& last_site, std::vector<std::string>& last_rets) {
    std::vector<std::string> rets, args;
    std::string name;
    for (std::size_t i = 0; i < ops.size();) {
      const char c = ops[i];
      if (c == '(') {
        const std::size_t end = past_match(ops, i);
        if (end == std::string_view::npos) return false;
        (name.empty() ? rets : args) = list_names(ops.substr(i, end - i));
        i = end;
      } else if (ident_char(c) || c == '%') {
        std::size_t j = i + 1;
        while (j < ops.size() && ident_char(ops[j])) ++j;
        if (name.empty()) name = std::string(ops.substr(i, j - i));
        i = j;
      } else {
        ++i;
      }
    }
    const auto fit = funcs_.find(name);
    if (name.empty() || name[0] == '%' || fit == funcs_.end()) return false;
    const Func& callee = fit->second;
    int site;
    bool fresh = true;
    auto first = first_copy_.find(name);
    if (first != first_copy_.end() && (inlining_.count(name) || out_.size() > kInlineBudget)) {
      site = first->second, fresh = false;
    } else {
      site = sites_++;
      first_copy_.try_emplace(name, site);
    }
    out_ += lead;
    for (const auto& p : pending) {
      const int i = index_of(args, p.a.at.sym);
      if (i < 0) {
        out_ += p.text + ";";
        continue;
      }
      moves(p.lead, p.guard, p.a, site, "a" + std::to_string(i), true);
    }
    pending.clear();
    if (fresh) {
      inlining_.insert(name);
      const std::string copy = rename_apart(callee.body, site);
      expand(copy, site, &callee);
      inlining_.erase(name);
    }
    last_site = site, last_rets = rets;
    return true;
  }
};

}  // namespace

std::string inline_calls(std::string_view module, std::string_view body,
                         const std::vector<std::string>& params) {
  return Inliner(module, params).run(body);
}

}  // namespace solver::generators
