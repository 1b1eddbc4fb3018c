// A run directory (docs/ledger.md): runs/<id>/ holding
//   manifest.json        command, version, chip, backend kind + note, seed, hashes of the rules
//                        and of the problem specs, the recording's path, start/end wall time
//   rules.yaml           the input rule table, verbatim (resume and replay read it back)
//   ledger.jsonl         one record per round (ledger.h)
//   measurements.json    every measurement the run used, in the recording format
//   evolved-rules.yaml   the ON track's table afterwards, with provenance per rule
//   oracle.json          the pool's points (precision class, floor, time where known): oracle.h
//   summary.json, report.html
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace solver::engine {

struct RunDir {
  std::string path;
  std::string manifest() const { return path + "/manifest.json"; }
  std::string rules() const { return path + "/rules.yaml"; }
  std::string ledger() const { return path + "/ledger.jsonl"; }
  std::string measurements() const { return path + "/measurements.json"; }
  std::string evolved_rules() const { return path + "/evolved-rules.yaml"; }
  std::string summary() const { return path + "/summary.json"; }
  std::string report() const { return path + "/report.html"; }
  std::string oracle() const { return path + "/oracle.json"; }
};

// Creates `out` (or runs/<UTC yyyymmdd-hhmmss>-<pid> when empty). Refuses a folder that
// already holds a ledger: resuming is explicit (--resume).
RunDir create_run_dir(const std::string& out);
// An existing run directory; throws InputError if it holds no ledger.jsonl.
RunDir open_run_dir(const std::string& path);

nlohmann::json load_manifest(const RunDir& dir);  // throws InputError (located) if malformed
void write_manifest(const RunDir& dir, const nlohmann::json& manifest);  // atomic

std::string utc_now_iso();  // "2026-11-29T14:00:00Z", for the manifest only

}  // namespace solver::engine
