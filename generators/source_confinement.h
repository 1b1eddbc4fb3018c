// What a problem's kernels may make NVRTC read: files inside the problem folder (the source,
// headers it includes by a relative "name", folders given with -I inside the folder) and the
// toolkit's headers (<name>). Checked when problem.yaml is loaded, so a kernel that includes
// "/etc/passwd" or "../../secret" is refused before any compile, and no file from outside the
// folder can reach a compile log (or, through the gate's detail, the ledger).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/outcome.h"

namespace solver::generators {

// Local includes are followed this many levels deep (from the source, or from a file of an
// include folder); a header found deeper is refused, never left unread (red team 34).
inline constexpr int kMaxIncludeDepth = 32;
// Distinct files the include folders may hold: each is read (check_includes); more is refused.
inline constexpr std::size_t kMaxIncludeFolderFiles = 256;

// 4 MiB: the most a kernel source or a local header may be (the largest bundled one is
// ~40 KB). Without it NVRTC was handed whatever a `source:` names (a 1 GB sparse file: 30 s,
// 2.1 GB). Over it, the problem is refused at load with the file named.
inline constexpr std::size_t kMaxKernelSourceBytes = std::size_t(4) << 20;

// Whether `option` is an NVRTC option a problem.yaml may give. An allowed -I / --include-path
// comes back rewritten to its absolute folder (NVRTC runs in the worker's working directory,
// not the problem's); a refused one yields its reason.
rules::Outcome<std::string> confine_compile_option(const std::string& option,
                                                   const std::string& problem_dir);

// Why a problem may not define or undefine macro `name` (verb: "defines", "#define", ...): it is
// one a toolkit header's computed include expands (toolkit_include_macros.h); nullopt if not.
std::optional<std::string> toolkit_macro_refusal(const std::string& name, const std::string& verb);

// The include folders every kernel of a problem gets on NVRTC's path without asking: the
// problem's own `include/` and the shared `include/` next to the problem folders (the
// problems dir's, for helpers common to several problems), those that exist, canonical.
// Both are also allowed roots for check_includes.
std::vector<std::string> default_include_dirs(const std::string& problem_dir);

// Scans `source` (relative to `problem_dir`, or absolute: a kernel library file) and every local
// header it includes, recursively,
// for #include directives. Returns one message per offending directive ("file:line: why"):
// an absolute path, a `..` component, a macro-named include, or a quoted name that is not a
// file inside the folder (or one of `include_dirs`: absolute folders inside it, or the shared
// include folder of default_include_dirs, or the kernel library: a problem's `kernels:` folders
// come in `include_dirs`). `headers`, if given, receives every local file
// reached besides the source (canonical paths, sorted): what a compile depends on.
std::vector<std::string> check_includes(const std::string& problem_dir, const std::string& source,
                                        const std::vector<std::string>& include_dirs,
                                        std::vector<std::string>* headers = nullptr);

}  // namespace solver::generators
