#include "generators/ptx_scan.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "generators/ptx_lane_stride.h"
#include "generators/ptx_lane_guard.h"
#include "generators/ptx_load_chain.h"

namespace solver::generators {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

std::string_view ptx_unlabelled(std::string_view stmt) {
  for (;;) {
    while (!stmt.empty() && (std::isspace(static_cast<unsigned char>(stmt.front())) ||
                             stmt.front() == '{' || stmt.front() == '}'))
      stmt.remove_prefix(1);
    std::size_t j = 0;
    while (j < stmt.size() &&
           (std::isalnum(static_cast<unsigned char>(stmt[j])) || stmt[j] == '_' || stmt[j] == '$'))
      ++j;
    std::size_t k = j;
    while (k < stmt.size() && std::isspace(static_cast<unsigned char>(stmt[k]))) ++k;
    if (j == 0 || k >= stmt.size() || stmt[k] != ':') return stmt;
    stmt.remove_prefix(k + 1);
  }
}

std::string_view ptx_opcode(std::string_view stmt) {
  auto skip_blanks = [&] {
    while (!stmt.empty() && std::isspace(static_cast<unsigned char>(stmt.front())))
      stmt.remove_prefix(1);
  };
  auto word_end = [&] {
    std::size_t i = 0;
    while (i < stmt.size() && !std::isspace(static_cast<unsigned char>(stmt[i])) && stmt[i] != ';')
      ++i;
    return i;
  };
  // Labels as ptxas reads them: an identifier ([A-Za-z_$%][A-Za-z0-9_$]*) and ':', with or
  // without blanks before the instruction ("L:mma.sync..." labels an MMA; issue 28), any number
  // in a row. "::" (tcgen05's ".cta_group::1") is no label: a label's identifier has no '.',
  // and its ':' is single.
  auto strip_labels = [&] {
    for (;;) {
      skip_blanks();
      std::size_t i = 0;
      auto ident = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
      };
      while (i < stmt.size() && ident(stmt[i])) ++i;
      if (i == 0 || i >= stmt.size() || stmt[i] != ':' ||
          (i + 1 < stmt.size() && stmt[i + 1] == ':') ||
          std::isdigit(static_cast<unsigned char>(stmt[0])))
        return;
      stmt.remove_prefix(i + 1);
    }
  };
  strip_labels();
  std::size_t n = word_end();
  if (!stmt.empty() && stmt.front() == '@') {  // a guard predicate (a label after it too)
    stmt.remove_prefix(n);
    strip_labels();
    n = word_end();
  }
  return stmt.substr(0, n);
}

std::vector<std::string_view> ptx_opcode_parts(std::string_view op) {
  std::vector<std::string_view> out;
  while (!op.empty()) {
    auto dot = op.find('.');
    out.push_back(op.substr(0, dot));
    if (dot == std::string_view::npos) break;
    op.remove_prefix(dot + 1);
  }
  return out;
}

// Operands after the opcode, split at commas outside brackets and braces, trimmed.
std::vector<std::string_view> ptx_operands(std::string_view stmt, std::string_view op) {
  std::vector<std::string_view> out;
  auto at = stmt.find(op);
  if (at == std::string_view::npos) return out;
  std::string_view rest = stmt.substr(at + op.size());
  int depth = 0;
  std::size_t start = 0;
  auto push = [&](std::size_t end) {
    std::string_view o = rest.substr(start, end - start);
    while (!o.empty() && std::isspace(static_cast<unsigned char>(o.front()))) o.remove_prefix(1);
    while (!o.empty() && std::isspace(static_cast<unsigned char>(o.back()))) o.remove_suffix(1);
    if (!o.empty()) out.push_back(o);
  };
  for (std::size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (c == '[' || c == '{')
      ++depth;
    else if (c == ']' || c == '}')
      --depth;
    else if (c == ',' && depth == 0) {
      push(i);
      start = i + 1;
    }
  }
  push(rest.size());
  return out;
}

namespace {

// Statements split at ';', braces and line ends (directives such as `.version 9.0` end
// without ';'; an instruction's opcode always starts its line); blank ones dropped.
std::vector<std::string_view> statements(std::string_view clean) {
  std::vector<std::string_view> out;
  std::string_view rest(clean);
  while (!rest.empty()) {
    auto semi = rest.find_first_of(";{}\n");
    std::string_view stmt = rest.substr(0, semi);
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    if (stmt.find_first_not_of(" \t\r") != std::string_view::npos) out.push_back(stmt);
  }
  return out;
}

}  // namespace

std::vector<std::string_view> ptx_line_statements(std::string_view clean) {
  std::vector<std::string_view> out;
  while (!clean.empty()) {
    auto end = clean.find_first_of(";\n");
    std::string_view s = clean.substr(0, end);
    clean.remove_prefix(end == std::string_view::npos ? clean.size() : end + 1);
    if (s.find_first_not_of(" \t\r") != std::string_view::npos) out.push_back(s);
  }
  return out;
}

namespace {

void count_tensor(std::string_view op, TensorOps& ops) {
  if (starts_with(op, "wgmma.mma_async"))
    ++ops.wgmma;
  else if (starts_with(op, "tcgen05.mma"))
    ++ops.tcgen05;
  else if (starts_with(op, "mbarrier.try_wait") || starts_with(op, "mbarrier.test_wait"))
    ++ops.mbarrier_waits;
  else if (starts_with(op, "cp.async.bulk.tensor"))
    ++ops.tma_copies;
  else if (starts_with(op, "wmma.mma") || starts_with(op, "mma.sync") || starts_with(op, "mma.sp"))
    ++ops.mma;
}

TensorOps tensor_ops_of(std::string_view clean) {
  TensorOps ops;
  for (auto stmt : statements(clean)) count_tensor(ptx_opcode(stmt), ops);
  return ops;
}

bool is_mma(std::string_view op) {
  TensorOps t;
  count_tensor(op, t);
  return t.total() > 0;
}

bool is_load(std::string_view op) {
  return starts_with(op, "ld.") || starts_with(op, "wmma.load") || starts_with(op, "ldmatrix");
}

// A label statement ("$L__BB0_2:"): its name, else empty.
std::string_view label_of(std::string_view stmt) {
  auto b = stmt.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  stmt.remove_prefix(b);
  auto e = stmt.find_first_of(" \t\r");
  std::string_view word = stmt.substr(0, e);
  if (word.size() > 1 && word.back() == ':') return word.substr(0, word.size() - 1);
  return {};
}

// The address register of a memory operand "[%rd5+16]" ("%rd5"), or the operand itself.
std::string_view address_base(std::string_view o) {
  auto open = o.find('[');
  if (open == std::string_view::npos) return o;
  o.remove_prefix(open + 1);
  auto end = o.find_first_of("+-] ");
  return o.substr(0, end);
}

// Registers named by a destination operand ("%f1" or "{%f1, %f2}").
std::vector<std::string_view> registers_in(std::string_view o) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < o.size(); ++i) {
    if (o[i] != '%') continue;
    std::size_t j = i + 1;
    while (j < o.size() && (std::isalnum(static_cast<unsigned char>(o[j])) || o[j] == '_')) ++j;
    out.push_back(o.substr(i, j - i));
    i = j;
  }
  return out;
}

bool loop_is_gemm(const std::vector<std::string_view>& body) {
  std::map<std::string_view, std::string_view> loaded_from;  // register -> address register
  std::set<std::string_view> bases, written;
  bool mma = false;
  for (auto stmt : body) {
    std::string_view op = ptx_opcode(stmt);
    if (op.empty() || op.front() == '.') continue;
    auto ops = ptx_operands(stmt, op);
    if (ops.empty()) continue;
    // An accumulator is computed in the loop, not loaded there (`y = a*x + y` with y loaded
    // each trip is an axpy, not a product's reduction).
    if (!is_load(op))
      for (auto r : registers_in(ops[0])) written.insert(r);
    if (is_mma(op)) mma = true;
    if (is_load(op) && ops.size() >= 2) {
      // The address is the bracketed operand (wmma.load has a stride after it).
      std::string_view addr = ops.back();
      for (std::size_t k = 1; k < ops.size(); ++k)
        if (ops[k].find('[') != std::string_view::npos) {
          addr = ops[k];
          break;
        }
      std::string_view base = address_base(addr);
      bases.insert(base);
      for (auto r : registers_in(ops[0])) loaded_from[r] = base;
    }
  }
  if (bases.size() < 2) return false;
  if (mma) return true;
  for (auto stmt : body) {
    std::string_view op = ptx_opcode(stmt);
    if (!starts_with(op, "fma.")) continue;
    auto ops = ptx_operands(stmt, op);
    if (ops.size() != 4) continue;
    auto a = loaded_from.find(ops[1]), b = loaded_from.find(ops[2]);
    if (a == loaded_from.end() || b == loaded_from.end() || a->second == b->second) continue;
    if (written.count(ops[3])) return true;
  }
  return false;
}

}  // namespace

namespace {

// Every byte ptxas may read as a blank (red team round 3: it takes a form feed as one, so
// "mma<FF>.sync..." assembled to an HMMA the scan read as "mma"); a vertical tab, which ptxas
// refuses, is one too: reading more blanks than ptxas can only join what ptxas rejects.
bool ptx_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// A guard so far: "@" or "@!" (its predicate name not begun).
bool open_guard(const std::string& out, std::size_t token) {
  const std::size_t n = out.size() - token;
  return (n == 1 && out[token] == '@') || (n == 2 && out[token] == '@' && out[token + 1] == '!');
}

// ptxas reads an opcode's modifiers across blanks and line ends: "mma .sync.aligned..." and
// "mma<newline>.sync.aligned..." assemble to the same HMMA as "mma.sync.aligned..." (red team
// round 2, issue 28: a scan that stopped the opcode at the first blank read "mma", no MMA). The
// blanks inside each statement's opcode (after its labels and guard) are dropped, so every scan
// that reads opcodes sees the mnemonic ptxas sees. Operands are left as they are.
std::string join_opcode_modifiers(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  bool at_start = true;    // no token of this statement yet (or only labels and a guard)
  bool in_opcode = false;  // inside the statement's first token
  std::size_t token = 0;   // where that token starts in `out`
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ';' || c == '{' || c == '}') {
      out += c;
      at_start = true;
      in_opcode = false;
      continue;
    }
    if (ptx_blank(c)) {
      std::size_t j = i;
      while (j < s.size() && ptx_blank(s[j])) ++j;
      // ptxas reads a guard across blanks and line ends: "@ p", "@ !p", "@! p" (and "@/*c*/p",
      // whose comment is a blank by now) guard what follows as "@p" does, the same cubin (red team
      // round 3); read as a guard "@" and an opcode "p", the instruction it guards was hidden.
      if (in_opcode && open_guard(out, token)) {
        i = j - 1;
        continue;
      }
      if (in_opcode && j < s.size() && s[j] == '.' && out[token] != '@') {
        i = j - 1;  // a modifier of this opcode: the blanks go
        continue;
      }
      const bool guard = in_opcode && out[token] == '@';
      const bool line_end = s.find('\n', i) < j;
      in_opcode = false;
      if (guard || line_end) at_start = true;  // the opcode follows a guard; lines split
      out.append(s, i, j - i);
      i = j - 1;
      continue;
    }
    if (at_start) {
      at_start = false;
      in_opcode = true;
      token = out.size();
    }
    out += c;
    // A label ("L1:", not "::") ends here; the opcode follows it.
    if (c == ':' && in_opcode && (i + 1 >= s.size() || s[i + 1] != ':') &&
        (out.size() < 2 || out[out.size() - 2] != ':')) {
      at_start = true;
      in_opcode = false;
    }
  }
  return out;
}

}  // namespace

std::string strip_ptx_comments(std::string_view ptx) {
  std::string clean;
  clean.reserve(ptx.size());
  for (std::size_t i = 0; i < ptx.size(); ++i) {
    if (ptx.compare(i, 2, "//") == 0) {
      while (i < ptx.size() && ptx[i] != '\n') ++i;
      clean += '\n';
    } else if (ptx.compare(i, 2, "/*") == 0) {
      auto end = ptx.find("*/", i + 2);
      i = end == std::string::npos ? ptx.size() : end + 1;
      clean += ' ';
    } else if (ptx[i] == '"') {
      auto end = ptx.find('"', i + 1);
      i = end == std::string::npos ? ptx.size() : end;
    } else {
      clean += ptx[i];
    }
  }
  return join_opcode_modifiers(clean);
}

TensorOps scan_ptx_tensor_ops(const std::string& ptx) {
  return tensor_ops_of(strip_ptx_comments(ptx));
}

std::string_view ptx_entry_body(std::string_view ptx, std::string_view entry) {
  std::size_t from = 0;
  while ((from = ptx.find(".entry", from)) != std::string_view::npos) {
    std::size_t name = ptx.find_first_not_of(" \t\r\n", from + 6);
    from += 6;
    if (name == std::string_view::npos) break;
    std::size_t end = ptx.find_first_of(" \t\r\n(", name);
    if (ptx.substr(name, end - name) != entry) continue;
    // The body: the first '{' after the parameter list, to its matching '}'.
    std::size_t open = ptx.find('{', end);
    if (open == std::string_view::npos) return {};
    int depth = 0;
    for (std::size_t i = open; i < ptx.size(); ++i) {
      if (ptx[i] == '{')
        ++depth;
      else if (ptx[i] == '}' && --depth == 0)
        return ptx.substr(open + 1, i - open - 1);
    }
    return ptx.substr(open + 1);
  }
  return {};
}

bool ptx_has_gemm_loop(std::string_view entry_body) {
  std::string clean = strip_ptx_comments(entry_body);
  // Scoped blocks ({ .reg ... }) do not end a loop: split at ';' and line ends only.
  for (char& c : clean)
    if (c == '{' || c == '}') c = ' ';
  std::vector<std::string_view> stmts = statements(clean);
  std::map<std::string_view, std::size_t> label_at;
  for (std::size_t i = 0; i < stmts.size(); ++i)
    if (auto l = label_of(stmts[i]); !l.empty()) label_at[l] = i;
  for (std::size_t i = 0; i < stmts.size(); ++i) {
    std::string_view op = ptx_opcode(stmts[i]);
    if (!starts_with(op, "bra")) continue;
    auto ops = ptx_operands(stmts[i], op);
    if (ops.empty()) continue;
    auto target = label_at.find(ops.back());
    if (target == label_at.end() || target->second >= i) continue;  // forward: not a loop
    std::vector<std::string_view> body(stmts.begin() + std::ptrdiff_t(target->second) + 1,
                                       stmts.begin() + std::ptrdiff_t(i));
    if (loop_is_gemm(body)) return true;
  }
  return false;
}

std::optional<double> CodeFacts::contiguous_access_frac() const {
  if (lane_access.total() <= 0) return std::nullopt;
  return lane_access.contiguous / lane_access.total();
}

std::optional<double> CodeFacts::strided_access_frac() const {
  if (lane_access.total() <= 0) return std::nullopt;
  return lane_access.strided / lane_access.total();
}

std::optional<double> CodeFacts::index_load_frac() const {
  if (lane_access.total() <= 0) return std::nullopt;
  return lane_access.index_loads / lane_access.total();
}

std::optional<double> CodeFacts::store_fill_frac() const {
  if (lane_access.stores <= 0) return std::nullopt;
  return lane_access.store_fill / lane_access.stores;
}

CodeFacts scan_launched_code(const std::string& ptx, const std::vector<std::string>& entries) {
  CodeFacts f;
  std::string clean = strip_ptx_comments(ptx);
  bool whole_module = entries.empty();
  std::vector<std::string> seen;
  bool every_guarded = !entries.empty();
  for (const auto& e : entries) {
    if (std::find(seen.begin(), seen.end(), e) != seen.end()) continue;
    seen.push_back(e);
    std::string_view body = ptx_entry_body(clean, e);
    if (body.empty()) {
      f.missing.push_back(e);
      whole_module = true;
      continue;
    }
    TensorOps t = tensor_ops_of(body);
    f.tensor.mma += t.mma;
    f.tensor.wgmma += t.wgmma;
    f.tensor.tcgen05 += t.tcgen05;
    f.tensor.mbarrier_waits += t.mbarrier_waits;
    f.tensor.tma_copies += t.tma_copies;
    f.gemm_loop = f.gemm_loop || ptx_has_gemm_loop(body);
    const LoadChainScan chain = ptx_load_chain_scan(body);
    if (!chain.loads) {
      f.load_chain.reset();
      f.load_chain_note += (f.load_chain_note.empty() ? "" : "; ") + std::string("load_chain of ") +
                           e + " not scanned (PTX too large: " + std::to_string(chain.statements) +
                           " statements, " + std::to_string(chain.work) +
                           " in loops to scan, over " + std::to_string(kLoadChainBudget) + ")";
    } else if (f.load_chain) {
      *f.load_chain += *chain.loads;
    }
    f.lane_access += ptx_lane_access_mix(body);
    const std::optional<int> lanes = ptx_guard_lanes(body);
    every_guarded = every_guarded && lanes.has_value();
    if (lanes) f.guard_lanes = std::max(f.guard_lanes.value_or(0), *lanes);
  }
  if (!every_guarded || whole_module) f.guard_lanes.reset();
  if (whole_module) f.tensor = tensor_ops_of(clean);
  return f;
}

// Registers ("%r12") and symbols ("_ZZ4gemmE2As", "gemm_param_0") named in an operand.
void ptx_operand_names(std::string_view o, std::vector<std::string>& regs,
                       std::vector<std::string>& syms) {
  auto ident_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (std::size_t i = 0; i < o.size();) {
    char c = o[i];
    if (c == '%' || ident_char(c)) {
      // A register's name runs through '.' ("%tid.x"): its suffix is no symbol.
      std::size_t j = i + 1;
      while (j < o.size() && (ident_char(o[j]) || (c == '%' && o[j] == '.'))) ++j;
      if (c == '%')
        regs.emplace_back(o.substr(i, j - i));
      else if (!std::isdigit(static_cast<unsigned char>(c)))
        syms.emplace_back(o.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
}

std::vector<std::string> ptx_decl_names(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view one = list.substr(0, comma);
    if (auto b = one.find('['); b != std::string_view::npos) one = one.substr(0, b);
    std::vector<std::string> regs, syms;
    ptx_operand_names(one, regs, syms);
    if (!syms.empty()) out.push_back(syms.back());
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace solver::generators
