#include "generators/ptx_implicit_flow.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

bool label_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) || s.front() == '{' ||
                        s.front() == '}'))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

FlowStmt flow_stmt(std::string_view stmt) {
  FlowStmt f;
  stmt = trim(stmt);
  const std::string_view op = ptx_opcode(stmt);
  const std::size_t at = op.empty() ? stmt.size() : stmt.find(op);
  std::string_view before = stmt.substr(0, at);
  // Labels: "name:" before the opcode (and before or after a guard).
  for (std::size_t i = 0; i < before.size();) {
    std::size_t j = i;
    while (j < before.size() && label_char(before[j])) ++j;
    std::size_t k = j;
    while (k < before.size() && std::isspace(static_cast<unsigned char>(before[k]))) ++k;
    if (j > i && k < before.size() && before[k] == ':') {
      f.labels.emplace_back(before.substr(i, j - i));
      i = k + 1;
    } else {
      i = j > i ? j : i + 1;
    }
  }
  std::string guard;
  if (auto g = before.find('@'); g != std::string_view::npos) {
    std::size_t i = g + 1;
    while (i < before.size() &&
           (before[i] == '!' || std::isspace(static_cast<unsigned char>(before[i]))))
      ++i;
    std::size_t j = i;
    while (j < before.size() && (before[j] == '%' || label_char(before[j]))) ++j;
    guard = std::string(before.substr(i, j - i));
  }
  if (op.empty()) return f;
  const auto parts = ptx_opcode_parts(op);
  const std::string_view head = parts[0];
  if (head == "bra") {
    auto ops = ptx_operands(stmt, op);
    if (!ops.empty()) f.target = std::string(trim(ops[0]));
    f.guarded = !guard.empty();
    f.guard = guard;
    f.ends = guard.empty();
  } else if (head == "ret" || head == "exit" || head == "trap") {
    f.ends = guard.empty();
    if (head != "trap") f.exit_guard = guard;
  } else if (head == "activemask" || head == "vote" || head == "match" || head == "redux" ||
             head == "elect" ||
             ((head == "bar" || head == "barrier") && parts.size() > 1 && parts[1] == "red")) {
    f.warp_state = true;
  }
  return f;
}

namespace {

using Region = FlowRegion;

std::vector<Region> decided_regions(std::span<const FlowStmt> code,
                                    const std::function<bool(const std::string&)>& tainted,
                                    const FlowExcuse& excused = nullptr) {
  std::unordered_map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < code.size(); ++i)
    for (const auto& l : code[i].labels) label_at.emplace(l, i);
  std::vector<Region> out;
  for (std::size_t b = 0; b < code.size(); ++b) {
    const FlowStmt& br = code[b];
    if (!br.guarded || br.target.empty() || !tainted(br.guard)) continue;
    auto t = label_at.find(br.target);
    if (t == label_at.end()) continue;
    Region r;
    r.branch = b;
    if (t->second > b) {
      r.from = b + 1, r.to = t->second, r.join = t->second;  // an if-then, unless its side ends
      const FlowStmt& last = code[r.to - 1];
      if (r.to - 1 > b && last.ends) {
        auto j = last.target.empty() ? label_at.end() : label_at.find(last.target);
        if (j == label_at.end()) {  // ret/exit: this side joins nothing, its stores land
          r.returns = true;
          if (!excused || !excused(r)) out.push_back(r);
          continue;
        }
        if (j->second > r.to) {  // an if-else: both sides end at its label
          if (code[j->second - 1].ends && code[j->second - 1].target.empty()) continue;
          r.to = j->second, r.join = j->second;
        } else if (j->second <= b) {  // a loop whose exit test is this branch
          r.from = j->second, r.loop = true;
        }
      }
    } else {
      r.from = t->second, r.to = b + 1, r.join = b + 1, r.loop = true;  // a loop's closing test
    }
    if (!excused || !excused(r)) out.push_back(r);
  }
  return out;
}

}  // namespace

std::vector<FlowRegion> decided_flow_regions(
    std::span<const FlowStmt> code, const std::function<bool(const std::string&)>& tainted) {
  return decided_regions(code, tainted);
}

namespace {

// A max tree over keys, asked for every index in [lo, hi) whose key is at least `at`: each answer
// costs a walk from the root, so a query costs its answers, not the width of its range.
class MaxTree {
 public:
  explicit MaxTree(const std::vector<long>& keys)
      : n_(keys.size()), t_(4 * std::max<std::size_t>(n_, 1), -1) {
    if (n_) build(1, 0, n_, keys);
  }
  template <class F>
  void report(std::size_t lo, std::size_t hi, long at, F&& f) const {
    if (lo < hi) walk(1, 0, n_, lo, hi, at, f);
  }

 private:
  void build(std::size_t v, std::size_t l, std::size_t r, const std::vector<long>& k) {
    if (r - l == 1) {
      t_[v] = k[l];
      return;
    }
    const std::size_t m = (l + r) / 2;
    build(2 * v, l, m, k), build(2 * v + 1, m, r, k);
    t_[v] = std::max(t_[2 * v], t_[2 * v + 1]);
  }
  template <class F>
  void walk(std::size_t v, std::size_t l, std::size_t r, std::size_t lo, std::size_t hi, long at,
            F& f) const {
    if (hi <= l || r <= lo || t_[v] < at) return;
    if (r - l == 1) return f(l);
    const std::size_t m = (l + r) / 2;
    walk(2 * v, l, m, lo, hi, at, f), walk(2 * v + 1, m, r, lo, hi, at, f);
  }
  std::size_t n_;
  std::vector<long> t_;
};

// What the regions of `code` decide, each region answered from indexes built once (where each
// register is written and read) instead of a rescan of the code: a switch of thousands of
// guarded branches costs the sum of its answers, not its branches times its statements.
class RegionIndex {
 public:
  explicit RegionIndex(std::span<const FlowStmt> code) : off_(code.size() + 1, 0) {
    std::unordered_map<std::string, std::size_t> id;
    auto reg = [&](const std::string& r) {
      auto [it, fresh] = id.emplace(r, name_.size());
      if (fresh) name_.push_back(r), wpos_.emplace_back(), rpos_.emplace_back();
      return it->second;
    };
    // Every write (statement, register) in program order; off_[i]: the first of statement i's.
    for (std::size_t i = 0; i < code.size(); ++i) {
      off_[i] = ereg_.size();
      for (const auto& w : code[i].writes) {
        const std::size_t x = reg(w);
        ereg_.push_back(x), epos_.push_back(long(i));
        if (wpos_[x].empty() || wpos_[x].back() != long(i)) wpos_[x].push_back(long(i));
      }
      for (const auto& r : code[i].reads) {
        const std::size_t x = reg(r);
        if (rpos_[x].empty() || rpos_[x].back() != long(i)) rpos_[x].push_back(long(i));
      }
    }
    off_[code.size()] = ereg_.size();
    // Per write: its register's last read anywhere, and its last read at or before this write.
    std::vector<long> last_read(ereg_.size(), -1), read_by(ereg_.size(), -1);
    for (std::size_t e = 0; e < ereg_.size(); ++e) {
      const auto& r = rpos_[ereg_[e]];
      if (!r.empty()) last_read[e] = r.back();
      auto k = std::upper_bound(r.begin(), r.end(), epos_[e]);
      if (k != r.begin()) read_by[e] = *(k - 1);
    }
    after_ = std::make_unique<MaxTree>(last_read);
    carried_ = std::make_unique<MaxTree>(read_by);
  }

  // The registers `g` decides (implicit_flow_writes's rule for one region), each passed to `add`
  // at least once.
  template <class F>
  void decides(const FlowRegion& g, F&& add) const {
    const long from = long(g.from);
    // Written in the region and read at or after the join; in a loop, only where also written
    // before it.
    after_->report(off_[g.from], off_[g.to], long(g.join), [&](std::size_t e) {
      if (!g.loop || wpos_[ereg_[e]].front() < from) add(name_[ereg_[e]]);
    });
    if (!g.loop) return;
    // Loop-carried: read in the loop at or before its first write there (the write whose
    // previous write, if any, is before the loop, and with a read in [from, it]).
    carried_->report(off_[g.from], off_[g.to], from, [&](std::size_t e) {
      const auto& w = wpos_[ereg_[e]];
      auto k = std::lower_bound(w.begin(), w.end(), epos_[e]);
      if (k == w.begin() || *(k - 1) < from) add(name_[ereg_[e]]);
    });
  }

 private:
  std::vector<std::string> name_;
  std::vector<std::vector<long>> wpos_, rpos_;
  std::vector<std::size_t> off_, ereg_;
  std::vector<long> epos_;
  std::unique_ptr<MaxTree> after_, carried_;
};

}  // namespace

std::vector<std::string> implicit_flow_writes(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused) {
  std::set<std::string> out;
  const auto regions = decided_regions(code, tainted, excused);
  if (regions.empty()) return {};
  const RegionIndex index(code);
  for (const Region& reg : regions)
    if (!reg.returns) index.decides(reg, [&](const std::string& r) { out.insert(r); });
  return {out.begin(), out.end()};
}

std::map<std::string, std::set<std::string>> implicit_flow_writes_by_guard(
    std::span<const FlowStmt> code) {
  std::map<std::string, std::set<std::string>> out;
  const RegionIndex index(code);
  for (const Region& g : decided_regions(code, [](const std::string&) { return true; }))
    if (!g.returns)
      index.decides(g, [&](const std::string& r) { out[code[g.branch].guard].insert(r); });
  return out;
}

// The rule as first written: each region rescans the code (the tests' oracle).
std::vector<std::string> implicit_flow_writes_reference(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused) {
  std::set<std::string> out;
  for (const Region& reg : decided_regions(code, tainted, excused)) {
    if (reg.returns) continue;
    const std::size_t from = reg.from, to = reg.to, join = reg.join;
    const bool loop = reg.loop;
    std::set<std::string> written;
    for (std::size_t i = from; i < to; ++i)
      written.insert(code[i].writes.begin(), code[i].writes.end());
    if (written.empty()) continue;
    // In a loop, a register the loop writes keeps an earlier value only where the loop can be
    // left before it is written: decided when it was also written before the loop.
    std::set<std::string> before_loop;
    if (loop)
      for (std::size_t i = 0; i < from; ++i)
        for (const auto& w : code[i].writes)
          if (written.count(w)) before_loop.insert(w);
    for (std::size_t i = join; i < code.size(); ++i)
      for (const auto& r : code[i].reads)
        if (written.count(r) && (!loop || before_loop.count(r))) out.insert(r);
    if (loop) {  // loop-carried: read in the loop at or before its first write there
      std::map<std::string, std::size_t> first_write;
      for (std::size_t i = from; i < to; ++i)
        for (const auto& w : code[i].writes) first_write.emplace(w, i);
      for (std::size_t i = from; i < to; ++i)
        for (const auto& r : code[i].reads)
          if (auto w = first_write.find(r); w != first_write.end() && i <= w->second) out.insert(r);
    }
  }
  return {out.begin(), out.end()};
}

std::vector<std::string> warp_state_writes(const std::vector<FlowStmt>& code,
                                           const std::function<bool(const std::string&)>& tainted) {
  std::vector<bool> decided(code.size(), false);
  for (const Region& reg : decided_regions(code, tainted))
    for (std::size_t i = reg.from; i < reg.to && i < code.size(); ++i) decided[i] = true;
  std::set<std::string> out;
  bool after_exit = false;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i].warp_state && (after_exit || decided[i]))
      out.insert(code[i].writes.begin(), code[i].writes.end());
    after_exit = after_exit || (!code[i].exit_guard.empty() && tainted(code[i].exit_guard));
  }
  return {out.begin(), out.end()};
}

std::vector<std::size_t> implicit_flow_statements(
    const std::vector<FlowStmt>& code, const std::function<bool(const std::string&)>& tainted,
    const FlowExcuse& excused) {
  std::set<std::size_t> out;
  for (const Region& reg : decided_regions(code, tainted, excused))
    for (std::size_t i = reg.from; i < reg.to; ++i) out.insert(i);
  return {out.begin(), out.end()};
}

}  // namespace solver::generators
