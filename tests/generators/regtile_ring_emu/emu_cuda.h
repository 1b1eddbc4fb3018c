// The CUDA the kernel library's regtile_ring GEMM (kernels/gemm/regtile_ring_gemm.cuh) uses, on
// the CPU (regtile_ring_gemm_emu_test.cpp): one block at a time, its threads as fibers (ucontext)
// switched round robin at every __syncthreads, threadIdx / blockIdx as globals the scheduler
// sets, the dynamic shared memory one global array, and the cp.async copies of cp_async_ops.cuh
// and cp_async_ca4.cuh (this folder's stand-ins) either done when issued (EARLY: a copy into a
// slot some thread still reads shows) or held until the wait_group that must complete them
// (LATE: a read of a slab not yet waited for shows). After s33's bigtile emulation (reverted with
// its kernels, commit 1961fa3e), without the TMA and mbarrier parts.
#pragma once
#include <ucontext.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__
#define __align__(n)
#define __launch_bounds__(...)

struct alignas(16) float4 {
  float x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
struct emu_dim3 {
  unsigned x = 0, y = 0, z = 0;
};

namespace emu {
enum class Copies { early, late };
struct Copy {
  unsigned smem;
  const void* src;
  int bytes;
};
struct Fiber {
  ucontext_t ctx{};
  std::vector<char> stack;
  std::vector<std::vector<Copy>> groups;  // committed, not yet waited for
  std::vector<Copy> open;                 // issued since the last commit
  bool done = false;
  int barriers = 0;
};
inline Copies mode = Copies::early;
inline std::vector<Fiber>* fibers = nullptr;
inline int current = 0;
inline ucontext_t scheduler{};
inline char* smem = nullptr;  // the launched kernel's shared memory
}  // namespace emu

extern "C" {
extern float rr_smem[];  // regtile_ring's `extern __shared__` array, defined by the test
}
// A shared address as the offset into the launched kernel's shared memory.
inline unsigned __cvta_generic_to_shared(const void* p) {
  return static_cast<unsigned>(static_cast<const char*>(p) - emu::smem);
}
inline emu_dim3 threadIdx, blockIdx;

inline void __syncthreads() {
  auto& f = (*emu::fibers)[emu::current];
  ++f.barriers;
  swapcontext(&f.ctx, &emu::scheduler);
}
