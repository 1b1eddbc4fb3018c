// `solver report DIR`: regenerates summary.json and report.html from a run directory's ledger.
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/run/ablation.h"
#include "engine/run/run_dir.h"

namespace solver::cli {

int run_report(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("run", po::value<std::string>()->required(), "run directory")(
      "problems-dir", po::value<std::string>(),
      "problem folders to use when the run's own are gone (default: problems/)")(
      "json", "print the summary as JSON");
  po::positional_options_description pos;
  pos.add("run", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "report", "DIR [--problems-dir DIR] [--json]", opts, vm, &pos))
    return *rc;
  std::string command = "solver report";
  for (const auto& a : ctx.args) command += " " + a;
  auto dir = engine::open_run_dir_for_writing(vm["run"].as<std::string>(), command);
  auto summary =
      engine::write_report(dir, ctx.err,
                           vm.count("problems-dir") ? vm["problems-dir"].as<std::string>()
                                                    : problems_root(ctx.data_dir));
  if (vm.count("json")) {
    print_json(ctx.out, summary.to_json());
  } else {
    ctx.out << summary.backend_line << '\n';
    summary.print_table(ctx.out);
    ctx.out << "wrote " << dir.report() << " and " << dir.summary() << '\n';
  }
  return kExitOk;
}

}  // namespace solver::cli
