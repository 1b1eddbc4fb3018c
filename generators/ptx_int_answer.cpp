#include "generators/ptx_int_answer.h"

#include <algorithm>

namespace solver::generators {

using namespace taint;

namespace {

// The buffers bound to the parameters `rs` names (a region that is no parameter: none).
std::set<int> bound_buffers(const std::set<std::string>& rs, const std::vector<std::string>& names,
                            const std::vector<std::set<int>>* bound, bool* other) {
  std::set<int> out;
  for (const auto& r : rs) {
    bool param = false;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == r && bound && i < bound->size() && !(*bound)[i].empty()) {
        param = true;
        out.insert((*bound)[i].begin(), (*bound)[i].end());
      }
    if (!param && other) *other = true;
  }
  return out;
}

}  // namespace

void BufferReads::add(const Insn& in, const State& s, const std::vector<std::string>& names,
                      const std::vector<std::set<int>>* bound) {
  if (in.kind == Kind::Store || in.kind == Kind::Atom) {
    // A buffer's pointer (or an offset made from it) stored to memory escapes the taint: loaded
    // back it has no provenance, so `other + loaded offset` reads as other's buffer (red team 17,
    // redteam17_int_answer_alias). Its buffers count as read.
    const auto escaped = bound_buffers(s.regions(in.srcs, in.src_syms), names, bound, nullptr);
    buffers.insert(escaped.begin(), escaped.end());
  }
  if (in.kind != Kind::Load && in.kind != Kind::Atom && in.kind != Kind::Copy) return;
  if (in.kind == Kind::Copy && in.src_addr.empty() && in.src_addr_syms.empty()) return;  // waits
  const auto rs = in.kind == Kind::Copy ? s.regions(in.src_addr, in.src_addr_syms)
                                        : s.regions(in.addr, in.addr_syms);
  if (rs.empty()) any = true;
  const auto b = bound_buffers(rs, names, bound, nullptr);
  buffers.insert(b.begin(), b.end());
}

bool BufferReads::may_read(const std::set<int>& b) const {
  if (any) return true;
  return std::any_of(b.begin(), b.end(), [&](int i) { return buffers.count(i) > 0; });
}

std::set<int> int_answer_buffers(const Insn& in, const State& s,
                                 const std::vector<std::string>& names,
                                 const std::vector<std::set<int>>* bound,
                                 const std::set<int>& int_outputs) {
  if (in.kind != Kind::Store || int_outputs.empty()) return {};
  const auto rs = s.regions(in.addr, in.addr_syms);
  bool other = rs.empty();
  std::set<int> out = bound_buffers(rs, names, bound, &other);
  const bool all = std::all_of(out.begin(), out.end(), [&](int i) { return int_outputs.count(i); });
  return other || out.empty() || !all ? std::set<int>{} : out;
}

}  // namespace solver::generators
