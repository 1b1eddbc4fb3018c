// The ablation driver behind `solver ablate` and `solver run`: both tracks (evolution OFF and
// ON) over the same problems, round budget, rules file and seed, written to one run directory.
// Order: for each problem in the order given, the OFF track, then the ON track. The OFF track
// always starts from the input table unchanged; the ON track's table carries from one problem
// to the next (what it learned on softmax is what it starts layernorm with).
// `--resume DIR` reads the run's own copy of the rules, folds the ledger back into the track
// states and the ON table (round_loop.h), checks that re-deriving each recorded round's
// evolution gives the recorded events, and continues with the next round.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/backend.h"
#include "engine/run_dir.h"
#include "engine/summary.h"

namespace solver::engine {

struct AblationOptions {
  std::vector<std::string> problems;
  std::vector<std::string> tracks{"off", "on"};
  int rounds = 12;
  int pairs = 15;
  uint64_t seed = 1;
  std::string rules_path;      // input table (ignored on resume: the run's copy is used)
  std::string chips_path;
  std::string problems_root;
  std::string chip;            // --chip override; empty = the backend's chip
  std::string out_dir;         // empty = runs/<id>
  std::string resume_dir;      // non-empty: continue this run
  std::string command_line;    // for the manifest
  std::string version = "0.1.0";
  bool quiet = false;          // no per-round progress on stderr
  int round_delay_ms = 0;      // test-only pacing (lets the kill test land mid-run)
  // Options the user gave explicitly ("rounds", "seed", "pairs", "rules", "problems",
  // "tracks", "chip"): on resume each must equal the run's own value, else InputError.
  std::set<std::string> given;
};

struct AblationResult {
  RunDir dir;
  Summary summary;
};

AblationResult run_ablation(const AblationOptions& options, Backend& backend, std::ostream& err);

// Regenerates summary.json and report.html from a run directory's files (lock `dir` for
// writing first: open_run_dir_for_writing).
Summary write_report(const RunDir& dir, std::ostream& err);
// The summary of a run directory's ledger, writing nothing (for readers).
Summary read_summary(const RunDir& dir, std::ostream& err);

// The line that opens a run's stdout and its manifest: which backend measured.
std::string backend_line(const BackendInfo& info);

// Backend choice for the CLI: "live", "recorded" or "auto" (live when a GPU answers, else the
// recording). `recording` empty = the default recording under the data dir. Sets *why_live_failed
// when auto fell back. Throws InputError for a bad choice or an unreadable recording.
// `problems_root` is the folder the live worker loads problem specs from (--problems-dir).
std::unique_ptr<Backend> open_backend(const std::string& choice, const std::string& recording,
                                      const std::string& data_dir, const std::string& problems_root,
                                      std::string* note);

}  // namespace solver::engine
