#include "generators/ptx_lane_guard.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generators/ptx_bit_image.h"
#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

// An integer literal operand (ptx_operands trims it), read by the one PTX immediate reader
// (ptx_bit_image.h: decimal, hex, binary, octal as PTX spells it, a U suffix, a minus), as the
// signed value a comparison with a lane index means.
std::optional<long long> integer(std::string_view s) {
  const std::optional<bits::Word> w = bits::immediate(s);
  if (!w) return std::nullopt;
  return static_cast<long long>(*w);
}

// PTX's integer comparisons, the unsigned spellings folded onto the signed ones.
std::string_view canonical_cmp(std::string_view c) {
  if (c == "lo") return "lt";
  if (c == "ls") return "le";
  if (c == "hi") return "gt";
  if (c == "hs") return "ge";
  return c;
}

// `c OP tid` read as `tid OP' c`.
std::string_view flipped(std::string_view c) {
  if (c == "lt") return "gt";
  if (c == "le") return "ge";
  if (c == "gt") return "lt";
  if (c == "ge") return "le";
  return c;  // eq, ne
}

struct TidTest {
  std::string cmp;  // eq ne lt le gt ge: `tid cmp value`
  long long value = 0;
};

// The low lanes 0..k-1 a guard `@p bra exit` (or `@!p`, `negated`) lets on, k returned; nothing
// where the lanes it lets on are not a bounded prefix (all but one, all from some lane up).
std::optional<long long> passed_lanes(const TidTest& t, bool negated) {
  // The condition a lane stays on under: not(test) for `@p bra exit`, test for `@!p bra exit`.
  std::string_view stay = t.cmp;
  if (!negated) {
    static const std::map<std::string_view, std::string_view> kNot = {
        {"eq", "ne"}, {"ne", "eq"}, {"lt", "ge"}, {"ge", "lt"}, {"le", "gt"}, {"gt", "le"}};
    auto it = kNot.find(stay);
    if (it == kNot.end()) return std::nullopt;
    stay = it->second;
  }
  long long k = 0;
  if (stay == "eq")
    k = t.value >= 0 ? 1 : 0;
  else if (stay == "lt")
    k = t.value;
  else if (stay == "le")
    k = t.value + 1;
  else
    return std::nullopt;           // ne, gt, ge: every lane from some lane up stays
  if (k < 1) return std::nullopt;  // no lane stays: the guard ends the block, it shapes nothing
  return k;
}

// Statements that do work a lane turned away would skip: past the first of them a `threadIdx.x`
// test is a branch inside the kernel, not the launch's shape.
bool does_work(std::string_view head, const std::vector<std::string_view>& parts) {
  static const std::set<std::string_view> kWork = {
      "st",    "atom",     "red",      "bar",      "barrier",   "call",  "membar",  "fence",
      "cp",    "tex",      "tld4",     "suld",     "sust",      "sured", "wmma",    "mma",
      "wgmma", "ldmatrix", "stmatrix", "prefetch", "prefetchu", "ldu",   "mbarrier"};
  if (kWork.count(head)) return true;
  if (head == "ld")
    return std::find(parts.begin(), parts.end(), std::string_view("param")) == parts.end();
  return false;
}

}  // namespace

std::optional<int> ptx_guard_lanes(std::string_view entry_body) {
  const std::vector<std::string_view> stmts = ptx_line_statements(entry_body);
  // Labels whose next statement is the exit.
  std::set<std::string> exits;
  std::vector<std::string> pending;
  for (std::string_view s : stmts) {
    const FlowStmt f = flow_stmt(s);
    pending.insert(pending.end(), f.labels.begin(), f.labels.end());
    const std::string_view op = ptx_opcode(s);
    if (op.empty()) continue;
    const std::string_view head = ptx_opcode_parts(op)[0];
    if ((head == "ret" || head == "exit") && f.exit_guard.empty())
      exits.insert(pending.begin(), pending.end());
    pending.clear();
  }

  std::set<std::string> tid;  // registers holding %tid.x
  std::map<std::string, TidTest> tests;
  std::optional<long long> lanes;
  auto guard_at = [&](std::string_view s, const std::string& pred) {
    auto it = tests.find(pred);
    if (it == tests.end()) return;
    const std::size_t at = s.find('@');
    const bool negated = at != std::string_view::npos && s.substr(at + 1).find('!') == 0;
    if (auto k = passed_lanes(it->second, negated)) lanes = lanes ? std::min(*lanes, *k) : *k;
  };
  for (std::string_view s : stmts) {
    const FlowStmt f = flow_stmt(s);
    if (!f.labels.empty()) break;  // a join: what follows is not every lane's leading code
    const std::string_view op = ptx_opcode(s);
    if (op.empty() || op.front() == '.') continue;  // a declaration
    const auto parts = ptx_opcode_parts(op);
    const std::string_view head = parts[0];
    const auto ops = ptx_operands(s, op);
    if (head == "bra") {
      if (!exits.count(f.target) || !f.guarded) break;
      guard_at(s, f.guard);
      continue;
    }
    if (head == "ret" || head == "exit") {
      if (f.exit_guard.empty()) break;
      guard_at(s, f.exit_guard);
      continue;
    }
    if (does_work(head, parts)) break;
    if (ops.empty()) continue;
    const std::string dest(ops[0]);
    if ((head == "mov" || head == "cvt") && ops.size() == 2) {
      const std::string src(ops[1]);
      if (src == "%tid.x" || tid.count(src))
        tid.insert(dest);
      else
        tid.erase(dest);
      tests.erase(dest);
      continue;
    }
    if (head == "setp" && parts.size() == 3 && ops.size() == 3 &&
        dest.find('|') == std::string::npos) {
      const std::string a(ops[1]), b(ops[2]);
      tests.erase(dest);
      if (tid.count(a)) {
        if (auto v = integer(b)) tests[dest] = {std::string(canonical_cmp(parts[1])), *v};
      } else if (tid.count(b)) {
        if (auto v = integer(a)) tests[dest] = {std::string(flipped(canonical_cmp(parts[1]))), *v};
      }
      continue;
    }
    tid.erase(dest);  // any other write: the register no longer holds the lane's index
    tests.erase(dest);
  }
  if (!lanes) return std::nullopt;
  return static_cast<int>(std::min<long long>(*lanes, 1 << 20));
}

}  // namespace solver::generators
