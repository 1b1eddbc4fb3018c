// `solver merge SHARD_DIR... --out DIR`: the shards of one `ablate --shard K/N` run joined into
// one run directory (engine/run/merge.h), which report, replay and dry-run --run read as any run.
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/run/merge.h"

namespace solver::cli {

int run_merge(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("shards", po::value<std::vector<std::string>>()->multitoken(),
                     "the shards' run directories")(
      "out", po::value<std::string>()->required(),
      "the merged run directory (must not hold a run)")("json", "print the merged summary as JSON");
  po::positional_options_description pos;
  pos.add("shards", -1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "merge", "SHARD_DIR... --out DIR [--json]", opts, vm, &pos))
    return *rc;
  if (!vm.count("shards")) {
    ctx.err << "solver merge: no shard directories given\n";
    return kExitBadInput;
  }
  std::string command = "solver merge";
  for (const auto& a : ctx.args) command += " " + a;
  auto result = engine::merge_runs(vm["shards"].as<std::vector<std::string>>(),
                                   vm["out"].as<std::string>(), command, ctx.err);
  if (vm.count("json")) {
    print_json(ctx.out, result.summary.to_json());
  } else {
    ctx.out << result.summary.backend_line << '\n';
    result.summary.print_table(ctx.out);
    ctx.out << "merged " << result.shards << " shards (" << result.records << " rounds) into "
            << result.dir.path << " (report.html, summary.json, ledger.jsonl)\n";
  }
  return kExitOk;
}

}  // namespace solver::cli
