#include "engine/eval/record_merge.h"

#include <map>
#include <set>

#include "generators/problem_hash.h"
#include "generators/variant_space.h"

namespace solver::engine {

PoolMerge plan_pool_merge(const RecordedProblem& was, const generators::ProblemSpec& spec) {
  PoolMerge out;
  std::set<std::string> recorded;
  for (const auto& [key, v] : was.variants)
    recorded.insert(generators::parse_variant_key(key).first);
  std::set<std::string> added;
  for (const auto& v : spec.variants)
    if (!recorded.count(v.id)) {
      added.insert(v.id);
      out.new_variants.push_back(v.id);
    }
  const std::string now = generators::problem_measurement_hash(spec.file);
  if (was.spec_hash == now) {
    out.keep = true;
    return out;
  }
  out.keep =
      !added.empty() && generators::problem_measurement_hash(spec.file, added) == was.spec_hash;
  return out;
}

RederiveReport rederive_for_merge(Recording& fresh, const Recording& into,
                                  const std::string& problems_root, const rules::ChipProfile& chip,
                                  generators::CompileCache* cache) {
  std::map<std::string, double> ceilings = into.ceilings;
  for (const auto& [k, v] : fresh.ceilings) ceilings.emplace(k, v);
  fresh.ceilings = ceilings;
  return rederive_recording(fresh, problems_root, chip, cache);
}

}  // namespace solver::engine
