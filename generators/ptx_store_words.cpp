#include "generators/ptx_store_words.h"

#include <set>
#include <string_view>
#include <vector>

#include "generators/ptx_module_binding.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {

namespace {

using taint::Insn;
using taint::Kind;

// The width of a store's element type and whether it is a float type (0: no type part).
int type_bits(const Insn& in, bool& is_float) {
  is_float = false;
  for (auto it = in.parts.rbegin(); it != in.parts.rend(); ++it) {
    const std::string& t = *it;
    if (t == "f16" || t == "bf16" || t == "f16x2" || t == "bf16x2") return is_float = true, 16;
    if (t == "f32") return is_float = true, 32;
    if (t == "f64") return is_float = true, 64;
    if (t.size() >= 2 && (t[0] == 'b' || t[0] == 'u' || t[0] == 's')) {
      const std::string_view n(t.data() + 1, t.size() - 1);
      if (n == "8" || n == "16" || n == "32" || n == "64" || n == "128")
        return std::stoi(std::string(n));
    }
  }
  return 0;
}

void narrowest(int& into, int bits) {
  if (bits > 0 && (into == 0 || bits < into)) into = bits;
}

}  // namespace

ModuleAccess scan_region_access(const std::string& ptx, const FloatParams& bindings) {
  ModuleAccess out;
  // Regions whose address left the scan's view (stored to memory, passed to a call), and the
  // narrowest types stored through addresses of unknown
  // origin in global or generic space, module-wide (review40): such a store may land in any
  // escaped region, so its type counts for each (red team 39's wide words, stored through a copy
  // of the scratch's address read back from shared memory beside one st.u64 through the
  // parameter, were read as FP64 words).
  std::set<RegionAccess*> escaped;
  int wild_float_bits = 0, wild_int_bits = 0;
  const std::string clean = strip_ptx_comments(ptx);
  const std::vector<std::string> vars = module_variables(clean);
  const std::set<std::string> var_set(vars.begin(), vars.end());
  bool unknown_read = false;  // some read's address names no region (reads, below)
  for (const PtxEntry& e : entries_with_module_variables(clean, nullptr)) {
    taint::State s;
    s.mode = taint::Mode::Clock;  // no value is an origin: only the addresses' provenance
    std::vector<Insn> code;
    std::string_view rest = e.body;
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      Insn in;
      if (taint::parse(rest.substr(0, semi), in, s.float_regs, s.bare_regs))
        code.push_back(std::move(in));
      rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    }
    for (const Insn& in : code)
      for (const std::string& p : in.parts) out.fp64_values = out.fp64_values || p == "f64";
    const auto bound = bindings.buffers.find(e.name);
    // a parameter bound to a buffer names it at any load width (red team 40: a `uint2` pointer)
    if (bound != bindings.buffers.end())
      for (std::size_t i = 0; i < e.names.size() && i < bound->second.size(); ++i)
        if (!bound->second[i].empty()) s.bound_params.insert(e.names[i]);
    // Monotone: a pass per change, one to see none.
    for (std::size_t before = s.size() + 1; before != s.size();) {
      before = s.size();
      for (const Insn& in : code) taint::step(in, s);
    }
    // Each region `f` is applied to: the buffers its parameter binds, or the module variable.
    auto each = [&](const std::set<std::string>& regions, auto f) {
      for (const std::string& r : regions) {
        if (var_set.count(r)) {
          f(out.variables[r]);
          continue;
        }
        if (bound == bindings.buffers.end()) continue;
        for (std::size_t i = 0; i < e.names.size() && i < bound->second.size(); ++i)
          if (e.names[i] == r)
            for (int b : bound->second[i]) f(out.buffers[b]);
      }
    };
    auto read = [](RegionAccess& a) { a.read = true; };
    // A read through an address of unknown origin (no region, no symbol: a pointer loaded from
    // memory, or rebuilt by a flow the taint does not follow) may read any region that global
    // memory holds: every region is read (red team 40; never write-only by ignorance). Shared and
    // local addresses cannot reach one.
    auto reads = [&](const std::vector<std::string>& regs, const std::vector<std::string>& syms,
                     taint::Space sp) {
      const std::set<std::string> rs = s.regions(regs, syms);
      if (rs.empty() && (sp == taint::Generic || sp == taint::Global)) unknown_read = true;
      each(rs, read);
    };
    auto escape = [&](RegionAccess& a) {
      a.read = true;
      escaped.insert(&a);
    };
    for (const Insn& in : code) {
      const bool call = !in.parts.empty() && in.parts[0] == "call";
      switch (in.kind) {
        case Kind::ParamLoad:
          // A pointer parameter loaded as 32-bit pieces (ld.param.u32 / .v2.u32) names its buffer
          // (taint::State::bound_params, above: red team 40, helper fix40w, replacing review40's
          // "escaped" reading of it): loads and stores through the rebuilt pointer are seen.
          break;
        case Kind::Load:
          reads(in.addr, in.addr_syms, in.space);
          break;
        case Kind::Atom:
        case Kind::Store: {
          bool flt = false;
          const int bits = type_bits(in, flt);
          const std::set<std::string> at = s.regions(in.addr, in.addr_syms);
          if (at.empty() && (in.space == taint::Global || in.space == taint::Generic))
            narrowest(flt ? wild_float_bits : wild_int_bits, bits);
          each(at, [&](RegionAccess& a) {
            a.written = true;
            narrowest(flt ? a.float_bits : a.int_bits, bits);
            // an atomic returns what it found (a mbarrier's state too)
            if (in.kind == Kind::Atom && !in.dests.empty()) a.read = true;
          });
          if (in.kind == Kind::Atom && !in.dests.empty()) reads(in.addr, in.addr_syms, in.space);
          // an address stored to memory (a call's parameter included): any load may reach it
          each(s.regions(in.srcs, in.src_syms), escape);
          break;
        }
        case Kind::Copy: {
          // the source's state space: the second one the opcode names (cp.async.ca.shared.global:
          // global; cp.async.bulk.global.shared::cta: shared), global where it names one
          std::vector<std::string_view> spaces;
          for (const std::string& p : in.parts)
            if (p == "global" || p.rfind("shared", 0) == 0 || p == "local") spaces.push_back(p);
          const taint::Space from = spaces.size() < 2 ? taint::Global : taint::space_of({spaces[1]});
          if (!in.src_addr.empty() || !in.src_addr_syms.empty())
            reads(in.src_addr, in.src_addr_syms, from);
          each(s.regions(in.addr, in.addr_syms), [](RegionAccess& a) { a.written = true; });
          break;
        }
        case Kind::Other: {
          // a callee not inlined, or an instruction that addresses memory without being a load
          // or store to this scan (multimem.ld_reduce, prefetch, ...): read, as far as it knows
          bool addresses = call;
          for (const std::string& o : in.ops) addresses = addresses || (!o.empty() && o[0] == '[');
          if (addresses) {
            const std::set<std::string> rs = s.regions(in.srcs, in.src_syms);
            if (rs.empty() && (in.space == taint::Generic || in.space == taint::Global))
              unknown_read = true;
            each(rs, escape);
          }
          break;
        }
      }
    }
  }
  if (unknown_read) {
    for (auto& [b, a] : out.buffers) a.read = true;
    for (auto& [v, a] : out.variables) a.read = true;
  }
  for (RegionAccess* a : escaped) {
    narrowest(a->float_bits, wild_float_bits);
    narrowest(a->int_bits, wild_int_bits);
  }
  // Module variables sit side by side in the image's data at offsets ptxas fixes (the CUBIN's
  // symbol table), so a load through one variable's address plus a constant reads its neighbour
  // while the scan names only the first (review40: `b` stored through its symbol and read as
  // `a + 4096` looked write-only). Where any module variable is read, none is left out.
  bool any_variable_read = false;
  for (const auto& [name, a] : out.variables) any_variable_read = any_variable_read || a.read;
  if (any_variable_read)
    for (auto& [name, a] : out.variables) a.read = true;
  return out;
}

int stored_word_bytes(const RegionAccess& a, bool fp64_values, int declared_bytes) {
  // A region declared 16-bit and stored 16 bits at a time: its own format's words. PTX's st has
  // no .f16 type, so a half is stored .b16/.u16 and counts as an integer store here (review40:
  // NVRTC's `__device__ __half stage[]` is `.align 2 .b8`, stored st.global.u16, and was read as
  // FP32 words, not at FP16's moves as fix38s judges a 16-bit array).
  if (declared_bytes == 2 && (a.float_bits == 16 || a.int_bits == 16)) return 2;
  int bytes = 0;
  if (a.float_bits == 16)
    bytes = 4;
  else if (a.float_bits)
    bytes = a.float_bits / 8;
  else if (a.int_bits >= 64)
    bytes = fp64_values ? 8 : 4;
  // an integer store narrower than 64 bits beside float ones: its words are read as FP32 (the
  // narrowest reading wins: an FP64 reading never tests a word's low 35 bits)
  if (a.int_bits > 0 && a.int_bits < 64) bytes = 4;
  return bytes;
}

}  // namespace solver::generators
