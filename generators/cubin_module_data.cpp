#include "generators/cubin_module_data.h"

#include <cctype>
#include <cstring>
#include <map>

#include "generators/cubin_elf.h"

namespace solver::generators {

namespace {

bool module_data_name(const std::string& n) {
  if (n.rfind(".nv.global", 0) == 0) return true;
  const std::string bank = ".nv.constant";
  if (n.rfind(bank, 0) != 0 || n.size() <= bank.size()) return false;
  const char d = n[bank.size()];
  return d >= '1' && d <= '9';
}

}  // namespace

std::vector<CubinSection> cubin_module_data(const std::string& cubin, std::string* error) {
  std::vector<CubinSection> out;
  const auto sections = cubin_sections(cubin);
  if (!sections) {
    if (error) *error = "not a 64-bit little-endian ELF image (or cut short)";
    return out;
  }
  constexpr uint32_t kRela = 4, kRel = 9;  // a bank's relocations are not its data
  for (const auto& [name, s] : *sections)
    if (s.size > 0 && s.type != kRela && s.type != kRel && module_data_name(name))
      out.push_back({name, s.size});
  if (error) error->clear();
  return out;
}

std::vector<CubinSymbol> cubin_global_symbols(const std::string& cubin) {
  std::vector<CubinSymbol> out;
  const auto sections = cubin_sections(cubin);
  if (!sections) return out;
  auto symtab = sections->find(".symtab");
  if (symtab == sections->end()) return out;
  // The symbol table's names are in the section its sh_link names.
  std::map<uint16_t, const std::pair<const std::string, CubinElfSection>*> by_index;
  for (const auto& entry : *sections) by_index[entry.second.index] = &entry;
  auto strtab = by_index.find(uint16_t(symtab->second.link));
  if (strtab == by_index.end()) return out;
  const std::string& names = strtab->second->second.bytes;
  const std::string& table = symtab->second.bytes;
  constexpr size_t kEntry = 24;  // Elf64_Sym
  constexpr uint8_t kObject = 1;
  for (size_t at = kEntry; at + kEntry <= table.size(); at += kEntry) {
    uint32_t name = 0;
    uint8_t info = 0;
    uint16_t shndx = 0;
    uint64_t size = 0;
    std::memcpy(&name, table.data() + at, 4);
    std::memcpy(&info, table.data() + at + 4, 1);
    std::memcpy(&shndx, table.data() + at + 6, 2);
    std::memcpy(&size, table.data() + at + 16, 8);
    if ((info & 0xf) != kObject || name >= names.size()) continue;
    auto section = by_index.find(shndx);
    if (section == by_index.end() || section->second->first.rfind(".nv.global", 0) != 0) continue;
    const char* start = names.data() + name;
    out.push_back({std::string(start, strnlen(start, names.size() - name)), size});
  }
  return out;
}

std::vector<ModuleArray> module_arrays(const PtxModuleMemory& memory,
                                       const std::vector<CubinSymbol>& symbols) {
  std::vector<ModuleArray> out;
  for (size_t k = 0; k < memory.globals.size(); ++k) {
    const std::string& name = memory.globals[k];
    const int bytes = k < memory.global_word_bytes.size() ? memory.global_word_bytes[k] : 4;
    const bool scoped = k < memory.global_in_function.size() && memory.global_in_function[k];
    if (!scoped) {
      out.push_back({name, bytes, false});
      continue;
    }
    // ptxas's name for a scoped declaration: "$__" name "__" and the digits of its place.
    const std::string prefix = "$__" + name + "__";
    bool found = false;
    for (const CubinSymbol& s : symbols) {
      if (s.name.size() <= prefix.size() || s.name.compare(0, prefix.size(), prefix) != 0) continue;
      bool digits = true;
      for (size_t i = prefix.size(); i < s.name.size(); ++i)
        digits = digits && std::isdigit(static_cast<unsigned char>(s.name[i]));
      if (!digits) continue;
      out.push_back({s.name, bytes, true});
      found = true;
    }
    if (!found) out.push_back({name, bytes, true});
  }
  return out;
}

}  // namespace solver::generators
