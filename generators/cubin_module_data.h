// The module state a compiled variant carries in its loaded image, read from the CUBIN (an ELF
// file) rather than from the PTX text (issue 28, red team 10). The PTX scan of
// ptx_module_memory.h sees module-scope `.global` declarations only; ptxas also places a
// `.global` declared inside an inline-asm block of a function body in the module's data, and
// `__constant__` arrays live in a module-wide constant bank whose backing memory a kernel can
// write through a generic address (cvta.const). What the loader maps is what the sections are,
// whatever the PTX looked like, so this is the property the worker reloads on: a module with any
// of these sections is reloaded from its image before every run of a timed sequence.
//  - `.nv.global` (zero-filled module variables) and `.nv.global.init` (initialised ones);
//  - `.nv.constantN` for N >= 1 (bank 0 holds each kernel's parameters, rebuilt at every
//    launch): user `__constant__` data (bank 3 with NVCC 12-13) and the compiler's banks.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "generators/ptx_module_memory.h"

namespace solver::generators {

struct CubinSection {
  std::string name;
  uint64_t bytes = 0;
};

// The module-data sections of `cubin` with a non-zero size. An input that is not a 64-bit
// little-endian ELF file, or whose section table lies outside it, gives an error in `error`.
std::vector<CubinSection> cubin_module_data(const std::string& cubin, std::string* error = nullptr);

// A named variable in one of those sections (an ELF STT_OBJECT symbol of the image's symbol
// table): what cuModuleGetGlobal finds by `name` in the loaded module, so the words a worker can
// read back (P7k, module_state.h: a module's state before and after runs). A `.global` declared in
// an asm block is one too; compiler banks without symbols are not.
struct CubinSymbol {
  std::string name;
  std::string section;
  uint64_t bytes = 0;
};

// The module-data symbols of `cubin` of non-zero size, by name. Errors as cubin_module_data.
std::vector<CubinSymbol> cubin_module_symbols(const std::string& cubin,
                                              std::string* error = nullptr);

// The PTX's name of an image symbol: ptxas names a `.global` declared in a function body's
// block `$__NAME__N` (NVCC 13: `$__hidden__27` for `hidden`), a module-scope one by its own name.
std::string ptx_variable_name(const std::string& symbol);

// The module arrays P4m reads back (issue 28, helper wit39): every .global the PTX declares
// (`memory`, ptx_module_memory.h), by its loaded name, with its element width. A module-scope one
// keeps its PTX name; one declared inside a function body (an inline-asm block) is named by
// ptxas `$__<name>__<N>`, one symbol for each body that declares it (an inlined function's asm
// declares it once a call site): each such symbol of `symbols` is an array of its own. A scoped
// name with no symbol (ptxas dropped it, or named it otherwise) stays under its PTX name, so the
// reader says it could not read it rather than leaving it out.
struct ModuleArray {
  std::string name;
  int word_bytes = 4;
  bool in_function = false;
};
std::vector<ModuleArray> module_arrays(const PtxModuleMemory& memory,
                                       const std::vector<CubinSymbol>& symbols);

}  // namespace solver::generators
