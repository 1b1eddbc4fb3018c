// Tensor-core instructions in a variant's PTX: the static half of `tensor_active`. The
// profiler's tensor-pipe counters alone cannot tell an MMA from the compiler's `HFMA2.MMA`
// constant moves, which issue on the same pipe (docs/signals.md); the PTX can, because those
// moves are chosen by ptxas and never appear in PTX, while every tensor-core operation does
// (WMMA and inline `mma` asm included).
#pragma once
#include <string>

namespace solver::generators {

struct TensorOps {
  int mma = 0;      // warp-level: wmma.mma, mma.sync, mma.sp (HMMA / IMMA / DMMA in SASS)
  int wgmma = 0;    // Hopper warpgroup MMA: wgmma.mma_async (HGMMA / QGMMA ...)
  int tcgen05 = 0;  // Blackwell: tcgen05.mma
  int total() const { return mma + wgmma + tcgen05; }
};

// Counts the instructions (static occurrences, comments and string literals ignored).
TensorOps scan_ptx_tensor_ops(const std::string& ptx);

}  // namespace solver::generators
