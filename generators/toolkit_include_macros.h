// The macros a toolkit header names an include file through. NVRTC is given the toolkit's
// include folders (toolkit_dirs.h), and some of their headers include a file whose name is a
// macro (`#include THRUST_MR_STD_MR_HEADER`, `#include __THRUST_HOST_SYSTEM_SORT_HEADER`,
// whose definition `<__THRUST_HOST_SYSTEM_ROOT/detail/sort.h>` is expanded at the include, so
// `thrust`, `system`, `detail` and `h` are macro names there too). A kernel source that
// defines one of them chooses the path NVRTC opens (red team 33), while the include check
// (source_confinement.h) never reads toolkit headers. So the toolkit is scanned once per
// process and every name that can reach such an include's expansion is a name a problem's
// files and -D/-U options may not define or undefine.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace solver::generators {

struct ToolkitIncludeMacros {
  // Each name that can change a computed include's file name, with where it does: the toolkit
  // file:line of the include (or __has_include probe) it is named in, or of the #define whose
  // replacement list names it ("<file>:<line>: #define X ... (in #include Y)").
  std::map<std::string, std::string> names;
  // Definitions in the closure that paste tokens (##): the name they make is not in the set
  // (none on CUDA 13.0; toolkit_include_macros_test fails on a toolkit that has one).
  std::vector<std::string> pasting;
  std::vector<std::string> dirs;  // the folders scanned
  std::size_t files = 0;          // the files read
  double seconds = 0;             // the scan's wall time
};

// The closure over the headers under `dirs`: the identifiers of every `#include`,
// `#include_next` (and `__has_include`/`__has_include_next` probe) whose file name is not a
// literal, then, to a fixpoint, every identifier in the replacement list of any #define of a
// name already in the set (inside <...> too; a function-like macro's parameters and string
// literals excepted).
ToolkitIncludeMacros scan_toolkit_include_macros(const std::vector<std::string>& dirs);

// scan_toolkit_include_macros(toolkit_include_dirs()), made at first use and kept for the
// process (empty where no toolkit is found: nothing compiles there).
const ToolkitIncludeMacros& toolkit_include_macros();

}  // namespace solver::generators
