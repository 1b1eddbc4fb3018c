// The device a run measured on, as one JSON object for the manifest, summary.json and the
// report: name, chip, driver, CUDA, clocks, memory, ECC. Live runs take it from the worker's
// hello; replays from the recording (whose driver or memory may not have been recorded: such a
// field is null, shown as "not recorded", never guessed).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"

namespace solver::engine {

nlohmann::json device_block(const Backend& backend);
// Older run directories have no "device" in their manifest: what its backend entry says.
nlohmann::json device_block_of_manifest(const nlohmann::json& manifest);
// One line for a terminal or the report: "NVIDIA H200 (h200) · driver not recorded · ...".
std::string device_line(const nlohmann::json& device);

}  // namespace solver::engine
