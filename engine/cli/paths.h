// The commands use the data-dir layout unqualified; it lives in engine/loop/data_paths.h because
// the engine (the ablation's backend choice) needs it too, and the engine does not include cli/.
#pragma once
#include "engine/loop/data_paths.h"

namespace solver::cli {
using engine::chips_file;
using engine::default_data_dir;
using engine::default_recordings;
using engine::fixture_file;
using engine::kernels_root;
using engine::problems_root;
using engine::recordings_dir;
using engine::rules_file;
}  // namespace solver::cli
