// A run directory (docs/ledger.md): runs/<id>/ holding
//   manifest.json        command, version, chip, backend kind + note, seed, hashes of the rules
//                        and of the problem specs, the recording's path, start/end wall time
//   rules.yaml           the input rule table, verbatim (resume and replay read it back)
//   ledger.jsonl         one record per round (ledger.h)
//   measurements.json    every measurement the run used, in the recording format
//   evolved-rules.yaml   the ON track's table afterwards, with provenance per rule
//   oracle.json          the pool's points (precision class, floor, time where known): oracle.h
//   summary.json, report.html
// A finished run's manifest seals the ledger and the files readers trust (engine/run/run_seal.h);
// `.merging` marks a folder `solver merge` is still writing (engine/run/merge.h).
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/run/run_lock.h"

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
  std::string lock_file() const { return run_lock_path(path); }
  // Present while `solver merge` writes the directory (engine/run/merge.h): every reader and
  // writer but the merge refuses a directory that has it.
  std::string merge_marker() const { return path + "/.merging"; }
  // Held by the writing command (create_run_dir, open_run_dir_for_writing); shared so the
  // struct stays copyable. Empty for a reader.
  std::shared_ptr<RunLock> lock;
  bool created = false;  // create_run_dir made the folder itself (a failed start removes it)
};

// Creates `out` (or runs/<UTC yyyymmdd-hhmmss>-<pid> when empty) and locks it. Refuses a folder
// that already holds a run (a ledger with its header line): resuming is explicit (--resume). A
// ledger with no complete header (a start cut short, a full disk) is not a run: it is removed
// and the folder reused. Call it only once everything the run reads has been validated.
// A folder left by a killed `solver merge` (its .merging marker) is refused with how to finish
// it, unless `restart_merge` (the merge itself): then the merge's files are removed first.
RunDir create_run_dir(const std::string& out, const std::string& command = "solver",
                      bool restart_merge = false);
// Throws InputError (exit 2) unless the existing folder `path` is free for a run: empty, or
// holding only what a run, a merge or a sharded run writes, run-named files only beside the
// lock, a merge marker or a ledger (create_run_dir checks it; `ablate --gpus` before its shards).
void check_out_folder(const std::string& path);
// True when `dir` holds the marker of a merge that has not finished.
bool merge_unfinished(const std::string& dir);
// An existing run directory, for reading; throws InputError if it holds no ledger.jsonl or a
// merge into it has not finished.
RunDir open_run_dir(const std::string& path);
// The same, locked for writing (resume, report): refused with exit 2 while another process
// writes it; removes the temporary files of a killed writer (run_lock.h).
RunDir open_run_dir_for_writing(const std::string& path, const std::string& command);
// True when `ledger` exists but holds no complete header line (nothing was recorded).
bool ledger_never_started(const std::string& ledger);
// Undoes a failed start: removes what a run writes (and the folder if create_run_dir made it).
void discard_run_dir(const RunDir& dir);

nlohmann::json load_manifest(const RunDir& dir);  // throws InputError (located) if malformed
void write_manifest(const RunDir& dir, const nlohmann::json& manifest);  // atomic

std::string utc_now_iso();  // "2026-11-29T14:00:00Z", for the manifest only

}  // namespace solver::engine
