// `solver hypotheses`: the hypothesis vocabulary (rules/hypotheses.cpp) a rule's `hypothesis:`
// and a variant's `applies:` name, with what rewriting for each means and the signals that
// bear on it. `problems new` drafts point here.
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "rules/hypotheses.h"

namespace solver::cli {

int run_hypotheses(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("json", "print the table as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "hypotheses", "[--json | --csv | --md]", opts, vm)) return *rc;
  Table t({"hypothesis", "meaning", "evidence"});
  for (const auto& h : rules::hypothesis_table())
    t.add_row({std::string(h.id), std::string(h.meaning), std::string(h.evidence)});
  t.emit(ctx.out, vm.count("json") > 0);
  return kExitOk;
}

}  // namespace solver::cli
