#include "engine/run/ablation.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <thread>

#include "engine/backend/json_util.h"
#include "engine/backend/memo_backend.h"
#include "engine/backend/open_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/loop/data_paths.h"
#include "engine/loop/evolver.h"
#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"
#include "engine/loop/round_loop.h"
#include "engine/report/device_block.h"
#include "engine/report/report_html.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_options.h"
#include "engine/run/run_seal.h"
#include "engine/run/run_setup.h"
#include "generators/external_process.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "profiling/rule_metrics.h"
#include "rules/chips.h"
#include "rules/enum_names.h"
#include "rules/hash.h"
#include "rules/rule_table.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// One line per round on stderr: outcome, candidate, its paired speed (incumbent time over
// candidate time, > 1 faster), the rule that fired, and where the candidate came from when
// no fired rule proposed it (exploration).
void progress(std::ostream& err, const RoundRecord& r) {
  char ratio[48] = "";
  if (r.verdict) std::snprintf(ratio, sizeof ratio, " (%.3fx speed)", r.verdict->median_ratio);
  err << "[" << r.problem << " " << r.track << " r" << r.round << "] " << to_string(r.outcome)
      << (r.candidate.empty() ? "" : " " + r.candidate) << ratio
      << (r.match.fired.empty() ? "" : "  rule " + r.match.fired);
  if (r.explored)
    err << "  explored " << r.hypothesis
        << (r.credited_rule.empty() ? " (no fired rule names it)"
                                    : " (of outranked rule " + r.credited_rule + ")");
  for (const auto& e : r.evolution)
    if (e.kind == "retired" || e.kind == "proposed" || e.kind == "promoted")
      err << "  {" << e.kind << " " << e.rule << "}";
  if (r.outcome == Outcome::NotRecorded) err << "  (the recording has no measurement of it)";
  err << '\n';
}

// The generator of one problem: --generator, else the problem.yaml's `generator:` entry, in
// which `{problem_dir}` is the problem's folder and a relative program path is taken from it.
GeneratorOptions generator_for(const GeneratorOptions& cli, const generators::ProblemSpec& spec) {
  if (cli.enabled() || spec.generator.empty()) return cli;
  GeneratorOptions g = cli;
  g.command = spec.generator;
  g.first = spec.generator_first;
  if (auto argv = generators::split_command(spec.generator))  // checked by the loader
    g.argv = std::move(argv).value();
  for (auto& a : g.argv)
    for (std::size_t at; (at = a.find("{problem_dir}")) != std::string::npos;)
      a.replace(at, 13, spec.dir);
  if (!g.argv.empty() && g.argv[0].find('/') != std::string::npos &&
      fs::path(g.argv[0]).is_relative())
    g.argv[0] = (fs::path(spec.dir) / g.argv[0]).string();
  return g;
}

using TrackStates = std::map<std::pair<std::string, std::string>, TrackState>;

// The ON track's tables: one chain through every problem (carry), or one per problem
// (per-problem: each starts from the input table). The evolver holds a reference to its
// table, so each chain lives at a stable address.
class OnChains {
 public:
  OnChains(const rules::RuleTable& input, const rules::ChipProfile& chip, bool per_problem)
      : input_(input), chip_(chip), per_problem_(per_problem) {}
  rules::RuleTable& table(const std::string& problem) { return chain(problem).table; }
  Evolver& evolver(const std::string& problem) { return chain(problem).evolver; }
  bool per_problem() const { return per_problem_; }
  // The carried table (carry); per-problem there is none: the input table.
  const rules::RuleTable& carried() { return per_problem_ ? input_ : chain("").table; }

 private:
  struct Chain {
    Chain(const rules::RuleTable& t, const rules::ChipProfile& chip)
        : table(t), evolver(table, chip) {}
    rules::RuleTable table;
    Evolver evolver;
  };
  Chain& chain(const std::string& problem) {
    const std::string key = per_problem_ ? problem : "";
    auto it = chains_.find(key);
    if (it == chains_.end())
      it = chains_.emplace(key, std::make_unique<Chain>(input_, chip_)).first;
    return *it->second;
  }
  const rules::RuleTable& input_;
  const rules::ChipProfile& chip_;
  bool per_problem_;
  std::map<std::string, std::unique_ptr<Chain>> chains_;
};

// Per-problem tables: evolved/<problem>.yaml; the carried table: evolved-rules.yaml.
void write_evolved(const RunDir& dir, OnChains& chains, const std::string& problem) {
  if (!chains.per_problem()) {
    write_file_atomically(dir.evolved_rules(), rules::dump_rule_table(chains.table(problem)));
    return;
  }
  fs::create_directories(fs::path(dir.path) / "evolved");
  write_file_atomically((fs::path(dir.path) / "evolved" / (problem + ".yaml")).string(),
                        rules::dump_rule_table(chains.table(problem)));
}

// Resume: the ledger's rounds folded back into the track states and the ON table; each must
// continue its track and re-derive the evolution it recorded.
std::vector<RoundRecord> fold_resumed_rounds(const RunInputs& in, TrackStates& states,
                                             OnChains& chains) {
  std::vector<RoundRecord> all = in.loaded.records;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const RoundRecord& r = all[i];
    int line_no = static_cast<int>(i) + 2;
    if (!in.specs.count(r.problem) ||
        std::find(in.opt.tracks.begin(), in.opt.tracks.end(), r.track) == in.opt.tracks.end())
      throw rules::InputError(
          rules::Diagnostic{{in.dir.ledger(), line_no, 0},
                            "record for " + r.problem + "/" + r.track +
                                " is not part of this run's problems and tracks"});
    TrackState& st = states.at(std::make_pair(r.problem, r.track));
    if (r.round != st.round + 1)
      throw rules::InputError(rules::Diagnostic{{in.dir.ledger(), line_no, 0},
                                                "round " + std::to_string(r.round) +
                                                    " follows round " + std::to_string(st.round) +
                                                    " of " + r.problem + "/" + r.track});
    if (r.track == "on") {
      auto events = chains.evolver(r.problem).observe(r);
      if (events != r.evolution)
        throw rules::InputError(rules::Diagnostic{
            {in.dir.ledger(), line_no, 0},
            "re-deriving this round's evolution gives other events than recorded (was the "
            "ledger written by another version of solver?)"});
    }
    st.apply(r);
  }
  return all;
}

bool has_on_track(const AblationOptions& opt) {
  return std::find(opt.tracks.begin(), opt.tracks.end(), "on") != opt.tracks.end();
}

// The oracle, summary, report and the finished manifest.
AblationResult write_outputs(RunInputs& in, Backend& backend, TapBackend& tap, Recording& sink,
                             const std::vector<RoundRecord>& all, OnChains& chains,
                             const LedgerTip& tip, const std::string& line, std::ostream& err) {
  const AblationOptions& opt = in.opt;
  RunDir& dir = in.dir;
  // The pool's oracle and floors (oracle.h). The recorded backend knows every point: it is
  // asked directly, so measurements.json stays what the tracks used. Live, --oracle measures
  // the points the tracks never profiled, through the tap (they are this run's measurements).
  const bool recorded = backend.recording() != nullptr;
  const bool measure = recorded || opt.oracle;
  PoolOracle oracle;
  oracle.rates = floor_rates(backend, in.chip);
  oracle.source = recorded ? "the recording (" + in.info.recording + ")"
                           : (opt.oracle ? "measured at the end of the run (--oracle)" : "");
  if (opt.oracle && !recorded && !opt.quiet)
    err << "solver: --oracle: measuring the untried points of each pool\n";
  for (const auto& p : opt.problems)
    oracle.problems[p] = problem_oracle(recorded ? backend : static_cast<Backend&>(tap),
                                        in.specs.at(p), in.chip, oracle.rates, sink, measure);
  save_recording(sink, dir.measurements());
  write_file_atomically(
      dir.oracle(),
      oracle.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");

  AblationResult result;
  result.dir = dir;
  result.summary = build_summary(all, opt.rounds, in.input.evolution.min_gain, opt.problems,
                                 &oracle, opt.precision);
  result.summary.off_policy = opt.off_policy;
  result.summary.backend_line = in.manifest.value("backend_line", line);
  result.summary.device = device_block_of_manifest(in.manifest);
  // Finished before the report is rendered, so the first report.html has the row a later
  // `solver report` shows.
  in.manifest["finished"] = utc_now_iso();
  in.manifest["measurements_hash"] =
      rules::sha256_hex(read_text_file(dir.measurements(), "measurements"));
  // Every file a reader trusts is written: the seal records them and where the ledger ends.
  seal_run(dir, in.manifest, tip, in.key);
  write_file_atomically(
      dir.summary(),
      result.summary.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
          "\n");
  ReportInputs report_in{rules::dump_rule_table(in.input), "", in.input.evolution.retire_below,
                         in.input.evolution.promote_above};
  report_in.oracle = &oracle;
  // Per-problem tables have no one evolved table to show: evolved/<problem>.yaml each.
  if (has_on_track(opt) && !chains.per_problem())
    report_in.evolved_yaml = rules::dump_rule_table(chains.carried());
  write_file_atomically(dir.report(),
                        render_report_html(result.summary, all, in.manifest, report_in));
  write_manifest(dir, in.manifest);
  result.dir.lock.reset();  // the run is complete: the caller may resume or report it now
  dir.lock.reset();
  return result;
}

}  // namespace

AblationResult run_ablation(const AblationOptions& options, Backend& backend, std::ostream& err) {
  RunInputs in = load_and_validate(options, backend, err);
  mark_stale_recordings(in, backend, err);
  const AblationOptions& opt = in.opt;

  // Every track's seed point resolves (a seed without a valid point is refused here, before the
  // run directory exists, not after its header is written).
  TrackStates states;
  for (const auto& problem : opt.problems)
    for (const auto& track : opt.tracks)
      states.emplace(std::make_pair(problem, track),
                     initial_state(in.specs.at(problem), in.chip, track));

  std::string line = backend_line(in.info);
  if (!in.resuming) in.dir = create_run_dir(opt.out_dir, opt.command_line);
  RunDir& dir = in.dir;
  // Without --out the run lands under runs/ of the current directory: said where, up front.
  if (!in.resuming && opt.out_dir.empty() && !opt.quiet)
    err << "solver: run directory " << fs::absolute(dir.path).lexically_normal().string()
        << " (--out DIR to choose)\n";
  // A start that fails before its first record leaves nothing behind (the folder is removed
  // if this run created it); a resumed run keeps what it had.
  std::vector<RoundRecord> all;
  try {
    write_run_header(in, backend, line);

    // The measurements the run uses, in the recording format (resumed runs keep their earlier
    // ones).
    Recording sink;
    if (in.resuming && fs::exists(dir.measurements())) sink = load_recording(dir.measurements());
    sink.chip = in.info.chip_id;
    sink.device_name = in.info.device_name;
    // No folder name in it: a run's measurements are the same bytes wherever it ran.
    sink.note = "measurements of a solver run (" + line + ")";
    // Live: one gate and one profile per variant for both tracks (memo_backend.h).
    MemoBackend memo(backend, in.info.kind == "live");
    TapBackend tap(memo, sink);

    rules::RuleTable off_table = in.input;
    OnChains chains(in.input, in.chip, opt.on_tables == "per-problem");

    // External generators, one per track (its generated variants are the track's own), sharing
    // the run's attempt budget. On resume each rebuilds its folder from the stored sources.
    // Per-problem tables: the attempt budget is per problem too, so a problem's rounds do not
    // depend on which problems ran before it (in its shard or not).
    GeneratorBudget generator_budget;
    std::map<std::string, GeneratorBudget> problem_budgets;
    std::map<std::pair<std::string, std::string>, std::unique_ptr<TrackGenerator>> track_generators;
    for (const auto& problem : opt.problems) {
      GeneratorOptions g = generator_for(opt.generator, in.specs.at(problem));
      if (!g.enabled()) continue;
      for (const auto& track : opt.tracks) {
        auto tg = std::make_unique<TrackGenerator>(
            g, chains.per_problem() ? problem_budgets[problem] : generator_budget,
            in.specs.at(problem), (fs::absolute(dir.path) / "generated" / track / problem).string(),
            track);
        std::vector<RoundRecord> mine;
        for (const auto& r : in.loaded.records)
          if (r.problem == problem && r.track == track) mine.push_back(r);
        tg->restore(mine);
        track_generators.emplace(std::make_pair(problem, track), std::move(tg));
      }
    }
    all = fold_resumed_rounds(in, states, chains);
    if (in.resuming)
      err << "solver: resuming " << dir.path << " after " << all.size() << " recorded rounds\n";

    LedgerWriter ledger = in.resuming ? LedgerWriter::resume(dir.ledger(), in.loaded)
                                      : LedgerWriter::create(dir.ledger(), in.header);
    // The measurements a round used reach the disk before its record does: a kill between the
    // two leaves measurements the redone round finds again, never a record whose numbers are
    // lost.
    ledger.before_append([&] { save_recording(sink, dir.measurements()); });
    for (const auto& problem : opt.problems) {
      for (const auto& track : opt.tracks) {
        TrackState& st = states.at(std::make_pair(problem, track));
        if (st.ended || st.round >= opt.rounds) continue;
        bool on = track == "on";
        rules::RuleTable& table = on ? chains.table(problem) : off_table;
        LoopConfig cfg{opt.rounds,    opt.pairs,    opt.seed,      on,
                       in.off_policy, in.precision, opt.sequential};
        cfg.adaptive_pairs = opt.adaptive;
        cfg.screen = opt.screen;
        cfg.eager_adversarial = opt.eager_adversarial;
        RoundLoop loop(tap, in.specs.at(problem), in.chip, table, cfg);
        if (auto g = track_generators.find({problem, track}); g != track_generators.end())
          loop.set_generator(g->second.get());
        run_track(loop, st, on ? &chains.evolver(problem) : nullptr, table, ledger, cfg,
                  [&](const RoundRecord& r) {
                    all.push_back(r);
                    if (!opt.quiet) progress(err, r);
                    if (opt.round_delay_ms > 0)
                      std::this_thread::sleep_for(std::chrono::milliseconds(opt.round_delay_ms));
                  });
        save_recording(sink, dir.measurements());
        if (on) write_evolved(dir, chains, problem);
      }
    }
    if (has_on_track(opt))
      for (const auto& problem : opt.problems) write_evolved(dir, chains, problem);
    return write_outputs(in, backend, tap, sink, all, chains, ledger_tip(all, in.header), line,
                         err);
  } catch (...) {
    if (!in.resuming && all.empty()) discard_run_dir(dir);
    throw;
  }
}

}  // namespace solver::engine
