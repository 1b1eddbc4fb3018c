// `solver run --problem P --rounds N --evolve on|off`: one track of the ablation (cmd_ablate.cpp).
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/run/ablation.h"

namespace solver::cli {

int run_run(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problem", po::value<std::string>(), "problem name")(
      "evolve", po::value<std::string>()->default_value("on"), "on or off");
  add_loop_options(opts);
  po::variables_map vm;
  if (auto rc =
          parse_options(ctx, "run",
                        "--problem P [--rounds N] [--evolve on|off] [--rules FILE] "
                        "[--seed N] [--backend auto|live|recorded] [--out DIR] [--resume DIR] "
                        "[--generator CMD [--generator-first]]",
                        opts, vm))
    return *rc;
  std::string evolve = vm["evolve"].as<std::string>();
  if (evolve != "on" && evolve != "off") {
    ctx.err << "solver run: --evolve must be on or off\n";
    return kExitBadInput;
  }
  engine::AblationOptions opt;
  if (vm.count("problem")) opt.problems = {vm["problem"].as<std::string>()};
  opt.tracks = {evolve};
  return execute_ablation(ctx, vm, opt, "run");
}

}  // namespace solver::cli
