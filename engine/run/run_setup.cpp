#include "engine/run/run_setup.h"

#include <algorithm>
#include <filesystem>

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

// The ledger header's name of the pair rule (read back by run_inputs.cpp).
const char* pair_rule_name(const AblationOptions& o) {
  return o.adaptive ? "adaptive" : o.sequential ? "sequential" : "fixed";
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
  // Every option given that defines the run must be the run's own (engine/run/run_options.h).
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

}  // namespace

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
    in.folder_hashes[p] = problem_folder_hash(in.specs.at(p));
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
                     {"pair_rule", pair_rule_name(opt)},
                     {"problem_folder_hashes", in.folder_hashes},
                     // The finished manifest seals this run (run_seal.h): a finished manifest
                     // without the seal is then refused, not read as an older run's.
                     {"sealed", true}};
    if (opt.generator.enabled()) in.header["generator"] = generator_json(opt.generator);
    // Written only when not the default, so ledgers of carry-over runs keep their bytes.
    if (opt.on_tables != "carry") in.header["on_tables"] = opt.on_tables;
    if (opt.screen != AblationOptions{}.screen) in.header["screen"] = opt.screen;
    if (opt.eager_adversarial) in.header["eager_adversarial"] = true;
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
                       {"pair_rule", pair_rule_name(opt)},
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

}  // namespace solver::engine
