// The hypothesis vocabulary: ids a rule may name and a problem variant may `apply`. It lives
// in rules/ because both the rule table and the generators check names against it.
#pragma once
#include <optional>
#include <span>
#include <string_view>

namespace solver::rules {

struct HypothesisDef {
  std::string_view id;       // e.g. "use_tensor_cores_tf32"
  std::string_view meaning;  // what rewriting for it means
};

std::span<const HypothesisDef> hypothesis_table();
bool is_known_hypothesis(std::string_view id);

}  // namespace solver::rules
