#include "generators/cubin_elf.h"

#include <cstring>

namespace solver::generators {
namespace {

template <typename T>
bool read(const std::string& e, uint64_t off, T* out) {
  if (off > e.size() || e.size() - off < sizeof(T)) return false;
  std::memcpy(out, e.data() + off, sizeof(T));
  return true;
}

}  // namespace

std::optional<std::map<std::string, CubinElfSection>> cubin_sections(const std::string& e) {
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
  std::map<std::string, CubinElfSection> out;
  for (uint16_t i = 1; i < shnum; ++i) {
    auto h = header(i);
    if (!h || h->name >= strtab->size) return std::nullopt;
    const char* start = e.data() + strtab->offset + h->name;
    std::string name(start, strnlen(start, strtab->size - h->name));
    CubinElfSection s{h->type, h->flags, h->link, h->info, "", h->size, i};
    constexpr uint32_t kNoBits = 8;
    if (h->type != kNoBits) {
      if (h->offset > e.size() || e.size() - h->offset < h->size) return std::nullopt;
      s.bytes.assign(e.data() + h->offset, h->size);
    }
    out[name] = std::move(s);
  }
  return out;
}

}  // namespace solver::generators
