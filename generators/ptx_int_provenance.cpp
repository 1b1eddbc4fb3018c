#include "generators/ptx_int_provenance.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>
#include <unordered_map>

#include "generators/ptx_entries.h"
#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_module_binding.h"
#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

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

enum class Kind { Other, Load, ParamLoad, Store, Atom, Copy };
enum Space { Generic, Global, Shared, Local, NSpaces };

struct Insn {
  Kind kind = Kind::Other;
  Space space = Generic;
  bool float_op = false;    // the opcode names a float type
  bool fp32_arith = false;  // rounding FP32 arithmetic (add/sub/mul/fma/mad/div .f32)
  bool int_mma = false, int_acc = false;
  bool dot = false;     // dp4a/dp2a (counted apart from the MMAs, held to the same operand rule)
  int narrow = 0;       // a cvt from f32/f64 down to: 1 BF16, 2 FP16 (narrowed_values_computed)
  bool scalar = false;  // a parameter load of 32 bits or fewer: a value, never an address
  std::vector<std::string> dests, srcs, src_syms, addr, addr_syms, src_addr, src_addr_syms, mma_ab;
};

// Origin of the taint: float values (integer-MMA provenance), values computed by rounding FP32
// arithmetic (fp32_arith_to_buffers), or values narrowed to BF16 / FP16 by a cvt.
enum class Mode { Float, Fp32Arith, NarrowBf16, NarrowF16 };

struct State {
  Mode mode = Mode::Float;
  std::unordered_map<std::string, bool> flt;
  std::unordered_map<std::string, std::set<std::string>> prov;
  std::set<std::string> tainted;  // regions a float-derived value was stored to
  // ... of which stored as integers (or copied as bytes): narrowed data, not a float epilogue
  std::set<std::string> narrowed;
  bool wild[NSpaces] = {};  // a float-derived store through an address of unknown origin
  std::set<std::string> float_regions;  // float buffers' parameters
  std::set<std::string> float_regs;     // register name prefixes declared .f16/.f32/.f64...
  // Registers declared without a '%' (`.reg .s32 q;`, legal PTX, common in inline asm): read as
  // registers, not memory symbols, wherever they are named (red team 12, redteam12_bare_reg_dp4a).
  std::set<std::string> bare_regs;
  std::size_t size() const {
    std::size_t n = tainted.size() + narrowed.size();
    for (const auto& [r, f] : flt) n += f;
    for (const auto& [r, s] : prov) n += s.size();
    for (bool w : wild) n += w;
    return n;
  }
  bool is_float(const std::string& r) const {
    auto it = flt.find(r);
    if (it != flt.end() && it->second) return true;
    if (mode != Mode::Float) return false;  // a .f32 register is no origin here
    std::string prefix = r;
    while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back())))
      prefix.pop_back();
    return float_regs.count(prefix) > 0;
  }
  bool region_bad(const std::string& s) const {
    return tainted.count(s) > 0 || float_regions.count(s) > 0;
  }
  std::set<std::string> regions(const std::vector<std::string>& regs,
                                const std::vector<std::string>& syms) const {
    std::set<std::string> out(syms.begin(), syms.end());
    for (const auto& r : regs)
      if (auto it = prov.find(r); it != prov.end())
        out.insert(it->second.begin(), it->second.end());
    return out;
  }
  // Whether memory read through these registers and symbols may hold float-derived values.
  bool memory_bad(const std::vector<std::string>& regs, const std::vector<std::string>& syms,
                  Space sp) const {
    if (any_float(regs)) return true;  // an address computed from a float: a table lookup
    // A float-derived store through an address of unknown origin may be what any load of its
    // state space reads.
    bool any_wild = false;
    for (bool w : wild) any_wild = any_wild || w;
    if (wild[sp] || wild[Generic] || (sp == Generic && any_wild)) return true;
    auto rs = regions(regs, syms);
    // A load of unknown origin (a pointer read from memory) may read narrowed data stored
    // anywhere; a float output written by the epilogue is not narrowed data.
    if (rs.empty()) return !narrowed.empty();
    return points_bad(rs);
  }
  bool points_bad(const std::set<std::string>& rs) const {
    for (const auto& s : rs)
      if (region_bad(s)) return true;
    return false;
  }
  void taint(const std::vector<std::string>& regs, const std::vector<std::string>& syms, Space sp,
             bool as_integers) {
    auto rs = regions(regs, syms);
    if (rs.empty()) wild[sp] = true;
    tainted.insert(rs.begin(), rs.end());
    if (as_integers) narrowed.insert(rs.begin(), rs.end());
  }
  bool any_float(const std::vector<std::string>& regs) const {
    for (const auto& r : regs)
      if (is_float(r)) return true;
    return false;
  }
};

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

// Names ptx_operand_names took for memory symbols that are registers declared without a '%'.
void promote_bare(std::vector<std::string>& regs, std::vector<std::string>& syms,
                  const std::set<std::string>& bare) {
  if (bare.empty()) return;
  std::vector<std::string> keep;
  for (auto& n : syms) (bare.count(n) ? regs : keep).push_back(std::move(n));
  syms = std::move(keep);
}

// One statement into an Insn; false for directives and empty statements (a `.reg` of a float
// type records its register names in `float_regs`).
bool parse(std::string_view stmt, Insn& in, std::set<std::string>& float_regs,
           std::set<std::string>& bare_regs) {
  stmt = trim_braces(stmt);
  if (stmt.empty()) return false;
  if (stmt.front() == '.') {
    if (!starts_with(stmt, ".reg")) return false;
    // ".reg .f32 %f<20>;", ".reg .v2 .f32 a, b;", ".reg .pred p;": a token after a '.' is the
    // directive, a width or the type; any other names registers (a range's prefix, or bare).
    std::vector<std::string> regs;
    bool flt = false;
    std::size_t i = 0;
    while (i < stmt.size()) {
      const std::size_t j = std::min(stmt.find_first_of(" \t\r\n,;", i), stmt.size());
      std::string_view tok = stmt.substr(i, j - i);
      i = j + 1;
      if (tok.empty()) continue;
      if (tok.front() == '.') {  // ".reg", ".f32", or joined as ".reg.f32" (ptx_scan.h)
        for (auto part : ptx_opcode_parts(tok.substr(1))) flt = flt || float_type(part);
        continue;
      }
      if (auto lt = tok.find('<'); lt != std::string_view::npos) tok = tok.substr(0, lt);
      if (tok.empty()) continue;
      regs.emplace_back(tok);
      if (tok.front() != '%') bare_regs.emplace(tok);
    }
    if (flt)
      for (const auto& r : regs) float_regs.insert(r);
    return false;
  }
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
  }
  in.space = space_of(t);
  auto ops = ptx_operands(stmt, op);
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

void step(const Insn& in, State& s) {
  const bool origin = s.mode == Mode::Float ? in.float_op
                      : s.mode == Mode::Fp32Arith
                          ? in.fp32_arith
                          : in.narrow == (s.mode == Mode::NarrowBf16 ? 1 : 2);
  bool value_float = origin || s.any_float(in.srcs);
  auto write = [&](bool flt, const std::set<std::string>& prov) {
    for (const auto& d : in.dests) {
      if (flt) s.flt[d] = true;
      if (!prov.empty()) s.prov[d].insert(prov.begin(), prov.end());
    }
  };
  switch (in.kind) {
    case Kind::ParamLoad:
      // A 32-bit (or narrower) parameter is a size or a scale, not a buffer: an index computed
      // from it names no region (an output indexed by N taints no other load indexed by N).
      write(in.float_op && s.mode == Mode::Float,
            in.scalar ? std::set<std::string>{} : s.regions(in.addr, in.addr_syms));
      return;
    case Kind::Load:
      write(value_float || s.memory_bad(in.addr, in.addr_syms, in.space), {});
      return;
    case Kind::Atom:
      write(value_float || s.memory_bad(in.addr, in.addr_syms, in.space), {});
      if (value_float) s.taint(in.addr, in.addr_syms, in.space, !in.float_op);
      return;
    case Kind::Store:
      if (value_float || s.any_float(in.addr))
        s.taint(in.addr, in.addr_syms, in.space, !in.float_op);
      return;
    case Kind::Copy:
      if (in.src_addr.empty() && in.src_addr_syms.empty()) return;  // wait / commit groups
      if (value_float || s.memory_bad(in.src_addr, in.src_addr_syms, Global))
        s.taint(in.addr, in.addr_syms, in.space == Generic ? Shared : in.space, true);
      return;
    case Kind::Other:
      write(value_float, s.regions(in.srcs, in.src_syms));
      return;
  }
}

struct EntryScan {
  int honest = 0, honest_dot = 0;
  int computed = 0;  // float instructions other than a narrowing cvt reading a tainted value
  std::vector<bool> stores_float;  // per parameter: float-derived values stored through it
  bool wild_store = false;         // ... or through a global/generic address of unknown origin
};

EntryScan scan_entry(std::string_view body, const std::vector<std::string>& names,
                     const std::vector<bool>* flt, Mode mode = Mode::Float) {
  State s;
  s.mode = mode;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (flt && i < flt->size() && (*flt)[i]) s.float_regions.insert(names[i]);
  std::vector<Insn> code;
  std::vector<FlowStmt> flows;  // labels and branches, for the implicit flows
  std::string_view rest = body;
  while (!rest.empty()) {
    auto semi = rest.find(';');
    Insn in;
    if (parse(rest.substr(0, semi), in, s.float_regs, s.bare_regs)) {
      FlowStmt& f = flows.emplace_back(flow_stmt(rest.substr(0, semi)));
      f.writes = in.dests, f.reads = in.srcs;
      f.reads.insert(f.reads.end(), in.addr.begin(), in.addr.end());
      f.reads.insert(f.reads.end(), in.src_addr.begin(), in.src_addr.end());
      code.push_back(std::move(in));
    }
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  // Monotone: a pass per change, one to see none; a float-decided branch taints what it decides.
  auto tainted = [&](const std::string& r) { return s.is_float(r); };
  for (std::size_t before = s.size() + 1; before != s.size();) {
    before = s.size();
    for (const auto& in : code) step(in, s);
    if (mode == Mode::Float) {
      for (const auto& r : implicit_flow_writes(flows, tainted)) s.flt[r] = true;
      for (const auto& r : warp_state_writes(flows, tainted)) s.flt[r] = true;
      // Memory written inside such a region holds what the branch decided (red team 12).
      for (std::size_t i : implicit_flow_statements(flows, tainted)) {
        const Insn& in = code[i];
        if (in.kind == Kind::Store || in.kind == Kind::Atom)
          s.taint(in.addr, in.addr_syms, in.space, !in.float_op);
        else if (in.kind == Kind::Copy && !(in.src_addr.empty() && in.src_addr_syms.empty()))
          s.taint(in.addr, in.addr_syms, in.space == Generic ? Shared : in.space, true);
      }
    }
  }
  EntryScan out;
  for (const auto& in : code) {
    // A narrowed value read by float arithmetic, a widening cvt, a compare or a float store
    // (stores of 16-bit words and packing movs name no float type).
    if (in.kind != Kind::Load && in.kind != Kind::ParamLoad && in.float_op && !in.narrow)
      out.computed += s.any_float(in.srcs);
    if (!in.int_mma || !in.int_acc) continue;
    bool bad = false;
    // A data operand must not be float-derived; a descriptor (wgmma, tcgen05) must not point
    // at memory holding float-derived values.
    for (const auto& r : in.mma_ab) bad = bad || s.is_float(r) || s.points_bad(s.regions({r}, {}));
    (in.dot ? out.honest_dot : out.honest) += !bad;
  }
  for (const auto& n : names) out.stores_float.push_back(s.tainted.count(n) > 0);
  out.wild_store = s.wild[Global] || s.wild[Generic];
  return out;
}

// Whether a non-inlined `.func` with a body writes global or generic memory: through parameters
// no launch binds, which the taint cannot follow; every bound buffer then counts float-derived.
bool func_writes_memory(std::string_view clean) {
  for (std::size_t from = 0; (from = clean.find(".func", from)) != std::string_view::npos;) {
    from += 5;
    std::size_t open = clean.find_first_of("{;", from);
    if (open == std::string_view::npos || clean[open] == ';') continue;  // a prototype
    int depth = 0;
    std::size_t end = open;
    for (; end < clean.size(); ++end)
      if (clean[end] == '{')
        ++depth;
      else if (clean[end] == '}' && --depth == 0)
        break;
    std::string_view rest = clean.substr(open + 1, end - open - 1);
    while (!rest.empty()) {
      auto semi = rest.find(';');
      std::string_view stmt = trim_braces(rest.substr(0, semi));
      std::string_view op = stmt.empty() || stmt.front() == '.' ? "" : ptx_opcode(stmt);
      if (!op.empty()) {
        auto t = ptx_opcode_parts(op);
        const bool store = t[0] == "st" || t[0] == "red" || t[0] == "atom" || t[0] == "cp";
        const Space sp = space_of(t);
        if (store && sp != Shared && sp != Local) return true;
      }
      rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    }
    from = end;
  }
  return false;
}

}  // namespace

IntMmaProvenance scan_int_mma_provenance(const std::string& ptx, const FloatParams& given) {
  IntMmaProvenance out;
  const std::string clean = strip_ptx_comments(ptx);
  std::string_view rest(clean);
  while (!rest.empty()) {
    auto semi = rest.find(';');
    std::string_view stmt = trim_braces(rest.substr(0, semi));
    std::string_view op = stmt.empty() || stmt.front() == '.' ? "" : ptx_opcode(stmt);
    out.int_mma += !op.empty() && is_int_mma(stmt, op);
    out.int_dot += !op.empty() && is_int_dot(op);
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  if (out.int_mma == 0 && out.int_dot == 0) return out;
  std::string_view all(clean);
  FloatParams params = given;  // module variables are bound buffers too (red team 13)
  const std::vector<PtxEntry> entries = entries_with_module_variables(all, &params);
  // Across launches: a buffer some entry stores float-derived values to is a float buffer for
  // every entry; repeat until a pass adds no buffer (its count is then the answer).
  FloatParams flt = params;
  std::set<int> derived;
  if (!params.buffers.empty() && func_writes_memory(all))
    for (const auto& [entry, bufs] : params.buffers)
      for (const auto& b : bufs) derived.insert(b.begin(), b.end());
  for (bool added = true; added;) {
    for (const auto& [entry, bufs] : params.buffers) {
      auto& v = flt[entry];
      v.resize(std::max(v.size(), bufs.size()), false);
      for (std::size_t i = 0; i < bufs.size(); ++i)
        for (int buf : bufs[i]) v[i] = v[i] || derived.count(buf) > 0;
    }
    added = false;
    out.honest = out.honest_dot = 0;
    for (const auto& e : entries) {
      auto it = flt.find(e.name);
      EntryScan r = scan_entry(e.body, e.names, it == flt.end() ? nullptr : &it->second);
      out.honest += r.honest;
      out.honest_dot += r.honest_dot;
      auto b = params.buffers.find(e.name);
      if (b == params.buffers.end()) continue;
      for (std::size_t i = 0; i < b->second.size(); ++i)
        if (r.wild_store || (i < r.stores_float.size() && r.stores_float[i]))
          for (int buf : b->second[i]) added = derived.insert(buf).second || added;
    }
  }
  out.honest = std::min(out.honest, out.int_mma);
  out.honest_dot = std::min(out.honest_dot, out.int_dot);
  return out;
}

int fp32_arith_to_buffers(const std::string& ptx) {
  const std::string clean = strip_ptx_comments(ptx);
  std::string_view all(clean);
  if (all.find(".f32") == std::string_view::npos) return 0;  // no FP32 arithmetic at all
  int out = 0;
  // Module variables are memory a later launch reads into buffers: stores there count (red 13).
  for (const auto& e : entries_with_module_variables(all, nullptr)) {
    EntryScan r = scan_entry(e.body, e.names, nullptr, Mode::Fp32Arith);
    bool stores = r.wild_store;
    for (bool b : r.stores_float) stores = stores || b;
    out += stores;
  }
  // A non-inlined function is not followed: one that writes memory counts as such a kernel.
  return out + (func_writes_memory(all) ? 1 : 0);
}

int narrowed_values_computed(const std::string& ptx, const FloatParams& given, bool bf16) {
  const std::string clean = strip_ptx_comments(ptx);
  FloatParams bindings = given;  // module variables are bound buffers too (red team 13)
  const std::vector<PtxEntry> entries = entries_with_module_variables(clean, &bindings);
  // Across launches as for the integer MMAs: a buffer one entry stores narrowed values to holds
  // narrowed values for every entry that reads it.
  std::set<int> derived;
  int computed = 0;
  for (bool added = true; added;) {
    added = false;
    computed = 0;
    for (const auto& e : entries) {
      auto b = bindings.buffers.find(e.name);
      std::vector<bool> v(b == bindings.buffers.end() ? 0 : b->second.size(), false);
      for (std::size_t i = 0; i < v.size(); ++i)
        for (int buf : b->second[i]) v[i] = v[i] || derived.count(buf) > 0;
      EntryScan r = scan_entry(e.body, e.names, &v, bf16 ? Mode::NarrowBf16 : Mode::NarrowF16);
      computed += r.computed;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (r.wild_store || (i < r.stores_float.size() && r.stores_float[i]))
          for (int buf : b->second[i]) added = derived.insert(buf).second || added;
    }
  }
  return computed;
}

}  // namespace solver::generators
