// untried_family (pool_search.h): once the rules have had their rounds, a variant family no
// point of which was measured comes before more knob steps of families already measured.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/loop/pool_search.h"
#include "generators/variant_space.h"

namespace solver::engine {

using generators::Candidate;
using generators::CandidateKind;
using generators::VariantSpec;

namespace {

// Whether any point of `v` was tried.
bool family_tried(const SearchRequest& r, const VariantSpec& v) {
  if (!r.tried) return false;
  for (const auto& key : *r.tried)
    if (generators::parse_variant_key(key).first == v.id) return true;
  return false;
}

// Steps up from `from` to each ancestor (itself at 0), the nearest route.
std::map<std::string, int> ancestors(const generators::ProblemSpec& spec, const std::string& from) {
  std::map<std::string, int> up{{from, 0}};
  std::vector<std::string> frontier{from};
  for (int d = 1; !frontier.empty(); ++d) {
    std::vector<std::string> next;
    for (const auto& id : frontier)
      if (const VariantSpec* v = spec.find_variant(id))
        for (const auto& p : v->parents)
          if (up.emplace(p, d).second) next.push_back(p);
    frontier = next;
  }
  return up;
}

}  // namespace

std::optional<SearchStep> untried_family(const SearchRequest& r) {
  const VariantSpec* inc = r.spec ? r.spec->find_variant(r.incumbent.variant) : nullptr;
  if (!inc) return std::nullopt;
  const auto inc_up = ancestors(*r.spec, inc->id);
  std::optional<SearchStep> best;
  int best_distance = 0;
  for (const auto& v : r.spec->variants) {  // file order breaks ties
    if (v.id == inc->id || inc_up.count(v.id) || !in_pool(r, v) || family_tried(r, v)) continue;
    // Tree distance: up from the incumbent to the nearest common ancestor, then down to v.
    int distance = -1;
    for (const auto& [a, down] : ancestors(*r.spec, v.id)) {
      auto at = inc_up.find(a);
      if (at != inc_up.end() && (distance < 0 || at->second + down < distance))
        distance = at->second + down;
    }
    if (distance < 0 || (best && distance >= best_distance)) continue;
    auto point = generators::default_knob_point(*r.spec, v, r.incumbent.knobs, r.chip, inc);
    if (!point || !measurable(r, v, *point)) continue;
    // The edge it was reached by names what it applies (its first parent's, as declared).
    std::string applies;
    if (!v.parents.empty()) {
      const auto& a = v.applies_from(v.parents.front());
      if (!a.empty()) applies = a.front();
    }
    Candidate c;
    c.kind = CandidateKind::Descendant;
    c.variant = v.id;
    c.knobs = *point;
    c.reason = "variant '" + v.id + "', no point of which was measured (" +
               std::to_string(distance) + " rewrite step(s) from '" + inc->id +
               "' in the pool's tree), before more knob steps of measured families";
    best = SearchStep{c, applies};
    best_distance = distance;
  }
  return best;
}

}  // namespace solver::engine
