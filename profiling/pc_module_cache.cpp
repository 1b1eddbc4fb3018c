#include "profiling/pc_module_cache.h"

#include <algorithm>
#include <set>

#include "rules/hash.h"

namespace solver::profiling {

const std::vector<SassInstr>& PcModule::function_sass(const std::string& function) {
  auto it = instrs.find(function);
  if (it == instrs.end())
    it = instrs.emplace(function, sass ? parse_sass(*sass, function) : std::vector<SassInstr>{})
             .first;
  return it->second;
}

Locate cached_locate(PcModule& m, Locate read) {
  return [&m, read = std::move(read)](const std::string& function, uint64_t pc) {
    ++m.lookups;
    auto key = std::make_pair(function, pc);
    auto it = m.lines.find(key);
    if (it == m.lines.end()) {
      ++m.misses;
      it = m.lines.emplace(std::move(key), read ? read(function, pc) : LineRef{}).first;
    }
    return it->second;
  };
}

std::shared_ptr<PcModule> PcModuleCache::module(const std::string& cubin) {
  std::string key = rules::sha256_hex(cubin);
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = lru_.begin(); it != lru_.end(); ++it)
    if ((*it)->key == key) {
      lru_.splice(lru_.begin(), lru_, it);
      return lru_.front();
    }
  auto m = std::make_shared<PcModule>();
  m->key = key;
  lru_.push_front(m);
  while (lru_.size() > std::max<size_t>(max_, 1)) lru_.pop_back();
  return m;
}

size_t PcModuleCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lru_.size();
}

std::vector<PcRecord> merge_pcs(std::vector<PcRecord> pcs) {
  std::map<std::pair<std::string, uint64_t>, PcRecord> by_pc;
  for (PcRecord& pc : pcs) {
    auto [it, fresh] = by_pc.try_emplace({pc.function, pc.pc_offset});
    if (fresh) {
      it->second = std::move(pc);
      continue;
    }
    for (const auto& [reason, n] : pc.stalls) it->second.stalls[reason] += n;
  }
  std::vector<PcRecord> out;
  out.reserve(by_pc.size());
  for (auto& [key, pc] : by_pc) out.push_back(std::move(pc));
  return out;
}

std::string adopt_by_crc(std::vector<PcRecord>& pcs, const std::string& function, uint64_t crc) {
  if (crc == 0) return "";
  for (const auto& pc : pcs)
    if (pc.function == function && !pc.stalls.empty()) return "";
  std::set<uint32_t> indices;
  std::set<std::string> names;
  for (const auto& pc : pcs)
    if (pc.cubin_crc == crc) indices.insert(pc.function_index), names.insert(pc.function);
  if (indices.size() != 1) return "";
  for (auto& pc : pcs)
    if (pc.cubin_crc == crc) pc.function = function;
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + (n.empty() ? "?" : n);
  return out;
}

std::vector<PcRecord> summarize_samples(const std::vector<PcRecord>& pcs,
                                        const std::string& function, const Locate& locate,
                                        const LineText& text, PcSampling& out) {
  std::vector<PcRecord> mine;
  for (const PcRecord& pc : pcs)
    if (pc.function == function) mine.push_back(pc);
  mine = merge_pcs(std::move(mine));
  out.kernel = function;
  out.total_samples = 0;
  out.stall_totals.clear();
  for (const PcRecord& pc : mine)
    for (const auto& [reason, n] : pc.stalls) {
      out.stall_totals[reason] += n;
      out.total_samples += n;
    }
  out.lines = aggregate_lines(mine, locate, text);
  return mine;
}

}  // namespace solver::profiling
