// `solver ablate --problems a,b,c --rounds 12`: evolution OFF and ON over the same pool, budget,
// rules and seed (engine/run/ablation.h). `solver run` (cmd_run.cpp) is the one-track form. The
// first stdout line says which backend measured.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <ostream>
#include <stdexcept>

#include "engine/backend/open_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/pair_rule_options.h"
#include "engine/cli/paths.h"
#include "engine/loop/ledger.h"
#include "engine/run/ablation.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_options.h"
#include "generators/external_process.h"
#include "profiling/rule_metrics.h"
#include "rules/diagnostics.h"
#include "rules/rule_table.h"

#ifndef SOLVER_VERSION
#define SOLVER_VERSION "0.1.0"
#endif

namespace solver::cli {

void add_loop_options(po::options_description& opts) {
  opts.add_options()("rounds", po::value<int>()->default_value(12), "round budget per track")(
      "rules", po::value<std::string>(), "rule table (default: rules/rules.yaml in the data dir)")(
      "seed", po::value<std::string>()->default_value("1"),
      "seed of the paired-timing draws (0 .. 2^64-1)")(
      "backend", po::value<std::string>()->default_value("auto"), "auto, live or recorded")(
      "recording", po::value<std::string>(),
      "recording to replay, or a comma-separated list merged in order (default: "
      "recordings/h200.json in the data dir, with h200-large.json beside it when present)")(
      "chip", po::value<std::string>(), "match rules as if on this chip (default: the backend's)")(
      "out", po::value<std::string>(),
      "run directory (default: runs/<UTC time>-<pid> under the current directory)")(
      "resume", po::value<std::string>(), "continue the interrupted run in this directory")(
      "pairs", po::value<int>()->default_value(16),
      "most paired timings per candidate: the cap of the pair rule (adaptive: default 128; "
      "fixed and sequential: 16); given without a rule flag, the fixed rule of N pairs")(
      "adaptive-pairs",
      "the default pair rule (docs/reliability.md P10): an 8-pair pilot's spread sets the cap, "
      "up to --pairs (default then 128)")(
      "fixed-pairs", "every pair up to --pairs (default 16), one look: the rule before P10")(
      "sequential-pairs",
      "stop timing at the first decided look (8, 12, ...); not the default: its live A/A check "
      "failed (docs/benchmarks.md)")(
      "screen", po::value<int>()->default_value(2),
      "ON: points a round gates when its candidate's variant has 256+ admitted points (the "
      "candidate and screen - 1 the knob GP picks; the fastest is pair-timed); 1: off")(
      "eager-adversarial",
      "gate every candidate in full (adversarial sets, lint, fresh-set check, audit) before "
      "its paired timing, the order before the deferred gate (docs/reliability.md P16): for A/B")(
      "off-policy", po::value<std::string>()->default_value("best-static"),
      "OFF track: best-static (next fired rule with a variant) or first-rule (the seed's)")(
      "precision", po::value<std::string>()->default_value("any"),
      "same (refuse candidates of another precision class than the seed's) or any")(
      "oracle", "live: measure every untried point of each pool at the end (pool's best)")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "json", "print the summary as JSON")("quiet", "no per-round progress on stderr")(
      "round-delay-ms", po::value<int>()->default_value(0), "(testing) pause after each round")(
      "generator", po::value<std::string>(),
      "external generator command (no shell): asked for a rewrite when the pool has no variant "
      "for the fired hypothesis (docs/external-generators.md)")(
      "generator-first", "ask the external generator before the pool")(
      "no-pc-sampling", "live: profile without the PC sampling pass (no stall reasons per line)")(
      "generator-timeout-ms", po::value<int>()->default_value(60000),
      "wall clock per generator attempt")("generator-max-output",
                                          po::value<int>()->default_value(1 << 20),
                                          "generator stdout cap (bytes)")(
      "generator-attempts-round", po::value<int>()->default_value(2),
      "generator attempts per round")("generator-attempts-run", po::value<int>()->default_value(32),
                                      "generator attempts per run (all problems and tracks)");
}

// The --generator* options (a generator named in a problem.yaml fills in where none is given:
// ablation.cpp). Throws InputError for a command that does not split or a limit out of range.
void generator_options(const po::variables_map& vm, engine::AblationOptions& opt) {
  engine::GeneratorOptions& g = opt.generator;
  g.first = vm.count("generator-first") > 0;
  g.timeout_ms = vm["generator-timeout-ms"].as<int>();
  g.max_output_bytes = static_cast<std::size_t>(std::max(0, vm["generator-max-output"].as<int>()));
  g.attempts_per_round = vm["generator-attempts-round"].as<int>();
  g.attempts_per_run = vm["generator-attempts-run"].as<int>();
  if (g.timeout_ms < 1 || g.timeout_ms > 3600000 || g.max_output_bytes < 64 ||
      g.attempts_per_round < 1 || g.attempts_per_round > 16 || g.attempts_per_run < 1 ||
      g.attempts_per_run > 10000)
    throw rules::InputError(
        rules::Diagnostic{{"--generator", 0, 0},
                          "generator limits out of range: --generator-timeout-ms 1..3600000, "
                          "--generator-max-output >= 64, --generator-attempts-round 1..16, "
                          "--generator-attempts-run 1..10000"});
  if (!vm.count("generator")) {
    // (With --resume the run's own generator applies: a --generator-first given there is
    // checked against it, engine/run/run_options.h.)
    if (g.first && !vm.count("resume"))
      throw rules::InputError(rules::Diagnostic{{"--generator-first", 0, 0}, "needs --generator"});
    return;
  }
  g.command = vm["generator"].as<std::string>();
  auto argv = generators::split_command(g.command);
  if (!argv)
    throw rules::InputError(
        rules::Diagnostic{{"--generator", 0, 0}, "'" + g.command + "': " + argv.error().why});
  g.argv = std::move(argv).value();
}

uint64_t parse_seed(const std::string& text) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw rules::InputError(rules::Diagnostic{
        {"--seed", 0, 0}, "'" + text + "' is not a seed (an integer from 0 to 2^64-1)"});
  return v;
}

int execute_ablation(Context& ctx, const po::variables_map& vm, engine::AblationOptions opt,
                     const std::string& command) {
  opt.rounds = vm["rounds"].as<int>();
  opt.seed = parse_seed(vm["seed"].as<std::string>());
  apply_pair_rule(vm, opt);
  opt.screen = vm["screen"].as<int>();
  opt.eager_adversarial = vm.count("eager-adversarial") > 0;
  if (opt.screen < 1 || opt.screen > 64)
    throw rules::InputError(
        rules::Diagnostic{{"--screen", 0, 0}, "--screen must be from 1 (off) to 64"});
  // Every option given explicitly, by its flag name: with --resume each that defines the run
  // must be the run's own (engine/run/run_options.h, one table of every option).
  for (const auto& [name, value] : vm)
    if (!value.defaulted()) opt.given.insert(name);
  opt.rules_path = vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  opt.chips_path = chips_file(ctx.data_dir);
  opt.problems_root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  if (vm.count("chip")) opt.chip = vm["chip"].as<std::string>();
  if (vm.count("out")) opt.out_dir = vm["out"].as<std::string>();
  opt.off_policy = vm["off-policy"].as<std::string>();
  opt.precision = vm["precision"].as<std::string>();
  opt.oracle = vm.count("oracle") > 0;
  opt.quiet = vm.count("quiet") > 0;
  opt.round_delay_ms = vm["round-delay-ms"].as<int>();
  generator_options(vm, opt);
  opt.command_line = "solver " + command;
  for (const auto& a : ctx.args) opt.command_line += " " + a;
  opt.version = SOLVER_VERSION;
  opt.build = build_id();
  if (vm.count("on-tables")) {
    opt.on_tables = vm["on-tables"].as<std::string>();
    engine::check_on_tables(opt.on_tables, "--on-tables");
  }
  if (vm.count("shard")) opt.shard = engine::parse_shard(vm["shard"].as<std::string>());

  std::string backend_choice = vm["backend"].as<std::string>();
  if (vm.count("gpus")) backend_choice = "live";  // --gpus 0: that GPU, or nothing
  std::string recording = vm.count("recording") ? vm["recording"].as<std::string>() : "";
  opt.backend = backend_choice;
  opt.recording = recording;
  if (vm.count("resume")) {
    opt.resume_dir = vm["resume"].as<std::string>();
    if (vm.count("out") && std::filesystem::path(vm["out"].as<std::string>()).lexically_normal() !=
                               std::filesystem::path(opt.resume_dir).lexically_normal())
      throw rules::InputError(rules::Diagnostic{
          {"--out", 0, 0},
          "--out conflicts with --resume: a resumed run continues in its own directory"});
    // A resumed run is measured where it started: same backend kind, same recording.
    auto resumed = engine::open_run_dir(opt.resume_dir);
    auto manifest = engine::load_manifest(resumed);
    // Before a backend opens (a --backend live would otherwise fail for want of a GPU first):
    // every option given that defines the run must be the run's own.
    engine::check_resume_flags(
        opt, engine::run_settings(engine::load_ledger_header(resumed.ledger()), resumed.ledger()),
        manifest, resumed.ledger());
    if (!vm.count("problems-dir") && manifest.contains("problems_root"))
      opt.problems_root = manifest.value("problems_root", opt.problems_root);
    if (recording.empty() && manifest["backend"].value("kind", "") == "recorded") {
      recording = manifest["backend"].value("recording", "");
      backend_choice = "recorded";
    }
  } else if (opt.problems.empty()) {
    ctx.err << "solver " << command << ": no problems given\n";
    return kExitBadInput;
  }
  preflight_loop_arguments(ctx, opt, vm);
  engine::BackendSpec spec;
  spec.kind = backend_choice;
  spec.recording = recording;
  spec.default_recording = default_recordings(ctx.data_dir);
  spec.live.problems_root = opt.problems_root;
  spec.live.chips_file = chips_file(ctx.data_dir);
  spec.live.pc_sampling = !vm.count("no-pc-sampling");
  if (vm.count("gpu-worker")) spec.live.worker_path = vm["gpu-worker"].as<std::string>();
  if (vm.count("gpu-worker-arg"))
    spec.live.worker_args = vm["gpu-worker-arg"].as<std::vector<std::string>>();
  // The metric set follows the rules the run classifies with (a resumed run: its own copy).
  spec.live.metrics = profiling::metrics_for_rules(rules::load_rule_table(
      opt.resume_dir.empty() ? opt.rules_path : opt.resume_dir + "/rules.yaml"));
  auto [backend, why_not_live] = engine::open_backend(spec);
  if (!backend) throw std::runtime_error("no live GPU backend: " + why_not_live);
  // With --json stdout is one JSON document (whose "backend" says the same): the line goes to
  // stderr instead.
  (vm.count("json") ? ctx.err : ctx.out) << engine::backend_line(backend->info()) << '\n';
  ctx.out.flush();
  print_why_not_live(ctx.err, why_not_live);
  auto result = engine::run_ablation(opt, *backend, ctx.err);
  if (vm.count("json")) {
    print_json(ctx.out, result.summary.to_json());
  } else {
    result.summary.print_table(ctx.out);
    ctx.out << "run directory: " << result.dir.path
            << " (report.html, summary.json, ledger.jsonl)\n";
  }
  return kExitOk;
}

int run_ablate(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problems", po::value<std::string>(), "comma-separated problem names")(
      "on-tables", po::value<std::string>()->default_value("carry"),
      "ON track: carry (one table through all problems) or per-problem (each starts from the "
      "input table; shardable)")("shard", po::value<std::string>(),
                                 "run shard K of N of the problems (K/N; per-problem tables)")(
      "gpus", po::value<std::string>(),
      "one worker per GPU: CUDA ordinals 0,1,... or 'visible' (one per CUDA_VISIBLE_DEVICES "
      "entry)")("gpu-worker", po::value<std::string>(), "(testing) the GPU worker executable")(
      "gpu-worker-arg", po::value<std::vector<std::string>>(),
      "(testing) an argument for the worker");
  add_loop_options(opts);
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "ablate",
          "--problems a,b,c [--rounds N] [--rules FILE] [--seed N] "
          "[--backend auto|live|recorded] [--recording FILE] [--chip NAME] "
          "[--out DIR] [--resume DIR] [--pairs N] "
          "[--adaptive-pairs|--fixed-pairs|--sequential-pairs] "
          "[--off-policy best-static|first-rule] [--precision same|any] "
          "[--oracle] [--generator CMD [--generator-first]] "
          "[--on-tables carry|per-problem] [--shard K/N] [--gpus 0,1,...|visible] [--json]",
          opts, vm))
    return *rc;
  engine::AblationOptions opt;
  if (vm.count("problems")) opt.problems = split_list(vm["problems"].as<std::string>());
  if (vm.count("gpus")) return run_multi_gpu(ctx, vm, opt);
  return execute_ablation(ctx, vm, opt, "ablate");
}

}  // namespace solver::cli
