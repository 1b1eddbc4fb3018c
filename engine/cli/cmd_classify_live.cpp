// EXTENSION POINT for helper "gpu": `solver classify --problem P --variant V` on the live GPU.
// Implement classify_live through engine/live_backend.h (open_live_backend, Backend::profile),
// then classify the ProfileResult's signals with the rule table and print them with
// print_verdict / verdict_json (engine/cli/verdict.h), as cmd_classify.cpp does for files.
// Until then it says so and exits 2: a live verdict is never faked.
#include <ostream>

#include "engine/cli/commands.h"

namespace solver::cli {

int classify_live(Context& ctx, const LiveClassifyRequest& req) {
  ctx.err << "solver classify: --problem " << req.problem << " --variant " << req.variant
          << " needs the live GPU backend, which this build does not have yet.\n"
             "Classify recorded signals instead: solver classify --signals FILE.json --chip NAME\n";
  return kExitBadInput;
}

}  // namespace solver::cli
