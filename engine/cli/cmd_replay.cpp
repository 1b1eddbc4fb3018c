// `solver replay --run DIR --rules edited.yaml [--json] [--simulate [--out DIR]]`: which
// recorded decisions an edited rule table changes (engine/run/replay.h), and with --simulate the
// outcome of the whole loop re-run on the run's own measurements.
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/loop/ledger.h"
#include "engine/run/replay.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_seal.h"
#include "rules/diagnostics.h"

namespace solver::cli {

int run_replay(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("run", po::value<std::string>()->required(), "run directory")(
      "rules", po::value<std::string>()->required(), "the edited rule table")(
      "chip", po::value<std::string>(), "re-decide as if on this chip (default: the run's)")(
      "simulate", "re-run the whole loop on the run's measurements with the edited rules")(
      "out", po::value<std::string>(), "with --simulate: where the new run goes")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "json", "print the result as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "replay", "--run DIR --rules FILE [--chip NAME] [--simulate [--out DIR]] [--json]",
          opts, vm))
    return *rc;
  std::string rules_path = vm["rules"].as<std::string>();
  rules::RuleTable edited = rules::load_rule_table(rules_path);
  // Opened, loaded and checked against its integrity seal (engine/run/run_seal.h).
  engine::VerifiedRun run = engine::open_verified_run(vm["run"].as<std::string>());
  for (const auto& n : run.notes) ctx.err << "solver replay: " << n << '\n';
  const engine::RunDir& dir = run.dir;
  const engine::LoadedLedger& loaded = run.ledger;
  rules::ChipTable chips = load_chips(ctx);
  const std::string run_chip_name = loaded.header.value("chip", std::string());
  std::string chip_name = vm.count("chip") ? vm["chip"].as<std::string>() : run_chip_name;
  const rules::ChipProfile& chip = resolve_chip(chips, chip_name);
  const rules::ChipProfile& run_chip =
      run_chip_name.empty() ? chip : resolve_chip(chips, run_chip_name);
  const bool what_if = chip.id != run_chip.id;
  // --simulate replays the run's own measurements, made on its chip: another chip's compiles
  // and times were never measured, so a what-if chip cannot be simulated. Refused, not ignored.
  if (what_if && vm.count("simulate"))
    throw rules::InputError(rules::Diagnostic{
        {"--chip", 0, 0},
        "--simulate replays the run's own " + run_chip.id + " measurements and cannot simulate " +
            chip.id + " (its compiles were never timed); drop --simulate to see which decisions " +
            chip.id + " changes, or run the loop on a " + chip.id + " GPU"});

  // The run's own table, as written: the baseline an edit is compared with. (A run directory
  // without one is compared with the decisions it recorded.)
  std::optional<rules::RuleTable> original;
  if (std::filesystem::exists(dir.rules())) {
    original = rules::load_rule_table(dir.rules());
    if (original->content_hash() != loaded.header.value("rules_hash", ""))
      throw rules::InputError(
          rules::Diagnostic{{dir.rules(), 0, 0},
                            "the run's rules.yaml does not match the ledger's rules_hash "
                            "(replaced or edited since the run): refusing to compare against it"});
  } else
    ctx.err << "solver replay: " << dir.rules()
            << " is missing: comparing with the recorded decisions\n";
  auto decisions = engine::replay_decisions(loaded.records, original ? &*original : nullptr, edited,
                                            chip, run_chip);
  bool as_json = vm.count("json") > 0;
  nlohmann::json changed = nlohmann::json::array();
  Table t({"problem", "track", "round", "incumbent", "was", "now", "the run decided"});
  int n_changed = 0, n_evolved = 0, n_by_chip = 0;
  auto label = [](const std::string& rule, const std::string& hyp) {
    return rule.empty() ? std::string("(nothing)") : rule + " -> " + hyp;
  };
  for (const auto& d : decisions) {
    if (d.evolved()) ++n_evolved;
    if (!d.changed()) continue;
    ++n_changed;
    n_by_chip += d.by_chip ? 1 : 0;
    t.add_row({d.problem, d.track, std::to_string(d.round), d.incumbent,
               label(d.old_rule, d.old_hypothesis),
               label(d.new_rule, d.new_hypothesis) + (d.by_chip ? " (chip)" : ""),
               d.evolved() ? label(d.recorded_rule, d.recorded_hypothesis) + " (evolved)"
                           : "same as was"});
    changed.push_back({{"problem", d.problem},
                       {"track", d.track},
                       {"round", d.round},
                       {"incumbent", d.incumbent},
                       {"old_rule", d.old_rule},
                       {"old_hypothesis", d.old_hypothesis},
                       {"new_rule", d.new_rule},
                       {"new_hypothesis", d.new_hypothesis},
                       {"recorded_rule", d.recorded_rule},
                       {"recorded_hypothesis", d.recorded_hypothesis},
                       {"evolved", d.evolved()},
                       {"by_chip", d.by_chip}});
  }
  nlohmann::json result{{"run", dir.path},         {"rules", rules_path},
                        {"chip", chip.id},         {"decisions", decisions.size()},
                        {"changed", changed},      {"evolved", n_evolved},
                        {"run_chip", run_chip.id}, {"changed_by_chip", n_by_chip}};
  if (!as_json) {
    ctx.out << n_changed << " of " << decisions.size() << " decisions change under " << rules_path
            << " against the run's own table";
    if (what_if)
      ctx.out << " on " << run_chip.id << " (the run's chip), decided as if on " << chip.id << ": "
              << n_by_chip << " of them because of the chip, marked (chip)";
    else
      ctx.out << " (chip " << chip.id << ")";
    if (n_evolved)
      ctx.out << "; in " << n_evolved << " round(s) the run's evolved table had decided otherwise "
              << "(proposed, retired or re-ranked rules: see --simulate)";
    ctx.out << '\n';
    if (n_changed) t.print(ctx.out);
  }
  if (vm.count("simulate")) {
    // Default: the problems the run itself read (its manifest), else the data dir's.
    const auto& manifest = run.manifest;
    std::string problems = vm.count("problems-dir")
                               ? vm["problems-dir"].as<std::string>()
                               : manifest.value("problems_root", problems_root(ctx.data_dir));
    auto sim = engine::simulate_run(dir.path, rules_path, chips_file(ctx.data_dir), problems,
                                    vm.count("out") ? vm["out"].as<std::string>() : "", ctx.err);
    nlohmann::json per = nlohmann::json::array();
    Table s({"problem", "track", "best before", "best after", "variant before", "variant after"});
    for (std::size_t i = 0; i < sim.after.problems.size(); ++i) {
      const auto& a = sim.after.problems[i];
      const engine::ProblemSummary* b = nullptr;
      for (const auto& p : sim.before.problems)
        if (p.problem == a.problem) b = &p;
      for (const char* track : {"off", "on"}) {
        const auto& ta = std::string(track) == "on" ? a.on : a.off;
        if (!ta.present) continue;
        const engine::TrackSummary* tb =
            b ? (std::string(track) == "on" ? &b->on : &b->off) : nullptr;
        s.add_row({a.problem, track, tb ? format_number(tb->best_us) + " us" : "-",
                   format_number(ta.best_us) + " us", tb ? tb->best_variant : "-",
                   ta.best_variant});
        per.push_back({{"problem", a.problem},
                       {"track", track},
                       {"best_us_before", tb ? tb->best_us : 0},
                       {"best_us_after", ta.best_us},
                       {"variant_before", tb ? tb->best_variant : ""},
                       {"variant_after", ta.best_variant}});
      }
    }
    result["simulation"] = {{"run", sim.out_dir}, {"outcomes", per}};
    if (!as_json) {
      ctx.out << "\nsimulated with the edited rules on " << dir.measurements() << " -> "
              << sim.out_dir << '\n';
      s.print(ctx.out);
    }
  }
  if (as_json) print_json(ctx.out, result);
  return kExitOk;
}

}  // namespace solver::cli
