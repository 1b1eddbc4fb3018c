// The CUDA the kernel library's bigtile GEMMs (kernels/gemm/bigtile_gemm.cuh and
// bigtile_tma_gemm.cuh) use, on the CPU (bigtile_gemm_emu_test.cpp): one block at a time, its
// threads as fibers (ucontext) switched round robin at every __syncthreads, threadIdx / blockIdx as
// globals the scheduler sets, the dynamic shared memory one global array, and the cp.async copies
// of cp_async_ops.cuh and cp_async_ca4.cuh and the tensor copies of tma_ops.cuh (this folder's
// stand-ins) either done when issued (EARLY: a copy into a slot some thread still reads shows) or
// held until the wait that must complete them, wait_group or the mbarrier's phase (LATE: a read of
// a slab not yet waited for shows).
#pragma once
#include <ucontext.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace cuda::std {
using ::std::uint32_t;
using ::std::uint64_t;
}  // namespace cuda::std

#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__
#define __align__(n)
#define __launch_bounds__(...)
#define __grid_constant__

struct alignas(16) float4 {
  float x, y, z, w;
};
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
struct emu_dim3 {
  unsigned x = 0, y = 0, z = 0;
};
using std::min;

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
// An mbarrier (tma_ops.cuh, mbar_ops.cuh), kept beside shared memory by its offset: the phase
// completes when `count` arrivals and every byte they announced have come; LATE copies wait in
// `pending` until a thread waits on the phase.
struct Bar {
  unsigned count = 0, arrived = 0, phase = 0;
  long tx = 0;
  std::vector<Copy> pending;
};
inline Copies mode = Copies::early;
inline std::map<unsigned, Bar> bars;
inline std::string fault;  // the first thing a kernel did that the GPU would not allow
inline std::vector<Fiber>* fibers = nullptr;
inline int current = 0;
inline ucontext_t scheduler{};
}  // namespace emu

extern "C" {
extern float bt_smem[];          // bigtile's `extern __shared__` array, defined by the test
extern unsigned char btt_raw[];  // bigtile_tma's
}
// The launched kernel's shared memory (bt_smem or btt_raw: the test sets it) and a shared
// address as the offset into it.
namespace emu {
inline char* smem = nullptr;
}
inline unsigned __cvta_generic_to_shared(const void* p) {
  return static_cast<unsigned>(static_cast<const char*>(p) - emu::smem);
}
inline emu_dim3 threadIdx, blockIdx;

inline void __syncthreads() {
  auto& f = (*emu::fibers)[emu::current];
  ++f.barriers;
  swapcontext(&f.ctx, &emu::scheduler);
}
