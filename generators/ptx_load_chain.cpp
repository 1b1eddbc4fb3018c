#include "generators/ptx_load_chain.h"

#include <algorithm>
#include <map>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
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
void loop_chains(const std::vector<Insn>& code, const std::vector<FlowStmt>& all, std::size_t from,
                 std::size_t to, std::set<std::size_t>& chained) {
  const std::span<const FlowStmt> flows(all.data() + from, to - from + 1);
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
  // What a branch decides depends on its guard (all guards in one pass over the regions).
  for (const auto& [g, decided] : implicit_flow_writes_by_guard(flows))
    for (const auto& w : decided) edge(g, w);
  // A guarded exit from the loop (a branch to a label outside it, a guarded ret or exit: a
  // `break` on a loaded value) decides whether there is a next trip at all, so every register
  // the loop carries from one trip to the next (read at or before its first write in it)
  // depends on its guard. implicit_flow_writes sees such a branch's target only inside the
  // statements it is given.
  std::unordered_set<std::string> inside;
  for (const auto& f : flows) inside.insert(f.labels.begin(), f.labels.end());
  std::unordered_set<std::string> exits;
  for (const auto& f : flows) {
    if (f.guarded && !f.guard.empty() && !f.target.empty() && !inside.count(f.target))
      exits.insert(f.guard);
    if (!f.exit_guard.empty()) exits.insert(f.exit_guard);
  }
  if (!exits.empty()) {
    // Every exit guard reaches every carried register: through one node that names no
    // register, so the edges are exits + carried, not their product.
    const std::string kExits = " exits";
    std::unordered_map<std::string, std::size_t> first_write;
    for (std::size_t i = 0; i < flows.size(); ++i)
      for (const auto& w : flows[i].writes) first_write.emplace(w, i);
    for (std::size_t i = 0; i < flows.size(); ++i)
      for (const auto& r : flows[i].reads)
        if (auto w = first_write.find(r); w != first_write.end() && i <= w->second) edge(kExits, r);
    for (const auto& g : exits) edge(g, kExits);
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

LoadChainScan ptx_load_chain_scan(std::string_view entry_body, std::size_t budget) {
  std::string clean = strip_ptx_comments(entry_body);
  for (char& c : clean)
    if (c == '{' || c == '}') c = ' ';
  std::vector<Insn> code;
  for (auto s : ptx_line_statements(clean)) code.push_back(parse(s));
  std::vector<FlowStmt> all;  // the statements' flows, one after another (for spans of them)
  for (const auto& in : code) all.push_back(in.flow);
  std::map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < code.size(); ++i)
    for (const auto& l : code[i].flow.labels) label_at.emplace(l, i);
  // Every edge of a loop's graph ends at a register the loop writes, so a load can be a chain
  // only where the loop writes a register of its address (or the load writes it itself). A loop
  // with no such load is skipped without building its graph, as is one whose candidates are all
  // chained already: the answer is the same, and a switch of thousands of cases that jump back to
  // a join above them (PyTorch's erfcx, docs/changes.md, session 28) is thousands of such "loops".
  std::map<std::string, std::vector<std::size_t>> written_at;  // ascending
  std::vector<std::size_t> seeds;
  for (std::size_t i = 0; i < code.size(); ++i) {
    for (const auto& w : code[i].flow.writes) written_at[w].push_back(i);
    if (code[i].chain_seed && !code[i].addr.empty()) seeds.push_back(i);
  }
  auto written_in = [&](const std::string& r, std::size_t from, std::size_t to) {
    auto w = written_at.find(r);
    if (w == written_at.end()) return false;
    auto k = std::lower_bound(w->second.begin(), w->second.end(), from);
    return k != w->second.end() && *k <= to;
  };
  std::set<std::size_t> chained;  // a load of an inner loop is in the outer one's too
  auto candidate = [&](std::size_t from, std::size_t to) {
    for (auto k = std::lower_bound(seeds.begin(), seeds.end(), from); k != seeds.end() && *k <= to;
         ++k)
      for (const auto& a : code[*k].addr)
        if (!chained.count(*k) && written_in(a, from, to)) return true;
    return false;
  };
  std::vector<std::pair<std::size_t, std::size_t>> loops;  // [label, closing branch]
  LoadChainScan out;
  out.statements = code.size();
  for (std::size_t b = 0; b < code.size(); ++b) {
    if (code[b].flow.target.empty()) continue;
    auto t = label_at.find(code[b].flow.target);
    if (t == label_at.end() || t->second > b) continue;  // forward: not a loop
    if (!candidate(t->second, b)) continue;
    loops.emplace_back(t->second, b);
    out.work += b - t->second + 1;
  }
  if (out.work > budget) return out;  // declined: no graph built
  for (const auto& [from, to] : loops)
    if (candidate(from, to)) loop_chains(code, all, from, to, chained);
  out.loads = int(chained.size());
  return out;
}

std::optional<int> ptx_load_chain_loads(std::string_view entry_body) {
  return ptx_load_chain_scan(entry_body).loads;
}

}  // namespace solver::generators
