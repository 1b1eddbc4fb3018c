#include "generators/ptx_clock_work.h"

#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "generators/ptx_entries.h"
#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {
namespace {

using taint::Insn;
using taint::Kind;
using taint::State;

const std::set<std::string>& clock_registers() {
  static const std::set<std::string> r = {"%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
                                          "%clock",       "%clock_hi",       "%clock64"};
  return r;
}

std::string head_of(const Insn& in) { return in.parts.empty() ? std::string() : in.parts[0]; }

bool literal(const std::string& op) {
  std::size_t i = op.find_first_not_of(" \t");
  if (i == std::string::npos) return false;
  if (op[i] == '-' || op[i] == '+') ++i;
  return i < op.size() && std::isdigit(static_cast<unsigned char>(op[i]));
}

struct Entry {
  std::vector<Insn> code;
  std::vector<FlowStmt> flows;
};

Entry parse_entry(std::string_view body, State& s) {
  Entry e;
  std::string_view rest = body;
  while (!rest.empty()) {
    const auto semi = rest.find(';');
    Insn in;
    if (taint::parse(rest.substr(0, semi), in, s.float_regs, s.bare_regs)) {
      FlowStmt& f = e.flows.emplace_back(flow_stmt(rest.substr(0, semi)));
      f.writes = in.dests, f.reads = in.srcs;
      f.reads.insert(f.reads.end(), in.addr.begin(), in.addr.end());
      f.reads.insert(f.reads.end(), in.src_addr.begin(), in.src_addr.end());
      e.code.push_back(std::move(in));
    }
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  return e;
}

// The taint to a fixpoint: data flow, implicit flows, stores a decided region makes. `skip`:
// statements that derive nothing (the elapsed-time exceptions).
void propagate(const Entry& e, State& s, const std::vector<bool>& skip) {
  auto tainted = [&](const std::string& r) { return s.depends(r); };
  for (std::size_t before = s.size() + 1; before != s.size();) {
    before = s.size();
    for (std::size_t i = 0; i < e.code.size(); ++i)
      if (!skip[i]) taint::step(e.code[i], s);
    for (const auto& r : implicit_flow_writes(e.flows, tainted)) s.flt[r] = true;
    for (const auto& r : warp_state_writes(e.flows, tainted)) s.flt[r] = true;
    for (std::size_t i : implicit_flow_statements(e.flows, tainted)) {
      const Insn& in = e.code[i];
      if (in.kind == Kind::Store || in.kind == Kind::Atom)
        s.taint(in.addr, in.addr_syms, in.space, false);
    }
  }
}

State seeded() {
  State s;
  s.mode = taint::Mode::Clock;
  for (const auto& r : clock_registers()) s.flt[r] = true;
  return s;
}

// The elapsed-time statements: a `sub` or `setp` whose two operands are reads of one clock, or
// such a read plus or minus an operand no clock reaches (`reach`: the taint with no exception).
std::vector<bool> elapsed(const Entry& e, const State& reach) {
  // Which clock each register holds a read of (or a read plus a clock-free offset); "" where a
  // register has definitions that disagree.
  std::map<std::string, std::string> of;
  auto clock_of = [&](const std::string& r) -> std::string {
    if (clock_registers().count(r)) return r;
    auto it = of.find(r);
    return it == of.end() ? std::string() : it->second;
  };
  auto clean = [&](const std::string& op) {
    if (literal(op)) return true;
    std::vector<std::string> regs, syms;
    ptx_operand_names(op, regs, syms);
    for (const auto& r : regs)
      if (reach.depends(r) || clock_registers().count(r)) return false;
    return true;
  };
  // The clock an operand holds a read of, where it is one register.
  auto operand_clock = [&](const std::string& op) {
    std::vector<std::string> regs, syms;
    ptx_operand_names(op, regs, syms);
    return regs.size() == 1 && syms.empty() ? clock_of(regs[0]) : std::string();
  };
  for (bool changed = true; changed;) {
    changed = false;
    std::map<std::string, std::set<std::string>> defs;
    for (const Insn& in : e.code) {
      if (in.dests.size() != 1) {
        for (const auto& d : in.dests) defs[d].insert("");
        continue;
      }
      const std::string h = head_of(in);
      std::string c;
      if ((h == "mov" || h == "cvt") && in.ops.size() == 2) {
        c = operand_clock(in.ops[1]);
      } else if ((h == "add" || h == "sub") && in.ops.size() == 3) {
        // A read plus or minus a clock-free offset (either order for add).
        if (const std::string a = operand_clock(in.ops[1]); !a.empty() && clean(in.ops[2]))
          c = a;
        else if (const std::string b = operand_clock(in.ops[2]);
                 h == "add" && !b.empty() && clean(in.ops[1]))
          c = b;
      }
      defs[in.dests[0]].insert(c);
    }
    for (const auto& [r, cs] : defs) {
      const std::string c = cs.size() == 1 ? *cs.begin() : std::string();
      if (of[r] != c) of[r] = c, changed = true;
    }
  }
  std::vector<bool> out(e.code.size(), false);
  for (std::size_t i = 0; i < e.code.size(); ++i) {
    const Insn& in = e.code[i];
    const std::string h = head_of(in);
    if ((h != "sub" && h != "setp") || in.ops.size() != 3) continue;
    // Two reads of one clock, and nothing else read (a guard, or `setp.lt.and`'s third operand,
    // would bring more).
    const std::string ca = operand_clock(in.ops[1]), cb = operand_clock(in.ops[2]);
    if (!ca.empty() && ca == cb && in.srcs.size() == 2) out[i] = true;
  }
  return out;
}

struct Loop {
  std::size_t head = 0, close = 0;  // the label's statement, the backward branch
};

std::vector<Loop> loops_of(const std::vector<FlowStmt>& flows) {
  std::map<std::string, std::size_t> at;
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const auto& l : flows[i].labels) at.emplace(l, i);
  std::vector<Loop> out;
  for (std::size_t k = 0; k < flows.size(); ++k)
    if (!flows[k].target.empty())
      if (auto t = at.find(flows[k].target); t != at.end() && t->second <= k)
        out.push_back({t->second, k});
  return out;
}

}  // namespace

ClockWork scan_ptx_clock_work(std::string_view ptx) {
  ClockWork w;
  const std::string clean = strip_ptx_comments(ptx);
  if (clean.find("%clock") == std::string::npos && clean.find("%globaltimer") == std::string::npos)
    return w;
  for (const PtxEntry& pe : ptx_entries(clean)) {
    State s = seeded();
    const Entry e = parse_entry(pe.body, s);
    State reach = s;
    propagate(e, reach, std::vector<bool>(e.code.size(), false));
    propagate(e, s, elapsed(e, reach));
    auto tainted = [&](const std::string& r) { return s.depends(r); };
    const std::vector<Loop> loops = loops_of(e.flows);
    std::map<std::string, std::size_t> label_at;
    for (std::size_t i = 0; i < e.flows.size(); ++i)
      for (const auto& l : e.flows[i].labels) label_at.emplace(l, i);
    auto found = [&](std::size_t i, const char* what) {
      w.found = true;
      w.entry = pe.name;
      for (char c : e.code[i].text) {  // whitespace as one space: a reason on one line
        const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
        if (!space)
          w.statement += c;
        else if (!w.statement.empty() && w.statement.back() != ' ')
          w.statement += ' ';
      }
      w.what = what;
      return w;
    };
    auto sleeps = [&](std::size_t i) { return head_of(e.code[i]) == "nanosleep"; };
    for (const FlowRegion& r : decided_flow_regions(e.flows, tainted)) {
      if (r.loop) return found(r.branch, "a loop's trip count");
      const std::size_t to = r.returns ? e.code.size() : r.to;
      for (const Loop& l : loops)
        if (r.from <= l.head && l.close < to)
          return found(r.branch,
                       r.returns ? "an early return before a loop" : "a branch around a loop");
      for (std::size_t i = r.from; i < to; ++i)
        if (sleeps(i)) return found(r.branch, "a branch around a sleep");
    }
    for (std::size_t b = 0; b < e.flows.size(); ++b) {
      const FlowStmt& f = e.flows[b];
      // A branch on the clock out of a loop it is in: the loop's trip count.
      if (f.guarded && tainted(f.guard))
        if (auto t = label_at.find(f.target); t != label_at.end())
          for (const Loop& l : loops)
            if (l.head <= b && b <= l.close && (t->second < l.head || t->second > l.close))
              return found(b, "a loop's trip count");
      // An exit on the clock before or inside a loop.
      if (!f.exit_guard.empty() && tainted(f.exit_guard))
        for (const Loop& l : loops)
          if (l.close > b) return found(b, "an exit before a loop");
      // nanosleep's operand parses as its first (a destination's place).
      if (sleeps(b) && (s.any_depends(e.code[b].srcs) || s.any_depends(e.code[b].dests)))
        return found(b, "a sleep's length");
    }
  }
  return w;
}

std::string clock_work_refusal(const ClockWork& w) {
  if (!w.found) return "";
  return "the work done depends on the clock: in " + w.entry + ", `" + w.statement + "` decides " +
         w.what +
         " from a %globaltimer / %clock read (a slow path keyed to wall time makes a round's "
         "timed runs one sample of the clock, which no count of runs bounds: P10t, red team 36; "
         "the clock may choose an address, a value or an order, not how much work runs)";
}

}  // namespace solver::generators
