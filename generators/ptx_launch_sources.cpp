#include "generators/ptx_launch_sources.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <set>
#include <tuple>

#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

using taint::Insn;
using taint::Kind;
using taint::Space;

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// An integer literal's value (decimal, 0x hex, 0b binary, octal, a U suffix; negative ones as
// two's complement), nullopt for anything else (a register, a symbol, a float's 0f/0d bits).
std::optional<std::uint64_t> literal_value(std::string_view op) {
  op = trimmed(op);
  bool neg = false;
  if (!op.empty() && (op.front() == '-' || op.front() == '+')) {
    neg = op.front() == '-';
    op.remove_prefix(1);
  }
  if (!op.empty() && (op.back() == 'U' || op.back() == 'u')) op.remove_suffix(1);
  if (op.empty() || !std::isdigit(static_cast<unsigned char>(op.front()))) return std::nullopt;
  if (op.size() > 1 && op[0] == '0' && std::string_view("fFdD").find(op[1]) != std::string_view::npos)
    return std::nullopt;
  std::uint64_t v = 0;
  if (op.size() > 2 && op[0] == '0' && (op[1] == 'b' || op[1] == 'B')) {
    for (char c : op.substr(2)) {
      if (c != '0' && c != '1') return std::nullopt;
      v = v * 2 + std::uint64_t(c - '0');
    }
  } else {
    const std::string s(op);
    char* end = nullptr;
    v = std::strtoull(s.c_str(), &end, 0);
    if (end != s.c_str() + s.size()) return std::nullopt;
  }
  return neg ? ~v + 1 : v;
}

// The width in bits of a statement's integer type (its last b/u/s part), 64 where none says.
int type_bits(const Insn& in) {
  for (auto it = in.parts.rbegin(); it != in.parts.rend(); ++it) {
    const std::string& p = *it;
    if (p.size() >= 2 && std::string_view("bus").find(p[0]) != std::string_view::npos &&
        std::isdigit(static_cast<unsigned char>(p[1])))
      return std::atoi(p.c_str() + 1);
  }
  return 64;
}

// The registers an operand names, where it is not an address (`[...]`).
std::vector<std::string> value_regs(std::string_view op) {
  std::vector<std::string> regs, syms;
  op = trimmed(op);
  if (!op.empty() && op.front() == '[') return regs;
  ptx_operand_names(op, regs, syms);
  return regs;
}

std::string head_of(const Insn& in) { return in.parts.empty() ? std::string() : in.parts[0]; }

}  // namespace

namespace {

using Bases = std::map<std::string, std::set<std::string>>;

// One entry's placement sources (placement_sources, below); `holds` (in and out): per base, the
// bases of the addresses stored to memory at it, in any entry.
LaunchSources entry_placement(const std::vector<Insn>& code, const std::set<std::string>& vars,
                              std::uint64_t align, Bases& holds) {
  // ptr: registers holding an address (a parameter's or a module variable's, plus an offset),
  // with the bases it may be of; derived: registers computed from an address's value otherwise.
  Bases ptr, derived;
  // Per address register, the lowest bit its placement moves: log2(align) for an address, less
  // after a right shift (`(p >> 2) & 3`, an element's misalignment, is still a test below it).
  std::map<std::string, int> lowest;
  // Address registers that are no longer an address plus an offset (bits combined, shifted,
  // tagged): their compares are no distances and no null tests.
  std::set<std::string> inexact;
  int align_bit = 0;
  while ((std::uint64_t(1) << (align_bit + 1)) <= align) ++align_bit;
  std::set<std::string> pointer_bases(vars);  // bases shown to be addresses
  auto bases_of = [&](const std::vector<std::string>& regs) {
    std::set<std::string> out;
    for (const auto& r : regs)
      if (auto it = ptr.find(r); it != ptr.end()) out.insert(it->second.begin(), it->second.end());
    return out;
  };
  // The bases of the memory an address names: its registers' and the module variables it names.
  auto memory_of = [&](const std::vector<std::string>& regs, const std::vector<std::string>& syms) {
    std::set<std::string> out = bases_of(regs);
    for (const auto& v : syms)
      if (vars.count(v)) out.insert(v);
    return out;
  };
  for (bool grew = true; grew;) {
    grew = false;
    auto put = [&](Bases& to, const std::vector<std::string>& dests,
                   const std::set<std::string>& b, int lo = -1) {
      for (const auto& d : dests) {
        for (const auto& x : b) grew = to[d].insert(x).second || grew;
        if (&to == &ptr) {
          const int l = lo < 0 ? align_bit : lo;
          auto [it, fresh] = lowest.emplace(d, l);
          if (!fresh && l < it->second) it->second = l, grew = true;
        }
      }
    };
    auto exact = [&](const std::vector<std::string>& regs) {
      for (const auto& r : regs)
        if (inexact.count(r)) return false;
      return true;
    };
    auto blur = [&](const std::vector<std::string>& dests) {
      for (const auto& d : dests) grew = inexact.insert(d).second || grew;
    };
    auto lowest_of = [&](const std::vector<std::string>& regs) {
      int l = 64;
      for (const auto& r : regs)
        if (auto it = lowest.find(r); it != lowest.end()) l = std::min(l, it->second);
      return l;
    };
    for (const Insn& in : code) {
      const std::string h = head_of(in);
      if (in.kind == Kind::ParamLoad) {
        // A 64-bit parameter: an address if its value reaches one (pointer_bases, below).
        if (!in.scalar && type_bits(in) == 64 && in.ops.size() == 2) {
          std::string_view b = trimmed(in.ops[1]);
          if (!b.empty() && b.front() == '[') b = trimmed(b.substr(1, b.find(']') - 1));
          put(ptr, in.dests, {std::string(b)});
        }
        continue;
      }
      if (in.kind != Kind::Other) {
        // An address a load, store, atomic or copy uses shows its bases are addresses; an
        // address stored to memory is an address where it is loaded back (a memo's key compared
        // with the input's address: control_redteam_reduce_memo).
        const auto at = memory_of(in.addr, in.addr_syms);
        pointer_bases.insert(at.begin(), at.end());
        for (const auto& b : bases_of(in.src_addr)) pointer_bases.insert(b);
        if (in.kind == Kind::Store || in.kind == Kind::Atom)
          if (const auto stored = bases_of(in.srcs); !stored.empty())
            for (const auto& b : at)
              for (const auto& x : stored) grew = holds[b].insert(x).second || grew;
        if (in.kind == Kind::Load || in.kind == Kind::Atom)
          for (const auto& b : at)
            if (auto it = holds.find(b); it != holds.end()) put(ptr, in.dests, it->second);
        continue;
      }
      if (in.dests.empty() || in.ops.size() < 2) continue;
      // A module variable's address.
      if ((h == "mov" || h == "cvta") && in.srcs.empty() && in.src_syms.size() == 1 &&
          vars.count(in.src_syms[0])) {
        put(ptr, in.dests, {in.src_syms[0]});
        continue;
      }
      std::vector<std::set<std::string>> opb;  // per source operand, its address bases
      std::set<std::string> all;
      int lo = 64;  // the lowest placement bit among them
      for (std::size_t i = 1; i < in.ops.size(); ++i) {
        const auto regs = value_regs(in.ops[i]);
        opb.push_back(bases_of(regs));
        all.insert(opb.back().begin(), opb.back().end());
        if (!opb.back().empty()) lo = std::min(lo, lowest_of(regs));
      }
      if (all.empty()) continue;
      auto exact_at = [&](std::size_t i) {
        return i + 1 < in.ops.size() && exact(value_regs(in.ops[i + 1]));
      };
      bool blurred = false;  // the result is bits of addresses, not an address
      for (std::size_t i = 0; i < opb.size(); ++i) blurred = blurred || (!opb[i].empty() && !exact_at(i));
      auto lo_at = [&](std::size_t i) {
        return i + 1 < in.ops.size() ? lowest_of(value_regs(in.ops[i + 1])) : 64;
      };
      auto is_ptr = [&](std::size_t i) { return i < opb.size() && !opb[i].empty(); };
      auto lit = [&](std::size_t i) {
        return i + 1 < in.ops.size() ? literal_value(in.ops[i + 1]) : std::nullopt;
      };
      const int bits = type_bits(in);
      const std::uint64_t full = bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
      const std::uint64_t low = lo >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << lo) - 1;
      enum { Clean, Ptr, Derived } to = Derived;
      if (h == "cvta") {
        to = Ptr;
        for (const auto& b : all) pointer_bases.insert(b);
      } else if (h == "mov" || h == "selp" || h == "min" || h == "max") {
        to = in.dests.size() == 1 ? Ptr : Derived;  // `mov.b64 {%r1, %r2}, %rd1` unpacks bits
      } else if (h == "cvt" && in.parts.size() >= 3) {
        const std::string& d = in.parts[in.parts.size() - 2];
        const int dbits = d.size() >= 2 && std::isdigit(static_cast<unsigned char>(d[1]))
                              ? std::atoi(d.c_str() + 1)
                              : 64;
        to = taint::float_type(d) ? Derived : dbits <= lo ? Clean : Ptr;  // kept bits all below
      } else if (h == "add") {
        to = is_ptr(0) != is_ptr(1) ? Ptr : Derived;
      } else if (h == "sub") {
        to = is_ptr(0) && is_ptr(1) ? (lo_at(0) == lo_at(1) && exact_at(0) && exact_at(1) ? Clean : Derived)
             : is_ptr(0)            ? Ptr
                                    : Derived;
      } else if ((h == "shr" || h == "shl") && is_ptr(0) && !is_ptr(1) && lit(1)) {
        // A shift by a constant moves the placement bits: a later test below them is still one.
        const std::uint64_t k = std::min<std::uint64_t>(*lit(1), 64);
        const int moved = h == "shr" ? lo - int(k) : std::min(64, lo + int(k));
        if (moved > 0) {
          put(ptr, in.dests, all, moved);
          blur(in.dests);
          continue;
        }
      } else if (h == "bfe" && is_ptr(0) && lit(1) && lit(2)) {
        to = *lit(1) + *lit(2) <= std::uint64_t(lo) ? Clean : Derived;  // bits below placement
      } else if (h == "mad") {
        to = is_ptr(2) && !is_ptr(0) && !is_ptr(1) ? Ptr : Derived;
      } else if (h == "and" || h == "or" || h == "xor") {
        const auto m = is_ptr(0) ? lit(1) : is_ptr(1) ? lit(0) : std::nullopt;
        if (m && h == "and") {
          to = (*m & full & ~low) == 0 ? Clean : ((*m | low) & full) == full ? Ptr : Derived;
        } else if (m) {
          to = (*m & full & ~low) == 0 ? Ptr : Derived;  // a tag in the low bits
          blurred = true;
        } else {
          // Bit by bit with another address or a value (`(A | x) & 15`: both aligned,
          // control_redteam11_align_dispatch): its bits below the placement are still below it.
          to = Ptr;
          blurred = true;
        }
      } else if (h == "setp" || h == "set") {
        const auto zero = [&](std::size_t i) {
          const auto v = lit(i);
          return v && *v == 0;
        };
        // Two addresses (their distance) or an address and 0 (a null test), unshifted.
        to = (is_ptr(0) && is_ptr(1) && lo_at(0) == lo_at(1) && !blurred) ||
                     (is_ptr(0) && zero(1) && lo == align_bit && !blurred) ||
                     (is_ptr(1) && zero(0) && lo == align_bit && !blurred)
                 ? Clean
                 : Derived;
      } else if (h == "rem") {
        const auto m = is_ptr(0) && !is_ptr(1) ? lit(1) : std::nullopt;
        to = m && *m != 0 && (*m & (*m - 1)) == 0 && (*m - 1) <= low ? Clean : Derived;
      } else if (h == "isspacep") {
        to = Clean;
      }
      if (to == Ptr) {
        put(ptr, in.dests, all, lo);
        if (blurred) blur(in.dests);
      }
      if (to == Derived) put(derived, in.dests, all);
    }
  }
  LaunchSources out;
  const std::string above = " at and above " + std::to_string(align >> 20) + " MiB";
  for (const auto& [r, bs] : derived)
    for (const auto& b : bs)
      if (pointer_bases.count(b)) {
        out.emplace(r, "the address of " + b + above);
        break;
      }
  return out;
}

}  // namespace

std::vector<LaunchSources> placement_sources(const std::vector<const std::vector<Insn>*>& entries,
                                             const std::vector<std::string>& module_vars,
                                             std::uint64_t align) {
  const std::set<std::string> vars(module_vars.begin(), module_vars.end());
  Bases holds;
  std::vector<LaunchSources> out(entries.size());
  for (std::size_t before = 1, after = 0; before != after;) {  // till `holds` stops growing
    before = 0, after = 0;
    for (const auto& [b, xs] : holds) before += xs.size();
    for (std::size_t k = 0; k < entries.size(); ++k)
      out[k] = entry_placement(*entries[k], vars, align, holds);
    for (const auto& [b, xs] : holds) after += xs.size();
  }
  return out;
}

std::map<std::string, Space> frame_symbols(std::string_view clean) {
  std::map<std::string, Space> out;
  for (std::string_view stmt : ptx_line_statements(clean)) {
    for (;;) {  // past braces, labels and linkage (`.extern .shared`, `{ .shared ...`)
      stmt = ptx_unlabelled(stmt);
      bool cut = false;
      for (std::string_view p : {".extern", ".weak", ".visible"})
        if (stmt.substr(0, p.size()) == p) stmt.remove_prefix(p.size()), cut = true;
      if (!cut) break;
    }
    Space sp;
    if (stmt.substr(0, 7) == ".shared" && stmt.size() > 7 && !std::isalnum(static_cast<unsigned char>(stmt[7])))
      sp = Space::Shared;
    else if (stmt.substr(0, 6) == ".local" && stmt.size() > 6 && !std::isalnum(static_cast<unsigned char>(stmt[6])))
      sp = Space::Local;
    else
      continue;
    for (const auto& n : ptx_decl_names(stmt.substr(0, stmt.find_first_of(";=")))) out[n] = sp;
  }
  return out;
}

namespace {

// Where a register points inside a frame: its root symbol and offset (known or not).
struct Addr {
  std::string root;
  std::int64_t off = 0;
  bool known = true;
};

// A local or shared word a statement reads or writes: its root ("" where the address is of
// unknown origin), offset (where known) and size.
struct Word {
  std::string root;
  std::int64_t off = 0;
  bool known = false;
  int size = 0;
  bool operator<(const Word& o) const {
    return std::tie(root, off, known, size) < std::tie(o.root, o.off, o.known, o.size);
  }
  bool operator==(const Word& o) const = default;
};

// The roots registers hold: a register defined once by a move, cvta or add of a frame symbol
// (or of such a register) and a constant; an add of a non-constant keeps the root, not the offset.
std::map<std::string, Addr> frame_roots(const std::vector<Insn>& code,
                                        const std::map<std::string, Space>& symbols) {
  std::map<std::string, int> defs;
  for (const Insn& in : code)
    for (const auto& d : in.dests) ++defs[d];
  std::map<std::string, Addr> at;
  for (bool grew = true; grew;) {
    grew = false;
    for (const Insn& in : code) {
      if (in.kind != Kind::Other || in.dests.size() != 1 || defs[in.dests[0]] != 1 ||
          at.count(in.dests[0]))
        continue;
      const std::string h = head_of(in);
      auto of = [&](std::size_t i) -> std::optional<Addr> {
        if (i >= in.ops.size()) return std::nullopt;
        std::vector<std::string> regs, syms;
        ptx_operand_names(in.ops[i], regs, syms);
        if (regs.empty() && syms.size() == 1 && symbols.count(syms[0])) return Addr{syms[0]};
        if (regs.size() == 1 && syms.empty())
          if (auto it = at.find(regs[0]); it != at.end()) return it->second;
        return std::nullopt;
      };
      std::optional<Addr> a;
      if ((h == "mov" || h == "cvta" || h == "cvt") && in.ops.size() == 2) {
        a = of(1);
      } else if ((h == "add" || h == "sub") && in.ops.size() == 3) {
        std::size_t base = of(1) ? 1 : (h == "add" && of(2)) ? 2 : 0;
        if (base) {
          a = of(base);
          const auto v = literal_value(in.ops[base == 1 ? 2 : 1]);
          if (v)
            a->off += h == "sub" ? -std::int64_t(*v) : std::int64_t(*v);
          else
            a->known = false;
        }
      } else if (h == "mad" && in.ops.size() == 4 && of(3)) {
        a = of(3);
        a->known = false;
      }
      if (a) at[in.dests[0]] = *a, grew = true;
    }
  }
  return at;
}

// The bytes one access moves: its type's width times its vector's length.
int access_size(const Insn& in) {
  int n = 1, bits = 0;
  for (const auto& p : in.parts) {
    if (p.size() >= 2 && p[0] == 'v' && std::isdigit(static_cast<unsigned char>(p[1])))
      n = std::atoi(p.c_str() + 1);
    if (p.size() >= 2 && std::string_view("busf").find(p[0]) != std::string_view::npos &&
        std::isdigit(static_cast<unsigned char>(p[1])))
      bits = std::atoi(p.c_str() + 1);
  }
  return std::max(1, n * bits / 8);
}

// The word a bracketed address names, and its state space (NSpaces where it is not local or
// shared memory).
std::pair<Word, Space> word_of(const Insn& in, std::string_view op,
                               const std::map<std::string, Addr>& roots,
                               const std::map<std::string, Space>& symbols) {
  Word w;
  w.size = access_size(in);
  op = trimmed(op);
  if (!op.empty() && op.front() == '[') op = op.substr(1, op.find(']') - 1);
  std::int64_t plus = 0;
  bool known = true;
  if (auto p = op.find_first_of("+-", 1); p != std::string_view::npos) {
    if (auto v = literal_value(op.substr(p)))
      plus = std::int64_t(*v);
    else
      known = false;
    op = op.substr(0, p);
  }
  op = trimmed(op);
  std::optional<Addr> a;
  if (auto s = symbols.find(std::string(op)); s != symbols.end()) a = Addr{s->first};
  if (auto r = roots.find(std::string(op)); r != roots.end()) a = r->second;
  if (a) w.root = a->root, w.off = a->off + plus, w.known = a->known && known;
  Space sp = in.space;
  if (sp == Space::Generic)
    sp = a ? symbols.at(a->root) : Space::NSpaces;
  if (sp != Space::Local && sp != Space::Shared) sp = Space::NSpaces;
  if (a && symbols.at(a->root) != sp) w.root.clear(), w.known = false;
  return {w, sp};
}

bool covers(const std::set<Word>& written, const Word& load) {
  for (const Word& s : written) {
    if (s.root.empty() || load.root.empty()) return true;
    if (s.root != load.root) continue;
    if (!s.known || !load.known) return true;
    if (s.off < load.off + load.size && load.off < s.off + s.size) return true;
  }
  return false;
}

}  // namespace

LaunchSources unwritten_memory_sources(const std::vector<Insn>& code,
                                       const std::vector<FlowStmt>& flows,
                                       const std::map<std::string, Space>& symbols) {
  LaunchSources out;
  if (code.empty()) return out;
  const auto roots = frame_roots(code, symbols);
  // Per statement: the word it reads (a load, an atomic) and the word it writes (a store, an
  // atomic, a copy's destination), in local or shared memory.
  struct Access {
    Space sp = Space::NSpaces;
    Word w;
  };
  std::vector<Access> reads(code.size()), writes(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Insn& in = code[i];
    auto bracket = [&](bool first) -> std::string_view {
      for (std::size_t k = 0; k < in.ops.size(); ++k)
        if (const auto o = trimmed(in.ops[k]); !o.empty() && o.front() == '[' && (!first || k == 0))
          return in.ops[k];
      return {};
    };
    if (in.kind == Kind::Load || in.kind == Kind::Atom) {
      if (auto op = bracket(false); !op.empty()) {
        auto [w, sp] = word_of(in, op, roots, symbols);
        reads[i] = {sp, w};
        if (in.kind == Kind::Atom)
          writes[i] = {sp == Space::NSpaces && in.space == Space::Generic ? Space::Shared : sp, w};
      }
    } else if (in.kind == Kind::Store || (in.kind == Kind::Copy && !in.src_addr.empty()) ||
               (in.kind == Kind::Copy && !in.src_addr_syms.empty())) {
      if (auto op = bracket(true); !op.empty()) {
        auto [w, sp] = word_of(in, op, roots, symbols);
        // cp.async's destination is shared memory; a generic store whose address the scan
        // cannot root may be to shared memory (a word of any root: towards keeping).
        if (sp == Space::NSpaces && in.space == Space::Generic) sp = Space::Shared;
        writes[i] = {sp, w};
      }
    }
  }
  // Blocks: a statement with a label, or after a branch or an end, starts one.
  std::map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const auto& l : flows[i].labels) label_at.emplace(l, i);
  std::vector<std::size_t> starts = {0};
  for (std::size_t i = 1; i < code.size(); ++i)
    if (!flows[i].labels.empty() || !flows[i - 1].target.empty() || flows[i - 1].ends)
      starts.push_back(i);
  const std::size_t nb = starts.size();
  std::vector<std::size_t> block_of(code.size());
  for (std::size_t b = 0; b < nb; ++b)
    for (std::size_t i = starts[b]; i < (b + 1 < nb ? starts[b + 1] : code.size()); ++i)
      block_of[i] = b;
  std::vector<std::vector<std::size_t>> preds(nb);
  for (std::size_t b = 0; b < nb; ++b) {
    const std::size_t last = (b + 1 < nb ? starts[b + 1] : code.size()) - 1;
    if (!flows[last].target.empty())
      if (auto t = label_at.find(flows[last].target); t != label_at.end())
        preds[block_of[t->second]].push_back(b);
    if (!flows[last].ends && b + 1 < nb) preds[b + 1].push_back(b);
  }
  for (Space sp : {Space::Local, Space::Shared}) {
    // Local: written on every path (a thread's own frame); shared: on some path (another
    // thread's store covers the word).
    const bool every = sp == Space::Local;
    std::vector<std::optional<std::set<Word>>> at_end(nb);  // nullopt: not yet reached
    auto run = [&](std::size_t b, std::set<Word> s, bool report) {
      for (std::size_t i = starts[b]; i < (b + 1 < nb ? starts[b + 1] : code.size()); ++i) {
        if (reads[i].sp == sp && !covers(s, reads[i].w) && report)
          for (const auto& d : code[i].dests)
            out.emplace(d, std::string(sp == Space::Local ? "local" : "shared") +
                               " memory no store of the entry wrote first (" +
                               (reads[i].w.root.empty() ? "an address" : reads[i].w.root) +
                               (reads[i].w.known ? "+" + std::to_string(reads[i].w.off) : "") +
                               ")");
        // A guarded store writes on no path where its guard is false.
        if (writes[i].sp == sp && !(every && code[i].text.find('@') == 0))
          s.insert(writes[i].w);
      }
      return s;
    };
    auto entering = [&](std::size_t b) -> std::optional<std::set<Word>> {
      if (b == 0) return std::set<Word>{};
      std::optional<std::set<Word>> in;
      for (std::size_t p : preds[b]) {
        if (!at_end[p]) continue;
        if (!in) {
          in = at_end[p];
        } else if (every) {
          std::set<Word> both;
          for (const Word& w : *in)
            if (at_end[p]->count(w)) both.insert(w);
          in = std::move(both);
        } else {
          in->insert(at_end[p]->begin(), at_end[p]->end());
        }
      }
      return in;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t b = 0; b < nb; ++b) {
        const auto in = entering(b);
        if (!in) continue;
        auto end = run(b, *in, false);
        if (!at_end[b] || *at_end[b] != end) at_end[b] = std::move(end), changed = true;
      }
    }
    for (std::size_t b = 0; b < nb; ++b)
      if (const auto in = entering(b)) run(b, *in, true);
  }
  return out;
}

}  // namespace solver::generators
