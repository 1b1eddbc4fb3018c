// The shared kernel library (kernels/ of the data dir, docs/problem-format.md "The kernel
// library"): kernel sources and headers that several problems use, kept once. A problem reaches
// it in two ways, both confined to the library as a problem's own files are to its folder:
//   - `kernels: [attention]` in problem.yaml puts library folders on NVRTC's include path;
//   - `source: kernels:gemm/tiled.cu` (a variant's or the reference's) names a library file.
// A file's bytes, not its place, key a compile and a recording (variant_space.h: the source
// hash reads the text of the source and of every header by file name, and options without -I),
// so a kernel moved whole into the library keeps its key.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "rules/outcome.h"

namespace solver::generators {

// The prefix of a `source:` that names a file of the library.
inline constexpr const char* kLibraryPrefix = "kernels:";

// The library folder: the one set by set_kernel_library_dir, else $SOLVER_KERNELS_DIR, else
// $SOLVER_DATA_DIR/kernels, else <executable>/../share/solver/kernels when that exists (an
// installed tool or the GPU bundle), else the source tree's kernels/. Canonical when it exists.
std::string kernel_library_dir();
// The CLI's --data-dir sets <data-dir>/kernels (and exports $SOLVER_KERNELS_DIR, so the GPU
// worker it starts reads the same library). "" returns to the default.
void set_kernel_library_dir(const std::string& dir);

// Whether a `source:` value names a library file (starts with kernels:).
bool names_library_file(const std::string& source);

// The absolute path of a `source:` value: the problem folder's file, or the library's for a
// kernels: name. Not checked (check_kernel_source does that).
std::string kernel_source_path(const std::string& problem_dir, const std::string& source);

// Checks a `source:` value: a relative path without '..' to a regular file inside the problem
// folder, or (kernels:) inside the library, after links are resolved. The canonical path, or why
// not.
rules::Outcome<std::string> check_kernel_source(const std::string& problem_dir,
                                                const std::string& source);

// Checks one entry of problem.yaml's `kernels:` list: a relative path without '..' to a folder
// inside the library (links resolved). Its canonical path, or why not.
rules::Outcome<std::string> library_include_dir(const std::string& folder);

struct ProblemSpec;

// The library files a problem reaches (its kernels: sources and every header its sources
// include from the library), as ("kernels:<path in the library>", canonical path), sorted: what
// a run's problem_folder_hashes must also cover (engine/run/run_inputs.h).
std::vector<std::pair<std::string, std::string>> library_files(const ProblemSpec& spec);

}  // namespace solver::generators
