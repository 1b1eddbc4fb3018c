// The ablation driver behind `solver ablate` and `solver run`: both tracks (evolution OFF and
// ON) over the same problems, round budget, rules file and seed, written to one run directory.
// Order: for each problem in the order given, the OFF track, then the ON track. The OFF track
// always starts from the input table unchanged; the ON track's table carries from one problem
// to the next (what it learned on softmax is what it starts layernorm with), or, with
// `on_tables` "per-problem", every problem's ON track starts from the input table (problems are
// then independent: `shard` runs a part of them, engine/run/shard.h, and `solver merge` joins the
// parts into the run one machine would have made).
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

#include "engine/backend/backend.h"
#include "engine/loop/external_generator.h"
#include "engine/report/summary.h"
#include "engine/run/run_dir.h"
#include "engine/run/shard.h"

namespace solver::engine {

struct AblationOptions {
  std::vector<std::string> problems;
  std::vector<std::string> tracks{"off", "on"};
  int rounds = 12;
  int pairs = 16;          // the cap of each paired timing
  bool sequential = true;  // stop at the first decided look (PairPlan); false: all pairs
  bool adaptive = false;   // the adaptive rule (P10): an 8-pair pilot's spread sets the cap
  int screen = 2;          // ON: points a round gates in a large knob space (knob_screen.h)
  // Every candidate's full gate before its paired timing (the order before the deferred
  // adversarial gate, engine/backend/gate_parts.h): --eager-adversarial, for A/B.
  bool eager_adversarial = false;
  uint64_t seed = 1;
  std::string rules_path;        // input table (ignored on resume: the run's copy is used)
  std::string backend = "auto";  // the backend kind asked for (--backend; checked on resume)
  std::string recording;         // the recording asked for (--recording; checked on resume)
  std::string chips_path;
  std::string problems_root;
  std::string chip;          // --chip override; empty = the backend's chip
  std::string out_dir;       // empty = runs/<id>
  std::string resume_dir;    // non-empty: continue this run
  std::string command_line;  // for the manifest
  std::string version = "0.1.0";
  std::string build;  // version and commit of the binary (the manifest's "build")
  std::string off_policy = "best-static";  // the OFF track's policy (round_loop.h OffPolicy)
  std::string precision = "any";           // which precision classes candidates may have
  bool oracle = false;                // live: measure every untried point of each pool at the end
                                      // (the recorded backend always knows them: oracle.json)
  bool quiet = false;                 // no per-round progress on stderr
  int round_delay_ms = 0;             // test-only pacing (lets the kill test land mid-run)
  std::string on_tables = "carry";    // "carry" or "per-problem" (engine/run/shard.h)
  ShardSpec shard;                    // run only this shard of `problems` (engine/run/shard.h)
  std::vector<std::string> shard_of;  // sharded: every problem of the run, `problems` its part
  // The external generator (--generator ...; docs/external-generators.md). On resume the
  // run's own (its ledger header) is used; a conflicting one given is refused.
  GeneratorOptions generator;
  // The options the user gave explicitly, by flag name ("rounds", "off-policy", ...): on resume
  // each that defines the run must equal the run's own value, else InputError
  // (engine/run/run_options.h).
  std::set<std::string> given;
};

struct AblationResult {
  RunDir dir;
  Summary summary;
};

AblationResult run_ablation(const AblationOptions& options, Backend& backend, std::ostream& err);

// Regenerates summary.json and report.html from a run directory's files (lock `dir` for
// writing first: open_run_dir_for_writing). Ledgers older than precision classes get them
// from the problem specs (the run's problems_root, else `fallback_problems_root`), when one
// has the spec hash the run recorded.
Summary write_report(const RunDir& dir, std::ostream& err,
                     const std::string& fallback_problems_root = "");
// The summary of a run directory's ledger, writing nothing (for readers).
Summary read_summary(const RunDir& dir, std::ostream& err,
                     const std::string& fallback_problems_root = "");

}  // namespace solver::engine
