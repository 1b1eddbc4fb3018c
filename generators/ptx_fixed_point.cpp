#include "generators/ptx_fixed_point.h"

#include <algorithm>

#include "generators/ptx_bit_image.h"
#include "generators/ptx_settle.h"

namespace solver::generators {

using namespace taint;

namespace {

bool float_name(const std::string& t) {
  return t == "f16" || t == "f16x2" || t == "bf16" || t == "bf16x2" || t == "f32" || t == "f64" ||
         t == "tf32";
}

// The destination and source types of a cvt, in that order (its type parts).
std::vector<std::string> cvt_types(const std::vector<std::string>& parts) {
  std::vector<std::string> ty;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (bits::int_type(parts[i]) || float_name(parts[i])) ty.push_back(parts[i]);
  return ty;
}

}  // namespace

int float_to_int_bits(const std::vector<std::string>& parts, bool* sgn) {
  if (parts.empty() || parts[0] != "cvt") return 0;
  const auto ty = cvt_types(parts);
  if (ty.size() != 2 || !bits::int_type(ty[0]) || !float_name(ty[1])) return 0;
  if (sgn) *sgn = ty[0][0] == 's';
  return bits::type_bits(ty[0]);
}

std::set<std::string> memory_keys(const std::set<std::string>& regions, const std::string& entry,
                                  const std::vector<std::string>& names,
                                  const std::vector<std::set<int>>* bound) {
  std::set<std::string> out;
  if (regions.empty()) out.insert("*");
  for (const auto& r : regions) {
    bool param = false;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == r && bound && i < bound->size() && !(*bound)[i].empty()) {
        param = true;
        for (int b : (*bound)[i]) out.insert("b" + std::to_string(b));
      }
    if (!param) out.insert(entry + "/" + r);
  }
  return out;
}

void ConvertedBack::scan_entry(const std::vector<Insn>& code, const std::vector<long>& index,
                               const State& s, const std::string& entry,
                               const std::vector<std::string>& names,
                               const std::vector<std::set<int>>* bound) {
  // Per register: the memory its value was loaded from, through any integer code. Float
  // arithmetic computes a new value; a cvt from an integer to a float is where it ends.
  std::map<std::string, std::set<std::string>> held;
  auto keys_of = [&](const std::vector<std::string>& regs) {
    std::set<std::string> k;
    for (const auto& r : regs)
      if (auto it = held.find(r); it != held.end()) k.insert(it->second.begin(), it->second.end());
    return k;
  };
  auto add = [&](const std::string& d, const std::set<std::string>& k) {
    auto& h = held[d];
    const std::size_t before = h.size();
    h.insert(k.begin(), k.end());
    return h.size() != before;
  };
  // To a fixpoint with no pass cap (red team 24: a dead relay of register moves written last hop
  // first needs one pass a hop; the map left at a cap is partial).
  std::vector<std::vector<std::string>> reads(code.size());
  for (std::size_t i = 0; i < code.size(); ++i) reads[i] = code[i].srcs;
  settle_in_text_order(reads, [&](std::size_t i) {
    std::vector<std::string> grew;
    const Insn& in = code[i];
    if (in.kind == Kind::Load || in.kind == Kind::Atom) {
      const auto k = memory_keys(s.regions(in.addr, in.addr_syms), entry, names, bound);
      for (const auto& d : in.dests)
        if (add(d, k)) grew.push_back(d);
    } else if (in.kind == Kind::Copy) {
      if (in.src_addr.empty() && in.src_addr_syms.empty()) return grew;  // a wait
      const auto from = memory_keys(s.regions(in.src_addr, in.src_addr_syms), entry, names, bound);
      for (const auto& to : memory_keys(s.regions(in.addr, in.addr_syms), entry, names, bound))
        copied_from_[to].insert(from.begin(), from.end());
    } else if (in.kind == Kind::Other && !in.parts.empty()) {
      const auto ty = in.parts[0] == "cvt" ? cvt_types(in.parts) : std::vector<std::string>{};
      // A conversion to a float: from an integer, or widening a half format (h28m).
      if (ty.size() == 2 && float_name(ty[0]) && ty[0] != ty[1]) {
        for (const auto& k : keys_of(in.srcs)) keys.try_emplace(k, index[i]);
        return grew;
      }
      if (in.float_op) return grew;
      const auto k = keys_of(in.srcs);
      if (k.empty()) return grew;
      // An integer's bits moved into a float register are read as a float (h28m: the exponent
      // field's conversion, `__int_as_float(q | 0x4B400000) - 12582912.f`).
      bool to_float = false;
      if (in.parts[0] == "mov")
        for (const auto& d : in.dests) to_float = to_float || declared_float(s.float_regs, d);
      if (to_float) {
        for (const auto& key : k) moved.try_emplace(key, index[i]);
        return grew;
      }
      for (const auto& d : in.dests)
        if (add(d, k)) grew.push_back(d);
    }
    return grew;
  });
}

long ConvertedBack::meets(const std::set<std::string>& stored) const {
  const long by_cvt = meets(stored, keys);
  return by_cvt >= 0 ? by_cvt : meets(stored, moved);
}

long ConvertedBack::meets(const std::set<std::string>& stored,
                          const std::map<std::string, long>& converted) const {
  // Memory copied (cp.async) into memory that is converted back is converted back too.
  std::map<std::string, long> all = converted;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [to, from] : copied_from_)
      if (auto it = all.find(to); it != all.end())
        for (const auto& f : from) grew = all.try_emplace(f, it->second).second || grew;
  }
  long first = -1;
  auto take = [&](long at) { first = first < 0 ? at : std::min(first, at); };
  for (const auto& k : stored) {
    if (k == "*" && !all.empty()) take(all.begin()->second);
    if (auto it = all.find(k); it != all.end()) take(it->second);
  }
  if (auto it = all.find("*"); it != all.end() && !stored.empty()) take(it->second);
  return first;
}

}  // namespace solver::generators
