// `solver recording rederive FILE [--write | --check] [--problems-dir DIR]`: re-derives every
// profiled variant's signals in a recording with the current derivation (engine/eval/rederive.h)
// and prints each signal that changes. --write rewrites the file (atomically); --check exits
// 1 when anything would change (how a test keeps the bundled recording in step with the code).
#include <ostream>

#include "engine/backend/recording.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/eval/rederive.h"
#include "generators/compile_cache.h"

namespace solver::cli {

int run_recording_rederive(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::string>(), "the recording")(
      "write", "rewrite the recording in place")("check", "exit 1 if any signal would change")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "cache-dir", po::value<std::string>(), "NVRTC cache folder (default: ~/.cache/solver/nvrtc)")(
      "json", "print the changes as JSON");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (auto rc =
          parse_options(ctx, "recording rederive",
                        "FILE [--write | --check] [--problems-dir DIR] [--json]", opts, vm, &pos))
    return *rc;
  if (!vm.count("file")) {
    ctx.err << "solver recording rederive: no recording given\n";
    return kExitBadInput;
  }
  const std::string path = vm["file"].as<std::string>();
  engine::Recording rec = engine::load_recording(path);
  rules::ChipTable chips = load_chips(ctx);
  const rules::ChipProfile& chip = resolve_chip(chips, rec.chip);
  std::string root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  generators::CompileCache cache(vm.count("cache-dir") ? vm["cache-dir"].as<std::string>()
                                                       : generators::default_cache_dir());
  engine::RederiveReport r = engine::rederive_recording(rec, root, chip, &cache);
  Table t({"problem", "variant", "signal", "recorded", "re-derived"});
  for (const auto& c : r.changes) t.add_row({c.problem, c.key, c.signal, c.before, c.after});
  if (vm.count("json")) {
    print_json(ctx.out, t.to_json());
  } else {
    ctx.out << path << ": " << r.variants << " variants re-derived, " << r.changes.size()
            << " signal value(s) change\n";
    if (!r.changes.empty()) t.print(ctx.out);
  }
  for (const auto& s : r.skipped) ctx.err << "skipped: " << s << '\n';
  for (const auto& n : r.notes) ctx.err << "note: " << n << '\n';
  if (vm.count("check")) return r.changes.empty() ? kExitOk : kExitFailure;
  if (vm.count("write") && !r.changes.empty()) {
    engine::save_recording(rec, path);
    ctx.err << "wrote " << path << '\n';
  }
  return kExitOk;
}

}  // namespace solver::cli
