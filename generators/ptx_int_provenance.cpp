#include "generators/ptx_int_provenance.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "generators/ptx_entries.h"
#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_module_binding.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {
namespace {

using namespace taint;

struct EntryScan {
  int honest = 0, honest_dot = 0;
  int computed = 0;  // float instructions other than a narrowing cvt reading a tainted value
  std::vector<bool> stores_float;  // per parameter: float-derived values stored through it
  bool wild_store = false;         // ... or through a global/generic address of unknown origin
  std::set<std::string> written;   // regions any value is stored to ("*": an unknown address)
};

// The regions of one entry a float may pick words from (State::pickable), and those bound to a
// buffer some launch writes (their contents are of unknown origin in this entry).
struct Picks {
  std::set<std::string> pickable, foreign;
};

// Whether a region an FP32-derived branch decides is re-tested in FP64 before anything it
// writes escapes it (control_redteam12_f64_cutoff_prefilter: a conservative FP32 distance test,
// then the seed's FP64 distance and exact cutoff test): not a loop or an early return; a guarded
// `bra` on a predicate that only FP64 compares write, itself not FP32-derived, leaves the region
// for its join (or past it) before the first store and the first write of a register read at
// or after the join, and no label after that `bra` inside the region lets a path in around it.
// What escapes is then decided by the FP64 test too; where the FP32 test is not conservative the
// result differs from the FP64 code's, which the fp64 class's measured bound judges
// (ptx_precision.cpp, `fp64_measured`).
bool retested_in_fp64(const std::vector<Insn>& code, const std::vector<FlowStmt>& flows,
                      const State& s, const FlowRegion& r) {
  if (r.loop || r.returns || r.to > code.size() || r.join > flows.size()) return false;
  std::set<std::string> later;  // read at or after the join
  for (std::size_t i = r.join; i < flows.size(); ++i)
    later.insert(flows[i].reads.begin(), flows[i].reads.end());
  std::map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const auto& l : flows[i].labels) label_at.emplace(l, i);
  auto fp64_predicate = [&](const std::string& p) {
    if (p.empty() || s.is_float(p)) return false;
    bool any = false;
    for (const auto& in : code)
      if (std::find(in.dests.begin(), in.dests.end(), p) != in.dests.end()) {
        if (in.parts.empty() || in.parts[0] != "setp" || in.parts.back() != "f64") return false;
        any = true;
      }
    return any;
  };
  for (std::size_t i = r.from; i < r.to; ++i) {
    const Insn& in = code[i];
    const FlowStmt& f = flows[i];
    if (f.guarded && !f.target.empty()) {
      auto t = label_at.find(f.target);
      if (t != label_at.end() && t->second >= r.join && fp64_predicate(f.guard)) {
        for (std::size_t j = i + 1; j < r.to; ++j)
          if (!flows[j].labels.empty()) return false;
        return true;
      }
    }
    if (in.kind == Kind::Store || in.kind == Kind::Atom || in.kind == Kind::Copy) return false;
    for (const auto& w : f.writes)
      if (later.count(w)) return false;
  }
  return false;
}

EntryScan scan_entry(std::string_view body, const std::vector<std::string>& names,
                     const std::vector<bool>* flt, Mode mode = Mode::Float,
                     const Picks* picks = nullptr, bool fp32_decides = false) {
  State s;
  s.mode = mode;
  if (picks && mode == Mode::Float) {
    s.pickable = picks->pickable;
    for (const auto& r : picks->foreign) s.mem_content[r].insert("*");
  }
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
    if (mode == Mode::Fp32Arith && fp32_decides) {
      // What a branch on an FP32 result decides (written on one side, read after the join, or
      // stored there) is that result, unless the region is re-tested in FP64.
      auto excused = [&](const FlowRegion& r) { return retested_in_fp64(code, flows, s, r); };
      for (const auto& r : implicit_flow_writes(flows, tainted, excused)) s.flt[r] = true;
      for (std::size_t i : implicit_flow_statements(flows, tainted, excused)) {
        const Insn& in = code[i];
        if (in.kind == Kind::Store || in.kind == Kind::Atom)
          s.taint(in.addr, in.addr_syms, in.space, true);
        else if (in.kind == Kind::Copy && !(in.src_addr.empty() && in.src_addr_syms.empty()))
          s.taint(in.addr, in.addr_syms, in.space == Generic ? Shared : in.space, true);
      }
    }
    if (mode == Mode::Float) {
      // What a branch on a pickable region's contents decides depends on those contents (a
      // search of W for a byte value is no pick: its position is a code).
      if (!s.pickable.empty()) {
        std::set<std::string> keys = s.pickable;
        keys.insert("*");
        for (const auto& k : keys) {
          auto on = [&](const std::string& r) {
            auto it = s.content.find(r);
            return it != s.content.end() && it->second.count(k) > 0;
          };
          for (const auto& r : implicit_flow_writes(flows, on)) s.content[r].insert(k);
          for (const auto& r : warp_state_writes(flows, on)) s.content[r].insert(k);
          for (std::size_t i : implicit_flow_statements(flows, on)) {
            const Insn& in = code[i];
            if (in.kind != Kind::Store && in.kind != Kind::Atom && in.kind != Kind::Copy) continue;
            auto rs = s.regions(in.addr, in.addr_syms);
            if (rs.empty()) rs.insert("*");
            for (const auto& r : rs) s.mem_content[r].insert(k);
          }
        }
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
  out.written = s.written;
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

// Per entry, the regions a float may pick words from (State::pickable): parameters bound only
// to integer inputs drawn element by element (FloatParams::random_int_inputs) that no launch
// writes and no other parameter of the entry is bound to (an alias would read the contents
// under another name); and the parameters bound to buffers some launch writes.
std::map<std::string, Picks> pickable_regions(const std::vector<PtxEntry>& entries,
                                              const FloatParams& params, bool func_writes) {
  std::map<std::string, Picks> out;
  if (params.random_int_inputs.empty() || params.buffers.empty()) return out;
  std::set<int> written;
  bool anywhere = func_writes;  // a store whose buffer is unknown may write any of them
  for (const auto& e : entries) {
    const EntryScan r = scan_entry(e.body, e.names, nullptr);
    anywhere = anywhere || r.written.count("*") > 0;
    auto b = params.buffers.find(e.name);
    if (b == params.buffers.end()) continue;
    for (std::size_t i = 0; i < b->second.size() && i < e.names.size(); ++i)
      if (r.written.count(e.names[i])) written.insert(b->second[i].begin(), b->second[i].end());
  }
  for (const auto& e : entries) {
    auto b = params.buffers.find(e.name);
    if (b == params.buffers.end()) continue;
    auto f = params.find(e.name);
    Picks& p = out[e.name];
    std::map<int, int> bound;  // buffer -> parameters of this entry bound to it
    for (const auto& bufs : b->second)
      for (int buf : bufs) ++bound[buf];
    for (std::size_t i = 0; i < b->second.size() && i < e.names.size(); ++i) {
      const auto& bufs = b->second[i];
      bool ok = !anywhere && !bufs.empty() &&
                !(f != params.end() && i < f->second.size() && f->second[i]);
      for (int buf : bufs) {
        ok = ok && params.random_int_inputs.count(buf) && !written.count(buf) && bound[buf] == 1;
        if (anywhere || written.count(buf)) p.foreign.insert(e.names[i]);
      }
      if (ok) p.pickable.insert(e.names[i]);
    }
  }
  return out;
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
  const bool func_writes = func_writes_memory(all);
  const std::map<std::string, Picks> picks = pickable_regions(entries, params, func_writes);
  // Across launches: a buffer some entry stores float-derived values to is a float buffer for
  // every entry; repeat until a pass adds no buffer (its count is then the answer).
  FloatParams flt = params;
  std::set<int> derived;
  if (!params.buffers.empty() && func_writes)
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
      auto pk = picks.find(e.name);
      EntryScan r = scan_entry(e.body, e.names, it == flt.end() ? nullptr : &it->second,
                               Mode::Float, pk == picks.end() ? nullptr : &pk->second);
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

int fp32_arith_to_buffers(const std::string& ptx, bool decided) {
  const std::string clean = strip_ptx_comments(ptx);
  std::string_view all(clean);
  if (all.find(".f32") == std::string_view::npos) return 0;  // no FP32 arithmetic at all
  int out = 0;
  // Module variables are memory a later launch reads into buffers: stores there count (red 13).
  for (const auto& e : entries_with_module_variables(all, nullptr)) {
    EntryScan r = scan_entry(e.body, e.names, nullptr, Mode::Fp32Arith, nullptr, decided);
    bool stores = r.wild_store;
    for (bool b : r.stores_float) stores = stores || b;
    out += stores;
  }
  // A non-inlined function is not followed: one that writes memory counts as such a kernel.
  return out + (func_writes_memory(all) ? 1 : 0);
}

int narrowed_values_computed(const std::string& ptx, const FloatParams& given, int format) {
  const Mode mode = format == 1   ? Mode::NarrowBf16
                    : format == 2 ? Mode::NarrowF16
                                  : Mode::NarrowFp8;
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
      EntryScan r = scan_entry(e.body, e.names, &v, mode);
      computed += r.computed;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (r.wild_store || (i < r.stores_float.size() && r.stores_float[i]))
          for (int buf : b->second[i]) added = derived.insert(buf).second || added;
    }
  }
  return computed;
}

}  // namespace solver::generators
