#include "generators/cubin_code.h"

#include "generators/cubin_elf.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>

namespace solver::generators {
namespace {

// Only the build's description and line/debug info may differ between two images of one code.
bool ignored(const std::string& name) {
  return name.rfind(".note", 0) == 0 || name.rfind(".debug", 0) == 0 ||
         name.rfind(".nv_debug", 0) == 0 || name.rfind(".rela.debug", 0) == 0 ||
         name.rfind(".rel.debug", 0) == 0 || name.rfind(".rela.nv_debug", 0) == 0 ||
         name.rfind(".rel.nv_debug", 0) == 0 || name == ".shstrtab";
}

}  // namespace

std::string cubin_code_difference(const std::string& a, const std::string& b) {
  auto sa = cubin_sections(a);
  if (!sa) return "the first is not an ELF64 image";
  auto sb = cubin_sections(b);
  if (!sb) return "the second is not an ELF64 image";
  for (auto it = sa->begin(); it != sa->end(); ++it) {
    if (ignored(it->first)) continue;
    auto jt = sb->find(it->first);
    if (jt == sb->end()) return "section " + it->first + " only in the first";
    const CubinElfSection& x = it->second;
    const CubinElfSection& y = jt->second;
    if (x.size != y.size)
      return "section " + it->first + ": " + std::to_string(x.size) + " vs " +
             std::to_string(y.size) + " bytes";
    if (x.type != y.type || x.flags != y.flags || x.link != y.link || x.info != y.info)
      return "section " + it->first + ": header differs (type, flags, link or info)";
    if (x.bytes != y.bytes) {
      size_t at = 0;
      while (at < x.bytes.size() && x.bytes[at] == y.bytes[at]) ++at;
      return "section " + it->first + ": bytes differ from offset " + std::to_string(at);
    }
  }
  for (const auto& [name, s] : *sb)
    if (!ignored(name) && !sa->count(name)) return "section " + name + " only in the second";
  return "";
}

}  // namespace solver::generators
