#include "generators/ptx_taint.h"

#include <algorithm>
#include <cctype>

#include "generators/ptx_scan.h"

namespace solver::generators::taint {
namespace {
bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Names ptx_operand_names took for memory symbols that are registers declared without a '%'.
void promote_bare(std::vector<std::string>& regs, std::vector<std::string>& syms,
                  const std::set<std::string>& bare) {
  if (bare.empty()) return;
  std::vector<std::string> keep;
  for (auto& n : syms) (bare.count(n) ? regs : keep).push_back(std::move(n));
  syms = std::move(keep);
}
}  // namespace

bool declared_float(const std::set<std::string>& float_regs, const std::string& r) {
  std::string prefix = r;
  while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back())))
    prefix.pop_back();
  return float_regs.count(prefix) > 0;
}

bool float_type(std::string_view t) {
  return t == "f16" || t == "f16x2" || t == "bf16" || t == "bf16x2" || t == "tf32" || t == "f32" ||
         t == "f64" || starts_with(t, "e4m3") || starts_with(t, "e5m2") || starts_with(t, "e2m1") ||
         starts_with(t, "e2m3") || starts_with(t, "e3m2") || starts_with(t, "ue8m0");
}

bool is_mma(std::string_view op) {
  return starts_with(op, "mma.sync") || starts_with(op, "mma.sp") || starts_with(op, "wmma.mma") ||
         starts_with(op, "wgmma.mma_async") || starts_with(op, "tcgen05.mma");
}

// dp4a / dp2a: four (two) 8-bit (16-bit) integer products summed into a 32-bit integer.
bool is_int_dot(std::string_view op) {
  const auto t = ptx_opcode_parts(op);
  return !t.empty() && (t[0] == "dp4a" || t[0] == "dp2a");
}

bool is_int_mma(std::string_view stmt, std::string_view op) {
  if (!is_mma(op)) return false;
  if (starts_with(op, "tcgen05.mma")) return stmt.find("kind::i8") != std::string_view::npos;
  for (auto t : ptx_opcode_parts(op))
    if (t == "s8" || t == "u8" || t == "s4" || t == "u4" || t == "b1") return true;
  return false;
}

Space space_of(const std::vector<std::string_view>& t) {
  for (auto x : t) {
    if (starts_with(x, "shared")) return Shared;
    if (x == "global") return Global;
    if (x == "local") return Local;
  }
  return Generic;
}

std::string_view trim_braces(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) || s.front() == '{' ||
                        s.front() == '}'))
    s.remove_prefix(1);
  return s;
}

namespace {
// The registers a `.reg` statement `d` declares, recorded (see parse).
void declare_regs(std::string_view d, std::set<std::string>& float_regs,
                  std::set<std::string>& bare_regs, std::map<std::string, int>* float_bits) {
  // ".reg .f32 %f<20>;", ".reg .v2 .f32 a, b;", ".reg .pred p;": a token after a '.' is the
  // directive, a width or the type; any other names registers (a range's prefix, or bare).
  std::vector<std::string> regs;
  bool flt = false;
  int bits = 0;  // 32 for .f32, 64 for .f64: the widths a float's bits are followed at
  std::size_t i = 0;
  while (i < d.size()) {
    const std::size_t j = std::min(d.find_first_of(" \t\r\n,;", i), d.size());
    std::string_view tok = d.substr(i, j - i);
    i = j + 1;
    if (tok.empty()) continue;
    if (tok.front() == '.') {  // ".reg", ".f32", or joined as ".reg.f32" (ptx_scan.h)
      for (auto part : ptx_opcode_parts(tok.substr(1))) {
        flt = flt || float_type(part);
        bits = part == "f32" ? 32 : part == "f64" ? 64 : bits;
      }
      continue;
    }
    if (auto lt = tok.find('<'); lt != std::string_view::npos) tok = tok.substr(0, lt);
    if (tok.empty()) continue;
    regs.emplace_back(tok);
    if (tok.front() != '%') bare_regs.emplace(tok);
  }
  if (flt)
    for (const auto& r : regs) {
      float_regs.insert(r);
      if (float_bits) (*float_bits)[r] = bits;
    }
}
}  // namespace

bool parse(std::string_view stmt, Insn& in, std::set<std::string>& float_regs,
           std::set<std::string>& bare_regs, std::map<std::string, int>* float_bits) {
  stmt = trim_braces(stmt);
  if (stmt.empty()) return false;
  if (stmt.front() == '.') {
    if (starts_with(stmt, ".reg")) declare_regs(stmt, float_regs, bare_regs, float_bits);
    return false;
  }
  // A `.reg` after a block's label (review39: `$L__BB0_1: { .reg .pred %ready; ...`) declares
  // too; the statement is still read as before, so the label stays a flow's (the callers' flow
  // of a statement comes from its text, only where this returns true).
  if (const std::string_view u = ptx_unlabelled(stmt); starts_with(u, ".reg"))
    declare_regs(u, float_regs, bare_regs, float_bits);
  std::string_view op = ptx_opcode(stmt);
  if (op.empty()) return false;
  auto at = stmt.find(op);
  std::string_view before = stmt.substr(0, at);
  if (auto g = before.find('@'); g != std::string_view::npos) {
    std::vector<std::string> syms;
    ptx_operand_names(before.substr(g), in.srcs, syms);
    promote_bare(in.srcs, syms, bare_regs);
  }
  auto t = ptx_opcode_parts(op);
  const std::string_view head = t[0];
  for (std::size_t i = 1; i < t.size(); ++i) in.float_op = in.float_op || float_type(t[i]);
  in.fp32_arith = t.size() > 1 && t.back() == "f32" &&
                  (head == "add" || head == "sub" || head == "mul" || head == "fma" ||
                   head == "mad" || head == "div");
  if (head == "cvt" && t.size() >= 3) {
    const std::string_view to = t[t.size() - 2], from = t.back();
    if (from == "f32" || from == "f64")
      in.narrow = starts_with(to, "bf16") ? 1 : to == "f16" || to == "f16x2" ? 2 : 0;
    // hon19: FP8/FP6/FP4 codes (cvt.rn.satfinite.e4m3x2.f32, ...e5m2x2.f16x2, e2m1x2, ue8m0x2).
    const bool small = starts_with(to, "e4m3") || starts_with(to, "e5m2") ||
                       starts_with(to, "e2m1") || starts_with(to, "e2m3") ||
                       starts_with(to, "e3m2") || starts_with(to, "ue8m0");
    if (small && (from == "f32" || from == "f64" || from == "f16x2" || from == "bf16x2"))
      in.narrow = 3;
  }
  in.space = space_of(t);
  auto ops = ptx_operands(stmt, op);
  in.text = stmt.substr(before.find('@') != std::string_view::npos ? before.find('@') : at);
  in.parts.assign(t.begin(), t.end());
  in.ops.assign(ops.begin(), ops.end());
  for (auto x : t)
    in.scalar = in.scalar || (x.size() >= 2 && x.size() <= 3 &&
                              std::string_view("usbf").find(x[0]) != std::string_view::npos &&
                              (x.substr(1) == "32" || x.substr(1) == "16" || x.substr(1) == "8"));
  if (head == "ld" || head == "ldu" || head == "ldmatrix" || starts_with(op, "wmma.load") ||
      head == "tex" || head == "tld4" || head == "suld")
    in.kind = (in.space == Generic && std::find(t.begin(), t.end(), "param") != t.end())
                  ? Kind::ParamLoad
                  : Kind::Load;
  else if (head == "st" || head == "stmatrix" || head == "red" || starts_with(op, "wmma.store"))
    in.kind = Kind::Store;
  // An mbarrier operation changes the barrier's count in memory as an atomic does: float-guarded
  // arrivals count a float-derived number a later state reads (redteam12_mbarrier_count_dp4a).
  else if (head == "atom" || (head == "mbarrier" && stmt.find('[') != std::string_view::npos))
    in.kind = Kind::Atom;
  else if (head == "cp")
    in.kind = Kind::Copy;
  if (is_int_mma(stmt, op) || is_int_dot(op)) {
    in.int_mma = true;
    in.dot = is_int_dot(op);
    in.int_acc = in.dot;  // dp4a/dp2a sum into a 32-bit integer whatever its signedness
    for (auto x : t) in.int_acc = in.int_acc || x == "s32";
    for (std::size_t i = 1; i < 3 && i < ops.size(); ++i) {
      std::vector<std::string> syms;
      ptx_operand_names(ops[i], in.mma_ab, syms);
      promote_bare(in.mma_ab, syms, bare_regs);
    }
  }
  std::vector<std::string> dsyms;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const bool bracket = !ops[i].empty() && ops[i].front() == '[';
    const bool first = i == 0;
    if (in.kind == Kind::Store || (in.kind == Kind::Copy && first)) {
      if (first)
        ptx_operand_names(ops[i], in.addr, in.addr_syms);
      else
        ptx_operand_names(ops[i], in.srcs, in.src_syms);
    } else if (in.kind == Kind::Copy) {
      ptx_operand_names(ops[i], in.src_addr, in.src_addr_syms);
    } else if (first && !bracket) {  // mbarrier.init/inval name their barrier first
      ptx_operand_names(ops[i], in.dests, dsyms);
    } else if (bracket && in.kind != Kind::Other) {
      ptx_operand_names(ops[i], in.addr, in.addr_syms);
    } else {
      ptx_operand_names(ops[i], in.srcs, in.src_syms);
    }
  }
  promote_bare(in.dests, dsyms, bare_regs);
  promote_bare(in.srcs, in.src_syms, bare_regs);
  promote_bare(in.addr, in.addr_syms, bare_regs);
  promote_bare(in.src_addr, in.src_addr_syms, bare_regs);
  return true;
}

bool State::picks(const Insn& in) const {
  if (mode != Mode::Float || pickable.empty() || in.float_op) return false;
  const auto rs = regions(in.addr, in.addr_syms);
  if (rs.empty()) return false;
  for (const auto& r : rs)
    if (!pickable.count(r) || region_bad(r)) return false;
  bool any_wild = false;
  for (bool w : wild) any_wild = any_wild || w;
  if (wild[in.space] || wild[Generic] || (in.space == Generic && any_wild)) return false;
  const auto c = contents(in.addr);
  if (c.count("*")) return false;
  for (const auto& r : rs)
    if (c.count(r)) return false;
  return true;
}

void step(const Insn& in, State& s) {
  const bool origin = s.mode == Mode::Float       ? in.float_op
                      : s.mode == Mode::Fp32Arith ? in.fp32_arith
                      : s.mode == Mode::Clock     ? false
                                                  : in.narrow == (s.mode == Mode::NarrowBf16  ? 1
                                                                  : s.mode == Mode::NarrowF16 ? 2
                                                                                              : 3);
  bool value_float = origin || s.any_depends(in.srcs);
  const bool follow = !s.pickable.empty();  // contents followed only where a pick may be excused
  auto write = [&](bool flt, const std::set<std::string>& prov) {
    for (const auto& d : in.dests) {
      if (flt) s.flt[d] = true;
      if (!prov.empty()) s.prov[d].insert(prov.begin(), prov.end());
    }
  };
  auto add_content = [&](const std::set<std::string>& c) {
    if (c.empty()) return;
    for (const auto& d : in.dests) s.content[d].insert(c.begin(), c.end());
  };
  // What memory read at an address holds: the pickable regions it names, what was stored there,
  // and anything at all where the address is of unknown origin.
  auto memory_content = [&](const std::vector<std::string>& regs,
                            const std::vector<std::string>& syms) {
    std::set<std::string> out = s.contents(regs);
    const auto rs = s.regions(regs, syms);
    if (rs.empty()) out.insert("*");
    for (const auto& r : rs) {
      if (s.pickable.count(r)) out.insert(r);
      if (auto it = s.mem_content.find(r); it != s.mem_content.end())
        out.insert(it->second.begin(), it->second.end());
    }
    if (auto it = s.mem_content.find("*"); it != s.mem_content.end())
      out.insert(it->second.begin(), it->second.end());
    return out;
  };
  auto stored = [&](const std::vector<std::string>& regs, const std::vector<std::string>& syms,
                    Space sp, const std::set<std::string>& c) {
    auto rs = s.regions(regs, syms);
    if (rs.empty()) {
      if (sp == Shared || sp == Local) return;  // cannot reach a global buffer
      rs.insert("*");
    }
    for (const auto& r : rs) {
      s.written.insert(r);
      if (follow && !c.empty()) s.mem_content[r].insert(c.begin(), c.end());
    }
  };
  auto value_content = [&]() {
    std::set<std::string> c;
    if (!follow) return c;
    c = s.contents(in.srcs);
    const auto a = s.contents(in.addr);
    c.insert(a.begin(), a.end());
    return c;
  };
  switch (in.kind) {
    case Kind::ParamLoad: {
      // A 32-bit (or narrower) parameter is a size or a scale, not a buffer: an index computed
      // from it names no region (an output indexed by N taints no other load indexed by N);
      // one the launches bind to a buffer names it whatever width its bytes are loaded at.
      bool named = !in.scalar;
      for (const auto& p : in.addr_syms) named = named || s.bound_params.count(p) > 0;
      write(in.float_op && s.mode == Mode::Float,
            named ? s.regions(in.addr, in.addr_syms) : std::set<std::string>{});
      return;
    }
    case Kind::Load: {
      const bool bad = value_float || s.memory_bad(in.addr, in.addr_syms, in.space);
      if (follow) {
        auto c = memory_content(in.addr, in.addr_syms);
        const auto g = s.contents(in.srcs);
        c.insert(g.begin(), g.end());
        add_content(c);
      }
      // The problem's own word, whichever the float chose (State::pickable).
      if (bad && !value_float && s.picks(in)) {
        s.sel.insert(in.dests.begin(), in.dests.end());
        return;
      }
      write(bad, {});
      return;
    }
    case Kind::Atom: {
      write(value_float || s.memory_bad(in.addr, in.addr_syms, in.space), {});
      const auto c = value_content();
      if (follow) {
        auto m = memory_content(in.addr, in.addr_syms);
        m.insert(c.begin(), c.end());
        add_content(m);
      }
      stored(in.addr, in.addr_syms, in.space, c);
      if (value_float) s.taint(in.addr, in.addr_syms, in.space, !in.float_op);
      return;
    }
    case Kind::Store:
      stored(in.addr, in.addr_syms, in.space, value_content());
      if (value_float || s.any_depends(in.addr))
        s.taint(in.addr, in.addr_syms, in.space, !in.float_op);
      return;
    case Kind::Copy: {
      if (in.src_addr.empty() && in.src_addr_syms.empty()) return;  // wait / commit groups
      const Space to = in.space == Generic ? Shared : in.space;
      std::set<std::string> c;
      if (follow) {
        c = memory_content(in.src_addr, in.src_addr_syms);
        const auto a = s.contents(in.addr);
        c.insert(a.begin(), a.end());
      }
      stored(in.addr, in.addr_syms, to, c);
      if (value_float || s.memory_bad(in.src_addr, in.src_addr_syms, Global))
        s.taint(in.addr, in.addr_syms, to, true);
      return;
    }
    case Kind::Other:
      write(value_float, s.regions(in.srcs, in.src_syms));
      if (follow) add_content(s.contents(in.srcs));
      return;
  }
}

}  // namespace solver::generators::taint
