// Host stand-in for kernels/gemm/mbar_ops.cuh (tma_ops.cuh here holds the barrier's state).
#pragma once
#include "tma_ops.cuh"

inline void mbar_init(cuda::std::uint64_t* bar, cuda::std::uint32_t count) {
  emu::bars[__cvta_generic_to_shared(bar)] = emu::Bar{count, 0, 0, 0, {}};
}
inline void mbar_fence_init() {}
// Returns once the phase of this parity has completed; a phase that cannot complete (an
// arrival missing: on the GPU this thread would spin on a copy nobody issued yet) is recorded
// as a fault and returns, so the test fails instead of hanging.
inline void mbar_wait(cuda::std::uint64_t* bar, cuda::std::uint32_t parity) {
  auto& b = emu::bars[__cvta_generic_to_shared(bar)];
  if (b.phase != parity) return;
  for (const auto& c : b.pending) {
    std::memcpy(emu::smem + c.smem, c.src, c.bytes);
    b.tx -= c.bytes;
  }
  b.pending.clear();
  emu_bar_complete(b);
  if (b.phase == parity && emu::fault.empty()) emu::fault = "a wait on a phase nobody completes";
}
