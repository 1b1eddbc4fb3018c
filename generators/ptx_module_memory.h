// Memory a variant's code can keep between launches outside the buffers the harness resets
// (issue 28, red team 8): found in its PTX.
//
//  - Module memory: module-scope `.global` variables (`__device__` variables, statically
//    initialised tables, printf's format strings). They live as long as the module is loaded;
//    the worker reloads a module that declares any before every run of a timed sequence, so no
//    run sees what an earlier one left there (redteam8_window_table_carry). The worker also
//    reloads a module whose CUBIN holds module data this text scan cannot see (a `.global`
//    declared in an asm block of a function body, `__constant__` banks a kernel can write
//    through a generic address: generators/cubin_module_data.h, red team 10).
//  - Heap calls: `malloc`, `free` and `__nv_aligned_device_malloc` declared as external
//    functions. The device heap belongs to the CUDA context, outlives module reloads and lies
//    outside every buffer, so a candidate that allocates there can carry state the harness
//    cannot reset (redteam8_heap_table_carry): refused, offline and in the worker.
#pragma once
#include <string>
#include <vector>

namespace solver::generators {

struct PtxModuleMemory {
  // names of .global variables: module-scope ones, then those declared inside a function body
  // (an inline-asm block's `.global`, red team 10; issue 28, helper wit39): the module's memory
  // all the same (ptxas places them in .nv.global under a name of its own, `$__<name>__<line>`:
  // cubin_module_data.h module_arrays finds it)
  std::vector<std::string> globals;
  // each global's element width in bytes (2, 4 or 8), from its declared type (.f64, .b32, ...)
  // or, for a byte array (.b8, .u8, .s8), its alignment (8: 8, 2: 2, else 4)
  std::vector<int> global_word_bytes;
  // per global: declared inside a function body (its loaded symbol is not its PTX name)
  std::vector<bool> global_in_function;
  std::vector<std::string> heap_calls;  // device heap functions the module declares
};

PtxModuleMemory scan_ptx_module_memory(const std::string& ptx);

// Every variable a kernel of this module can keep values in for a later launch to read: the
// names of `.global` and `.const` variables, at module scope or declared inside a function body
// (an asm block's scoped `.global`, red team 10). A data-flow scan that follows values from
// launch to launch through buffers must follow them through these too (red team 13,
// redteam13_f64_module_relay: FP32 results stored to a __device__ array, copied to the output by
// a second launch).
std::vector<std::string> module_variables(const std::string& ptx);

// Why a variant with this module memory is refused ("" when it is not): device heap use.
std::string heap_refusal(const PtxModuleMemory& m);

}  // namespace solver::generators
