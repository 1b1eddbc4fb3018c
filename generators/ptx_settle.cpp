#include "generators/ptx_settle.h"

#include <set>
#include <unordered_map>

namespace solver::generators {

int settle_in_text_order(const std::vector<std::vector<std::string>>& reads,
                         const std::function<std::vector<std::string>(std::size_t)>& eval) {
  std::unordered_map<std::string, std::vector<std::size_t>> readers;
  for (std::size_t i = 0; i < reads.size(); ++i)
    for (const auto& r : reads[i]) readers[r].push_back(i);
  std::set<std::size_t> pending;
  for (std::size_t i = 0; i < reads.size(); ++i) pending.insert(pending.end(), i);
  int passes = 0;
  while (!pending.empty()) {
    ++passes;
    // One pass: the pending statements in text order; a statement later in the text whose input
    // changes is run in this pass, one at or before the current one in the next.
    std::set<std::size_t> next;
    for (auto it = pending.begin(); it != pending.end(); it = pending.erase(it)) {
      const std::size_t i = *it;
      for (const auto& r : eval(i)) {
        auto rd = readers.find(r);
        if (rd == readers.end()) continue;
        for (std::size_t j : rd->second) (j > i ? pending : next).insert(j);
      }
    }
    pending = std::move(next);
  }
  return passes;
}

}  // namespace solver::generators
