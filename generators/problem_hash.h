// The measurement hash of a problem.yaml: what a recorded measurement of the problem depends
// on, and nothing else. Recordings carry it per problem so that a replay can tell a problem
// that was re-measured-worthy changed (shapes, dtypes, launches, tolerances, knobs) from one
// whose pool was only re-annotated (comments, descriptions, `parent`, `applies`, `seed`).
// Kernel source edits are caught per variant by the source hash (variant_space.h).
#pragma once
#include <set>
#include <string>

namespace solver::generators {

// sha256 of the YAML tree with the annotation keys removed, emitted canonically (comments and
// formatting do not count); the `kernels:` include folders dropped and a library source
// (`kernels:dir/file.cu`) counted by its file name, as a problem-local one is. "" if the file
// cannot be read or parsed.
std::string problem_measurement_hash(const std::string& problem_yaml_path);

// The same hash of the file with the variants whose ids are in `without` left out: the hash the
// file had before those variants were added to it (record --merge keeps a pool's points when
// its problem.yaml only gained variants).
std::string problem_measurement_hash(const std::string& problem_yaml_path,
                                     const std::set<std::string>& without);

}  // namespace solver::generators
