// What a compile outcome means for a user who brought their own kernel: the launched entries
// checked against the module NVRTC built (a kernel with C++ linkage is there under its mangled
// name, which is named), and a hint for each libc name NVRTC does not know (it ships no libc
// headers: INFINITY, M_PI, FLT_MAX, <cmath> ...). Pure text functions over the PTX and the
// compile log, so they are tested without NVRTC.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace solver::generators {

// Every `.entry` name of a PTX module, in order.
std::vector<std::string> ptx_entry_names(const std::string& ptx);

// The source-level name of a mangled (Itanium ABI) kernel name: "_Z10softmax_v1PKfPfi" ->
// "softmax_v1", "_ZN2v26kernelEPf" -> "v2::kernel", a template "_Z1kILi128EEvPf" -> "k".
// A name that is not mangled comes back unchanged.
std::string demangled_base(const std::string& symbol);

// The reason none of `module_entries` is `entry`, naming what is there: the mangled name of a
// kernel with C++ linkage whose source name is `entry` (declare it extern "C", or give that
// name as entry), a near spelling, or the list of the module's kernels.
std::string missing_entry_message(const std::string& entry,
                                  const std::vector<std::string>& module_entries);

// One error for the entries of `launched` that `ptx` does not define ("" when all are there).
std::string check_launched_entries(const std::vector<std::string>& launched,
                                   const std::string& ptx);

// Hint lines for the libc names and headers the log says are undefined or missing (one
// "hint: ..." line per name, each naming the header or macro to use instead); "" if none.
std::string libc_hints(const std::string& log);

}  // namespace solver::generators
