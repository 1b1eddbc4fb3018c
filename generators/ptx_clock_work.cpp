#include "generators/ptx_clock_work.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "generators/ptx_entries.h"
#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_launch_sources.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {
namespace {

using taint::Insn;
using taint::Kind;
using taint::State;

// The clocks: their reads are the ones the elapsed-time exception pairs (elapsed() below).
const std::set<std::string>& clock_registers() {
  static const std::set<std::string> r = {"%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
                                          "%clock",       "%clock_hi",       "%clock64"};
  return r;
}

// The special registers whose value the launch fixes: the thread's and block's place in the
// grid, the cluster's, the lane masks (functions of the lane), the shared memory the launch
// configured, and the chip's sizes (%nsmid, %nwarpid: one value per device). Any other special
// register (the clocks, %gridid, %smid, %warpid, %pm*, %envreg*, %current_graph_exec, and any a
// later PTX ISA adds) is a source of the taint (ptx_clock_work.h).
bool fixed_by_launch(const std::string& reg) {
  static const std::set<std::string> fixed = {"%tid",
                                              "%ntid",
                                              "%ctaid",
                                              "%nctaid",
                                              "%laneid",
                                              "%lanemask_eq",
                                              "%lanemask_le",
                                              "%lanemask_lt",
                                              "%lanemask_ge",
                                              "%lanemask_gt",
                                              "%nsmid",
                                              "%nwarpid",
                                              "%clusterid",
                                              "%nclusterid",
                                              "%cluster_ctaid",
                                              "%cluster_nctaid",
                                              "%cluster_ctarank",
                                              "%cluster_nctarank",
                                              "%is_explicit_cluster",
                                              "%total_smem_size",
                                              "%aggr_smem_size",
                                              "%dynamic_smem_size",
                                              "%reserved_smem_offset_begin",
                                              "%reserved_smem_offset_end",
                                              "%reserved_smem_offset_cap",
                                              "%reserved_smem_offset_0",
                                              "%reserved_smem_offset_1"};
  return fixed.count(reg.substr(0, reg.find('.'))) > 0;  // "%tid.x": "%tid"
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
  // The special registers it reads that the launch does not fix (fixed_by_launch): a register
  // no `.reg` declares is a special one (the PTX assembler refuses any other undeclared name).
  std::set<std::string> sources;
  // The registers its own statements write a launch-varying value to that is no special
  // register (ptx_launch_sources.h: a pointer's placement bits, local or shared memory no store
  // of the entry wrote first), and what each came from; seeded as the special registers are.
  LaunchSources launch_sources;
  bool has_sources() const { return !sources.empty() || !launch_sources.empty(); }
};

// fix40p (red team 39): the entries' sources beyond the special registers: memory an earlier
// launch left (ptx_launch_sources.h; its placement sources were removed at the merge).
void add_launch_sources(std::vector<Entry>& entries,
                        const std::map<std::string, taint::Space>& frames) {
  for (std::size_t k = 0; k < entries.size(); ++k) {
    for (auto& [r, what] : unwritten_memory_sources(entries[k].code, entries[k].flows, frames))
      entries[k].launch_sources.emplace(r, std::move(what));
  }
}

// The registers a `.reg` statement declares: names, or a range's prefix ("%r" of "%r<16>").
void declare(std::string_view stmt, std::set<std::string>& declared) {
  stmt = ptx_unlabelled(stmt);
  if (stmt.substr(0, 4) != ".reg") return;
  for (std::size_t i = 0; i < stmt.size();) {
    const std::size_t j = std::min(stmt.find_first_of(" \t\r\n,;", i), stmt.size());
    std::string_view tok = stmt.substr(i, j - i);
    i = j + 1;
    if (tok.empty() || tok.front() == '.') continue;
    declared.emplace(tok.substr(0, tok.find('<')));
  }
}

bool declared_reg(const std::set<std::string>& declared, const std::string& r) {
  if (declared.count(r)) return true;
  std::size_t n = r.size();
  while (n > 0 && std::isdigit(static_cast<unsigned char>(r[n - 1]))) --n;
  return n < r.size() && declared.count(r.substr(0, n)) > 0;
}

Entry parse_entry(std::string_view body, State& s) {
  Entry e;
  std::set<std::string> declared;
  std::string_view rest = body;
  while (!rest.empty()) {
    const auto semi = rest.find(';');
    Insn in;
    declare(rest.substr(0, semi), declared);
    if (taint::parse(rest.substr(0, semi), in, s.float_regs, s.bare_regs)) {
      FlowStmt& f = e.flows.emplace_back(flow_stmt(rest.substr(0, semi)));
      f.writes = in.dests, f.reads = in.srcs;
      f.reads.insert(f.reads.end(), in.addr.begin(), in.addr.end());
      f.reads.insert(f.reads.end(), in.src_addr.begin(), in.src_addr.end());
      e.code.push_back(std::move(in));
    }
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
  }
  for (const FlowStmt& f : e.flows) {
    std::vector<std::string> read = f.reads;
    if (f.guarded) read.push_back(f.guard);
    if (!f.exit_guard.empty()) read.push_back(f.exit_guard);
    for (const auto& r : read)
      if (!r.empty() && r.front() == '%' && !declared_reg(declared, r) && !fixed_by_launch(r))
        e.sources.insert(r);
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

// The taint's sources in one entry: the special registers it reads that the launch does not fix,
// and the module variables an entry of the module stores a source-derived value to (`state`):
// what a load or an atomic returns from them may be what an earlier launch relayed.
State seeded(const Entry& e, const std::set<std::string>& state) {
  State s;
  s.mode = taint::Mode::Clock;
  for (const auto& r : e.sources) s.flt[r] = true;
  for (const auto& [r, what] : e.launch_sources) s.flt[r] = true;
  s.tainted = state;
  return s;
}

// Whether reads of `clock` wrap within a module's life (hon40): the 32-bit clocks (%clock: ~2 s at
// the SM's clock; %globaltimer_lo: ~4.3 s) and a launch counter's pseudo-clock ("@V", a count
// from 0 at each load); %clock64 and %globaltimer wrap after centuries.
bool wraps(const std::string& clock) {
  return clock == "%clock" || clock == "%globaltimer_lo" || (!clock.empty() && clock[0] == '@');
}

// A launch counter's read (hon40, issue 28): where `in` loads a launch counter V (`counters`:
// ModuleScan::counters, launch_counters) through an address no source reaches, the pseudo-clock
// "@V"; else "". Two reads of one counter compared or subtracted are what two reads of one clock
// are to elapsed(): a sense-reversing barrier's `while (generation == gen)` waits for the bumps
// made since `gen` was read in this launch, whatever the count's phase.
std::string counter_read(const Insn& in, const State& reach, const std::set<std::string>& counters) {
  if (counters.empty() || in.kind != Kind::Load || in.dests.size() != 1) return "";
  if (reach.any_depends(in.addr)) return "";
  const std::set<std::string> rs = reach.regions(in.addr, in.addr_syms);
  if (rs.size() != 1 || !counters.count(*rs.begin())) return "";
  return "@" + *rs.begin();
}

// Which clock each register holds a read of (or a read plus a clock-free offset), a launch
// counter's read counting as a clock of its own (counter_read); "" where a register has
// definitions that disagree (`reach`: the taint with no exception).
std::map<std::string, std::string> clock_reads(const Entry& e, const State& reach,
                                               const std::set<std::string>& counters) {
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
      std::string c = counter_read(in, reach, counters);
      if (!c.empty()) {
        // a launch counter's read: a clock of its own
      } else if ((h == "mov" || h == "cvt") && in.ops.size() == 2) {
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
  return of;
}

// The elapsed-time statements: a `sub` or `setp` whose two operands are reads of one clock, or
// such a read plus or minus an operand no clock reaches (`reach`: the taint with no exception);
// with `counters`, reads of one launch counter too (counter_read).
std::vector<bool> elapsed(const Entry& e, const State& reach,
                          const std::set<std::string>& counters = {}) {
  const std::map<std::string, std::string> of = clock_reads(e, reach, counters);
  auto operand_clock = [&](const std::string& op) {
    std::vector<std::string> regs, syms;
    ptx_operand_names(op, regs, syms);
    if (regs.size() != 1 || !syms.empty()) return std::string();
    if (clock_registers().count(regs[0])) return regs[0];
    auto it = of.find(regs[0]);
    return it == of.end() ? std::string() : it->second;
  };
  std::vector<bool> out(e.code.size(), false);
  for (std::size_t i = 0; i < e.code.size(); ++i) {
    const Insn& in = e.code[i];
    const std::string h = head_of(in);
    if ((h != "sub" && h != "setp") || in.ops.size() != 3) continue;
    // Two reads of one clock, and nothing else read (a guard, or `setp.lt.and`'s third operand,
    // would bring more).
    const std::string ca = operand_clock(in.ops[1]), cb = operand_clock(in.ops[2]);
    if (ca.empty() || ca != cb || in.srcs.size() != 2) continue;
    // An ordered compare of two reads of a value that wraps reads its phase (hon40): with a clock-
    // free offset K, `now < t0 + K` is `t0 < 2^32 - K` for the 32-bit %clock (a window of a ~2 s
    // period) and `b < a + K` flips at launch 2^32 - K of a launch counter (which starts from 0 at
    // every module load); without one, `now < t0` is whether the clock wrapped while waiting. A
    // difference or an equality of two reads is modular, so those alone pair them.
    const std::string cmp = in.parts.size() > 1 ? in.parts[1] : std::string();
    if (h == "setp" && wraps(ca) && cmp != "eq" && cmp != "ne") continue;
    out[i] = true;
  }
  return out;
}

// Whether every write of entry `e` to the launch counter candidate `v` keeps it one (hon40): a
// store or atomic whose address names v only, no source reaches, in no region a source decides,
// writing values no source reaches or one read of v plus a clock-free offset (`gen + 1`; `of`:
// clock_reads with the candidates); and no global or generic write through an address of unknown
// origin (it may be v). Then between two reads of v in one launch it moves only by writes whose
// count and size no phase of it decides, and a compare of the two reads derives nothing from the
// count (docs/reliability.md "Honest kernels refused, round 40": a store of `a % 32 == 0 ? a : a +
// 1` between the reads would make `b != a` the phase).
bool counter_writes_ok(const Entry& e, const State& reach,
                       const std::map<std::string, std::string>& of, const std::string& v) {
  const auto tainted = [&](const std::string& r) { return reach.depends(r); };
  const std::vector<std::size_t> decided_at = implicit_flow_statements(e.flows, tainted);
  const std::set<std::size_t> decided(decided_at.begin(), decided_at.end());
  for (std::size_t i = 0; i < e.code.size(); ++i) {
    const Insn& in = e.code[i];
    if (in.kind != Kind::Store && in.kind != Kind::Atom && in.kind != Kind::Copy) continue;
    const std::set<std::string> rs = reach.regions(in.addr, in.addr_syms);
    if (rs.empty()) {
      if (in.space == taint::Global || in.space == taint::Generic) return false;
      continue;
    }
    if (!rs.count(v)) continue;
    if (rs.size() != 1 || in.kind == Kind::Copy || reach.any_depends(in.addr) || decided.count(i))
      return false;
    if (!reach.any_depends(in.srcs)) continue;
    const auto it = in.srcs.size() == 1 ? of.find(in.srcs[0]) : of.end();
    if (in.kind != Kind::Store || it == of.end() || it->second != "@" + v) return false;
  }
  return true;
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

// Cooperative groups' grid workspace (hon40): the first statement of the entry that reads
// %envreg1 or %envreg2 (driver_abi.h's load_env_reg64<1, 2>, the grid workspace's address),
// code.size() where none does. Both are sources of the taint as every register the launch does
// not fix; this one names what the kernel needs instead (ClockWork::cooperative).
std::size_t grid_workspace_read(const Entry& e) {
  if (!e.sources.count("%envreg1") && !e.sources.count("%envreg2")) return e.code.size();
  for (std::size_t i = 0; i < e.flows.size(); ++i)
    for (const auto& r : e.flows[i].reads)
      if (r == "%envreg1" || r == "%envreg2") return i;
  return e.code.size();
}

}  // namespace

namespace {

// The state variables an entry names.
std::set<std::string> names_in(const Entry& e, const std::set<std::string>& state) {
  std::set<std::string> out;
  for (const Insn& in : e.code)
    for (const auto* syms : {&in.src_syms, &in.addr_syms, &in.src_addr_syms})
      for (const auto& v : *syms)
        if (state.count(v)) out.insert(v);
  return out;
}

// The module's entries parsed, and the module variables that are sources: those an entry stores
// a source-derived value to, or stores through a source-derived address, in any launch order, with
// `carried` (measured: P7k) seeded: a fixpoint over the entries (module_variables: `.global` and
// `.const`, at module scope or in a function body; a clock relayed by a __device__ variable,
// redteam38_clock_relay).
struct ModuleScan {
  std::string clean;  // the text the entries' bodies view
  std::vector<PtxEntry> entries;
  std::vector<Entry> parsed;
  std::vector<State> states;
  std::set<std::string> state;
  // The launch counters (launch_counters; hon40): empty while `state` is found.
  std::set<std::string> counters;

  // The taint of entry k with its sources and `with` seeded and no exception, to a fixpoint.
  State reached(std::size_t k, const std::set<std::string>& with) const {
    const Entry& e = parsed[k];
    State reach = seeded(e, with);
    reach.float_regs = states[k].float_regs, reach.bare_regs = states[k].bare_regs;
    propagate(e, reach, std::vector<bool>(e.code.size(), false));
    return reach;
  }
  // The taint of entry k, its sources and `state` seeded, to a fixpoint.
  State judged(std::size_t k, const std::set<std::string>& with) const {
    const Entry& e = parsed[k];
    State s = seeded(e, with);
    s.float_regs = states[k].float_regs, s.bare_regs = states[k].bare_regs;
    propagate(e, s, elapsed(e, reached(k, with), counters));
    return s;
  }
};

// Whether the module declares `name` as one word at module scope (`.global .align 4 .u32
// generation;`: no array, no initialiser; hon40).
bool scalar_word(const std::string& clean, const std::string& name) {
  for (std::size_t at = clean.find(name); at != std::string::npos; at = clean.find(name, at + 1)) {
    const std::size_t line = clean.rfind('\n', at) + 1;  // npos + 1 == 0
    std::string_view head(clean.data() + line, at - line);
    head.remove_prefix(std::min(head.find_first_not_of(" \t"), head.size()));
    // ".global .align 4 .u32 " (or with the blanks before the dots joined: join_opcode_modifiers)
    if (head.size() < 8 || head.substr(0, 7) != ".global" ||
        (head[7] != '.' && !std::isspace(static_cast<unsigned char>(head[7]))) ||
        !std::isspace(static_cast<unsigned char>(head.back())))
      continue;
    std::size_t k = at + name.size();
    while (k < clean.size() && (clean[k] == ' ' || clean[k] == '\t')) ++k;
    if (k < clean.size() && clean[k] == ';') return true;
  }
  return false;
}

void scan_module(std::string_view ptx, const std::set<std::string>& carried, ModuleScan& m);

// The launch counters among `carried` (hon40, issue 28): the measured-carried variables (P7k)
// that no entry feeds from a source by itself (the fixpoint without them), each one scalar word,
// whose every write in every entry keeps it a counter (counter_writes_ok), to a fixpoint (a
// candidate dropped changes what the others' writes are reads of).
std::set<std::string> launch_counters(std::string_view ptx, const ModuleScan& m,
                                      const std::set<std::string>& carried) {
  std::set<std::string> out;
  if (carried.empty()) return out;
  ModuleScan plain;
  scan_module(ptx, {}, plain);
  for (const auto& v : carried)
    if (!plain.state.count(v) && scalar_word(m.clean, v)) out.insert(v);
  std::vector<State> reach;
  for (std::size_t k = 0; k < m.parsed.size(); ++k) reach.push_back(m.reached(k, m.state));
  for (bool dropped = !out.empty(); dropped;) {
    dropped = false;
    for (std::size_t k = 0; k < m.parsed.size() && !out.empty(); ++k) {
      const auto of = clock_reads(m.parsed[k], reach[k], out);
      for (auto it = out.begin(); it != out.end();)
        if (!counter_writes_ok(m.parsed[k], reach[k], of, *it))
          it = out.erase(it), dropped = true;
        else
          ++it;
    }
  }
  return out;
}

void scan_module(std::string_view ptx, const std::set<std::string>& carried, ModuleScan& m) {
  m.clean = strip_ptx_comments(ptx);
  const std::string& clean = m.clean;
  m.entries = ptx_entries(clean);
  const std::vector<std::string> vars = module_variables(clean);
  const auto frames = frame_symbols(clean);
  for (const PtxEntry& pe : m.entries) {
    State s;
    s.mode = taint::Mode::Clock;
    m.parsed.push_back(parse_entry(pe.body, s));
    m.states.push_back(std::move(s));
  }
  add_launch_sources(m.parsed, frames);
  for (const auto& v : carried)
    if (std::find(vars.begin(), vars.end(), v) != vars.end()) m.state.insert(v);
  if (!vars.empty())
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t k = 0; k < m.parsed.size(); ++k) {
        if (!m.parsed[k].has_sources() && names_in(m.parsed[k], m.state).empty()) continue;
        const State s = m.judged(k, m.state);
        for (const auto& v : vars)
          if (s.tainted.count(v) && m.state.insert(v).second) grew = true;
      }
    }
  std::set<std::string> measured;  // `carried` as the module declares it
  for (const auto& v : carried)
    if (std::find(vars.begin(), vars.end(), v) != vars.end()) measured.insert(v);
  m.counters = launch_counters(ptx, m, measured);
}

}  // namespace

std::set<std::string> clock_fed_module_variables(std::string_view ptx) {
  ModuleScan m;
  scan_module(ptx, {}, m);
  return m.state;
}

ClockWork scan_ptx_clock_work(std::string_view ptx, const std::set<std::string>& carried) {
  ClockWork w;
  ModuleScan m;
  scan_module(ptx, carried, m);
  const std::vector<PtxEntry>& entries = m.entries;
  const std::vector<Entry>& parsed = m.parsed;
  const std::set<std::string>& state = m.state;
  auto names = [&](const Entry& e, const std::set<std::string>& st) { return names_in(e, st); };
  auto judged = [&](std::size_t k, const std::set<std::string>& st) { return m.judged(k, st); };
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const PtxEntry& pe = entries[k];
    const Entry& e = parsed[k];
    const std::set<std::string> loaded = names(e, state);
    if (!e.has_sources() && loaded.empty()) continue;
    const State s = judged(k, state);
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
      for (const auto& r : e.sources) w.sources += (w.sources.empty() ? "" : ", ") + r;
      std::set<std::string> launch;  // one mention of each, in a fixed order
      for (const auto& [r, what] : e.launch_sources) launch.insert(what);
      for (const auto& what : launch) w.sources += (w.sources.empty() ? "" : ", ") + what;
      for (const auto& v : loaded)
        w.sources += (w.sources.empty() ? "module variable " : ", module variable ") + v;
      return w;
    };
    if (const std::size_t g = grid_workspace_read(e); g < e.code.size()) {
      w.cooperative = true;
      return found(g, "a grid-wide sync");
    }
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
  if (w.cooperative)
    return "needs a cooperative launch, which the harness does not make: in " + w.entry + ", `" +
           w.statement +
           "` reads the driver's grid workspace (%envreg1/%envreg2: cooperative groups' "
           "this_grid(), whose grid.sync() waits on it); every variant is launched with "
           "cuLaunchKernel, never cuLaunchCooperativeKernel, so the workspace is null there and "
           "grid.sync() traps (a grid-wide barrier of the kernel's own on __device__ counters, "
           "with a grid that fits the GPU at once, or two launches, does what it does)";
  return "the work done depends on the clock, or on another value that differs between launches "
         "of one kernel on one input: in " +
         w.entry + ", `" + w.statement + "` decides " + w.what + " from " + w.sources +
         " (a timed kernel's control flow and amount of work may depend only on its inputs, its "
         "launch geometry and what it computes from them; a slow path keyed to wall time, to a "
         "launch count or to such a value an earlier launch relayed makes a round's timed runs one "
         "sample, "
         "which no count of runs bounds: P10t, red teams 36 and 38; such a value may choose an "
         "address, a value or an order, not how much work runs)";
}

}  // namespace solver::generators
