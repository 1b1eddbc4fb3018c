// The external generator behind the round loop (docs/external-generators.md): when the rules
// fired a hypothesis the pool has no untried variant for (or first, with --generator-first),
// the loop asks a user's program for a rewrite of the incumbent. The answer becomes a variant
// of a per-track generated problem folder (generators/generated_pool.h) and from there on is
// an ordinary candidate: validated, compiled, gated and timed by the backend like a pool
// variant. Every attempt (its input digest, how the process ended, its stderr, the variant it
// produced) goes into the round's ledger record; a crash, a timeout, an oversized or garbage
// answer is the round's outcome `generator-failed`, and the loop goes on.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"
#include "generators/candidate.h"
#include "generators/generated_pool.h"
#include "generators/generator_protocol.h"
#include "generators/problem_spec.h"

namespace solver::engine {

struct GeneratorOptions {
  std::string command;            // as the user gave it (recorded in the ledger)
  std::vector<std::string> argv;  // split_command(command); empty = no generator
  bool first = false;             // ask the generator before the pool
  int timeout_ms = 60000;         // wall clock per attempt
  std::size_t max_output_bytes = std::size_t(1) << 20;
  std::size_t max_source_bytes = std::size_t(256) << 10;
  std::size_t max_stderr_bytes = std::size_t(8) << 10;  // kept in the ledger
  int attempts_per_round = 2;  // a failed attempt is retried within the round up to this
  int attempts_per_run = 32;   // over every problem and track of the run
  // Replay (`solver replay --simulate`): no program runs; the rewrites stored in this run
  // directory's generated/ folders answer, each where the same hypothesis fires on the same
  // incumbent (first stored first), under its stored id, so the run's measurements of it
  // serve; anything else is a decline ("no stored rewrite").
  std::string stored_from;
  bool enabled() const { return !argv.empty() || !stored_from.empty(); }
};

// The attempts a run has spent (shared by its tracks; rebuilt from the ledger on resume).
struct GeneratorBudget {
  int used = 0;
};

struct GeneratorProposal {
  std::optional<generators::Candidate> candidate;
  bool declined = false;  // the generator said no (a reason in `detail`)
  bool failed = false;    // every attempt of the round failed (crash, timeout, garbage...)
  std::string detail;
  nlohmann::json record;  // RoundRecord::generator: the command and every attempt
};

class TrackGenerator {
 public:
  // `dir`: the track's generated problem folder (run_dir/generated/<track>/<problem>).
  TrackGenerator(const GeneratorOptions& options, GeneratorBudget& budget,
                 const generators::ProblemSpec& base, std::string dir, std::string track);

  // The pool plus the generated variants so far: the spec the loop works on.
  const generators::ProblemSpec& spec() const { return variants_.empty() ? base_ : spec_; }
  const std::string& dir() const { return dir_; }
  bool is_generated(const std::string& variant_id) const;
  bool first() const { return options_.first; }

  // Resume: keeps the stored variants that this track's recorded rounds produced (a variant
  // of a round cut short before its record is dropped), rebuilds the folder from the stored
  // sources (never by asking the generator), and counts the recorded attempts into the budget.
  void restore(const std::vector<RoundRecord>& track_records);
  // Each finished round of the track (for the previous attempts the next request lists).
  void observe(const RoundRecord& r);

  // Up to attempts_per_round attempts for `ctx.hypothesis` (the limits fields of ctx are
  // filled here). Never throws for anything the generator does.
  GeneratorProposal propose(generators::GeneratorContext ctx);

 private:
  std::vector<generators::PreviousAttempt> previous_for(const std::string& hypothesis) const;
  GeneratorProposal propose_stored(const generators::GeneratorContext& ctx);
  std::optional<std::vector<generators::GeneratedVariant>> stored_;  // loaded on first use
  GeneratorOptions options_;
  GeneratorBudget& budget_;
  const generators::ProblemSpec& base_;
  generators::ProblemSpec spec_;
  std::string dir_, track_;
  std::vector<generators::GeneratedVariant> variants_;
  std::vector<RoundRecord> history_;
};

// The stored variants' ids named by a track's records (a record's candidate, or an attempt's
// variant).
std::vector<std::string> generated_ids_in(const std::vector<RoundRecord>& records);

}  // namespace solver::engine
