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

}  // namespace

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
      const std::string h = in.parts.empty() ? std::string() : in.parts[0];
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
