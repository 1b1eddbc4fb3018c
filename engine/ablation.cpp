#include "engine/ablation.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <ostream>

#include "engine/data_paths.h"
#include "engine/evolver.h"
#include "engine/json_util.h"
#include "engine/ledger.h"
#include "engine/live_backend.h"
#include "engine/recorded_backend.h"
#include "engine/recording.h"
#include "engine/report_html.h"
#include "engine/run_inputs.h"
#include "engine/round_loop.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/hash.h"
#include "rules/rule_table.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

std::string backend_line(const BackendInfo& info) {
  if (info.kind == "live")
    return "live on " + (info.device_name.empty() ? info.chip_id : info.device_name) +
           (info.chip_id.empty() ? "" : " (" + info.chip_id + ")");
  std::string chip = info.chip_id;
  for (auto& c : chip) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "no GPU: replaying recorded " + chip + " measurements from " + info.recording;
}

std::unique_ptr<Backend> open_backend(const std::string& choice, const std::string& recording,
                                      const std::string& data_dir, const std::string& problems_root,
                                      std::string* note) {
  if (choice != "auto" && choice != "live" && choice != "recorded")
    throw rules::InputError(rules::Diagnostic{
        {"--backend", 0, 0}, "unknown backend '" + choice + "' (auto, live or recorded)"});
  if (choice != "recorded" && recording.empty()) {
    LiveOptions lo;
    lo.problems_root = problems_root.empty() ? engine::problems_root(data_dir) : problems_root;
    lo.chips_file = chips_file(data_dir);
    std::string why;
    if (auto live = open_live_backend(lo, &why)) return live;
    if (choice == "live") throw std::runtime_error("no live GPU backend: " + why);
    if (note) *note = why;
  }
  std::string path = recording.empty() ? recordings_dir(data_dir) + "/h200.json" : recording;
  if (choice == "auto" && !fs::exists(path))
    throw rules::InputError(rules::Diagnostic{
        {path, 0, 0}, "no GPU here (" + (note ? *note : std::string("live backend unavailable")) +
                          ") and no recording to replay at this path (pass --recording FILE)"});
  // Absolute, so the manifest's recording path still works when resumed from elsewhere.
  return std::make_unique<RecordedBackend>(load_recording(fs::absolute(path).string()));
}

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
    rules_text = read_file(opt.rules_path);
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
  if (auto* rec = dynamic_cast<RecordedBackend*>(&backend)) {
    for (const auto& p : opt.problems) {
      auto it = rec->recording().problems.find(p);
      if (it == rec->recording().problems.end()) {
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
            rec->set_stale(p, key, "its kernel source or compile options changed since " +
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
                  {"problem_spec_hashes", spec_hashes},
                  {"problem_folder_hashes", folder_hashes}};
    if (auto* rec = dynamic_cast<RecordedBackend*>(&backend))
      header["recording_hash"] = rec->recording().content_hash;
    manifest = json{{"format", "solver-run"}, {"version", 1}, {"command", opt.command_line},
                    {"solver_version", opt.version}, {"backend_line", line},
                    {"backend", {{"kind", info.kind}, {"note", info.note},
                                 {"device_name", info.device_name}, {"chip", info.chip_id},
                                 {"recording", info.recording}}},
                    {"chip", chip.id}, {"seed", opt.seed}, {"rounds", opt.rounds},
                    {"pairs", opt.pairs}, {"problems", string_list(opt.problems)},
                    {"tracks", string_list(opt.tracks)}, {"rules_file", opt.rules_path},
                    {"rules_hash", input.content_hash()}, {"problem_spec_hashes", spec_hashes},
                    {"recording", info.recording},
                    {"problems_root", fs::absolute(opt.problems_root).string()},
                    {"problem_folder_hashes", folder_hashes},
                    {"started", utc_now_iso()}};
  } else {
    manifest["resumed"].push_back(json{{"at", utc_now_iso()}, {"command", opt.command_line}});
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
  TapBackend tap(backend, sink);

  rules::RuleTable off_table = input, on_table = input;
  Evolver on_evolver(on_table, chip);
  auto state_of = [&](const std::string& problem, const std::string& track) -> TrackState& {
    return states.at(std::make_pair(problem, track));
  };

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
      LoopConfig cfg{opt.rounds, opt.pairs, opt.seed, on};
      RoundLoop loop(tap, specs.at(problem), chip, table, cfg);
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
  save_recording(sink, dir.measurements());

  AblationResult result;
  result.dir = dir;
  result.summary = build_summary(all, opt.rounds, input.evolution.min_gain, opt.problems);
  result.summary.backend_line = manifest.value("backend_line", line);
  // Finished before the report is rendered, so the first report.html has the row a later
  // `solver report` shows.
  manifest["finished"] = utc_now_iso();
  manifest["measurements_hash"] = rules::sha256_hex(read_file(dir.measurements()));
  write_file_atomically(dir.summary(), result.summary.to_json().dump(2) + "\n");
  write_file_atomically(dir.report(), render_report_html(result.summary, all, manifest));
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
Summary summarise(const RunDir& dir, std::ostream& err, json* manifest_out,
                  std::vector<RoundRecord>* records_out) {
  json manifest = load_manifest(dir);
  LoadedLedger loaded = load_ledger(dir.ledger());
  for (const auto& n : loaded.notes) err << "solver: report: " << n << '\n';
  rules::RuleTable input = rules::load_rule_table(dir.rules());
  Summary s = build_summary(loaded.records, loaded.header.value("rounds", 0),
                            input.evolution.min_gain,
                            header_list(loaded.header, "problems", dir.ledger()));
  s.backend_line = manifest.value("backend_line", "");
  if (manifest_out) *manifest_out = std::move(manifest);
  if (records_out) *records_out = std::move(loaded.records);
  return s;
}
}  // namespace

Summary read_summary(const RunDir& dir, std::ostream& err) {
  return summarise(dir, err, nullptr, nullptr);
}

Summary write_report(const RunDir& dir, std::ostream& err) {
  json manifest;
  std::vector<RoundRecord> records;
  Summary s = summarise(dir, err, &manifest, &records);
  write_file_atomically(dir.summary(), s.to_json().dump(2) + "\n");
  write_file_atomically(dir.report(), render_report_html(s, records, manifest));
  return s;
}

}  // namespace solver::engine
