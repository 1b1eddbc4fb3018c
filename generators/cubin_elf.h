// The sections of a CUBIN (a little-endian ELF64 image), read without a disassembler: shared by
// the code comparison of recording rekeys (cubin_code.h) and the module-data scan of the worker
// (cubin_module_data.h).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace solver::generators {

struct CubinElfSection {
  uint32_t type = 0;
  uint64_t flags = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  std::string bytes;  // empty for NOBITS (its size stays in `size`)
  uint64_t size = 0;
  uint16_t index = 0;  // its place in the section table (a symbol's st_shndx names it)
};

// name -> section of a little-endian ELF64 image; nullopt if it is not one (or is cut short).
std::optional<std::map<std::string, CubinElfSection>> cubin_sections(const std::string& elf);

}  // namespace solver::generators
