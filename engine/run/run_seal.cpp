#include "engine/run/run_seal.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include "engine/backend/json_util.h"
#include "rules/diagnostics.h"
#include "rules/hash.h"
#include "rules/hmac.h"
#include "rules/rule_table.h"
#include "rules/temp_name.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::size_t kMinKeyBytes = 16;
constexpr const char* kScheme = "hmac-sha256";

// The files of a run a reader trusts, by path relative to the run: the run's rule table, its
// measurements and oracle, the evolved tables and the external generator's stored sources.
// Not the ledger (sealed by its length and last chain hash), the manifest (it holds the seal),
// or summary.json and report.html (derived: `solver report` rewrites them from these).
std::map<std::string, std::string> sealed_files(const RunDir& dir) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  auto add = [&](const fs::path& p) {
    std::string rel = fs::relative(p, dir.path, ec).generic_string();
    out[rel] = rules::sha256_hex(read_text_file(p.string(), "run file"));
  };
  for (const auto& f : {dir.rules(), dir.measurements(), dir.oracle(), dir.evolved_rules()})
    if (fs::exists(f, ec)) add(f);
  for (const char* sub : {"evolved", "generated"}) {
    fs::path root = fs::path(dir.path) / sub;
    if (!fs::is_directory(root, ec)) continue;
    for (auto it = fs::recursive_directory_iterator(root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_symlink(ec) || rules::is_temp_name(it->path().filename().string())) continue;
      if (it->is_regular_file(ec)) add(it->path());
    }
  }
  return out;
}

std::string signature_of(const json& manifest, const RunKey& key) {
  json unsigned_part = manifest;
  unsigned_part.erase("signature");
  return rules::hmac_sha256_hex(key.secret, unsigned_part.dump());
}

[[noreturn]] void refuse(const std::string& file, const std::string& why) {
  throw rules::InputError(rules::Diagnostic{{file, 0, 0}, why});
}

// A manifest member that must be a string when present ("" when absent).
std::string string_member(const RunDir& dir, const json& manifest, const char* key) {
  if (!manifest.contains(key)) return "";
  if (!manifest[key].is_string())
    refuse(dir.manifest(), std::string("'") + key + "' is not a string");
  return manifest[key].get<std::string>();
}

void verify_signature(const RunDir& dir, const json& manifest, const std::optional<RunKey>& key,
                      std::vector<std::string>& notes) {
  const std::string signed_by = string_member(dir, manifest, "signed");
  if (!key) {
    if (!signed_by.empty())
      notes.push_back("the run is signed (" + signed_by +
                      "); set SOLVER_RUN_KEY_FILE to check the signature");
    return;
  }
  const std::string want = std::string(kScheme) + " key-id " + key->id;
  if (signed_by.empty())
    refuse(dir.manifest(), "the run is not signed, and a key (key-id " + key->id +
                               ") was given: its files cannot be shown to be the run's own");
  if (signed_by != want)
    refuse(dir.manifest(), "the run is signed by another key (" + signed_by +
                               "), not the one given (key-id " + key->id + ")");
  if (!rules::equal_in_constant_time(string_member(dir, manifest, "signature"),
                                     signature_of(manifest, *key)))
    refuse(dir.manifest(),
           "the signature does not match (the manifest or the seal was edited since the run "
           "finished, or it was signed with another key)");
}

}  // namespace

std::optional<RunKey> run_key_from_env() {
  std::string secret, from;
  if (const char* file = std::getenv("SOLVER_RUN_KEY_FILE"); file && *file) {
    secret = read_text_file(file, "run key file", 1 << 16);
    if (!secret.empty() && secret.back() == '\n') secret.pop_back();
    from = file;
  } else if (const char* k = std::getenv("SOLVER_RUN_KEY"); k && *k) {
    secret = k;
    from = "SOLVER_RUN_KEY";
  } else {
    return std::nullopt;
  }
  if (secret.size() < kMinKeyBytes)
    refuse(from, "a run key must be at least " + std::to_string(kMinKeyBytes) + " bytes (got " +
                     std::to_string(secret.size()) + ")");
  return RunKey{secret, rules::sha256_hex("solver-run-key:" + secret).substr(0, 16)};
}

LedgerTip ledger_tip(const std::vector<RoundRecord>& records, const json& header) {
  if (!records.empty()) return LedgerTip{records.size(), records.back().hash};
  json h = header;  // the chain starts at the header's own hash
  h.erase("hash");
  h["format"] = kLedgerFormat;
  h["version"] = kLedgerVersion;
  return LedgerTip{0, chain_hash(kLedgerFormat, h)};
}

void seal_run(const RunDir& dir, json& manifest, const LedgerTip& tip,
              const std::optional<RunKey>& key) {
  std::error_code ec;
  auto bytes = fs::file_size(dir.ledger(), ec);
  json files = json::object();
  for (const auto& [rel, hash] : sealed_files(dir)) files[rel] = hash;
  manifest["integrity"] =
      json{{"ledger",
            {{"records", tip.records}, {"last_hash", tip.last_hash}, {"bytes", ec ? 0 : bytes}}},
           {"files", std::move(files)}};
  manifest.erase("signed");
  manifest.erase("signature");
  if (key) {
    manifest["signed"] = std::string(kScheme) + " key-id " + key->id;
    manifest["signature"] = signature_of(manifest, *key);
  }
}

void unseal_run(json& manifest) {
  for (const char* k : {"finished", "integrity", "signed", "signature", "measurements_hash"})
    manifest.erase(k);
}

std::vector<std::string> verify_run_seal(const RunDir& dir, const json& manifest,
                                         const LoadedLedger& ledger,
                                         const std::optional<RunKey>& key, bool require_seal) {
  std::vector<std::string> notes;
  if (!manifest.contains("finished")) {
    if (manifest.contains("integrity"))
      refuse(dir.manifest(), "holds an integrity seal but no 'finished' (edited?)");
    return notes;  // an interrupted run: nothing is sealed yet (resume finishes and seals it)
  }
  verify_signature(dir, manifest, key, notes);
  // The older hash of measurements.json, in every finished manifest since issue 13.
  if (manifest.contains("measurements_hash")) {
    if (!fs::exists(dir.measurements()))
      refuse(dir.measurements(),
             "is missing: the run finished with it (measurements_hash in " + dir.manifest() + ")");
    if (rules::sha256_hex(read_text_file(dir.measurements(), "measurements")) !=
        string_member(dir, manifest, "measurements_hash"))
      refuse(dir.measurements(), "does not match measurements_hash in " + dir.manifest() +
                                     " (edited or replaced since the run finished)");
  }
  if (!manifest.contains("integrity")) {
    if (ledger.header.contains("sealed") && ledger.header["sealed"] == true)
      refuse(dir.manifest(),
             "the run finished, and its ledger header says its manifest seals it, "
             "but the manifest has no 'integrity' seal (removed?)");
    if (require_seal)
      refuse(dir.manifest(),
             "the run finished without an integrity seal (made by an older "
             "solver): its ledger and files cannot be checked");
    notes.push_back(
        "made before integrity seals: the ledger's length and the evolved tables are "
        "not checked");
    return notes;
  }
  const json& seal = manifest["integrity"];
  const json* lt = seal.is_object() && seal.contains("ledger") ? &seal["ledger"] : nullptr;
  if (!lt || !lt->is_object() || !lt->contains("records") ||
      !(*lt)["records"].is_number_unsigned() || !lt->contains("last_hash") ||
      !(*lt)["last_hash"].is_string() || !lt->contains("bytes") ||
      !(*lt)["bytes"].is_number_unsigned() || !seal.contains("files") || !seal["files"].is_object())
    refuse(dir.manifest(), "malformed 'integrity' seal (edited?)");
  const auto want_records = (*lt)["records"].get<std::size_t>();
  if (ledger.records.size() != want_records)
    refuse(dir.ledger(), "holds " + std::to_string(ledger.records.size()) +
                             " records; the run finished with " + std::to_string(want_records) +
                             " (integrity seal in " + dir.manifest() +
                             "): records were removed or added since");
  if (ledger.last_hash != (*lt)["last_hash"].get<std::string>())
    refuse(dir.ledger(),
           "its last chain hash is not the one the run finished with (integrity "
           "seal in " +
               dir.manifest() + "): the ledger was rewritten since");
  // Up to its last record the ledger is the one the run finished with; after it, only blank
  // bytes (an editor's newline) are let through, with the loader's note.
  bool torn = false;
  for (const auto& n : ledger.notes) torn = torn || n.rfind("dropped a torn", 0) == 0;
  if (ledger.valid_bytes != (*lt)["bytes"].get<std::size_t>() || torn)
    refuse(dir.ledger(), "is not the " + std::to_string((*lt)["bytes"].get<std::size_t>()) +
                             " bytes the run finished with (integrity seal in " + dir.manifest() +
                             "): something was appended or cut since");
  const json& want = seal["files"];
  auto now = sealed_files(dir);
  for (const auto& [rel, hash] : want.items()) {
    std::string path = (fs::path(dir.path) / rel).string();
    auto it = now.find(rel);
    if (it == now.end())
      refuse(path,
             "is missing: the run finished with it (integrity seal in " + dir.manifest() + ")");
    if (!hash.is_string() || it->second != hash.get<std::string>())
      refuse(path,
             "changed since the run finished (its sha256 is not the one in the integrity "
             "seal of " +
                 dir.manifest() + ")");
  }
  for (const auto& [rel, hash] : now)
    if (!want.contains(rel))
      refuse(
          (fs::path(dir.path) / rel).string(),
          "was added since the run finished (not in the integrity seal of " + dir.manifest() + ")");
  return notes;
}

VerifiedRun open_verified_run(const std::string& path) {
  VerifiedRun run;
  run.dir = open_run_dir(path);
  run.manifest = load_manifest(run.dir);
  run.ledger = load_ledger(run.dir.ledger());
  run.notes = run.ledger.notes;
  for (auto& n : verify_run_seal(run.dir, run.manifest, run.ledger, run_key_from_env()))
    run.notes.push_back(std::move(n));
  // Finished or not, the table the run matched against is the one its ledger names.
  std::error_code ec;
  if (fs::exists(run.dir.rules(), ec) &&
      json(rules::load_rule_table(run.dir.rules()).content_hash()) !=
          run.ledger.header.value("rules_hash", json()))
    refuse(run.dir.rules(),
           "does not match the ledger's rules_hash (replaced or edited since the run): the run's "
           "decisions cannot be read against it");
  return run;
}

}  // namespace solver::engine
