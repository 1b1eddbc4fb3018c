// Host stand-in for kernels/attention/cp_async_ops.cuh (emu_cuda.h says how copies land).
#pragma once
#include "emu_cuda.h"

inline unsigned ca_smem(const void* p) { return __cvta_generic_to_shared(p); }
inline void emu_copy(unsigned s, const void* g, int bytes) {
  if (emu::mode == emu::Copies::early)
    std::memcpy(emu::smem + s, g, bytes);
  else
    (*emu::fibers)[emu::current].open.push_back({s, g, bytes});
}
inline void ca_cp16(unsigned s, const void* g) { emu_copy(s, g, 16); }
inline void ca_commit() {
  auto& f = (*emu::fibers)[emu::current];
  f.groups.push_back(std::move(f.open));
  f.open.clear();
}
template <int N>
inline void ca_wait() {
  auto& f = (*emu::fibers)[emu::current];
  while (f.groups.size() > static_cast<size_t>(N)) {
    for (const auto& c : f.groups.front()) std::memcpy(emu::smem + c.smem, c.src, c.bytes);
    f.groups.erase(f.groups.begin());
  }
}
