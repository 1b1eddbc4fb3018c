#include "generators/cubin_code.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <optional>

namespace solver::generators {
namespace {

struct Section {
  uint32_t type = 0;
  uint64_t flags = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  std::string bytes;  // empty for NOBITS (its size stays in `size`)
  uint64_t size = 0;
};

template <typename T>
bool read(const std::string& e, uint64_t off, T* out) {
  if (off > e.size() || e.size() - off < sizeof(T)) return false;
  std::memcpy(out, e.data() + off, sizeof(T));
  return true;
}

// Only the build's description and line/debug info may differ between two images of one code.
bool ignored(const std::string& name) {
  return name.rfind(".note", 0) == 0 || name.rfind(".debug", 0) == 0 ||
         name.rfind(".nv_debug", 0) == 0 || name.rfind(".rela.debug", 0) == 0 ||
         name.rfind(".rel.debug", 0) == 0 || name.rfind(".rela.nv_debug", 0) == 0 ||
         name.rfind(".rel.nv_debug", 0) == 0 || name == ".shstrtab";
}

// name -> section of a little-endian ELF64 image; nullopt if it is not one (or is cut short).
std::optional<std::map<std::string, Section>> sections(const std::string& e) {
  if (e.size() < 64 ||
      std::memcmp(e.data(),
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      e[4] != 2 || e[5] != 1)
    return std::nullopt;
  uint64_t shoff = 0;
  uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
  if (!read(e, 0x28, &shoff) || !read(e, 0x3A, &shentsize) || !read(e, 0x3C, &shnum) ||
      !read(e, 0x3E, &shstrndx) || shentsize < 64 || shstrndx >= shnum)
    return std::nullopt;
  struct Header {
    uint32_t name, type;
    uint64_t flags, addr, offset, size;
    uint32_t link, info;
  };
  auto header = [&](uint16_t i) -> std::optional<Header> {
    Header h{};
    uint64_t at = shoff + uint64_t{i} * shentsize;
    if (!read(e, at, &h.name) || !read(e, at + 4, &h.type) || !read(e, at + 8, &h.flags) ||
        !read(e, at + 24, &h.offset) || !read(e, at + 32, &h.size) || !read(e, at + 40, &h.link) ||
        !read(e, at + 44, &h.info))
      return std::nullopt;
    return h;
  };
  auto strtab = header(shstrndx);
  if (!strtab || strtab->offset > e.size() || e.size() - strtab->offset < strtab->size)
    return std::nullopt;
  std::map<std::string, Section> out;
  for (uint16_t i = 1; i < shnum; ++i) {
    auto h = header(i);
    if (!h || h->name >= strtab->size) return std::nullopt;
    const char* start = e.data() + strtab->offset + h->name;
    std::string name(start, strnlen(start, strtab->size - h->name));
    Section s{h->type, h->flags, h->link, h->info, "", h->size};
    constexpr uint32_t kNoBits = 8;
    if (h->type != kNoBits) {
      if (h->offset > e.size() || e.size() - h->offset < h->size) return std::nullopt;
      s.bytes.assign(e.data() + h->offset, h->size);
    }
    out[name] = std::move(s);
  }
  return out;
}

}  // namespace

std::string cubin_code_difference(const std::string& a, const std::string& b) {
  auto sa = sections(a);
  if (!sa) return "the first is not an ELF64 image";
  auto sb = sections(b);
  if (!sb) return "the second is not an ELF64 image";
  for (auto it = sa->begin(); it != sa->end(); ++it) {
    if (ignored(it->first)) continue;
    auto jt = sb->find(it->first);
    if (jt == sb->end()) return "section " + it->first + " only in the first";
    const Section& x = it->second;
    const Section& y = jt->second;
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
