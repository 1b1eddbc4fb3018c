#include "engine/backend/placement_plan.h"

#include <cstddef>

namespace solver::engine {

bool placement_exchanged(int pair) { return pair >= 0 && ((pair + 1) / 2) % 2 == 1; }

std::vector<int> placement_exchanges(const std::vector<int>& order) {
  // Only a paired order: each pair of entries holds runner 0 and runner 1 once.
  if (order.size() % 2 != 0) return {};
  for (std::size_t k = 0; k < order.size(); k += 2)
    if (order[k] + order[k + 1] != 1 || (order[k] != 0 && order[k] != 1)) return {};
  std::vector<int> out;
  const int pairs = int(order.size() / 2);
  for (int i = 1; i < pairs; ++i)
    if (placement_exchanged(i) != placement_exchanged(i - 1)) out.push_back(2 * i);
  return out;
}

}  // namespace solver::engine
