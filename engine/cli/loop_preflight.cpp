// The checks `ablate` and `run` make on their arguments before any backend starts (a typo must
// not first start the GPU worker or print the replay line): counts in range, the rule table
// parses, every problem exists (unknown names list the known ones), the chip is known. The
// engine checks the same inputs again when it loads them; this pass only makes the error come
// first.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/loop/round_loop.h"
#include "rules/diagnostics.h"
#include "rules/enum_names.h"
#include "rules/rule_table.h"

namespace solver::cli {

namespace fs = std::filesystem;

namespace {

rules::InputError option_error(const std::string& option, const std::string& message) {
  return rules::InputError(rules::Diagnostic{rules::SourceLocation(option), message});
}

// Problem folders under `root`: the sub-folders that hold a problem.yaml, sorted.
std::vector<std::string> known_problems(const std::string& root) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (e.is_directory(ec) && fs::exists(e.path() / "problem.yaml", ec))
      names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::string unknown_problem_message(const std::string& name, const std::string& root) {
  std::vector<std::string> known = known_problems(root);
  std::string msg = "unknown problem '" + name + "' (no " + root + "/" + name + "/problem.yaml)";
  std::string best;
  std::size_t best_d = 3;  // suggest only near misses
  for (const auto& k : known)
    if (std::size_t d = rules::edit_distance(name, k); d < best_d) best_d = d, best = k;
  if (!best.empty()) msg += "; did you mean '" + best + "'?";
  std::string list;
  for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
  msg += known.empty() ? "; " + root + " holds no problem folders" : "; known problems: " + list;
  return msg + " (--problems-dir DIR searches another folder)";
}

void preflight_loop_arguments(const Context& ctx, const engine::AblationOptions& opt,
                              const po::variables_map& vm) {
  if (opt.rounds < 1) throw option_error("--rounds", "must be at least 1");
  if (opt.pairs < 1) throw option_error("--pairs", "must be at least 1");
  const std::string backend = vm["backend"].as<std::string>();
  if (backend != "auto" && backend != "live" && backend != "recorded")
    throw option_error("--backend", "unknown backend '" + backend + "' (auto, live or recorded)");
  if (vm.count("recording"))
    for (const auto& f : engine::split_recording_list(vm["recording"].as<std::string>()))
      if (!fs::is_regular_file(f)) throw option_error("--recording", "no such file: " + f);
  if (!opt.chip.empty()) resolve_chip(load_chips(ctx), opt.chip);
  // Word-valued options, before any backend opens (a --backend live without a GPU failed with
  // exit 1 before an unknown --off-policy was seen; offline the recording was read first).
  if (vm.count("off-policy"))
    rules::parse_enum_or_throw<engine::OffPolicy>(vm["off-policy"].as<std::string>(),
                                                  {"--off-policy", 0, 0}, "OFF policy");
  if (vm.count("precision"))
    rules::parse_enum_or_throw<engine::PrecisionPolicy>(vm["precision"].as<std::string>(),
                                                        {"--precision", 0, 0}, "precision policy");
  if (vm.count("round-delay-ms") && (opt.round_delay_ms < 0 || opt.round_delay_ms > 60000))
    throw option_error("--round-delay-ms", "must be in [0, 60000] (a testing pause per round)");
  if (!opt.resume_dir.empty()) return;     // the run's own inputs are checked when it is opened
  rules::load_rule_table(opt.rules_path);  // throws a located InputError
  std::vector<std::string> seen;
  for (const auto& p : opt.problems) {
    if (std::find(seen.begin(), seen.end(), p) != seen.end())
      throw option_error("--problems", "problem '" + p + "' is named twice");
    seen.push_back(p);
    if (p.find('/') != std::string::npos || p.front() == '.')
      throw option_error("--problems", "'" + p + "' is not a problem name (names only; " +
                                           "--problems-dir DIR names the folder that holds them)");
    if (!fs::is_regular_file(fs::path(opt.problems_root) / p / "problem.yaml"))
      throw option_error("--problems", unknown_problem_message(p, opt.problems_root));
  }
}

}  // namespace solver::cli
