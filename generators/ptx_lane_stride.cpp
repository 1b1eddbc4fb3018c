#include "generators/ptx_lane_stride.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generators/ptx_implicit_flow.h"
#include "generators/ptx_scan.h"

namespace solver::generators {
namespace {

// A register's value as a function of the lane: unset (not yet derived), affine with a known
// coefficient `c` (0: the same for every lane) or a symbolic uniform one, or unknown. The
// affine form holds over aligned runs of `run` lanes (32: the whole warp; 16 for
// `threadIdx.x % 16`, and `threadIdx.x / 16` is flat over runs of 16). `konst` holds a literal's
// value where it is known.
struct Val {
  enum Kind { Unset, Affine, Unknown } kind = Unset;
  bool sym = false;
  long long c = 0;
  int run = 32;
  std::optional<long long> konst;
  bool flat() const { return kind == Affine && !sym && c == 0; }  // the same over each run
  bool uniform() const { return flat() && run == 32; }            // the same over the warp
  bool operator==(const Val& o) const {
    return kind == o.kind && sym == o.sym && c == o.c && run == o.run && konst == o.konst;
  }
};

Val unknown() { return {Val::Unknown, false, 0, 32, std::nullopt}; }

// Coefficients and constants stay within +-2^40 (hostile PTX can hold any literal): a sum or
// product outside it, or one that would overflow, is not a number the scan can use.
constexpr long long kLimit = 1LL << 40;
std::optional<long long> bounded(long long a, long long b, bool product) {
  long long r = 0;
  if (product ? __builtin_mul_overflow(a, b, &r) : __builtin_add_overflow(a, b, &r))
    return std::nullopt;
  if (r > kLimit || r < -kLimit) return std::nullopt;
  return r;
}
Val uniform(std::optional<long long> k = std::nullopt, int run = 32) {
  return {Val::Affine, false, 0, run, k};
}
Val lane(long long c, int run = 32) { return {Val::Affine, false, c, run, std::nullopt}; }
Val symbolic(int run = 32) { return {Val::Affine, true, 0, run, std::nullopt}; }

Val join(const Val& a, const Val& b) {
  if (a.kind == Val::Unset) return b;
  if (b.kind == Val::Unset) return a;
  if (a.kind == Val::Unknown || b.kind == Val::Unknown) return unknown();
  if (a.sym != b.sym || a.c != b.c) return unknown();
  Val r = a;
  r.run = std::min(a.run, b.run);
  if (a.konst != b.konst) r.konst.reset();
  return r;
}

Val add(const Val& a, const Val& b, long long sign) {
  if (a.kind != Val::Affine || b.kind != Val::Affine)
    return a.kind == Val::Unknown || b.kind == Val::Unknown ? unknown() : Val{};
  const int run = std::min(a.run, b.run);
  if (a.sym || b.sym) return symbolic(run);
  const auto c = bounded(a.c, sign * b.c, false);
  if (!c) return unknown();
  Val r = lane(*c, run);
  if (a.konst && b.konst) r.konst = bounded(*a.konst, sign * *b.konst, false);
  return r;
}

Val mul(const Val& a, const Val& b) {
  if (a.kind != Val::Affine || b.kind != Val::Affine)
    return a.kind == Val::Unknown || b.kind == Val::Unknown ? unknown() : Val{};
  if (!a.flat() && !b.flat()) return unknown();  // lane times lane: not affine
  const bool a_factor = a.flat() && (a.konst || !b.flat());
  const Val& u = a_factor ? a : b;  // the factor that is flat over its runs
  const Val& x = a_factor ? b : a;
  const int run = std::min(a.run, b.run);
  if (x.flat())
    return uniform(a.konst && b.konst ? bounded(*a.konst, *b.konst, true) : std::nullopt, run);
  if (!u.konst) return symbolic(run);  // times a pitch
  if (*u.konst == 0) return uniform(0, run);
  if (x.sym) return symbolic(run);
  const auto c = bounded(x.c, *u.konst, true);
  return c ? lane(*c, run) : unknown();
}

// x & (2^k - 1) and x % 2^k keep a unit lane coefficient over runs of 2^k lanes; x >> k and
// x / 2^k make it flat over them (threadIdx.x % 16, threadIdx.x / 16). `low` picks the first.
Val split(const Val& x, const Val& k_bits, bool low) {
  if (x.kind == Val::Unset || k_bits.kind == Val::Unset) return Val{};
  if (x.kind != Val::Affine || !k_bits.konst) return unknown();
  if (x.flat()) return uniform(std::nullopt, x.run);
  const long long k = *k_bits.konst;
  if (x.sym || x.c != 1 || k < 0 || k > 5) return unknown();
  const int run = std::min(x.run, 1 << int(k));
  return low ? lane(1, run) : uniform(std::nullopt, run);
}

// log2 of a power of two, else -1.
long long log2_exact(std::optional<long long> v) {
  if (!v || *v <= 0 || (*v & (*v - 1))) return -1;
  long long k = 0;
  while ((1LL << k) < *v) ++k;
  return k;
}

std::optional<long long> literal(std::string_view s) {
  if (s.empty()) return std::nullopt;
  if (!(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-')) return std::nullopt;
  if (s.size() > 1 && (s[1] == 'f' || s[1] == 'd' || s[1] == 'F' || s[1] == 'D'))
    return std::nullopt;  // 0f3F800000: a float's bits
  std::string t(s);
  char* end = nullptr;
  long long v = std::strtoll(t.c_str(), &end, 0);
  if (end == t.c_str() || v > kLimit || v < -kLimit) return std::nullopt;
  return v;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

struct Stmt {
  std::string_view head;
  std::vector<std::string_view> parts, ops;
  std::string guard;    // the guard predicate's register, if any
  std::string label;    // a label defined here
  std::string target;   // a branch's label
  bool access = false;  // a global or generic load or store
  bool store = false;
  int width = 0;          // bytes one lane moves
  std::string_view addr;  // the bracketed address operand
};

// Whether a memory opcode's state space leaves the SM: global, or none named (generic).
bool off_chip(const std::vector<std::string_view>& parts) {
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const std::string_view p = parts[k];
    if (p == "global") return true;
    if (p.substr(0, 6) == "shared" || p == "local" || p == "const" || p == "param" || p == "tex")
      return false;
  }
  return true;
}

// The leading decimal digits of `s` as a number in [lo, hi] (clamped; PTX's own are 1-8 lanes of
// a vector, 8-128 bits), never an overflowing conversion.
int small_number(std::string_view s, int lo, int hi) {
  long long v = 0;
  for (char ch : s) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) break;
    v = std::min<long long>(v * 10 + (ch - '0'), hi);
  }
  return int(std::clamp<long long>(v, lo, hi));
}

// The bytes one lane moves: a vector's count times its element type's size.
int access_width(const std::vector<std::string_view>& parts) {
  int vec = 1, bits = 0;
  for (std::size_t k = 1; k < parts.size(); ++k) {
    std::string_view p = parts[k];
    if (p.size() >= 2 && p[0] == 'v' && std::isdigit(static_cast<unsigned char>(p[1])))
      vec = small_number(p.substr(1), 1, 8);
    else if (p.size() >= 2 && (p[0] == 'b' || p[0] == 'u' || p[0] == 's' || p[0] == 'f') &&
             std::isdigit(static_cast<unsigned char>(p[1]))) {
      int b = small_number(p.substr(1), 8, 128);
      if (p.find('x') != std::string_view::npos) b *= 2;  // f16x2, bf16x2
      bits = b;
    } else if (p == "bf16x2") {
      bits = 32;
    }
  }
  return vec * std::max(1, bits / 8);
}

Stmt parse(std::string_view stmt) {
  Stmt s;
  const FlowStmt flow = flow_stmt(stmt);
  if (!flow.labels.empty()) s.label = flow.labels.front();
  s.target = flow.target;
  const std::string_view op = ptx_opcode(stmt);
  if (op.empty() || op.front() == '.') return s;
  s.parts = ptx_opcode_parts(op);
  s.head = s.parts[0];
  const std::string_view before = stmt.substr(0, stmt.find(op));
  if (auto g = before.find('@'); g != std::string_view::npos) {
    std::vector<std::string> regs, syms;
    ptx_operand_names(before.substr(g), regs, syms);
    if (!regs.empty()) s.guard = regs.front();
  }
  s.ops = ptx_operands(stmt, op);
  const bool ld = s.head == "ld" || s.head == "ldu";
  const bool st = s.head == "st";
  if ((ld || st) && s.ops.size() >= 2 && off_chip(s.parts)) {
    s.access = true;
    s.store = st;
    s.width = access_width(s.parts);
    for (auto o : s.ops)  // the bracketed operand (a vector's braces hold commas)
      if (o.find('[') != std::string_view::npos) {
        s.addr = o;
        break;
      }
    if (s.addr.empty()) s.access = false;
  }
  return s;
}

struct Analysis {
  std::map<std::string, Val> vals;
  std::map<std::string, int> defs;  // how many statements write each register

  Val operand(std::string_view o) const {
    o = trim(o);
    if (o.empty()) return uniform();
    if (o.front() == '[') o = trim(o.substr(1, o.find(']') - 1));
    if (auto k = literal(o)) return uniform(k);
    if (o.front() != '%') {
      // A symbol (a parameter, a global's address), maybe with "+offset": uniform.
      return uniform();
    }
    std::string name(o.substr(0, o.find_first_of("+- ")));
    Val base;
    if (name == "%tid.x" || name == "%laneid")
      base = lane(1);
    else if (name.rfind("%tid.", 0) == 0 || name.rfind("%ntid", 0) == 0 ||
             name.rfind("%ctaid", 0) == 0 || name.rfind("%nctaid", 0) == 0 || name == "%warpid" ||
             name == "%nwarpid" || name == "%smid" || name == "%nsmid" ||
             name.rfind("%cluster", 0) == 0 || name.rfind("%envreg", 0) == 0)
      base = uniform();
    else if (name.rfind("%clock", 0) == 0 || name.rfind("%globaltimer", 0) == 0 ||
             name.rfind("%lanemask", 0) == 0)
      base = unknown();
    else if (auto it = vals.find(name); it != vals.end())
      base = it->second;
    else
      base = Val{};  // not written (yet): optimistic until the fixpoint ends
    // "%rd4+16": a constant offset moves no lane coefficient.
    if (base.kind == Val::Affine && o.size() > name.size()) base.konst.reset();
    return base;
  }

  // The value a statement writes into its first operand.
  Val eval(const Stmt& s) const {
    auto src = [&](std::size_t k) { return k < s.ops.size() ? operand(s.ops[k]) : uniform(); };
    const std::string_view h = s.head;
    auto has = [&](std::string_view p) {
      for (auto q : s.parts)
        if (q == p) return true;
      return false;
    };
    if (s.head == "ld" || s.head == "ldu") {
      Val a = src(1);
      if (a.kind == Val::Unset) return a;
      return a.flat() ? uniform(std::nullopt, a.run) : unknown();  // one address: one value
    }
    if (h == "mov" || h == "cvt" || h == "cvta") return s.ops.size() >= 2 ? src(1) : unknown();
    if (h == "add") return add(src(1), src(2), 1);
    if (h == "sub") return add(src(1), src(2), -1);
    if (h == "neg") return add(uniform(0), src(1), -1);
    if ((h == "mul" || h == "mul24") && !has("hi")) return mul(src(1), src(2));
    if ((h == "mad" || h == "mad24") && !has("hi")) return add(mul(src(1), src(2)), src(3), 1);
    if (h == "and") {
      Val a = src(1), b = src(2);
      if (a.konst && !b.konst) std::swap(a, b);  // the mask last
      if (b.konst && log2_exact(*b.konst + 1) >= 0)
        return split(a, uniform(log2_exact(*b.konst + 1)), true);
    }
    if (h == "rem" && has("u32")) {
      Val k = src(2);
      if (log2_exact(k.konst) >= 0) return split(src(1), uniform(log2_exact(k.konst)), true);
    }
    if (h == "shr" || (h == "div" && has("u32"))) {
      Val k = src(2);
      if (h == "div") k = log2_exact(k.konst) >= 0 ? uniform(log2_exact(k.konst)) : unknown();
      return split(src(1), k, false);
    }
    if (h == "shl") {
      Val a = src(1), b = src(2);
      if (b.konst && *b.konst >= 0 && *b.konst < 62) return mul(a, uniform(1LL << *b.konst));
    }
    if (h == "selp") {
      Val p = src(3);
      if (p.kind == Val::Unset) return p;
      if (!p.flat()) return unknown();
      Val j = join(src(1), src(2));
      if (j.kind == Val::Affine) j.run = std::min(j.run, p.run);
      return j;
    }
    // Anything else: flat over the runs its inputs are flat over, else unknown.
    bool unset = false;
    int run = 32;
    for (std::size_t k = 1; k < s.ops.size(); ++k) {
      Val v = src(k);
      if (v.kind == Val::Unset)
        unset = true;
      else if (!v.flat())
        return unknown();
      else
        run = std::min(run, v.run);
    }
    return unset ? Val{} : uniform(std::nullopt, run);
  }
};

bool writes_register(const Stmt& s) {
  static const char* kNone[] = {"st",  "red",       "bra",      "ret",   "exit",     "trap",
                                "bar", "barrier",   "membar",   "fence", "prefetch", "prefetchu",
                                "cp",  "nanosleep", "stmatrix", "brkpt", "pmevent",  "call"};
  if (s.head.empty() || s.ops.empty()) return false;
  for (auto n : kNone)
    if (s.head == n) return false;
  return !(s.head == "wmma" && s.parts.size() > 1 && s.parts[1] == "store");
}

// Whether a statement reads memory into its destination (a load, an atomic's old value, a
// texture or surface fetch, a matrix load): its result is data, not arithmetic on its inputs.
bool reads_memory(const Stmt& s) {
  static const char* kReads[] = {"ld", "ldu", "atom", "tex", "tld4", "suld", "ldmatrix", "wmma"};
  for (auto n : kReads)
    if (s.head == n) return true;
  return false;
}

}  // namespace

LaneAccessMix ptx_lane_access_mix(std::string_view entry_body) {
  std::string clean = strip_ptx_comments(entry_body);
  for (char& c : clean)
    if (c == '{' || c == '}') c = ' ';
  std::vector<Stmt> code;
  for (auto s : ptx_line_statements(clean)) code.push_back(parse(s));
  Analysis a;
  std::vector<std::vector<std::string>> dests(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (!writes_register(code[i])) continue;
    std::vector<std::string> syms;
    ptx_operand_names(code[i].ops[0], dests[i], syms);
    for (const auto& d : dests[i]) ++a.defs[d];
  }
  // The optimistic fixpoint: each pass re-derives every register as the join of its
  // definitions; loop-carried values settle within a few passes.
  for (int pass = 0; pass < 64; ++pass) {
    std::map<std::string, Val> next;
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (dests[i].empty()) continue;
      Val v = a.eval(code[i]);
      // A value written under a lane-varying guard differs between lanes when the register
      // has another definition.
      if (!code[i].guard.empty()) {
        Val g = a.operand(code[i].guard);
        if (g.kind == Val::Unknown || (g.kind == Val::Affine && !g.uniform()))
          for (const auto& d : dests[i])
            if (a.defs[d] > 1) v = unknown();
      }
      if (dests[i].size() > 1 && v.kind == Val::Affine && !v.uniform()) v = unknown();
      for (const auto& d : dests[i]) next[d] = join(next[d], v);
    }
    if (next == a.vals) break;
    a.vals = std::move(next);
  }
  // Loop depth: each backward branch to a label of the entry encloses [label, branch].
  std::map<std::string, std::size_t> label_at;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (!code[i].label.empty()) label_at.emplace(code[i].label, i);
  std::vector<int> depth(code.size(), 0);
  for (std::size_t b = 0; b < code.size(); ++b) {
    if (code[b].target.empty()) continue;
    auto t = label_at.find(code[b].target);
    if (t == label_at.end() || t->second > b) continue;
    for (std::size_t i = t->second; i <= b; ++i) ++depth[i];
  }
  // A thread's run: the bytes the accesses through one address register cover, from its
  // lowest constant offset to the end of its highest ("[%rd8]" ... "[%rd8+7]": eight bytes).
  std::map<std::string, std::pair<long long, long long>> span;  // register -> [lo, hi)
  auto base_offset = [](std::string_view addr) {
    addr = trim(addr);
    if (!addr.empty() && addr.front() == '[') addr = trim(addr.substr(1, addr.find(']') - 1));
    const auto cut = addr.find_first_of("+-", 1);
    std::string base(trim(addr.substr(0, cut)));
    long long off = 0;
    if (cut != std::string_view::npos) {
      std::string t(trim(addr.substr(cut + 1)));
      off = std::clamp(std::strtoll(t.c_str(), nullptr, 0), -kLimit, kLimit) *
            (addr[cut] == '-' ? -1 : 1);
    }
    return std::make_pair(base, off);
  };
  for (const Stmt& s : code) {
    if (!s.access) continue;
    auto [base, off] = base_offset(s.addr);
    auto [it, fresh] = span.emplace(base, std::make_pair(off, off + s.width));
    if (!fresh) {
      it->second.first = std::min(it->second.first, off);
      it->second.second = std::max(it->second.second, off + (long long)s.width);
    }
  }
  // The registers an address is computed from: every access's address registers, then,
  // backwards to a fixpoint, the inputs of each statement that writes one of them. A memory
  // read passes no value from its inputs to its result (its address is not its value), so the
  // walk stops at loads: a load whose result is in the set feeds an address itself.
  std::set<std::string> feeds_address;
  for (const Stmt& s : code)
    if (s.access) {
      std::vector<std::string> regs, syms;
      ptx_operand_names(s.addr, regs, syms);
      feeds_address.insert(regs.begin(), regs.end());
    }
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
      if (dests[i].empty() || reads_memory(code[i])) continue;
      bool hit = false;
      for (const auto& d : dests[i]) hit = hit || feeds_address.count(d) > 0;
      if (!hit) continue;
      std::vector<std::string> regs, syms;
      for (std::size_t k = 1; k < code[i].ops.size(); ++k)
        ptx_operand_names(code[i].ops[k], regs, syms);
      for (const auto& r : regs) grew = feeds_address.insert(r).second || grew;
    }
  }
  LaneAccessMix mix;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const Stmt& s = code[i];
    if (!s.access) continue;
    double w = 1.0;
    for (int d = 0; d < std::min(depth[i], 12); ++d) w *= 8.0;  // deeper weighs as twelve
    ++mix.accesses;
    const Val v = a.operand(s.addr);
    const auto run = span.at(base_offset(s.addr).first);
    const long long thread_bytes = std::max<long long>(16, run.second - run.first);
    const long long stride = std::llabs(v.c);
    if (s.store) {
      mix.stores += w;
      const long long filled = std::max<long long>(s.width, run.second - run.first);
      if (v.kind == Val::Affine && !v.sym && stride > 0 && stride <= filled && v.run * stride >= 32)
        mix.store_fill += w;
    }
    // A run of lanes that covers under a sector (32 bytes) leaves the rest of each sector to
    // lanes elsewhere: as wasteful as a stride.
    const bool short_run = v.run * std::max<long long>(stride, s.width) < 32;
    if (v.kind != Val::Affine)
      mix.unknown += w;
    else if (v.sym || stride > thread_bytes || short_run)
      mix.strided += w;
    else {
      mix.contiguous += w;
      bool index = false;
      for (const auto& d : dests[i]) index = index || feeds_address.count(d) > 0;
      if (!s.store && index) mix.index_loads += w;
    }
  }
  return mix;
}

}  // namespace solver::generators
