// Where the tool's data lives (rules/, problems/, recordings/). One answer for every command so
// that an installed binary, a build-tree binary and the tests all find the same files.
#pragma once
#include <string>

namespace solver::engine {

// $SOLVER_DATA_DIR if set; else <dir of the running executable>/../share/solver if that folder
// exists (an installed tool); else the source tree the binary was built from.
std::string default_data_dir();

// Paths under a data dir.
std::string rules_file(const std::string& data_dir);     // rules/rules.yaml
std::string chips_file(const std::string& data_dir);     // rules/chips.yaml
std::string problems_root(const std::string& data_dir);  // problems/
// The shared kernel library (kernels/; generators/kernel_library.h reads it).
std::string kernels_root(const std::string& data_dir);
std::string recordings_dir(const std::string& data_dir);  // tests/data/recordings or recordings/
// The recording replayed when none is given: <recordings>/h200.json, and beside it
// h200-large.json (issue 30's large pools) when that file exists, as a list (load_recordings).
std::string default_recordings(const std::string& data_dir);
// The bundled H200 signal fixtures (the default input of `solver dry-run`).
std::string fixture_file(const std::string& data_dir, const std::string& name);

}  // namespace solver::engine
