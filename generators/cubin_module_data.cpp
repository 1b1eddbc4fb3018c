#include "generators/cubin_module_data.h"

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

}  // namespace solver::generators
