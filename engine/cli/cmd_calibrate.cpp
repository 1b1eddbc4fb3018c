// `solver calibrate --problems a,b,c --trials N [--slowdown K,...] [--against P=KEY,...]`: the
// paired verdict on arms whose answer is known (engine/eval/calibration.h): identical arms
// (candidate = incumbent), the same arms with the candidate K% slower, and optionally a real
// slower point of the pool. The first stdout line says which backend measured.
#include <filesystem>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "engine/backend/json_util.h"
#include "engine/backend/open_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/eval/calibration.h"
#include "engine/run/ablation.h"
#include "generators/variant_space.h"
#include "rules/rule_table.h"

namespace solver::cli {

namespace {
// "softmax=naive,matmul=tiled[TILE=32]" -> {problem: key}. Keys hold commas only inside [...].
std::map<std::string, std::string> problem_keys(const std::string& text, const char* option) {
  std::map<std::string, std::string> out;
  std::string part;
  int depth = 0;
  auto flush = [&] {
    if (part.empty()) return;
    auto eq = part.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == part.size())
      throw rules::InputError(
          rules::Diagnostic{{option, 0, 0}, "expected PROBLEM=VARIANT_KEY, got '" + part + "'"});
    out[part.substr(0, eq)] = part.substr(eq + 1);
    part.clear();
  };
  for (char c : text) {
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == ',' && depth == 0)
      flush();
    else
      part += c;
  }
  flush();
  return out;
}
}  // namespace

int run_calibrate(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problems", po::value<std::string>(), "comma-separated problem names")(
      "trials", po::value<int>()->default_value(50), "identical-arm trials per problem")(
      "pairs", po::value<int>()->default_value(16),
      "paired timings per trial (as in a round: the cap)")(
      "sequential-pairs",
      "stop timing at the first decided look (8, 12, ...); not the default: its live A/A check "
      "failed (docs/benchmarks.md)")(
      "adaptive-pairs",
      "the adaptive rule (docs/reliability.md P10): an 8-pair pilot's spread sets the cap, up to "
      "--pairs (default then 128); each trial times the full --pairs and replays the rule")(
      "slowdown", po::value<std::string>(),
      "comma-separated K: also decide each trial with the candidate K% slower (scaled)")(
      "variant", po::value<std::string>(),
      "PROBLEM=KEY,...: the variant to time (default: each problem's seed)")(
      "against", po::value<std::string>(),
      "PROBLEM=KEY,...: also time the variant against this (slower) point of its pool")(
      "seed", po::value<uint64_t>()->default_value(1), "seed of the draws")(
      "rules", po::value<std::string>(), "rules file whose evolution.min_gain the verdict uses")(
      "backend", po::value<std::string>()->default_value("auto"), "auto, live or recorded")(
      "recording", po::value<std::string>(), "recording to replay (recorded backend)")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "out", po::value<std::string>(),
      "also write the result as JSON to this file (rewritten after each problem, \"complete\": "
      "false until the end)")("json", "print the result as JSON")("quiet", "no progress on stderr");
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "calibrate",
          "--problems a,b,c [--trials N] [--pairs N] [--sequential-pairs] [--adaptive-pairs] "
          "[--slowdown K,...] "
          "[--variant P=KEY,...] [--against P=KEY,...] [--backend "
          "auto|live|recorded] [--out FILE] [--json]",
          opts, vm))
    return *rc;
  if (!vm.count("problems")) {
    ctx.err << "solver calibrate: no problems given (--problems a,b,c)\n";
    return kExitBadInput;
  }
  engine::CalibrationOptions opt;
  opt.problems = split_list(vm["problems"].as<std::string>());
  opt.trials = vm["trials"].as<int>();
  opt.pairs = vm["pairs"].as<int>();
  opt.sequential = vm.count("sequential-pairs") > 0;
  opt.adaptive = vm.count("adaptive-pairs") > 0;
  if (opt.adaptive && vm["pairs"].defaulted()) opt.pairs = engine::kAdaptiveMaxPairs;
  opt.seed = vm["seed"].as<uint64_t>();
  opt.quiet = vm.count("quiet") > 0;
  if (opt.trials < 1 || opt.pairs < engine::kMinPairs)
    throw rules::InputError(rules::Diagnostic{
        {"options", 0, 0},
        "--trials must be >= 1 and --pairs >= " + std::to_string(engine::kMinPairs)});
  if (vm.count("slowdown"))
    for (const auto& k : split_list(vm["slowdown"].as<std::string>())) {
      std::size_t used = 0;
      double v = 0;
      try {
        v = std::stod(k, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != k.size() || !(v > 0) || v > 1000)
        throw rules::InputError(rules::Diagnostic{{"--slowdown", 0, 0},
                                                  "'" + k + "' is not a percentage in (0, 1000]"});
      opt.slowdowns_pct.push_back(v);
    }
  if (vm.count("variant"))
    opt.variants = problem_keys(vm["variant"].as<std::string>(), "--variant");
  if (vm.count("against")) opt.against = problem_keys(vm["against"].as<std::string>(), "--against");
  std::string rules_path =
      vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  opt.min_gain = rules::load_rule_table(rules_path).evolution.min_gain;

  std::string root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  std::map<std::string, generators::ProblemSpec> specs;
  for (const auto& p : opt.problems)
    specs.emplace(p, generators::load_problem((std::filesystem::path(root) / p).string()));
  // Every named key must be a point of its pool: found before anything is timed.
  for (const auto* m : {&opt.variants, &opt.against})
    for (const auto& [p, key] : *m) {
      auto it = specs.find(p);
      if (it == specs.end())
        throw rules::InputError(rules::Diagnostic{
            {m == &opt.variants ? "--variant" : "--against", 0, 0}, p + " is not in --problems"});
      auto [id, knobs] = generators::parse_variant_key(key);
      const generators::VariantSpec* v = it->second.find_variant(id);
      if (!v || !generators::knob_point_allowed(it->second, *v, knobs))
        throw rules::InputError(
            rules::Diagnostic{{m == &opt.variants ? "--variant" : "--against", 0, 0},
                              key + " is not a point of " + p + "'s pool"});
    }

  std::string backend_choice = vm["backend"].as<std::string>();
  std::string recording = vm.count("recording") ? vm["recording"].as<std::string>() : "";
  engine::BackendSpec backend_spec;
  backend_spec.kind = backend_choice;
  backend_spec.recording = recording;
  backend_spec.default_recording = default_recordings(ctx.data_dir);
  backend_spec.live.problems_root = root;
  backend_spec.live.chips_file = chips_file(ctx.data_dir);
  auto [backend, why_not_live] = engine::open_backend(backend_spec);
  if (!backend) throw std::runtime_error("no live GPU backend: " + why_not_live);
  auto info = backend->info();
  rules::ChipTable chips = load_chips(ctx);
  const rules::ChipProfile& chip = resolve_chip(chips, info.chip_id);
  std::string line = engine::backend_line(info);
  (vm.count("json") ? ctx.err : ctx.out) << line << '\n';
  ctx.out.flush();
  print_why_not_live(ctx.err, why_not_live);
  // --out is rewritten after every problem: a run cut short keeps what it finished.
  std::function<void(const engine::CalibrationResult&)> checkpoint;
  if (vm.count("out"))
    checkpoint = [path = vm["out"].as<std::string>()](const engine::CalibrationResult& partial) {
      engine::write_file_atomically(
          path,
          partial.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    };
  auto result = engine::run_calibration(*backend, specs, chip, opt, ctx.err, checkpoint);
  result.backend_line = line;
  if (vm.count("out"))
    engine::write_file_atomically(
        vm["out"].as<std::string>(),
        result.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  if (vm.count("json")) {
    print_json(ctx.out, result.to_json());
  } else {
    std::ostringstream body;
    result.print(body);
    // The backend line was printed first already.
    std::string text = body.str();
    ctx.out << text.substr(text.find('\n') + 1);
  }
  return kExitOk;
}

}  // namespace solver::cli
