// Whether two CUBIN images hold the same machine code (issue 33's recording rekey): a kernel
// whose source text moved (into the shared kernel library, behind a template, under another
// comment) but compiles to the same SASS is the same measured kernel. Compared section by
// section on the ELF itself, so no disassembler is needed: every section that the loader or
// the SM reads (code, constant banks, shared-memory and attribute sections, symbols,
// relocations) must match in name, type, flags, size, link/info and bytes; the sections that
// only describe the build (`.note.*`: toolkit and options, which carry -I paths) and the
// debug/line-info sections (`.debug*`, `.nv_debug*`: line tables name other lines after a move)
// are left out. Compare images of the same options: line info adds sections and symbols, whose
// indices the compared headers and symbols carry. Stricter than comparing `cuobjdump -sass`
// text (same bytes give the same SASS, and register counts live in the compared headers), never
// looser.
#pragma once
#include <string>

namespace solver::generators {

// "" when `a` and `b` hold the same code; otherwise the first difference, said in words
// ("section .text.k: 384 vs 400 bytes", "section .nv.info.k only in the first"); a buffer that
// is not a 64-bit little-endian ELF image is a difference too ("the first is not an ELF64
// image").
std::string cubin_code_difference(const std::string& a, const std::string& b);

}  // namespace solver::generators
