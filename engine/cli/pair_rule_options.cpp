#include "engine/cli/pair_rule_options.h"

#include <string>
#include <vector>

#include "engine/backend/backend.h"
#include "rules/diagnostics.h"

namespace solver::cli {

void apply_pair_rule(const po::variables_map& vm, engine::AblationOptions& opt) {
  std::vector<std::string> named;
  for (const char* flag : {"adaptive-pairs", "fixed-pairs", "sequential-pairs"})
    if (vm.count(flag)) named.push_back(flag);
  if (named.size() > 1)
    throw rules::InputError(rules::Diagnostic{
        {"--" + named[1], 0, 0},
        "--" + named[0] + " and --" + named[1] +
            " are two pair rules: give one (--adaptive-pairs, the default; --fixed-pairs; "
            "--sequential-pairs)"});
  const bool pairs_given = !vm["pairs"].defaulted();
  opt.pairs = vm["pairs"].as<int>();
  opt.sequential = vm.count("sequential-pairs") > 0;
  // No rule named: --pairs N alone is the fixed rule of N pairs (its meaning before the
  // adaptive default); nothing at all is the adaptive rule.
  opt.adaptive = vm.count("adaptive-pairs") > 0 || (named.empty() && !pairs_given);
  if (opt.adaptive && !pairs_given) opt.pairs = engine::kAdaptiveMaxPairs;
}

}  // namespace solver::cli
