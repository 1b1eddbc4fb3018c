#include "generators/cubin_module_data.h"

#include <algorithm>
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

std::vector<CubinSymbol> cubin_module_symbols(const std::string& cubin, std::string* error) {
  std::vector<CubinSymbol> out;
  const auto sections = cubin_sections(cubin);
  if (!sections) {
    if (error) *error = "not a 64-bit little-endian ELF image (or cut short)";
    return out;
  }
  std::map<uint32_t, const std::pair<const std::string, CubinElfSection>*> by_index;
  for (const auto& entry : *sections) by_index[entry.second.index] = &entry;
  constexpr uint32_t kSymtab = 2, kObject = 1, kEntryBytes = 24;  // Elf64_Sym
  for (const auto& [name, table] : *sections) {
    if (table.type != kSymtab) continue;
    const auto strings = by_index.find(table.link);
    if (strings == by_index.end()) {
      if (error) *error = "symbol table " + name + " links to no string table";
      return {};
    }
    const std::string& names = strings->second->second.bytes;
    for (size_t at = 0; at + kEntryBytes <= table.bytes.size(); at += kEntryBytes) {
      uint32_t st_name = 0;
      uint16_t shndx = 0;
      uint64_t size = 0;
      std::memcpy(&st_name, table.bytes.data() + at, 4);
      const unsigned char info = static_cast<unsigned char>(table.bytes[at + 4]);
      std::memcpy(&shndx, table.bytes.data() + at + 6, 2);
      std::memcpy(&size, table.bytes.data() + at + 16, 8);
      if ((info & 0xf) != kObject || size == 0 || st_name >= names.size()) continue;
      const auto home = by_index.find(shndx);
      if (home == by_index.end() || !module_data_name(home->second->first)) continue;
      const char* start = names.data() + st_name;
      out.push_back({std::string(start, strnlen(start, names.size() - st_name)),
                     home->second->first, size});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const CubinSymbol& a, const CubinSymbol& b) { return a.name < b.name; });
  if (error) error->clear();
  return out;
}

std::string ptx_variable_name(const std::string& symbol) {
  if (symbol.rfind("$__", 0) != 0) return symbol;
  const size_t tail = symbol.rfind("__");
  if (tail <= 3 || tail + 2 >= symbol.size()) return symbol;
  for (size_t i = tail + 2; i < symbol.size(); ++i)
    if (symbol[i] < '0' || symbol[i] > '9') return symbol;
  return symbol.substr(3, tail - 3);
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
    // ptxas's name for a scoped declaration (ptx_variable_name): one symbol for each body.
    bool found = false;
    for (const CubinSymbol& s : symbols) {
      if (s.name == name || ptx_variable_name(s.name) != name) continue;
      out.push_back({s.name, bytes, true});
      found = true;
    }
    if (!found) out.push_back({name, bytes, true});
  }
  return out;
}

}  // namespace solver::generators
