// `solver recording rekey FILE --old-tree DIR [--write | --check] [--json]`: after a source move
// (issue 33: kernels factored into the shared library), re-keys the recording's points whose
// source hash changed but whose code did not (engine/eval/rekey.h), and lists the points whose
// code changed, to be re-recorded live. DIR is a checkout of the tree the recording was made
// from (its problems/ and kernels/); the new tree is this data dir's. --write rewrites the file
// (atomically); --check exits 1 when any point would be re-keyed or has changed code.
#include <filesystem>
#include <ostream>

#include "engine/backend/recording.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/eval/rekey.h"
#include "generators/compile_cache.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"

namespace solver::cli {

int run_recording_rekey(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::string>(), "the recording")(
      "old-tree", po::value<std::string>(),
      "checkout the recording was made from (holds problems/ and kernels/)")(
      "write", "rewrite the recording in place")(
      "check", "exit 1 if any point would be re-keyed or has changed code")(
      "problems-dir", po::value<std::string>(),
      "the new tree's problem folders (default: problems/)")(
      "cache-dir", po::value<std::string>(), "NVRTC cache folder (default: ~/.cache/solver/nvrtc)")(
      "json", "print the outcome of every point as JSON");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "recording rekey",
                              "FILE --old-tree DIR [--write | --check] [--json]", opts, vm, &pos))
    return *rc;
  if (!vm.count("file") || !vm.count("old-tree")) {
    ctx.err << "solver recording rekey: give the recording and --old-tree DIR (a checkout of "
               "the tree it was recorded from)\n";
    return kExitBadInput;
  }
  const std::string path = vm["file"].as<std::string>();
  const std::filesystem::path old_dir = vm["old-tree"].as<std::string>();
  engine::RekeyTree old_tree{(old_dir / "problems").string(), (old_dir / "kernels").string()};
  for (const auto& d : {old_tree.problems, old_tree.kernels})
    if (!std::filesystem::is_directory(d)) {
      ctx.err << "solver recording rekey: --old-tree " << old_dir.string() << ": no folder " << d
              << " (give a checkout of the old tree: problems/ and kernels/)\n";
      return kExitBadInput;
    }
  if (!generators::nvrtc_available()) {
    ctx.err << "solver recording rekey: NVRTC is needed to compare the old and new code: "
            << generators::nvrtc_unavailable_reason() << '\n';
    return kExitBadInput;
  }
  engine::Recording rec = engine::load_recording(path);
  rules::ChipTable chips = load_chips(ctx);
  const rules::ChipProfile& chip = resolve_chip(chips, rec.chip);
  engine::RekeyTree new_tree{
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir),
      generators::kernel_library_dir()};
  generators::CompileCache cache(vm.count("cache-dir") ? vm["cache-dir"].as<std::string>()
                                                       : generators::default_cache_dir());
  engine::RekeyReport r = engine::rekey_recording(rec, old_tree, new_tree, chip, &cache);
  Table t({"problem variant", "outcome"});
  for (const auto& k : r.rekeyed) t.add_row({k, "re-keyed: same code"});
  for (const auto& c : r.changed)
    t.add_row({c.substr(0, c.find(": ")), "code changed: " + c.substr(c.find(": ") + 2)});
  for (const auto& l : r.lines_remapped)
    t.add_row({l.substr(0, l.find(": ")), "PC lines re-located in the new line table (" +
                                              l.substr(l.find(": ") + 2) + " changed)"});
  for (const auto& l : r.lines_dropped)
    t.add_row({l.substr(0, l.find(": ")),
               "PC lines dropped: " + l.substr(l.find(": ") + 2) + " changed"});
  if (vm.count("json")) {
    print_json(ctx.out, t.to_json());
  } else {
    ctx.out << path << ": " << r.unchanged << " point(s) unchanged, " << r.rekeyed.size()
            << " re-keyed (same code), " << r.changed.size() << " with changed code (re-record), "
            << r.lines_remapped.size() << " with PC lines re-located, " << r.lines_dropped.size()
            << " with PC lines dropped\n";
    if (!r.rekeyed.empty() || !r.changed.empty()) t.print(ctx.out);
  }
  for (const auto& s : r.skipped) ctx.err << "skipped: " << s << '\n';
  auto problems = r.problems_to_rerecord();
  if (!problems.empty()) {
    std::string list;
    for (const auto& p : problems) list += (list.empty() ? "" : ",") + p;
    ctx.err << "re-record live: PROBLEMS=" << list << " scripts/gpu/run.sh record\n";
  }
  if (vm.count("check")) return r.rekeyed.empty() && r.changed.empty() ? kExitOk : kExitFailure;
  if (vm.count("write") && !r.rekeyed.empty()) {
    engine::save_recording(rec, path);
    ctx.err << "wrote " << path << '\n';
  }
  return kExitOk;
}

}  // namespace solver::cli
