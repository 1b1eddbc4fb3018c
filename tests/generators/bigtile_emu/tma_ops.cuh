// Host stand-in for kernels/gemm/tma_ops.cuh: a tensor map is the buffer's address, its row
// length and the box; a 2-D box lands densely (no swizzle) at the shared offset, completing on
// the mbarrier (emu_cuda.h says when).
#pragma once
#include "emu_cuda.h"

struct TensorMap {
  const float* base;
  int cols;  // the buffer's row length (elements)
  int box_rows, box_cols;
};

inline void emu_bar_complete(emu::Bar& b) {
  if (b.arrived == b.count && b.tx == 0) {
    b.phase ^= 1;
    b.arrived = 0;
  }
}
inline void mbar_arrive_expect_tx(cuda::std::uint64_t* bar, cuda::std::uint32_t bytes) {
  auto& b = emu::bars[__cvta_generic_to_shared(bar)];
  b.tx += bytes;
  ++b.arrived;
  emu_bar_complete(b);
}
inline void tma_load_2d(cuda::std::uint32_t dst, const TensorMap* map, int c0, int c1,
                        cuda::std::uint64_t* bar) {
  auto& b = emu::bars[__cvta_generic_to_shared(bar)];
  for (int r = 0; r < map->box_rows; ++r) {
    const emu::Copy c{dst + unsigned(r * map->box_cols * 4),
                      map->base + size_t(c1 + r) * map->cols + c0, map->box_cols * 4};
    if (emu::mode == emu::Copies::early) {
      std::memcpy(emu::smem + c.smem, c.src, c.bytes);
      b.tx -= c.bytes;
    } else {
      b.pending.push_back(c);
    }
  }
  emu_bar_complete(b);
}
inline void tma_prefetch_map(const TensorMap*) {}
