// The ledger: ledger.jsonl in a run directory. First line a versioned header
// {"format":"solver-ledger","version":1,...}; then one JSON record per round, appended, flushed
// and fsync'd, so a crash loses at most the round in flight. Records form a hash chain: each
// carries "hash" = sha256(previous hash + the record's JSON without "hash") (the header's
// chain starts from "solver-ledger"), so an edited record is detected on load. Wall-clock time
// is kept out of the ledger (it lives in manifest.json): two runs of the same command on the
// recorded backend write byte-identical ledgers. docs/ledger.md describes every field.
#pragma once
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/loop/measurement.h"
#include "rules/signals.h"

namespace solver::engine {

inline constexpr const char* kLedgerFormat = "solver-ledger";
inline constexpr int kLedgerVersion = 1;

// Refused: the candidate was not measured because a policy forbids it (--precision same).
// GeneratorFailed: the external generator was asked and every attempt of the round failed
// (crash, timeout, oversized or garbage answer, an answer that is no valid variant).
// NotRecorded: the recorded backend has no measurement of the candidate (a new problem or
// variant, an external generator's code, another chip's compile): nothing was tested, so it
// is no gate failure; the evolver learns nothing and patience counts it as a gate failure.
enum class Outcome {
  Kept,
  Rejected,
  GateFailed,
  NoVariant,
  Stop,
  Converged,
  Refused,
  GeneratorFailed,
  NotRecorded
};
const char* to_string(Outcome o);
std::optional<Outcome> outcome_from_string(std::string_view s);

// One change the evolver made (or checked) after a round.
struct EvolutionEvent {
  std::string kind;    // reward penalty neutral retired promoted probation-passed proposed
                       // proposal-skipped expect-met expect-failed calibration
  std::string rule;    // rule id
  std::string detail;  // one line, human readable
  double before = 0, after = 0;  // confidence
  bool operator==(const EvolutionEvent&) const = default;
};

struct MatchRecord {
  std::string fired;       // rule id, "" when nothing matched
  std::string hypothesis;  // of the fired rule
  bool stop = false;
  nlohmann::json evidence = nlohmann::json::object();       // name -> value that made it true
  std::map<std::string, std::vector<std::string>> blocked;  // rule -> missing capabilities
  std::vector<std::string> outranked;
  std::vector<std::string> missing_signals;
  // The ranking (docs/rules.md, "Ranking"): [{rule, estimate, evidence, calibration, score}],
  // best first; estimate is null for a rule without one. Empty in ledgers before issue 29.
  nlohmann::json ranked = nlohmann::json::array();
  // A verdict the next measurement could change (rules/verdict_tie.h, docs/rules.md): the
  // runner-up of another class that the signals' measured spread could put first, and its
  // score's distance from the fired rule's (relative; negative: it scores higher but cannot
  // fire). Absent when there is none, and in ledgers written before ties.
  struct Tie {
    std::string rule, bottleneck;
    double margin = 0;
  };
  std::optional<Tie> tie;
  // The fired rule's explained share is within the tie margin of evolution.min_explained:
  // "no rule explains this" and its class are a tie.
  bool tie_unexplained = false;
};

struct RoundRecord {
  std::string problem;
  std::string track;      // "on" (evolution) or "off"
  int round = 0;          // 1-based within (problem, track)
  std::string incumbent;  // variant key
  std::string incumbent_source_hash;
  double incumbent_time_us = 0;     // unprofiled median of the incumbent
  std::string incumbent_precision;  // its precision class ("fp32", "tf32"; "" in older ledgers)
  rules::SignalSet signals;         // the incumbent's
  MatchRecord match;
  std::string hypothesis;     // the hypothesis pursued this round
  std::string credited_rule;  // the rule the outcome is credited to ("" for none)
  bool explored = false;      // the hypothesis came from exploration, not the fired rule
  std::string candidate;      // variant key, "" when none
  std::string candidate_source_hash;
  std::string candidate_reason;     // the generator's reason ("child 'tiled' applies ...")
  std::string candidate_precision;  // its precision class ("" in older ledgers)
  Outcome outcome = Outcome::NoVariant;
  std::string detail;  // why (gate log, verdict reason, "no rule fired" ...)
  std::optional<GateResult> gate;
  std::optional<PairedDecision> verdict;
  std::optional<rules::SignalSet> candidate_signals;  // profiled after a kept round
  double candidate_time_us = 0;
  std::vector<EvolutionEvent> evolution;
  std::map<std::string, double> confidence;  // ON track: every rule's confidence afterwards
  std::string rules_hash;                    // content hash of the table the round matched against
  bool ends_track = false;  // stop, converged, or the incumbent could not be profiled
  // Wall time of the round's phases (ms), live backends only: the loop's own steps ("profile",
  // "incumbent", "gate", "pairs", "profile_kept", "evolve", "round") and, below them, the worker's
  // ("gate/adversarial", "pairs/timing/samples" ...). docs/benchmarks.md reads them.
  std::map<std::string, double> phases_ms;
  // Live paired timings: whether both members ran on the same device buffers (written as
  // "pair_buffers": "shared" | "separate" | "exchanged"; absent where no pair was timed or not
  // known). "exchanged": separate allocations that changed hands between pairs (red team 34,
  // engine/backend/placement_plan.h), pair_allocations_exchanged true.
  std::optional<bool> pair_buffers_shared;
  std::optional<bool> pair_allocations_exchanged;
  // P5 (red team 37): the timed pairs' verified runs that passed only under P6p's conditioning
  // allowance ("pair_fold_rescued", absent where none; PairSamples::fold_rescued).
  int pair_fold_rescued = 0;
  // What the gate could not check ("narrowed_checks": dist_fixed inputs, no adversarial set;
  // engine/backend/narrowed_checks.h); absent when the check was whole or no gate passed.
  std::vector<std::string> narrowed_checks;
  // The deferred part of the candidate's gate (engine/backend/gate_parts.h, round_loop.cpp step
  // 7b) where it did not run: "not run: not faster" on a rejected round ("deferred_checks";
  // absent where it ran, where the gate was full, or where no gate passed); "ran after the
  // paired timing's refusal: passed (...)" where the pairs refused the candidate on its values
  // and its deferred part, run then, did not (candidate_checks.h deferred_after_refusal). A run's
  // gate record says which part it holds ("gate": {"deferred_checks": "not_run" | "ran"}): after
  // "ran after the paired timing's refusal: passed" it holds the regular part, "not_run".
  std::string deferred_checks;
  // Rounds that asked the external generator: {"command", "attempts": [{attempt, input_digest,
  // process, result: answer|declined|failed, detail, stderr, variant, source_file,
  // source_sha256}], "variant"} (external_generator.h, docs/external-generators.md).
  std::optional<nlohmann::json> generator;
  // The incumbent's hottest source lines from PC sampling, with the verdict's citation
  // (engine/backend/pc_sampling_json.h, lines_summary_json); absent where the profile had none.
  std::optional<nlohmann::json> incumbent_lines;
  // The screening batch's other points (knob_screen.h): gated this round beside the candidate,
  // not paired ("screened": [{key, reason, gate, median_us}]); absent where none was screened.
  struct Screened {
    std::string key, reason;
    GateStatus status = GateStatus::NotRecorded;
    double median_us = 0;  // the gate's timed runs (0: none)
  };
  std::vector<Screened> screened;
  // Kept on a tie (round_loop.cpp, step 8; docs/loop.md "Screening a large knob space"): the
  // paired verdict was same or ambiguous but both the paired median ratio and the gate's own
  // times favour the candidate ("tie_kept": true; absent otherwise). Teaches the evolver nothing.
  bool tie_kept = false;
  // Rejected, but a lead on a tie (knob_screen.h, tie_lead): a large search, the paired verdict
  // same or ambiguous with a median ratio above 1 ("tie_lead": true; absent otherwise).
  bool tie_lead = false;
  std::string hash;  // chain hash (set by the ledger)
};

// The ledger's word for how a round's pairs were placed (RoundRecord::pair_buffers_shared set).
inline const char* pair_buffers_word(const RoundRecord& r) {
  if (*r.pair_buffers_shared) return "shared";
  return r.pair_allocations_exchanged.value_or(false) ? "exchanged" : "separate";
}

// The record's JSON; its nested value types use their one encoding (engine/backend/value_json.h,
// whose NaN/missing policy applies here too). The decoders throw rules::InputError located at
// `file`:`line` with the JSON pointer of each bad value; a missing required key is named.
nlohmann::json to_json(const RoundRecord& r);  // without "hash"
RoundRecord round_record_from_json(const nlohmann::json& j, const std::string& file = "record",
                                   int line = 0);
nlohmann::json to_json(const PairedDecision& d);
PairedDecision paired_decision_from_json(const nlohmann::json& j,
                                         const std::string& file = "verdict", int line = 0);

struct LoadedLedger {
  nlohmann::json header;  // without "hash"
  std::vector<RoundRecord> records;
  std::vector<std::string> notes;  // e.g. "dropped a torn last line (312 bytes)"
  std::size_t valid_bytes = 0;     // file length up to the end of the last good record
  std::string last_hash;
  bool missing_final_newline = false;  // the last good record was not newline-terminated
};

// Validates the header (format, version) and every record (JSON, fields, hash chain). A torn
// LAST line (no newline and unparsable or failing its hash) is dropped with a note; anything
// else wrong throws rules::InputError located at file:line. Trailing blank lines are ignored
// (with a note; resume truncates them).
LoadedLedger load_ledger(const std::string& path);

class LedgerWriter {
 public:
  // Creates the file with `header` as its first line (fails if it exists).
  static LedgerWriter create(const std::string& path, const nlohmann::json& header);
  // Continues a loaded ledger: truncates a dropped torn line, then appends.
  static LedgerWriter resume(const std::string& path, const LoadedLedger& loaded);
  LedgerWriter(LedgerWriter&& o) noexcept;
  LedgerWriter& operator=(LedgerWriter&&) = delete;
  ~LedgerWriter();
  // Sets r.hash, writes the line, fsyncs.
  void append(RoundRecord& r);
  // Runs before each record is written (the ablation persists the round's measurements there).
  void before_append(std::function<void()> f) { before_ = std::move(f); }

 private:
  LedgerWriter(int fd, std::string path, std::string last_hash)
      : fd_(fd), path_(std::move(path)), last_hash_(std::move(last_hash)) {}
  void write_line(const std::string& line);
  int fd_ = -1;
  std::string path_;
  std::string last_hash_;
  std::function<void()> before_;
};

// sha256(prev + json.dump()) as the chain defines it.
std::string chain_hash(const std::string& prev, const nlohmann::json& without_hash);

}  // namespace solver::engine
