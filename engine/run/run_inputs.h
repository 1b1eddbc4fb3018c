// What a run directory depends on, and the checks that a resumed or replayed run still sees the
// same inputs: the ledger header's settings (ranges checked), the options given with --resume,
// the recording's content hash, each problem's spec hash and the hash of every file in its
// folder. Each mismatch is an InputError (exit 2) located at the file that differs.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/run/ablation.h"
#include "engine/run/shard.h"
#include "generators/problem_spec.h"

namespace solver::engine {

inline constexpr int kMaxRounds = 10000;
inline constexpr int kMaxPairs = 100000;

struct RunSettings {
  std::vector<std::string> problems, tracks;
  int rounds = 0, pairs = 0;
  uint64_t seed = 0;
  std::string chip;
  // A run made before these options existed followed the seed's semantics: first-rule, and no
  // precision restriction.
  std::string off_policy = "first-rule";
  std::string precision = "any";
  bool sequential = false;          // the pair rule ("pair_rule": "sequential"); older runs: fixed
  bool adaptive = false;            // "pair_rule": "adaptive" (docs/reliability.md P10)
  int screen = 2;                   // "screen" (absent: the default, 2)
  bool eager_adversarial = false;   // "eager_adversarial" (absent: the deferred order)
  std::string on_tables = "carry";  // header "on_tables"; absent = carry (engine/run/shard.h)
  ShardSpec shard;                  // header "shard"; absent = not sharded
  std::vector<std::string> shard_of;  // every problem of the sharded run (header shard.problems)
  std::string backend;                // header "backend": the kind that measured
  std::string rules_hash;             // header "rules_hash"
  std::string recording_hash;         // header "recording_hash" ("": a live run)
  nlohmann::json generator;           // header "generator" (the --generator settings; null: none)
};

// The settings in a ledger header, every field type- and range-checked (located at line 1).
RunSettings run_settings(const nlohmann::json& header, const std::string& ledger_path);

// The one place a run's header becomes options (resume and replay --simulate both continue or
// redo a run on its own settings).
void apply_run_settings(AblationOptions& opt, const RunSettings& run);

// Options given with --resume are checked against these settings by check_resume_flags
// (engine/run/run_options.h: one table of every option).

// The recording a resumed run replays must be the bytes it started on (header recording_hash).
void check_recording(const nlohmann::json& header, Backend& backend,
                     const std::string& ledger_path);

// `--problems` takes names (no paths, no "." or ".."), each once.
void check_problem_names(const std::vector<std::string>& names);

// sha256 of every regular file under a problem folder, by path relative to it. A symbolic link
// is hashed through only when its target lies inside the folder; one that leaves it, or a file
// name that is not UTF-8 without control characters, is refused (InputError naming the path).
nlohmann::json problem_folder_hash(const std::string& dir);
// The folder's hashes plus "kernels:<path>" for each kernel library file the problem reaches.
nlohmann::json problem_folder_hash(const generators::ProblemSpec& spec);

// Each problem's spec hash and folder hashes equal the ones in the header (absent fields of an
// older run are not checked).
void check_problem_hashes(const nlohmann::json& header,
                          const std::map<std::string, generators::ProblemSpec>& specs,
                          const nlohmann::json& spec_hashes, const nlohmann::json& folder_hashes,
                          const std::string& ledger_path);

}  // namespace solver::engine
