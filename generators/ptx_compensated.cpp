#include "generators/ptx_compensated.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "generators/ptx_entries.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {
namespace {

using taint::Insn;

// How far after a transformation's first step its other steps are looked for (NVRTC emits them
// next to each other; a loop body of unrolled pairs keeps each within a few statements).
constexpr std::size_t kWindow = 64;

bool rounding_f32(const Insn& in) {
  if (in.parts.size() < 2 || in.parts.back() != "f32") return false;
  const std::string& h = in.parts[0];
  return h == "add" || h == "sub" || h == "mul" || h == "fma" || h == "mad" || h == "div";
}

bool decision_f32(const Insn& in) {
  if (in.parts.empty()) return false;
  const std::string& h = in.parts[0];
  if (h != "setp" && h != "set" && h != "min" && h != "max" && h != "testp" && h != "slct")
    return false;
  return std::find(in.parts.begin(), in.parts.end(), "f32") != in.parts.end();
}

// An unguarded `head` on .f32 rounding to nearest (no .rz/.rm/.rp, no .sat) with `nops` operands.
bool plain(const Insn& in, std::string_view head, std::size_t nops) {
  if (in.parts.size() < 2 || in.parts[0] != head || in.parts.back() != "f32") return false;
  for (const auto& p : in.parts)
    if (p == "rz" || p == "rm" || p == "rp" || p == "sat") return false;
  if (!in.text.empty() && in.text.front() == '@') return false;
  return in.ops.size() == nops;
}

bool is_register(const std::string& op) { return !op.empty() && op.front() == '%'; }
bool zero_immediate(const std::string& op) {
  return op == "0f00000000" || op == "0f80000000" || op == "0" || op == "0.0";
}

struct Match {
  std::vector<std::size_t> members;
  std::string x, y;  // the operand the error is taken against (x) and the other one (y)
  bool two_sum = false;
};

class Body {
 public:
  explicit Body(std::string_view text) {
    std::set<std::string> float_regs, bare_regs;
    std::string_view rest = text;
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      Insn in;
      if (taint::parse(rest.substr(0, semi), in, float_regs, bare_regs)) code.push_back(in);
      rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    }
  }

  // The first statement after `from` (within kWindow) that `pred` accepts, provided no register
  // of `stable` is redefined before it.
  template <class P>
  std::optional<std::size_t> find(std::size_t from, const std::vector<std::string>& stable,
                                  P pred) const {
    for (std::size_t k = from + 1; k < code.size() && k <= from + kWindow; ++k) {
      if (pred(code[k])) return k;
      for (const auto& d : code[k].dests)
        if (std::find(stable.begin(), stable.end(), d) != stable.end()) return std::nullopt;
    }
    return std::nullopt;
  }

  // `sub.f32 d, a, b` with these operands.
  static auto sub_of(const std::string& a, const std::string& b) {
    return
        [a, b](const Insn& in) { return plain(in, "sub", 3) && in.ops[1] == a && in.ops[2] == b; };
  }

  // TwoSum or Fast2Sum headed by the add at `i`, or TwoProd headed by the mul at `i`.
  std::optional<Match> match_at(std::size_t i) const {
    const Insn& h = code[i];
    if (plain(h, "mul", 3)) return two_prod(i);
    if (!plain(h, "add", 3)) return std::nullopt;
    const std::string& s = h.ops[0];
    std::optional<Match> best;
    for (int swap = 0; swap < 2; ++swap) {
      const std::string& x = h.ops[swap ? 2 : 1];
      const std::string& y = h.ops[swap ? 1 : 2];
      const auto z = find(i, {s, x, y}, sub_of(s, x));
      if (!z) continue;
      const std::string& zr = code[*z].ops[0];
      const std::vector<std::string> stable = {s, x, y, zr};
      const auto t3 = find(*z, stable, sub_of(y, zr));  // Fast2Sum's error, TwoSum's b - bb
      if (!t3) continue;
      Match m{{i, *z, *t3}, x, y, false};
      const auto t1 = find(*z, stable, sub_of(s, zr));
      if (t1) {
        const std::string& t1r = code[*t1].ops[0];
        const auto t2 = find(*t1, {s, x, y, zr, t1r}, sub_of(x, t1r));
        if (t2) {
          const std::string &a = code[*t2].ops[0], &b = code[*t3].ops[0];
          const auto e = find(std::max(*t2, *t3), {a, b}, [&](const Insn& in) {
            return plain(in, "add", 3) &&
                   ((in.ops[1] == a && in.ops[2] == b) || (in.ops[1] == b && in.ops[2] == a));
          });
          if (e) m = Match{{i, *z, *t1, *t2, *t3, *e}, x, y, true};
        }
      }
      if (!best || m.members.size() > best->members.size()) best = m;
    }
    return best;
  }

  // p = a * b; n = -p; e = fma(a, b, n): the product's rounding error.
  std::optional<Match> two_prod(std::size_t i) const {
    const Insn& h = code[i];
    const std::string &p = h.ops[0], &a = h.ops[1], &b = h.ops[2];
    const auto n = find(i, {p, a, b}, [&](const Insn& in) {
      return in.parts.size() >= 2 && in.parts[0] == "neg" && in.parts.back() == "f32" &&
             in.ops.size() == 2 && in.ops[1] == p;
    });
    if (!n) return std::nullopt;
    const std::string& nr = code[*n].ops[0];
    const auto e = find(*n, {p, a, b, nr}, [&](const Insn& in) {
      return plain(in, "fma", 4) && in.ops[3] == nr &&
             ((in.ops[1] == a && in.ops[2] == b) || (in.ops[1] == b && in.ops[2] == a));
    });
    if (!e) return std::nullopt;
    return Match{{i, *e}, "", "", false};
  }

  std::vector<Insn> code;
};

Fp32Compensation scan_body(std::string_view text) {
  const Body body(text);
  const auto& code = body.code;
  Fp32Compensation out;
  std::vector<Match> matches;
  std::vector<std::vector<std::size_t>> member_of(code.size());  // statement -> matches
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (rounding_f32(code[i])) ++out.fp32_ops;
    if (decision_f32(code[i])) ++out.fp32_decisions;
    if (auto m = body.match_at(i)) {
      for (std::size_t k : m->members) member_of[k].push_back(matches.size());
      matches.push_back(*m);
    }
  }
  std::map<std::string, std::vector<std::size_t>> defs, readers;
  for (std::size_t i = 0; i < code.size(); ++i) {
    for (const auto& d : code[i].dests) defs[d].push_back(i);
    for (const auto& r : code[i].srcs) readers[r].push_back(i);
  }
  // Low-part adds: candidates first, then the greatest fixed point of "its sources come from
  // compensated values" and "every reader takes it as an operand its error accounts for".
  std::set<std::size_t> low;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (member_of[i].empty() && (plain(code[i], "add", 3) || plain(code[i], "sub", 3)))
      low.insert(i);
  auto accounted = [&](const std::string& d) {
    for (std::size_t j : readers[d]) {
      bool ok = low.count(j) > 0;  // another low-part add, itself accounted for
      for (std::size_t m : member_of[j])
        ok = ok || d == matches[m].y || (matches[m].two_sum && d == matches[m].x);
      if (!ok) return false;
    }
    return !readers[d].empty();
  };
  std::set<std::string> derived;  // registers every definition of which is compensated
  for (const auto& [r, ds] : defs) derived.insert(r);
  for (bool changed = true; changed;) {
    changed = false;
    auto def_ok = [&](std::size_t k) {
      const Insn& in = code[k];
      if (!member_of[k].empty() || low.count(k)) return true;
      const std::string head = in.parts.empty() ? "" : in.parts[0];
      if ((head == "mov" || head == "shfl") && in.ops.size() >= 2)
        return is_register(in.ops[1]) ? derived.count(in.ops[1]) > 0 : zero_immediate(in.ops[1]);
      return false;
    };
    for (auto it = derived.begin(); it != derived.end();) {
      bool ok = true;
      for (std::size_t k : defs[*it]) ok = ok && def_ok(k);
      if (ok) {
        ++it;
      } else {
        it = derived.erase(it);
        changed = true;
      }
    }
    for (auto it = low.begin(); it != low.end();) {
      const Insn& in = code[*it];
      bool ok = accounted(in.ops[0]);
      for (std::size_t o = 1; o < 3; ++o)
        ok = ok &&
             (is_register(in.ops[o]) ? derived.count(in.ops[o]) > 0 : zero_immediate(in.ops[o]));
      if (ok) {
        ++it;
      } else {
        it = low.erase(it);
        changed = true;
      }
    }
  }
  for (std::size_t i = 0; i < code.size(); ++i)
    if (rounding_f32(code[i]) && (!member_of[i].empty() || low.count(i))) ++out.compensated;
  return out;
}

}  // namespace

Fp32Compensation scan_fp32_compensation(const std::string& ptx) {
  const std::string clean = strip_ptx_comments(ptx);
  Fp32Compensation out;
  for (const auto& e : ptx_entries(clean)) {
    const Fp32Compensation c = scan_body(e.body);
    out.fp32_ops += c.fp32_ops;
    out.compensated += c.compensated;
    out.fp32_decisions += c.fp32_decisions;
  }
  return out;
}

}  // namespace solver::generators
