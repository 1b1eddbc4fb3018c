// The hypothesis vocabulary: ids a rule may name and a problem variant may `apply`. It lives
// in rules/ because both the rule table and the generators check names against it.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace solver::rules {

struct HypothesisDef {
  std::string_view id;       // e.g. "use_tensor_cores_tf32"
  std::string_view meaning;  // what rewriting for it means
  // The signals that bear on it, space-separated: what a condition for this hypothesis may
  // test. The evolver derives proposed rules from these only, so a proposal cannot rest on a
  // signal that merely happens to differ between two kernels (see docs/loop.md).
  std::string_view evidence;
};

std::span<const HypothesisDef> hypothesis_table();
bool is_known_hypothesis(std::string_view id);
const HypothesisDef* find_hypothesis(std::string_view id);
// For an unknown id: " (did you mean 'x'?); known hypotheses: a, b, ... (solver hypotheses
// describes each)", so a misspelt `applies:` entry is fixed without opening the source.
std::string unknown_hypothesis_hint(std::string_view wrong);
// The evidence signals of `id`, in table order; empty for an unknown id.
std::vector<std::string_view> hypothesis_evidence(std::string_view id);

}  // namespace solver::rules
