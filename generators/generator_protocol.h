// The external generator protocol, version 1 (docs/external-generators.md; JSON schemas in
// docs/schemas/generator-request.schema.json and generator-answer.schema.json): what the loop
// sends a user's code generator on stdin when the rules fired a hypothesis, and what it
// accepts back on stdout. Host-only: the request is built from the problem spec, the
// incumbent and the fired rule; the answer is checked for shape here and for meaning by the
// problem loader, exactly as a pool variant is (generated_pool.h).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/outcome.h"

namespace solver::generators {

inline constexpr int kGeneratorProtocolVersion = 1;

// One earlier attempt of this track for the same hypothesis, as the generator is told it.
struct PreviousAttempt {
  int round = 0;
  std::string variant;  // generated variant id, "" when the attempt produced none
  std::string outcome;  // the round's outcome ("kept", "rejected", "gate-failed", ...) or
                        // "generator-failed" / "declined"
  std::string detail;   // one line (the gate's status and detail, the verdict)
  std::string reason;   // the generator's own one-line reason for its answer ("" if none)
};

struct GeneratorContext {
  const ProblemSpec* spec = nullptr;
  Incumbent incumbent;
  const rules::ChipProfile* chip = nullptr;
  std::string track;
  int round = 0;
  double incumbent_time_us = 0;
  std::string rule_id, hypothesis, rationale, bottleneck;
  nlohmann::json evidence = nlohmann::json::object();  // signal name -> value (matcher's)
  // The incumbent's hottest source lines with their stall mix and the evidence line's citation
  // (PC sampling; engine/backend/pc_sampling_json.h lines_summary_json), null where none.
  nlohmann::json lines = nullptr;
  std::vector<PreviousAttempt> previous;
  // limits the generator is told about (and held to)
  int timeout_ms = 0;
  std::size_t max_output_bytes = 0, max_source_bytes = 0;
  int attempt = 1;                                     // this attempt's number within the run
  int attempts_left_round = 0, attempts_left_run = 0;  // after this one
};

// The request document. Throws InputError only when the incumbent is not in the spec.
nlohmann::json build_request(const GeneratorContext& ctx);

struct GeneratedLaunch {
  std::string entry;
  std::vector<std::string> args;
  std::vector<std::string> grid, block;  // expression texts over the problem's scalars
  std::string smem;                      // "" = none
};

struct GeneratorAnswer {
  bool declined = false;
  std::string reason;  // why it declined; or what the rewrite does (one line)
  std::string description;
  std::string source;     // the whole kernel source
  std::string precision;  // "" = the incumbent's class
  std::vector<std::string> compile_options;
  std::vector<GeneratedLaunch> launches;
};

// Parses stdout. A failure (one line, says which field) for anything that is not a version-1
// answer: not JSON, another protocol version, a missing or mistyped field, a source over
// `max_source_bytes`, more than 8 launches, 1..3 grid/block entries each.
rules::Outcome<GeneratorAnswer> parse_answer(const std::string& text, std::size_t max_source_bytes);

}  // namespace solver::generators
