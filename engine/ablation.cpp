#include "engine/ablation.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>

#include "engine/data_paths.h"
#include "profiling/rule_metrics.h"
#include "engine/evolver.h"
#include "engine/backend/json_util.h"
#include "engine/backend/memo_backend.h"
#include "engine/ledger.h"
#include "engine/backend/open_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/oracle.h"
#include "engine/report_html.h"
#include "engine/run_inputs.h"
#include "engine/round_loop.h"
#include "generators/external_process.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/hash.h"
#include "rules/rule_table.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json string_list(const std::vector<std::string>& v) { return json(v); }

std::vector<std::string> header_list(const json& h, const char* key, const std::string& file) {
  if (!h.contains(key) || !h[key].is_array())
    throw rules::InputError(rules::Diagnostic{{file, 1, 0}, std::string("header lacks ") + key});
  return h[key].get<std::vector<std::string>>();
}

void progress(std::ostream& err, const RoundRecord& r) {
  char ratio[32] = "";
  if (r.verdict) std::snprintf(ratio, sizeof ratio, " (x%.3f)", r.verdict->median_ratio);
  err << "[" << r.problem << " " << r.track << " r" << r.round << "] " << to_string(r.outcome)
      << (r.candidate.empty() ? "" : " " + r.candidate) << ratio
      << (r.match.fired.empty() ? "" : "  rule " + r.match.fired);
  for (const auto& e : r.evolution)
    if (e.kind == "retired" || e.kind == "proposed" || e.kind == "promoted")
      err << "  {" << e.kind << " " << e.rule << "}";
  err << '\n';
}

}  // namespace

namespace {

// The ledger header's record of the --generator options (absent without one).
json generator_json(const GeneratorOptions& g) {
  return json{{"command", g.command}, {"first", g.first}, {"timeout_ms", g.timeout_ms},
              {"max_output_bytes", g.max_output_bytes}, {"max_source_bytes", g.max_source_bytes},
              {"attempts_per_round", g.attempts_per_round}, {"attempts_per_run", g.attempts_per_run},
              {"stored_from", g.stored_from}};
}

// A resumed run continues with the generator it started with; one given that differs is
// refused (its rounds would mix two generators under one header).
GeneratorOptions resumed_generator(const json& header, const GeneratorOptions& given,
                                   const std::set<std::string>& given_keys, const std::string& ledger) {
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
    std::string why;
    if (g.stored_from.empty() && !g.command.empty() && !generators::split_command(g.command, &g.argv, &why))
      throw rules::InputError(rules::Diagnostic{{ledger, 1, 0}, "generator command: " + why});
  }
  if (given_keys.count("generator") && (given.command != g.command || given.first != g.first))
    throw rules::InputError(rules::Diagnostic{
        {ledger, 1, 0}, "--generator conflicts with the run being resumed (it ran with '" +
                            (g.command.empty() ? std::string("no generator") : g.command) +
                            "'): leave it out"});
  return g;
}

// The generator of one problem: --generator, else the problem.yaml's `generator:` entry, in
// which `{problem_dir}` is the problem's folder and a relative program path is taken from it.
GeneratorOptions generator_for(const GeneratorOptions& cli, const generators::ProblemSpec& spec) {
  if (cli.enabled() || spec.generator.empty()) return cli;
  GeneratorOptions g = cli;
  g.command = spec.generator;
  g.first = spec.generator_first;
  std::string why;
  generators::split_command(spec.generator, &g.argv, &why);  // checked by the loader
  for (auto& a : g.argv)
    for (std::size_t at; (at = a.find("{problem_dir}")) != std::string::npos;)
      a.replace(at, 13, spec.dir);
  if (!g.argv.empty() && g.argv[0].find('/') != std::string::npos && fs::path(g.argv[0]).is_relative())
    g.argv[0] = (fs::path(spec.dir) / g.argv[0]).string();
  return g;
}

}  // namespace

AblationResult run_ablation(const AblationOptions& options, Backend& backend, std::ostream& err) {
  AblationOptions opt = options;
  const bool resuming = !opt.resume_dir.empty();
  BackendInfo info = backend.info();
  RunDir dir;
  json manifest, header;
  LoadedLedger loaded;
  rules::RuleTable input;
  std::string rules_text;

  // Everything a run reads is loaded and validated before anything is written.
  if (resuming) {
    // Locked before anything is read: a second writer is refused, not interleaved.
    dir = open_run_dir_for_writing(opt.resume_dir, opt.command_line);
    manifest = load_manifest(dir);
    loaded = load_ledger(dir.ledger());
    for (const auto& n : loaded.notes) err << "solver: resume: " << n << '\n';
    header = loaded.header;
    RunSettings run = run_settings(header, dir.ledger());
    check_resume_flags(options, run, dir.ledger());
    opt.problems = run.problems;
    opt.tracks = run.tracks;
    opt.rounds = run.rounds;
    opt.pairs = run.pairs;
    opt.seed = run.seed;
    opt.chip = run.chip;
    // A run made before these options existed followed the seed's semantics: first-rule, and
    // no precision restriction.
    opt.off_policy = header.value("off_policy", "first-rule");
    opt.precision = header.value("precision", "any");
    opt.sequential = header.value("pair_rule", "fixed") == "sequential";  // older runs: fixed
    opt.generator = resumed_generator(header, options.generator, options.given, dir.ledger());
    if (header.value("backend", "") != info.kind)
      throw rules::InputError(rules::Diagnostic{
          {dir.ledger(), 1, 0}, "this run was measured on the " + header.value("backend", "?") +
                                    " backend; resuming it on the " + info.kind +
                                    " backend would mix measurements"});
    check_recording(header, backend, dir.ledger());
    input = rules::load_rule_table(dir.rules());
    if (input.content_hash() != header.value("rules_hash", ""))
      throw rules::InputError(rules::Diagnostic{
          {dir.rules(), 0, 0}, "the run's rules.yaml no longer matches the ledger's rules_hash"});
    if (options.given.count("rules") &&
        rules::load_rule_table(options.rules_path).content_hash() != input.content_hash())
      throw rules::InputError(rules::Diagnostic{
          {options.rules_path, 0, 0}, "--rules conflicts with the run being resumed: its table "
                                      "differs from the run's rules.yaml (leave --rules out)"});
  } else {
    rules_text = read_text_file(opt.rules_path, "rule table");
    input = rules::parse_rule_table(rules_text, opt.rules_path);
  }
  rules::ChipTable chips = rules::load_chip_table(opt.chips_path);
  std::string chip_id = opt.chip.empty() ? info.chip_id : opt.chip;
  const rules::ChipProfile* chip_ptr = chips.find(chip_id);
  if (!chip_ptr)
    throw rules::InputError(rules::Diagnostic{
        {opt.chips_path, 0, 0}, "chip '" + chip_id + "' is not in chips.yaml"});
  const rules::ChipProfile chip = *chip_ptr;
  std::map<std::string, generators::ProblemSpec> specs;
  json spec_hashes = json::object(), folder_hashes = json::object();
  check_problem_names(opt.problems);
  for (const auto& p : opt.problems) {
    specs.emplace(p, generators::load_problem((fs::path(opt.problems_root) / p).string()));
    spec_hashes[p] = problem_spec_hash(specs.at(p).file);
    folder_hashes[p] = problem_folder_hash(specs.at(p).dir);
  }
  // A resumed run continues on the inputs it started with, or not at all.
  if (resuming) check_problem_hashes(header, specs, spec_hashes, folder_hashes, dir.ledger());
  // A recording that lacks a problem, or measured another version of its problem.yaml, is
  // said up front: its rounds would end as "not recorded". A variant whose kernel source (or
  // compile options) changed since it was measured is not its recording any more: it is
  // served as not recorded, never with the old kernel's numbers.
  if (const Recording* rec = backend.recording()) {
    for (const auto& p : opt.problems) {
      auto it = rec->problems.find(p);
      if (it == rec->problems.end()) {
        err << "solver: warning: " << info.recording << " holds no measurements of '" << p
            << "': its rounds will end as not recorded\n";
        continue;
      }
      if (!it->second.spec_hash.empty() && it->second.spec_hash != spec_hashes[p])
        err << "solver: warning: " << info.recording << " measured another version of " << p
            << "/problem.yaml (shapes, launches, knobs or tolerances differ)\n";
      std::vector<std::string> stale;
      const generators::ProblemSpec& spec = specs.at(p);
      for (const auto& variant : spec.variants)
        generators::for_each_knob_point(spec, variant, [&](const generators::KnobValues& knobs) {
          std::string key = generators::variant_key(variant.id, knobs);
          auto rv = it->second.variants.find(key);
          if (rv == it->second.variants.end() || !rv->second.gate ||
              rv->second.gate->source_hash.empty())
            return true;
          std::string now = generators::resolve(spec, variant, knobs, chip).source_hash;
          if (!now.empty() && now != rv->second.gate->source_hash) {
            backend.set_stale(p, key, "its kernel source or compile options changed since " +
                                       info.recording + " measured it");
            stale.push_back(key);
          }
          return true;
        });
      if (!stale.empty()) {
        err << "solver: warning: " << p << ": " << stale.size()
            << " recorded variant(s) changed since they were measured, replayed as not recorded:";
        for (const auto& k : stale) err << ' ' << k;
        err << '\n';
      }
    }
  }
  const auto off_policy = off_policy_from_string(opt.off_policy);
  if (!off_policy)
    throw rules::InputError(rules::Diagnostic{
        {resuming ? dir.ledger() : "--off-policy", resuming ? 1 : 0, 0},
        "unknown OFF policy '" + opt.off_policy + "' (best-static or first-rule)"});
  const auto precision = precision_policy_from_string(opt.precision);
  if (!precision)
    throw rules::InputError(rules::Diagnostic{
        {resuming ? dir.ledger() : "--precision", resuming ? 1 : 0, 0},
        "unknown precision policy '" + opt.precision + "' (same or any)"});
  if (opt.rounds < 1 || opt.rounds > kMaxRounds || opt.pairs < kMinPairs || opt.pairs > kMaxPairs)
    throw rules::InputError(rules::Diagnostic{
        {"options", 0, 0}, "--rounds must be in [1, " + std::to_string(kMaxRounds) +
                               "] and --pairs in [" + std::to_string(kMinPairs) + ", " +
                               std::to_string(kMaxPairs) + "]"});
  for (const auto& t : opt.tracks)
    if (t != "on" && t != "off")
      throw rules::InputError(rules::Diagnostic{{"options", 0, 0}, "unknown track '" + t + "'"});

  // Every track's seed point resolves (a seed without a valid point is refused here, before the
  // run directory exists, not after its header is written).
  std::map<std::pair<std::string, std::string>, TrackState> states;
  for (const auto& problem : opt.problems)
    for (const auto& track : opt.tracks)
      states.emplace(std::make_pair(problem, track), initial_state(specs.at(problem), chip, track));

  std::string line = backend_line(info);
  if (!resuming) {
    dir = create_run_dir(opt.out_dir, opt.command_line);
  }
  // A start that fails before its first record leaves nothing behind (the folder is removed
  // if this run created it); a resumed run keeps what it had.
  std::vector<RoundRecord> all;
  try {
  if (!resuming) {
    write_file_atomically(dir.rules(), rules_text);
    header = json{{"seed", opt.seed}, {"rounds", opt.rounds}, {"pairs", opt.pairs},
                  {"problems", string_list(opt.problems)}, {"tracks", string_list(opt.tracks)},
                  {"chip", chip.id}, {"backend", info.kind}, {"rules_hash", input.content_hash()},
                  {"problem_spec_hashes", spec_hashes}, {"off_policy", opt.off_policy},
                  {"precision", opt.precision},
                  {"pair_rule", opt.sequential ? "sequential" : "fixed"},
                  {"problem_folder_hashes", folder_hashes}};
    if (opt.generator.enabled()) header["generator"] = generator_json(opt.generator);
    if (const Recording* rec = backend.recording())
      header["recording_hash"] = rec->content_hash;
    manifest = json{{"format", "solver-run"}, {"version", 1}, {"command", opt.command_line},
                    {"solver_version", opt.version}, {"backend_line", line},
                    {"backend", {{"kind", info.kind}, {"note", info.note},
                                 {"device_name", info.device_name}, {"chip", info.chip_id},
                                 {"recording", info.recording}}},
                    {"chip", chip.id}, {"seed", opt.seed}, {"rounds", opt.rounds},
                    {"pairs", opt.pairs},
                    {"pair_rule", opt.sequential ? "sequential" : "fixed"},
                    {"off_policy", opt.off_policy},
                    {"precision", opt.precision}, {"oracle", opt.oracle},
                    {"problems", string_list(opt.problems)},
                    {"tracks", string_list(opt.tracks)}, {"rules_file", opt.rules_path},
                    {"rules_hash", input.content_hash()}, {"problem_spec_hashes", spec_hashes},
                    {"recording", info.recording},
                    {"problems_root", fs::absolute(opt.problems_root).string()},
                    {"problem_folder_hashes", folder_hashes},
                    {"started", utc_now_iso()}};
  } else {
    manifest["resumed"].push_back(json{{"at", utc_now_iso()}, {"command", opt.command_line}});
    // What the continuation follows, said in the manifest of an older run too.
    if (!manifest.contains("off_policy")) manifest["off_policy"] = opt.off_policy;
    if (!manifest.contains("precision")) manifest["precision"] = opt.precision;
  }
  write_manifest(dir, manifest);

  // The measurements the run uses, in the recording format (resumed runs keep their earlier
  // ones).
  Recording sink;
  if (resuming && fs::exists(dir.measurements())) sink = load_recording(dir.measurements());
  sink.chip = info.chip_id;
  sink.device_name = info.device_name;
  // No folder name in it: a run's measurements are the same bytes wherever it ran.
  sink.note = "measurements of a solver run (" + line + ")";
  // Live: one gate and one profile per variant for both tracks (memo_backend.h).
  MemoBackend memo(backend, info.kind == "live");
  TapBackend tap(memo, sink);

  rules::RuleTable off_table = input, on_table = input;
  Evolver on_evolver(on_table, chip);
  auto state_of = [&](const std::string& problem, const std::string& track) -> TrackState& {
    return states.at(std::make_pair(problem, track));
  };

  // External generators, one per track (its generated variants are the track's own), sharing
  // the run's attempt budget. On resume each rebuilds its folder from the stored sources.
  GeneratorBudget generator_budget;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<TrackGenerator>> track_generators;
  for (const auto& problem : opt.problems) {
    GeneratorOptions g = generator_for(opt.generator, specs.at(problem));
    if (!g.enabled()) continue;
    for (const auto& track : opt.tracks) {
      auto tg = std::make_unique<TrackGenerator>(
          g, generator_budget, specs.at(problem),
          (fs::absolute(dir.path) / "generated" / track / problem).string(), track);
      std::vector<RoundRecord> mine;
      for (const auto& r : loaded.records)
        if (r.problem == problem && r.track == track) mine.push_back(r);
      tg->restore(mine);
      track_generators.emplace(std::make_pair(problem, track), std::move(tg));
    }
  }

  // Resume: fold the ledger back into the states and the ON table.
  all = loaded.records;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const RoundRecord& r = all[i];
    int line_no = static_cast<int>(i) + 2;
    if (!specs.count(r.problem) ||
        std::find(opt.tracks.begin(), opt.tracks.end(), r.track) == opt.tracks.end())
      throw rules::InputError(rules::Diagnostic{
          {dir.ledger(), line_no, 0}, "record for " + r.problem + "/" + r.track +
                                          " is not part of this run's problems and tracks"});
    TrackState& st = state_of(r.problem, r.track);
    if (r.round != st.round + 1)
      throw rules::InputError(rules::Diagnostic{
          {dir.ledger(), line_no, 0}, "round " + std::to_string(r.round) + " follows round " +
                                          std::to_string(st.round) + " of " + r.problem + "/" + r.track});
    if (r.track == "on") {
      auto events = on_evolver.observe(r);
      if (events != r.evolution)
        throw rules::InputError(rules::Diagnostic{
            {dir.ledger(), line_no, 0},
            "re-deriving this round's evolution gives other events than recorded (was the "
            "ledger written by another version of solver?)"});
    }
    st.apply(r);
  }
  if (resuming)
    err << "solver: resuming " << dir.path << " after " << all.size() << " recorded rounds\n";

  LedgerWriter ledger = resuming ? LedgerWriter::resume(dir.ledger(), loaded)
                                 : LedgerWriter::create(dir.ledger(), header);
  // The measurements a round used reach the disk before its record does: a kill between the two
  // leaves measurements the redone round finds again, never a record whose numbers are lost.
  ledger.before_append([&] { save_recording(sink, dir.measurements()); });
  for (const auto& problem : opt.problems) {
    for (const auto& track : opt.tracks) {
      TrackState& st = state_of(problem, track);
      if (st.ended || st.round >= opt.rounds) continue;
      bool on = track == "on";
      rules::RuleTable& table = on ? on_table : off_table;
      LoopConfig cfg{opt.rounds, opt.pairs, opt.seed, on, *off_policy, *precision, opt.sequential};
      RoundLoop loop(tap, specs.at(problem), chip, table, cfg);
      if (auto g = track_generators.find({problem, track}); g != track_generators.end())
        loop.set_generator(g->second.get());
      run_track(loop, st, on ? &on_evolver : nullptr, table, ledger, cfg,
                [&](const RoundRecord& r) {
                  all.push_back(r);
                  if (!opt.quiet) progress(err, r);
                  if (opt.round_delay_ms > 0)
                    std::this_thread::sleep_for(std::chrono::milliseconds(opt.round_delay_ms));
                });
      save_recording(sink, dir.measurements());
      if (on) write_file_atomically(dir.evolved_rules(), rules::dump_rule_table(on_table));
    }
  }
  if (std::find(opt.tracks.begin(), opt.tracks.end(), "on") != opt.tracks.end())
    write_file_atomically(dir.evolved_rules(), rules::dump_rule_table(on_table));
  // The pool's oracle and floors (oracle.h). The recorded backend knows every point: it is
  // asked directly, so measurements.json stays what the tracks used. Live, --oracle measures
  // the points the tracks never profiled, through the tap (they are this run's measurements).
  const bool recorded = backend.recording() != nullptr;
  const bool measure = recorded || opt.oracle;
  PoolOracle oracle;
  oracle.rates = floor_rates(backend, chip);
  oracle.source = recorded ? "the recording (" + info.recording + ")"
                           : (opt.oracle ? "measured at the end of the run (--oracle)" : "");
  if (opt.oracle && !recorded && !opt.quiet)
    err << "solver: --oracle: measuring the untried points of each pool\n";
  for (const auto& p : opt.problems)
    oracle.problems[p] = problem_oracle(recorded ? backend : static_cast<Backend&>(tap),
                                        specs.at(p), chip, oracle.rates, sink, measure);
  save_recording(sink, dir.measurements());
  write_file_atomically(dir.oracle(), oracle.to_json().dump(2) + "\n");

  AblationResult result;
  result.dir = dir;
  result.summary = build_summary(all, opt.rounds, input.evolution.min_gain, opt.problems, &oracle,
                                 opt.precision);
  result.summary.off_policy = opt.off_policy;
  result.summary.backend_line = manifest.value("backend_line", line);
  // Finished before the report is rendered, so the first report.html has the row a later
  // `solver report` shows.
  manifest["finished"] = utc_now_iso();
  manifest["measurements_hash"] = rules::sha256_hex(read_text_file(dir.measurements(), "measurements"));
  write_file_atomically(dir.summary(), result.summary.to_json().dump(2) + "\n");
  ReportInputs report_in{rules::dump_rule_table(input), "", input.evolution.retire_below,
                         input.evolution.promote_above};
  if (std::find(opt.tracks.begin(), opt.tracks.end(), "on") != opt.tracks.end())
    report_in.evolved_yaml = rules::dump_rule_table(on_table);
  write_file_atomically(dir.report(), render_report_html(result.summary, all, manifest, report_in));
  write_manifest(dir, manifest);
  result.dir.lock.reset();  // the run is complete: the caller may resume or report it now
  dir.lock.reset();
  return result;
  } catch (...) {
    if (!resuming && all.empty()) discard_run_dir(dir);
    throw;
  }
}

namespace {
Summary summarise(const RunDir& dir, std::ostream& err, const std::string& fallback_problems_root,
                  json* manifest_out, std::vector<RoundRecord>* records_out,
                  rules::RuleTable* input_out) {
  json manifest = load_manifest(dir);
  LoadedLedger loaded = load_ledger(dir.ledger());
  for (const auto& n : loaded.notes) err << "solver: report: " << n << '\n';
  rules::RuleTable input = rules::load_rule_table(dir.rules());
  auto oracle = load_pool_oracle(dir.oracle());
  // Ledgers written before records carried precision classes: the classes come from the
  // problem specs the run read, where they are still there (a time is never shown classless
  // when the class can be known).
  std::string root = manifest.value("problems_root", "");
  std::map<std::string, std::optional<generators::ProblemSpec>> specs;
  for (auto& r : loaded.records) {
    if (!r.incumbent_precision.empty()) continue;
    auto it = specs.find(r.problem);
    if (it == specs.end()) {
      std::optional<generators::ProblemSpec> spec;
      // The run's own folder, else the local one, and only a spec with the hash the run
      // recorded (another version could declare other classes).
      std::string want = loaded.header.value("problem_spec_hashes", json::object()).value(r.problem, "");
      for (const std::string& base : {root, fallback_problems_root}) {
        if (spec || base.empty() || !fs::exists(fs::path(base) / r.problem / "problem.yaml")) continue;
        try {
          auto candidate = generators::load_problem((fs::path(base) / r.problem).string());
          if (want.empty() || problem_spec_hash(candidate.file) == want) spec = std::move(candidate);
        } catch (const rules::InputError&) {
          err << "solver: report: " << base << "/" << r.problem << ": unreadable problem spec\n";
        }
      }
      if (!spec)
        err << "solver: report: " << r.problem << ": no problem spec of the run's version found: "
            << "its times are shown without precision class\n";
      it = specs.emplace(r.problem, std::move(spec)).first;
    }
    if (!it->second) continue;
    r.incumbent_precision = precision_class(*it->second, r.incumbent);
    r.candidate_precision = precision_class(*it->second, r.candidate);
  }
  Summary s = build_summary(loaded.records, loaded.header.value("rounds", 0),
                            input.evolution.min_gain,
                            header_list(loaded.header, "problems", dir.ledger()),
                            oracle ? &*oracle : nullptr, loaded.header.value("precision", "any"));
  s.off_policy = loaded.header.value("off_policy", "first-rule");
  s.backend_line = manifest.value("backend_line", "");
  if (manifest_out) *manifest_out = std::move(manifest);
  if (records_out) *records_out = std::move(loaded.records);
  if (input_out) *input_out = std::move(input);
  return s;
}
}  // namespace

Summary read_summary(const RunDir& dir, std::ostream& err, const std::string& fallback_problems_root) {
  return summarise(dir, err, fallback_problems_root, nullptr, nullptr, nullptr);
}

Summary write_report(const RunDir& dir, std::ostream& err, const std::string& fallback_problems_root) {
  json manifest;
  std::vector<RoundRecord> records;
  rules::RuleTable input;
  Summary s = summarise(dir, err, fallback_problems_root, &manifest, &records, &input);
  write_file_atomically(dir.summary(), s.to_json().dump(2) + "\n");
  ReportInputs report_in{rules::dump_rule_table(input), "", input.evolution.retire_below,
                         input.evolution.promote_above};
  if (fs::exists(dir.evolved_rules()))
    report_in.evolved_yaml = read_text_file(dir.evolved_rules(), "evolved rule table");
  write_file_atomically(dir.report(), render_report_html(s, records, manifest, report_in));
  return s;
}

}  // namespace solver::engine
