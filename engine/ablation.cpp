#include "engine/ablation.h"

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
#include "engine/data_paths.h"
#include "engine/device_block.h"
#include "engine/evolver.h"
#include "engine/ledger.h"
#include "engine/oracle.h"
#include "engine/report_html.h"
#include "engine/round_loop.h"
#include "engine/run_inputs.h"
#include "engine/run_options.h"
#include "engine/run_seal.h"
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

json string_list(const std::vector<std::string>& v) { return json(v); }

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

// The ledger header's record of the --generator options (absent without one).
json generator_json(const GeneratorOptions& g) {
  return json{{"command", g.command},
              {"first", g.first},
              {"timeout_ms", g.timeout_ms},
              {"max_output_bytes", g.max_output_bytes},
              {"max_source_bytes", g.max_source_bytes},
              {"attempts_per_round", g.attempts_per_round},
              {"attempts_per_run", g.attempts_per_run},
              {"stored_from", g.stored_from}};
}

// A resumed run continues with the generator it started with (one given that differs was
// refused by check_resume_flags).
GeneratorOptions resumed_generator(const json& header, const std::string& ledger) {
  GeneratorOptions g;
  if (header.contains("generator")) {
    const json& h = header["generator"];
    g.command = h.value("command", "");
    g.first = h.value("first", false);
    g.timeout_ms = h.value("timeout_ms", g.timeout_ms);
    g.max_output_bytes = h.value("max_output_bytes", g.max_output_bytes);
    g.max_source_bytes = h.value("max_source_bytes", g.max_source_bytes);
    g.attempts_per_round = h.value("attempts_per_round", g.attempts_per_round);
    g.attempts_per_run = h.value("attempts_per_run", g.attempts_per_run);
    g.stored_from = h.value("stored_from", "");
    if (g.stored_from.empty() && !g.command.empty()) {
      auto argv = generators::split_command(g.command);
      if (!argv)
        throw rules::InputError(
            rules::Diagnostic{{ledger, 1, 0}, "generator command: " + argv.error().why});
      g.argv = std::move(argv).value();
    }
  }
  return g;
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

// Everything a run reads, loaded and validated before anything is written.
struct RunInputs {
  AblationOptions opt;  // the user's, or on resume the run's own (apply_run_settings)
  bool resuming = false;
  BackendInfo info;
  RunDir dir;             // resume: opened and locked; a new run: created after validation
  json manifest, header;  // resume: the run's; a new run: written by start_run_dir
  LoadedLedger loaded;    // resume: the rounds so far
  rules::RuleTable input;
  std::string rules_text;  // a new run: the table's text, copied into the run directory
  rules::ChipProfile chip;
  std::map<std::string, generators::ProblemSpec> specs;
  json spec_hashes = json::object(), folder_hashes = json::object();
  OffPolicy off_policy = OffPolicy::BestStatic;
  PrecisionPolicy precision = PrecisionPolicy::Any;
  std::optional<RunKey> key;  // signs the finished manifest (engine/run_seal.h)
};

// Resume: the run directory is locked before anything is read (a second writer is refused,
// not interleaved), and the run continues on its own settings, backend, recording and rules.
void load_resumed_run(RunInputs& in, const AblationOptions& options, Backend& backend,
                      std::ostream& err) {
  in.dir = open_run_dir_for_writing(in.opt.resume_dir, in.opt.command_line);
  in.manifest = load_manifest(in.dir);
  in.loaded = load_ledger(in.dir.ledger());
  for (const auto& n : in.loaded.notes) err << "solver: resume: " << n << '\n';
  // A finished run is resumed only as it finished: its seal is checked before anything of it
  // is read, so an edited or deleted file is refused, never re-hashed into a new seal.
  for (const auto& n : verify_run_seal(in.dir, in.manifest, in.loaded, in.key))
    err << "solver: resume: " << n << '\n';
  if (!in.key && in.manifest.contains("signed"))
    throw rules::InputError(rules::Diagnostic{
        {in.dir.manifest(), 0, 0},
        "the run is signed (" + in.manifest["signed"].dump() +
            "): give its key (SOLVER_RUN_KEY_FILE) to resume it, or it would finish unsigned"});
  if (!in.loaded.records.empty() && !fs::exists(in.dir.measurements()))
    throw rules::InputError(rules::Diagnostic{
        {in.dir.measurements(), 0, 0},
        "is missing, and the ledger holds " + std::to_string(in.loaded.records.size()) +
            " rounds measured with it (a run writes it before each record): deleted?"});
  in.header = in.loaded.header;
  RunSettings run = run_settings(in.header, in.dir.ledger());
  // Every option given that defines the run must be the run's own (engine/run_options.h).
  check_resume_flags(options, run, in.manifest, in.dir.ledger());
  apply_run_settings(in.opt, run);
  in.opt.oracle = in.manifest.contains("oracle") && in.manifest["oracle"] == true;
  in.opt.generator = resumed_generator(in.header, in.dir.ledger());
  if (in.header.value("backend", "") != in.info.kind)
    throw rules::InputError(rules::Diagnostic{
        {in.dir.ledger(), 1, 0},
        "this run was measured on the " + in.header.value("backend", "?") +
            " backend; resuming it on the " + in.info.kind + " backend would mix measurements"});
  check_recording(in.header, backend, in.dir.ledger());
  in.input = rules::load_rule_table(in.dir.rules());
  if (in.input.content_hash() != in.header.value("rules_hash", ""))
    throw rules::InputError(rules::Diagnostic{
        {in.dir.rules(), 0, 0}, "the run's rules.yaml no longer matches the ledger's rules_hash"});
}

RunInputs load_and_validate(const AblationOptions& options, Backend& backend, std::ostream& err) {
  RunInputs in;
  in.opt = options;
  in.resuming = !options.resume_dir.empty();
  in.info = backend.info();
  in.key = run_key_from_env();
  if (in.resuming) {
    load_resumed_run(in, options, backend, err);
  } else {
    in.rules_text = read_text_file(in.opt.rules_path, "rule table");
    in.input = rules::parse_rule_table(in.rules_text, in.opt.rules_path);
    check_problem_names(in.opt.problems);
    check_shardable(in.opt.problems, in.opt.tracks, in.opt.on_tables, in.opt.shard);
  }
  // Shard K of N: the run is the shard's part of the problems (its header says of which).
  // `problems` is the whole run's here, resumed or not (apply_run_settings).
  if (in.opt.shard.sharded()) {
    in.opt.shard_of = in.opt.problems;
    in.opt.problems = shard_problems(in.opt.shard_of, in.opt.shard);
  }
  const AblationOptions& opt = in.opt;
  rules::ChipTable chips = rules::load_chip_table(opt.chips_path);
  std::string chip_id = opt.chip.empty() ? in.info.chip_id : opt.chip;
  const rules::ChipProfile* chip_ptr = chips.find(chip_id);
  if (!chip_ptr)
    throw rules::InputError(
        rules::Diagnostic{{opt.chips_path, 0, 0}, "chip '" + chip_id + "' is not in chips.yaml"});
  in.chip = *chip_ptr;
  check_problem_names(opt.problems);
  for (const auto& p : opt.problems) {
    in.specs.emplace(p, generators::load_problem((fs::path(opt.problems_root) / p).string()));
    in.spec_hashes[p] = problem_spec_hash(in.specs.at(p).file);
    in.folder_hashes[p] = problem_folder_hash(in.specs.at(p).dir);
  }
  // A resumed run continues on the inputs it started with, or not at all.
  if (in.resuming)
    check_problem_hashes(in.header, in.specs, in.spec_hashes, in.folder_hashes, in.dir.ledger());
  const rules::SourceLocation at_policy = in.resuming ? rules::SourceLocation{in.dir.ledger(), 1, 0}
                                                      : rules::SourceLocation{"--off-policy", 0, 0};
  const rules::SourceLocation at_precision = in.resuming
                                                 ? rules::SourceLocation{in.dir.ledger(), 1, 0}
                                                 : rules::SourceLocation{"--precision", 0, 0};
  in.off_policy = rules::parse_enum_or_throw<OffPolicy>(opt.off_policy, at_policy, "OFF policy");
  in.precision =
      rules::parse_enum_or_throw<PrecisionPolicy>(opt.precision, at_precision, "precision policy");
  if (opt.rounds < 1 || opt.rounds > kMaxRounds || opt.pairs < kMinPairs || opt.pairs > kMaxPairs)
    throw rules::InputError(rules::Diagnostic{
        {"options", 0, 0},
        "--rounds must be in [1, " + std::to_string(kMaxRounds) + "] and --pairs in [" +
            std::to_string(kMinPairs) + ", " + std::to_string(kMaxPairs) + "]"});
  for (const auto& t : opt.tracks)
    if (t != "on" && t != "off")
      throw rules::InputError(rules::Diagnostic{{"options", 0, 0}, "unknown track '" + t + "'"});
  return in;
}

// A recording that lacks a problem, or measured another version of its problem.yaml, is said
// up front: its rounds would end as "not recorded". A variant whose kernel source (or compile
// options) changed since it was measured is not its recording any more: it is served as not
// recorded, never with the old kernel's numbers.
void mark_stale_recordings(const RunInputs& in, Backend& backend, std::ostream& err) {
  const Recording* rec = backend.recording();
  if (!rec) return;
  // --chip another than the recording's: kernels compile for another architecture, which the
  // recording never measured. Said as what it is, not as changed variants.
  const bool other_chip = !rec->chip.empty() && !in.chip.id.empty() && rec->chip != in.chip.id;
  for (const auto& p : in.opt.problems) {
    auto it = rec->problems.find(p);
    if (it == rec->problems.end()) {
      err << "solver: not recorded: " << in.info.recording << " holds no measurements of '" << p
          << "' (the recorded backend cannot time new code): its rounds will end as "
             "not-recorded; run it on a GPU, or `solver record` it there\n";
      continue;
    }
    if (!it->second.spec_hash.empty() && it->second.spec_hash != in.spec_hashes[p])
      err << "solver: warning: " << in.info.recording << " measured another version of " << p
          << "/problem.yaml (shapes, launches, knobs or tolerances differ)\n";
    std::vector<std::string> stale;
    const generators::ProblemSpec& spec = in.specs.at(p);
    for (const auto& variant : spec.variants)
      generators::for_each_knob_point(spec, variant, [&](const generators::KnobValues& knobs) {
        std::string key = generators::variant_key(variant.id, knobs);
        auto rv = it->second.variants.find(key);
        if (rv == it->second.variants.end() || !rv->second.gate ||
            rv->second.gate->source_hash.empty())
          return true;
        std::string now = generators::resolve(spec, variant, knobs, in.chip).source_hash;
        if (!now.empty() && now != rv->second.gate->source_hash) {
          backend.set_stale(p, key,
                            other_chip ? "compiled for " + in.chip.id + " (--chip), while " +
                                             in.info.recording + " measured the " + rec->chip +
                                             " compile; the recorded backend cannot time another "
                                             "chip's compile"
                                       : "its kernel source or compile options changed since " +
                                             in.info.recording + " measured it");
          stale.push_back(key);
        }
        return true;
      });
    if (stale.empty()) continue;
    if (other_chip)
      err << "solver: not recorded: " << p << ": the chip changed (--chip " << in.chip.id
          << ", recorded on " << rec->chip << "): " << stale.size()
          << " variant(s) compile differently for " << in.chip.id
          << " and the recorded backend cannot time another chip's compile; their rounds will "
             "end as not-recorded:";
    else
      err << "solver: warning: " << p << ": " << stale.size()
          << " recorded variant(s) changed since they were measured, replayed as not recorded:";
    for (const auto& k : stale) err << ' ' << k;
    err << '\n';
  }
}

// A new run: its rules.yaml, the ledger header and the manifest. A resumed one: a line in the
// manifest's resumed[].
void write_run_header(RunInputs& in, const Backend& backend, const std::string& line) {
  const AblationOptions& opt = in.opt;
  if (!in.resuming) {
    write_file_atomically(in.dir.rules(), in.rules_text);
    in.header = json{{"seed", opt.seed},
                     {"rounds", opt.rounds},
                     {"pairs", opt.pairs},
                     {"problems", string_list(opt.problems)},
                     {"tracks", string_list(opt.tracks)},
                     {"chip", in.chip.id},
                     {"backend", in.info.kind},
                     {"rules_hash", in.input.content_hash()},
                     {"problem_spec_hashes", in.spec_hashes},
                     {"off_policy", opt.off_policy},
                     {"precision", opt.precision},
                     {"pair_rule", opt.sequential ? "sequential" : "fixed"},
                     {"problem_folder_hashes", in.folder_hashes},
                     // The finished manifest seals this run (run_seal.h): a finished manifest
                     // without the seal is then refused, not read as an older run's.
                     {"sealed", true}};
    if (opt.generator.enabled()) in.header["generator"] = generator_json(opt.generator);
    // Written only when not the default, so ledgers of carry-over runs keep their bytes.
    if (opt.on_tables != "carry") in.header["on_tables"] = opt.on_tables;
    if (opt.shard.sharded())
      in.header["shard"] = json{{"index", opt.shard.index},
                                {"count", opt.shard.count},
                                {"problems", string_list(opt.shard_of)}};
    if (const Recording* rec = backend.recording()) in.header["recording_hash"] = rec->content_hash;
    in.manifest = json{{"format", "solver-run"},
                       {"version", 1},
                       {"command", opt.command_line},
                       {"solver_version", opt.version},
                       {"backend_line", line},
                       {"backend",
                        {{"kind", in.info.kind},
                         {"note", in.info.note},
                         {"device_name", in.info.device_name},
                         {"chip", in.info.chip_id},
                         {"recording", in.info.recording}}},
                       {"chip", in.chip.id},
                       {"seed", opt.seed},
                       {"rounds", opt.rounds},
                       {"pairs", opt.pairs},
                       {"pair_rule", opt.sequential ? "sequential" : "fixed"},
                       {"off_policy", opt.off_policy},
                       {"precision", opt.precision},
                       {"oracle", opt.oracle},
                       {"problems", string_list(opt.problems)},
                       {"tracks", string_list(opt.tracks)},
                       {"rules_file", opt.rules_path},
                       {"rules_hash", in.input.content_hash()},
                       {"problem_spec_hashes", in.spec_hashes},
                       {"recording", in.info.recording},
                       {"problems_root", fs::absolute(opt.problems_root).string()},
                       {"problem_folder_hashes", in.folder_hashes},
                       {"started", utc_now_iso()},
                       {"on_tables", opt.on_tables}};
    in.manifest["device"] = device_block(backend);
    if (!opt.build.empty()) in.manifest["build"] = opt.build;
    if (opt.shard.sharded())
      in.manifest["shard"] = json{{"index", opt.shard.index},
                                  {"count", opt.shard.count},
                                  {"problems", string_list(opt.shard_of)}};
  } else {
    // Open again until it finishes: the old seal no longer describes the files.
    unseal_run(in.manifest);
    in.manifest["resumed"].push_back(json{{"at", utc_now_iso()}, {"command", opt.command_line}});
    // What the continuation follows, said in the manifest of an older run too.
    if (!in.manifest.contains("off_policy")) in.manifest["off_policy"] = opt.off_policy;
    if (!in.manifest.contains("precision")) in.manifest["precision"] = opt.precision;
  }
  write_manifest(in.dir, in.manifest);
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
  write_file_atomically(dir.oracle(), oracle.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");

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
  write_file_atomically(dir.summary(), result.summary.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
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
