// The pool's oracle and the physical floor: what the best point of each problem's variant pool
// is, and how far any time is from what the chip allows. Written as oracle.json in the run
// directory, so `solver report DIR` regenerates the summary's oracle columns from files alone.
//
// Which points are known: on the recorded backend every point the recording holds (a complete
// recording knows the whole pool); on the live backend only with `--oracle`, which measures,
// at the end of the ablation and through the same backend seam (gate, then profile), every
// point the tracks never profiled. A point's time is the same figure the tracks report as
// their best: the unprofiled median that comes with its profile. Points that fail the gate
// are listed with their status and never count as the best.
//
// The floor of a point: max(problem bytes / DRAM bandwidth, FLOPs / the peak rate of the
// point's precision class), from the ceilings measured on the device (the recording's, or the
// live worker's), else the chip table's datasheet figures; `rates.source` says which.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/backend/recording.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::engine {

struct FloorRates {
  double dram_gbps = 0;                  // 10^9 B/s
  std::map<std::string, double> tflops;  // by precision class: "fp32", "tf32", "bf16", "fp16"
  std::string source;                    // "measured (recording)", "measured (live)", "datasheet"
};

// The measured ceilings of the backend where it has them, else the chip's datasheet peaks.
FloorRates floor_rates(Backend& backend, const rules::ChipProfile& chip);
// The floor of `variant` at `knobs` in microseconds (0 when the rates lack what it needs).
double class_floor_us(const generators::ProblemSpec& spec, const generators::VariantSpec& variant,
                      const generators::KnobValues& knobs, const FloorRates& rates);

struct OraclePoint {
  std::string key, precision;
  std::string status;  // "measured", or why there is no time ("gate wrong_result: ...",
                       // "invalid on h200: ...", "not recorded: ...")
  double time_us = 0;  // 0 unless measured
  double floor_us = 0;
  bool measured() const { return time_us > 0; }
};

struct ProblemOracle {
  std::string problem, seed_precision;
  bool known = false;     // the points were measured (recorded backend, or --oracle live)
  bool complete = false;  // known, and every point valid on the chip has a time
  std::map<std::string, double> floors;  // by precision class present in the pool (seed shapes)
  std::vector<OraclePoint> points;       // every knob point of every variant, in pool order
  // The fastest measured point, of `precision` when given ("" = any class); nullptr if none.
  const OraclePoint* best(const std::string& precision = "") const;
  const OraclePoint* find(const std::string& key) const;
};

struct PoolOracle {
  std::string source;  // "recording", "measured at the end of the run (--oracle)", "" = none
  FloorRates rates;
  std::map<std::string, ProblemOracle> problems;
  nlohmann::json to_json() const;
};

PoolOracle pool_oracle_from_json(const nlohmann::json& j, const std::string& file);
// oracle.json of a run directory; nullopt when the run has none (runs made before it existed).
std::optional<PoolOracle> load_pool_oracle(const std::string& path);

// Floors and classes of every point of `spec`; with `measure`, times too: from `measured`
// (profiles the run already holds) where present, else through `backend` (gate, then profile).
ProblemOracle problem_oracle(Backend& backend, const generators::ProblemSpec& spec,
                             const rules::ChipProfile& chip, const FloorRates& rates,
                             const Recording& measured, bool measure);

}  // namespace solver::engine
