// deepest_for (pool_search.h): the ON track's choice among the generator's variant answers,
// the deepest variant below the incumbent whose own edge applies the fired hypothesis.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/loop/pool_search.h"
#include "generators/variant_space.h"

namespace solver::engine {

using generators::Candidate;
using generators::CandidateKind;
using generators::VariantSpec;

std::optional<SearchStep> deepest_for(const SearchRequest& r) {
  const VariantSpec* inc = r.spec ? r.spec->find_variant(r.incumbent.variant) : nullptr;
  if (!inc || r.hypothesis.empty()) return std::nullopt;
  std::optional<SearchStep> deepest;
  int deepest_depth = 0;
  std::vector<std::string> frontier{inc->id}, seen{inc->id};
  for (int depth = 1; !frontier.empty(); ++depth) {
    std::vector<std::string> next;
    for (const auto& v : r.spec->variants) {
      if (std::find(seen.begin(), seen.end(), v.id) != seen.end()) continue;
      bool below = false, applies = false;
      for (const auto& p : v.parents) {
        if (std::find(frontier.begin(), frontier.end(), p) == frontier.end()) continue;
        below = true;
        const auto& a = v.applies_from(p);
        applies = applies || std::find(a.begin(), a.end(), r.hypothesis) != a.end();
      }
      if (!below) continue;
      next.push_back(v.id);
      if (!applies || !in_pool(r, v) || depth <= deepest_depth) continue;
      auto point = generators::default_knob_point(*r.spec, v, r.incumbent.knobs, r.chip, inc);
      if (!point || !measurable(r, v, *point)) continue;
      deepest_depth = depth;  // the first of its generation in file order
      Candidate c;
      c.kind = depth == 1 ? CandidateKind::Child : CandidateKind::Descendant;
      c.variant = v.id;
      c.knobs = *point;
      c.reason = "descendant '" + v.id + "' (" + std::to_string(depth) + " generations below '" +
                 inc->id + "'), the deepest that applies " + r.hypothesis;
      deepest = SearchStep{c, r.hypothesis};
    }
    seen.insert(seen.end(), next.begin(), next.end());
    frontier = next;
  }
  return deepest;
}

}  // namespace solver::engine
