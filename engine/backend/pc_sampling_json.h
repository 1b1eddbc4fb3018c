// The JSON of PC sampling's per-line samples (profiling/pc_lines.h), one encoder and one strict
// decoder shared by the wire, the recording and the ledger (value_json.h's policy: a missing
// optional key takes its default, a wrong type is a located error).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "profiling/pc_lines.h"

namespace solver::engine {

nlohmann::json to_json(const profiling::PcSampling& s);
profiling::PcSampling pc_sampling_from_json(const nlohmann::json& j,
                                            const std::string& where = "pc_sampling");
// The lines alone (the ledger and the external generator's request carry these).
nlohmann::json lines_json(const std::vector<profiling::LineSamples>& lines);
// What a ledger record and the external generator's request carry: {kernel, total_samples,
// lines (the first `n`), citation (the evidence line, profiling/pc_signals.h), causes}; null
// when `s` holds no samples.
nlohmann::json lines_summary_json(const profiling::PcSampling& s,
                                  const std::vector<std::string>& evidence, size_t n = 5);

}  // namespace solver::engine
