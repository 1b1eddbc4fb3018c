// `solver classify`: name a kernel's bottleneck with the rule table, from one of three sources:
//   --signals FILE.json   recorded signals (a signal file)
//   --ncu-csv FILE        an Nsight Compute export (`ncu --csv --page raw`, or a .ncu-rep report
//                         read with `ncu --import`: engine/eval/ncu_report.h), one verdict per
//                         kernel (its launches merged; --time-us [NAME=]US gives its unprofiled
//                         time;
//                         --problem P [--variant V] adds that problem's formulas, precision and
//                         PTX code facts to its kernels: engine/eval/ncu_problem.h; --ncu-source
//                         FILE adds ncu's per-line samples, cited like PC sampling's)
//   --problem P --variant V   live, on this machine's GPU: see classify_live
//   (cmd_classify_live.cpp)
#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/cli/verdict.h"
#include "engine/eval/ncu_problem.h"
#include "engine/eval/ncu_report.h"
#include "generators/compile_cache.h"
#include "profiling/ncu_csv.h"
#include "profiling/pc_signals.h"
#include "profiling/signal_file.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

namespace solver::cli {
namespace {

struct Verdicts {
  nlohmann::json json = nlohmann::json::array();
  bool as_json = false;
  int printed = 0;
  void add(Context& ctx, const VerdictInput& v) {
    if (as_json) {
      json.push_back(verdict_json(v));
    } else {
      if (printed++ > 0) ctx.out << '\n';
      print_verdict(ctx.out, v);
    }
  }
};

const rules::ChipProfile& chip_for(const rules::ChipTable& chips, const po::variables_map& vm,
                                   const std::string& fallback, const std::string& what) {
  if (vm.count("chip")) return resolve_chip(chips, vm["chip"].as<std::string>());
  if (!fallback.empty()) return resolve_chip(chips, fallback);
  throw rules::InputError(
      rules::Diagnostic{{what, 0, 0}, "names no chip: pass --chip NAME (see: solver chips)"});
}

// --time-us values for the kernels of an export: "US" for an export of one kernel, else
// "NAME=US" where NAME is the kernel's name or the part before its '(' (demangled names).
std::vector<std::optional<double>> ncu_times(const po::variables_map& vm,
                                             const std::vector<profiling::NcuKernelGroup>& groups) {
  std::vector<std::optional<double>> out(groups.size());
  if (!vm.count("time-us")) return out;
  auto number = [](const std::string& text) {
    std::size_t used = 0;
    double v = -1;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || !(v > 0))
      throw rules::InputError(
          rules::Diagnostic{{"--time-us", 0, 0}, "'" + text + "' is not a positive time in us"});
    return v;
  };
  for (const auto& arg : vm["time-us"].as<std::vector<std::string>>()) {
    auto eq = arg.rfind('=');
    if (eq == std::string::npos) {
      if (groups.size() != 1)
        throw rules::InputError(
            rules::Diagnostic{{"--time-us", 0, 0},
                              "the export holds " + std::to_string(groups.size()) +
                                  " kernels: give --time-us NAME=US per kernel"});
      out[0] = number(arg);
      continue;
    }
    std::string name = arg.substr(0, eq);
    bool found = false;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const std::string& g = groups[i].name;
      if (g == name || g.rfind(name + "(", 0) == 0) {
        out[i] = number(arg.substr(eq + 1));
        found = true;
      }
    }
    if (!found)
      throw rules::InputError(
          rules::Diagnostic{{"--time-us", 0, 0}, "no kernel named '" + name + "' in the export"});
  }
  return out;
}

}  // namespace

int run_classify(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("signals", po::value<std::string>(), "signal file (JSON) to classify")(
      "ncu-csv", po::value<std::string>(),
      "Nsight Compute export: a CSV (ncu --csv --page raw ...) or a .ncu-rep report (read with "
      "ncu --import; needs ncu on PATH or SOLVER_NCU)")(
      "problem", po::value<std::string>(),
      "live: problem name (needs a GPU); with --ncu-csv: the problem (name or folder) whose "
      "kernels "
      "the export holds, for its formulas, precision and PTX scan")(
      "variant", po::value<std::string>(),
      "variant id of the problem (with --ncu-csv: default its seed)")(
      "problems-dir", po::value<std::string>(),
      "folder of problem folders (default: problems/ in the data dir)")(
      "chip", po::value<std::string>(),
      "chips.yaml id or alias to classify as if on (default: the file's chip)")(
      "rules", po::value<std::string>(), "rule table (default: rules/rules.yaml in the data dir)")(
      "time-us", po::value<std::vector<std::string>>()->composing(),
      "with --ncu-csv: a kernel's unprofiled time per run in us, as US (one kernel) or NAME=US "
      "(repeatable); without it time_us is ncu's profiled duration, marked profiled-run")(
      "ncu-source", po::value<std::string>(),
      "with --ncu-csv: ncu's per-line samples, the Source page's CUDA view (ncu --import R --csv "
      "--page source --print-source cuda) or the .ncu-rep itself; the verdict cites its lines")(
      "no-pc-sampling", "live: profile without the PC sampling pass (no stall reasons per line)")(
      "json", "print the verdicts as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "classify",
          "(--signals FILE | --ncu-csv FILE [--problem P [--variant V]] [--time-us [NAME=]US]... "
          "[--ncu-source FILE] | "
          "--problem P --variant V) [--problems-dir DIR] [--chip NAME] [--rules FILE] [--json]",
          opts, vm))
    return *rc;
  // --problem names the live source, or with --ncu-csv the problem the export's kernels are of.
  const bool ncu_problem = vm.count("ncu-csv") && vm.count("problem");
  int sources = int(vm.count("signals")) + int(vm.count("ncu-csv")) +
                int(vm.count("problem") && !ncu_problem);
  if (sources != 1) {
    ctx.err << "solver classify: give exactly one of --signals, --ncu-csv, --problem (see: solver "
               "classify --help)\n";
    return kExitBadInput;
  }
  if (vm.count("ncu-source") && !vm.count("ncu-csv")) {
    ctx.err << "solver classify: --ncu-source goes with --ncu-csv (the same report's export)\n";
    return kExitBadInput;
  }
  std::string rules_path =
      vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);

  if (vm.count("problem") && !ncu_problem) {
    if (!vm.count("variant")) {
      ctx.err << "solver classify: --problem needs --variant\n";
      return kExitBadInput;
    }
    LiveClassifyRequest req;
    req.problem = vm["problem"].as<std::string>();
    req.variant = vm["variant"].as<std::string>();
    if (vm.count("chip")) req.chip = vm["chip"].as<std::string>();
    req.rules_path = rules_path;
    if (vm.count("problems-dir")) req.problems_root = vm["problems-dir"].as<std::string>();
    req.json = vm.count("json") > 0;
    req.pc_sampling = !vm.count("no-pc-sampling");
    return classify_live(ctx, req);
  }

  rules::ChipTable chips = load_chips(ctx);
  rules::RuleTable table = rules::load_rule_table(rules_path);
  rules::Matcher matcher(table);
  Verdicts out;
  out.as_json = vm.count("json") > 0;

  if (vm.count("signals")) {
    std::string path = vm["signals"].as<std::string>();
    profiling::SignalFile f = profiling::load_signal_file(path);
    const rules::ChipProfile& chip = chip_for(chips, vm, f.chip.value_or(""), path);
    rules::MatchResult m = matcher.match(rules::SignalVector(f.signals), chip);
    VerdictInput v{f.kernel, path, &chip, &m, &f.signals, f.signal_origin, f.notes, {}};
    out.add(ctx, v);
  } else {
    std::string path = vm["ncu-csv"].as<std::string>();
    profiling::NcuExport ex = engine::load_ncu_export(path);  // CSV or .ncu-rep
    std::vector<profiling::NcuKernelGroup> groups = profiling::group_ncu_kernels(ex);
    std::vector<std::optional<double>> times = ncu_times(vm, groups);
    // ncu's per-line samples (issue 31): for the kernel the export names, or the only one.
    std::optional<profiling::PcSampling> source;
    if (vm.count("ncu-source"))
      source = engine::load_ncu_source(vm["ncu-source"].as<std::string>());
    // With --problem: a folder, or a name under the data dir's problems.
    std::string problem_dir;
    if (ncu_problem) {
      problem_dir = vm["problem"].as<std::string>();
      if (!std::filesystem::is_directory(problem_dir))
        problem_dir =
            (std::filesystem::path(vm.count("problems-dir") ? vm["problems-dir"].as<std::string>()
                                                            : problems_root(ctx.data_dir)) /
             problem_dir)
                .string();
    }
    generators::CompileCache cache(generators::default_cache_dir());
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const profiling::NcuKernelGroup& k = groups[i];
      const rules::ChipProfile* chip = nullptr;
      if (vm.count("chip"))
        chip = &resolve_chip(chips, vm["chip"].as<std::string>());
      else
        chip = chips.find(k.device);
      if (!chip)
        throw rules::InputError(
            rules::Diagnostic{{path, k.line, 1},
                              "device '" + k.device +
                                  "' is not in chips.yaml: pass --chip NAME (see: solver chips)"});
      // The problem's formulas and code facts belong to its own kernels only.
      std::optional<engine::NcuProblemResult> facts;
      if (ncu_problem) {
        facts = engine::ncu_problem_facts(
            problem_dir, vm.count("variant") ? vm["variant"].as<std::string>() : "", {}, *chip,
            &cache);
        const auto& e = facts->entries;
        if (std::find(e.begin(), e.end(), profiling::kernel_base_name(k.name)) == e.end())
          facts.reset();
      }
      profiling::Derivation d = profiling::derive_ncu_kernel(ex, groups, i, chip, times[i],
                                                             facts ? &facts->facts : nullptr);
      if (facts)
        d.notes.insert(d.notes.end(), facts->notes.begin(), facts->notes.end());
      else if (ncu_problem)
        d.notes.push_back("not a kernel of " + vm["problem"].as<std::string>() +
                          ": its code facts are missing");
      std::map<std::string, std::string> origin;
      for (const auto& [name, o] : d.origin) origin[name] = profiling::to_string(o);
      const bool lines_here =
          source && source->ok &&
          (source->kernel.empty() ? groups.size() == 1
                                  : profiling::kernel_base_name(source->kernel) ==
                                        profiling::kernel_base_name(k.name));
      if (lines_here) profiling::add_pc_signals(*source, d.signals, &origin);
      rules::MatchResult m = matcher.match(rules::SignalVector(d.signals), *chip);
      std::string ids;
      for (std::size_t row : k.rows) ids += (ids.empty() ? "" : ",") + ex.kernels[row].id;
      std::string label = k.name + (k.rows.size() == 1 ? " (ID " + ids + ")"
                                                       : " (" + std::to_string(k.rows.size()) +
                                                             " launches, IDs " + ids + ")");
      if (!m.missing_signals.empty())
        d.notes.push_back(
            "the export lacks counters some rules read: re-export with the list "
            "`solver signals ncu-metrics` prints");
      VerdictInput v{
          label, path + ":" + std::to_string(k.line), chip, &m, &d.signals, origin, d.notes, {}};
      v.defects = d.defects;
      if (lines_here) v.pc = &*source;
      out.add(ctx, v);
    }
  }
  if (out.as_json) print_json(ctx.out, nlohmann::json{{"verdicts", out.json}});
  return kExitOk;
}

}  // namespace solver::cli
