#include "engine/run/run_options.h"

#include <filesystem>

#include "engine/backend/json_util.h"
#include "engine/loop/ledger.h"
#include "rules/diagnostics.h"
#include "rules/hash.h"
#include "rules/rule_table.h"

namespace solver::engine {

using nlohmann::json;

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
  return out;
}
std::string on_off(bool b) { return b ? "on" : "off"; }

// The run's generator setting `key`, or the option's default when the run had no generator.
template <typename T>
std::string generator_value(const RunSettings& run, const char* key, T fallback) {
  const json v = run.generator.is_object() && run.generator.contains(key) ? run.generator[key]
                                                                          : json(fallback);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// A file's content as the run records it: the rule table's content hash, a file's sha256.
std::string table_hash(const std::string& path) {
  return rules::load_rule_table(path).content_hash();
}

const GeneratorOptions kDefaultGenerator;

}  // namespace

const std::vector<RunOption>& run_options() {
  static const std::vector<RunOption> table = {
      {{"rounds"},
       [](const AblationOptions& o) { return std::to_string(o.rounds); },
       [](const RunSettings& r, const json&) { return std::to_string(r.rounds); },
       "",
       ""},
      {{"pairs"},
       [](const AblationOptions& o) { return std::to_string(o.pairs); },
       [](const RunSettings& r, const json&) { return std::to_string(r.pairs); },
       "",
       ""},
      {{"seed"},
       [](const AblationOptions& o) { return std::to_string(o.seed); },
       [](const RunSettings& r, const json&) { return std::to_string(r.seed); },
       "",
       ""},
      // A sharded run is resumed with the command that started it: its --problems are the
      // whole run's (shard.problems), not the shard's part.
      {{"problems", "problem"},
       [](const AblationOptions& o) { return join(o.problems); },
       [](const RunSettings& r, const json&) {
         return join(r.shard.sharded() ? r.shard_of : r.problems);
       },
       "",
       ""},
      {{"evolve"},
       [](const AblationOptions& o) { return join(o.tracks); },
       [](const RunSettings& r, const json&) { return join(r.tracks); },
       "",
       ""},
      {{"shard"},
       [](const AblationOptions& o) { return o.shard.sharded() ? o.shard.text() : "none"; },
       [](const RunSettings& r, const json&) {
         return r.shard.sharded() ? r.shard.text() : std::string("none");
       },
       "",
       ""},
      {{"on-tables"},
       [](const AblationOptions& o) { return o.on_tables; },
       [](const RunSettings& r, const json&) { return r.on_tables; },
       "",
       ""},
      {{"chip"},
       [](const AblationOptions& o) { return o.chip; },
       [](const RunSettings& r, const json&) { return r.chip; },
       "",
       ""},
      {{"off-policy"},
       [](const AblationOptions& o) { return o.off_policy; },
       [](const RunSettings& r, const json&) { return r.off_policy; },
       "",
       ""},
      {{"precision"},
       [](const AblationOptions& o) { return o.precision; },
       [](const RunSettings& r, const json&) { return r.precision; },
       "",
       ""},
      {{"sequential-pairs"},
       [](const AblationOptions& o) { return on_off(o.sequential); },
       [](const RunSettings& r, const json&) { return on_off(r.sequential); },
       "",
       ""},
      {{"adaptive-pairs"},
       [](const AblationOptions& o) { return on_off(o.adaptive); },
       [](const RunSettings& r, const json&) { return on_off(r.adaptive); },
       "",
       ""},
      // The fixed rule: every pair up to --pairs (neither sequential nor adaptive).
      {{"fixed-pairs"},
       [](const AblationOptions& o) { return on_off(!o.sequential && !o.adaptive); },
       [](const RunSettings& r, const json&) { return on_off(!r.sequential && !r.adaptive); },
       "",
       ""},
      {{"screen"},
       [](const AblationOptions& o) { return std::to_string(o.screen); },
       [](const RunSettings& r, const json&) { return std::to_string(r.screen); },
       "",
       ""},
      {{"eager-adversarial"},
       [](const AblationOptions& o) { return on_off(o.eager_adversarial); },
       [](const RunSettings& r, const json&) { return on_off(r.eager_adversarial); },
       "",
       ""},
      {{"oracle"},
       [](const AblationOptions& o) { return on_off(o.oracle); },
       [](const RunSettings&, const json& m) {
         return on_off(m.contains("oracle") && m["oracle"] == true);
       },
       "",
       ""},
      {{"backend"},
       [](const AblationOptions& o) { return o.backend; },
       [](const RunSettings& r, const json&) { return r.backend; },
       "auto",
       ""},
      // Files are compared by content: the table's content hash, the recording's sha256.
      {{"rules"},
       [](const AblationOptions& o) { return "table " + table_hash(o.rules_path); },
       [](const RunSettings& r, const json&) { return "table " + r.rules_hash; },
       "",
       ""},
      {{"recording"},
       [](const AblationOptions& o) {
         return "sha256 " + rules::sha256_hex(read_text_file(o.recording, "recording"));
       },
       [](const RunSettings& r, const json&) {
         return r.recording_hash.empty() ? std::string("none (a live run)")
                                         : "sha256 " + r.recording_hash;
       },
       "",
       ""},
      {{"generator"},
       [](const AblationOptions& o) {
         return o.generator.command.empty() ? std::string("none") : o.generator.command;
       },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "command", std::string("none"));
       },
       "",
       ""},
      {{"generator-first"},
       [](const AblationOptions& o) { return json(o.generator.first).dump(); },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "first", kDefaultGenerator.first);
       },
       "",
       ""},
      {{"generator-timeout-ms"},
       [](const AblationOptions& o) { return json(o.generator.timeout_ms).dump(); },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "timeout_ms", kDefaultGenerator.timeout_ms);
       },
       "",
       ""},
      {{"generator-max-output"},
       [](const AblationOptions& o) { return json(o.generator.max_output_bytes).dump(); },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "max_output_bytes", kDefaultGenerator.max_output_bytes);
       },
       "",
       ""},
      {{"generator-attempts-round"},
       [](const AblationOptions& o) { return json(o.generator.attempts_per_round).dump(); },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "attempts_per_round", kDefaultGenerator.attempts_per_round);
       },
       "",
       ""},
      {{"generator-attempts-run"},
       [](const AblationOptions& o) { return json(o.generator.attempts_per_run).dump(); },
       [](const RunSettings& r, const json&) {
         return generator_value(r, "attempts_per_run", kDefaultGenerator.attempts_per_run);
       },
       "",
       ""},
      // Options that do not define the run.
      {{"resume"}, nullptr, nullptr, "", "names the run to continue"},
      {{"out"}, nullptr, nullptr, "", "must name the --resume directory (checked by the CLI)"},
      {{"problems-dir"},
       nullptr,
       nullptr,
       "",
       "where the problems are; their content is checked against the run's spec and folder "
       "hashes"},
      {{"gpus"},
       nullptr,
       nullptr,
       "",
       "which GPU measures; its chip class is checked against the run's"},
      {{"gpu-worker"}, nullptr, nullptr, "", "(testing) the worker executable"},
      {{"gpu-worker-arg"}, nullptr, nullptr, "", "(testing) an argument for the worker"},
      {{"round-delay-ms"}, nullptr, nullptr, "", "(testing) a pause after each round"},
      {{"no-pc-sampling"},
       nullptr,
       nullptr,
       "",
       "live: leaves out the per-line samples (docs/pc_sampling.md); a rule reading their "
       "signals then sees them missing, as in a recording made without them"},
      {{"quiet"}, nullptr, nullptr, "", "output only"},
      {{"json"}, nullptr, nullptr, "", "output only"},
      {{"csv"}, nullptr, nullptr, "", "output only"},
      {{"md"}, nullptr, nullptr, "", "output only"},
      {{"help"}, nullptr, nullptr, "", "output only"},
  };
  return table;
}

void check_resume_flags(const AblationOptions& o, const RunSettings& run, const json& manifest,
                        const std::string& ledger) {
  for (const RunOption& opt : run_options()) {
    if (!opt.defining()) continue;
    for (const std::string& flag : opt.flags) {
      if (!o.given.count(flag)) continue;
      const std::string given = opt.given(o), own = opt.recorded(run, manifest);
      if (given == own || (!opt.any.empty() && given == opt.any)) continue;
      throw rules::InputError(
          rules::Diagnostic{{"--" + flag, 0, 0},
                            "--" + flag + " " + given + " conflicts with the run being resumed (" +
                                ledger + " has " + own + "): leave it out or give the same value"});
    }
  }
}

json load_ledger_header(const std::string& path) {
  auto fail = [&](const std::string& why) -> void {
    throw rules::InputError(rules::Diagnostic{{path, 1, 0}, why});
  };
  std::string text = read_text_file(path, "ledger");
  std::size_t nl = text.find('\n');
  if (nl == std::string::npos) fail("no complete header line");
  json j;
  try {
    j = parse_json_strict(text.substr(0, nl));
  } catch (const std::exception& e) {
    fail(std::string("malformed JSON: ") + e.what());
  }
  if (!j.is_object() || !j.contains("hash") || !j["hash"].is_string())
    fail("not a ledger header (no \"hash\")");
  std::string stored = j["hash"].get<std::string>();
  j.erase("hash");
  if (chain_hash(kLedgerFormat, j) != stored)
    fail("header hash does not match its content (edited?)");
  if (j.value("format", json()) != kLedgerFormat || j.value("version", json()) != kLedgerVersion)
    fail(std::string("not a version ") + std::to_string(kLedgerVersion) + " solver ledger");
  return j;
}

}  // namespace solver::engine
