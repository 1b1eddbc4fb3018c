// The recorded-backend format: measurements of whole variant pools taken on a real GPU, kept
// as one JSON file so that the loop, the ablation and replays run anywhere without a GPU.
//
//   {"format": "solver-recording", "version": 1,
//    "chip": "h200", "device_name": "NVIDIA H200", "driver": "580.xx", "cuda": "13.0",
//    "ecc": true,                                                   // when it was recorded
//    "created": "2026-11-29T12:00:00Z", "note": "...",
//    "ceilings": {"dram_gbps": 3690, "fp32_tflops": ...},          // measured on the device
//    "problems": {"<problem>": {"spec_hash": "<measurement hash of problem.yaml>",
//       "variants": {"<variant key>": {
//          "gate": {"status": "passed", "detail": "", "source_hash": "...", "max_abs_err": 0,
//                   "max_rel_err": 0, "input_sets": 2, "seeds": [1, 2]},
//          "profile": {"ok": true, "detail": "", "time_us": 12.5,
//                      "signals": {"dram_frac": 0.8, "dtype": "f32", ...},
//                      "raw_metrics": {"dram__bytes_read.sum": 1.0e9, ...}},
//          "samples_us": [...],        // unprofiled kernel times (CUPTI activity)
//          "event_samples_us": [...],  // the same runs timed with CUDA events (cross-check)
//          "sm_clock_mhz": 1980}}}}}
//
// Loading validates everything and throws rules::InputError (exit 2) with located messages
// (file: JSON pointer of the offending value); a version other than 1 is refused, never guessed.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/backend/worker_protocol.h"
#include "rules/signals.h"

namespace solver::engine {

inline constexpr const char* kRecordingFormat = "solver-recording";
inline constexpr int kRecordingVersion = 1;

struct RecordedVariant {
  std::optional<GateResult> gate;        // absent: never gated
  std::optional<ProfileResult> profile;  // absent: never profiled
  std::vector<double> samples_us;        // unprofiled times
  std::vector<double> event_samples_us;  // event-timed cross-check
  double sm_clock_mhz = 0;
};

struct RecordedProblem {
  std::string spec_hash;
  std::map<std::string, RecordedVariant> variants;  // by variant key
};

struct Recording {
  int version = kRecordingVersion;
  std::string chip;  // chips.yaml id
  std::string device_name;
  std::string driver;
  std::string cuda;
  std::optional<bool> ecc;  // absent from older recordings: "not recorded", never a guess
  std::string created;      // ISO-8601, informative only
  std::string note;
  std::map<std::string, double> ceilings;
  std::map<std::string, RecordedProblem> problems;
  std::string file;          // where it was loaded from (not serialised)
  std::string content_hash;  // sha256 of the text it was parsed from (not serialised)

  const RecordedVariant* find(const std::string& problem, const std::string& key) const;
  RecordedVariant& at(const std::string& problem, const std::string& key);  // creates
};

// The gate and profile of each variant use the value types' one JSON (value_json.h), the same
// bytes the worker sends and the ledger stores.
nlohmann::json to_json(const Recording& r);
std::string dump_recording(const Recording& r);  // 1-space indented, sorted keys, newline
Recording parse_recording(const std::string& text, const std::string& file_label);
Recording load_recording(const std::string& path);
// A comma-separated list of recordings of one chip ("h200.json,h200-large.json": the large
// pools' recording beside the bundled one), merged in order (merge_recording); one path is
// load_recording itself. The result's `file` is the list as given, and its content hash that of
// its one file, or sha256 of the files' hashes joined by ',' for several.
Recording load_recordings(const std::string& paths);
// The paths of such a list (empty items dropped).
std::vector<std::string> split_recording_list(const std::string& paths);
// Writes atomically (temporary file + rename) so a crash never leaves half a recording.
void save_recording(const Recording& r, const std::string& path);

// Merges `from` into `into`. Both must come from the same chip (else InputError). A variant
// present in both gets `from`'s gate/profile if `into` lacks them, and the two sample lists
// concatenated (more samples of the same kernel on the same chip). Returns the number of
// variant keys that were new to `into`.
int merge_recording(Recording& into, const Recording& from);

// The measurement hash of a problem.yaml (generators/problem_hash.h; "" if unreadable): ties a
// recording to the spec it measured, ignoring annotation-only edits (comments, `parent`,
// `applies`, descriptions).
std::string problem_spec_hash(const std::string& problem_yaml_path);

}  // namespace solver::engine
