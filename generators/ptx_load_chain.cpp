#include "generators/ptx_load_chain.h"

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

// Opcodes whose first operand is not a register they write: stores, reductions and copies to
// memory, branches, barriers and fences.
bool writes_no_register(std::string_view head, const std::vector<std::string_view>& parts) {
  static const std::set<std::string_view> kNone = {
      "st",  "red",       "bra",      "ret",   "exit",     "trap",
      "bar", "barrier",   "membar",   "fence", "prefetch", "prefetchu",
      "cp",  "nanosleep", "stmatrix", "brkpt", "pmevent"};
  if (kNone.count(head)) return true;
  return head == "wmma" && parts.size() > 1 && parts[1] == "store";
}

// A load that leaves the SM: global, or generic (no state space named; the hardware resolves
// it, and a pointer read from memory is generic). Shared, local, constant and parameter loads
// are not, nor texture fetches.
bool off_chip_load(std::string_view head, const std::vector<std::string_view>& parts) {
  if (head != "ld" && head != "ldu") return false;
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const std::string_view p = parts[k];
    if (p == "global") return true;
    if (p.substr(0, 6) == "shared" || p == "local" || p == "const" || p == "param") return false;
  }
  return true;
}

struct Insn {
  FlowStmt flow;                  // labels, branch target and guard; writes and reads filled
  bool chain_seed = false;        // a global or generic load
  std::vector<std::string> addr;  // ... the registers of its address
};

Insn parse(std::string_view stmt) {
  Insn in;
  in.flow = flow_stmt(stmt);
  const std::string_view op = ptx_opcode(stmt);
  if (op.empty() || op.front() == '.') return in;  // a label alone, or a directive
  const auto parts = ptx_opcode_parts(op);
  const std::string_view head = parts[0];
  std::vector<std::string> syms;
  // The guard predicate ("@%p1", "@!%p1") is read by whatever the statement writes.
  const std::string_view before = stmt.substr(0, stmt.find(op));
  if (auto g = before.find('@'); g != std::string_view::npos)
    ptx_operand_names(before.substr(g), in.flow.reads, syms);
  auto ops = ptx_operands(stmt, op);
  if (head == "bra") return in;  // its guard is the implicit flow's (FlowStmt::guard)
  const bool dest = !ops.empty() && !writes_no_register(head, parts);
  for (std::size_t k = 0; k < ops.size(); ++k)
    ptx_operand_names(ops[k], k == 0 && dest ? in.flow.writes : in.flow.reads, syms);
  if (off_chip_load(head, parts) && ops.size() >= 2) {
    in.chain_seed = true;
    for (std::size_t k = 1; k < ops.size(); ++k)
      if (ops[k].find('[') != std::string_view::npos) {
        ptx_operand_names(ops[k], in.addr, syms);
        break;
      }
  }
  return in;
}

// The chained loads of the loop code[from, to] (its label first, its closing branch last),
// added to `chained` as statement indices.
void loop_chains(const std::vector<Insn>& code, std::size_t from, std::size_t to,
                 std::set<std::size_t>& chained) {
  std::vector<FlowStmt> flows;
  for (std::size_t i = from; i <= to; ++i) flows.push_back(code[i].flow);
  std::unordered_map<std::string, int> id;
  auto node = [&](const std::string& r) { return id.emplace(r, int(id.size())).first->second; };
  std::vector<std::set<int>> next;
  auto edge = [&](const std::string& a, const std::string& b) {
    int x = node(a), y = node(b);
    if (next.size() < id.size()) next.resize(id.size());
    next[std::size_t(x)].insert(y);
  };
  for (const auto& f : flows)
    for (const auto& r : f.reads)
      for (const auto& w : f.writes) edge(r, w);
  // What a branch decides depends on its guard (one query per distinct guard).
  std::set<std::string> guards;
  for (const auto& f : flows)
    if (f.guarded && !f.guard.empty()) guards.insert(f.guard);
  for (const auto& g : guards)
    for (const auto& w : implicit_flow_writes(flows, [&](const std::string& r) { return r == g; }))
      edge(g, w);
  // A guarded exit from the loop (a branch to a label outside it, a guarded ret or exit: a
  // `break` on a loaded value) decides whether there is a next trip at all, so every register
  // the loop carries from one trip to the next (read at or before its first write in it)
  // depends on its guard. implicit_flow_writes sees such a branch's target only inside the
  // statements it is given.
  std::set<std::string> inside;
  for (const auto& f : flows) inside.insert(f.labels.begin(), f.labels.end());
  std::set<std::string> exits;
  for (const auto& f : flows) {
    if (f.guarded && !f.guard.empty() && !f.target.empty() && !inside.count(f.target))
      exits.insert(f.guard);
    if (!f.exit_guard.empty()) exits.insert(f.exit_guard);
  }
  if (!exits.empty()) {
    std::map<std::string, std::size_t> first_write;
    for (std::size_t i = 0; i < flows.size(); ++i)
      for (const auto& w : flows[i].writes) first_write.emplace(w, i);
    for (std::size_t i = 0; i < flows.size(); ++i)
      for (const auto& r : flows[i].reads)
        if (auto w = first_write.find(r); w != first_write.end() && i <= w->second)
          for (const auto& g : exits) edge(g, r);
  }
  next.resize(id.size());
  for (std::size_t i = from; i <= to; ++i) {
    const Insn& in = code[i];
    if (!in.chain_seed || in.addr.empty()) continue;
    std::vector<int> work;  // from the loaded value, along every dependence
    for (const auto& w : in.flow.writes) work.push_back(node(w));
    next.resize(id.size());
    std::vector<char> seen(id.size(), 0);
    while (!work.empty()) {
      int x = work.back();
      work.pop_back();
      if (seen[std::size_t(x)]) continue;
      seen[std::size_t(x)] = 1;
      for (int y : next[std::size_t(x)]) work.push_back(y);
    }
    for (const auto& a : in.addr)
      if (auto it = id.find(a); it != id.end() && seen[std::size_t(it->second)]) {
        chained.insert(i);
        break;
      }
  }
}

}  // namespace

int ptx_load_chain_loads(std::string_view entry_body) {
  std::string clean = strip_ptx_comments(entry_body);
  for (char& c : clean)
    if (c == '{' || c == '}') c = ' ';
  std::vector<Insn> code;
  for (auto s : ptx_line_statements(clean)) code.push_back(parse(s));
  std::map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < code.size(); ++i)
    for (const auto& l : code[i].flow.labels) label_at.emplace(l, i);
  std::set<std::size_t> chained;  // a load of an inner loop is in the outer one's too
  for (std::size_t b = 0; b < code.size(); ++b) {
    if (code[b].flow.target.empty()) continue;
    auto t = label_at.find(code[b].flow.target);
    if (t == label_at.end() || t->second > b) continue;  // forward: not a loop
    loop_chains(code, t->second, b, chained);
  }
  return int(chained.size());
}

}  // namespace solver::generators
