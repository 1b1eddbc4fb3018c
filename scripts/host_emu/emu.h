// Host emulation of CUDA blocks (helper fresh8, for scripts/host_emu/run_fresh8.sh): a kernel's
// source compiles as C++ after this header, each thread of a block runs as a ucontext coroutine,
// and __syncthreads() and the warp shuffles are barriers over the block's (or the warp's)
// unfinished threads. Blocks run one after another, so `__shared__` is a function-local static
// (one copy, shared by the block's threads) and atomics are plain read-modify-writes. Kernels
// see CUDA's own vector types (dim3, uint4, float4) and host half/bf16 conversions; the
// CUDA keywords are redefined after vector_types.h has defined them (compile with -w).
#pragma once
#include <ucontext.h>
#include <vector_types.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>
static dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __inline__ inline
#define __constant__
#define __launch_bounds__(...)
#define __shared__ static
using std::max;
using std::min;
static inline float __int_as_float(int i) {
  float f;
  memcpy(&f, &i, 4);
  return f;
}
static inline int __float_as_int(float f) {
  int i;
  memcpy(&i, &f, 4);
  return i;
}
static inline float __uint_as_float(unsigned i) {
  float f;
  memcpy(&f, &i, 4);
  return f;
}
static inline unsigned __float_as_uint(float f) {
  unsigned i;
  memcpy(&i, &f, 4);
  return i;
}
static inline double __longlong_as_double(long long i) {
  double f;
  memcpy(&f, &i, 8);
  return f;
}
static inline long long __double_as_longlong(double f) {
  long long i;
  memcpy(&i, &f, 8);
  return i;
}
static inline int __float2int_rn(float f) { return (int)nearbyintf(f); }
template <class T>
static T atomicAdd(T* p, T v) {
  T o = *p;
  *p = o + v;
  return o;
}
static int atomicMax(int* p, int v) {
  int o = *p;
  if (v > o) *p = v;
  return o;
}
static unsigned atomicMin(unsigned* p, unsigned v) {
  unsigned o = *p;
  if (v < o) *p = v;
  return o;
}
static unsigned long long atomicCAS(unsigned long long* p, unsigned long long c,
                                    unsigned long long v) {
  unsigned long long o = *p;
  if (o == c) *p = v;
  return o;
}

namespace emu {
struct T {
  ucontext_t ctx;
  int state = 0;
  dim3 tid;
  std::vector<char> stack;
};
static std::vector<T> th;
static ucontext_t sched;
static int cur = -1;
// Run a block's runnable threads from the last to the first (default: first to last). A kernel
// whose lanes of one warp hand values to lane 0 through shared memory with no barrier between
// (the warp runs them in step on the device) sees the hand-off done first this way (helper f25).
static bool last_thread_first = false;
static std::function<void()> body;
static std::vector<unsigned long long> slot;
static void tramp() {
  body();
  th[cur].state = 3;
  swapcontext(&th[cur].ctx, &sched);
}
static void yield(int st) {
  th[cur].state = st;
  swapcontext(&th[cur].ctx, &sched);
}
static void run_block(dim3 b, dim3 bd, std::function<void()> f) {
  blockIdx = b;
  blockDim = bd;
  body = f;
  int n = bd.x * bd.y * bd.z;
  th.clear();
  th.resize(n);
  slot.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    th[i].tid = dim3(i % bd.x, (i / bd.x) % bd.y, i / (bd.x * bd.y));
    th[i].stack.resize(256 * 1024);
    getcontext(&th[i].ctx);
    th[i].ctx.uc_stack.ss_sp = th[i].stack.data();
    th[i].ctx.uc_stack.ss_size = th[i].stack.size();
    th[i].ctx.uc_link = &sched;
    makecontext(&th[i].ctx, tramp, 0);
  }
  for (;;) {
    bool progress = false;
    for (int k = 0; k < n; ++k) {
      const int i = last_thread_first ? n - 1 - k : k;
      if (th[i].state == 0) {
        cur = i;
        threadIdx = th[i].tid;
        swapcontext(&sched, &th[i].ctx);
        progress = true;
      }
    }
    for (int w = 0; w * 32 < n; ++w) {
      bool all = true, any = false;
      for (int i = w * 32; i < std::min(n, w * 32 + 32); ++i) {
        if (th[i].state == 0 || th[i].state == 1) all = false;
        if (th[i].state == 2) any = true;
      }
      if (all && any) {
        for (int i = w * 32; i < std::min(n, w * 32 + 32); ++i)
          if (th[i].state == 2) th[i].state = 0;
        progress = true;
      }
    }
    bool allb = true, anyb = false, alldone = true;
    for (int i = 0; i < n; ++i) {
      if (th[i].state != 3) alldone = false;
      if (th[i].state == 0 || th[i].state == 2) allb = false;
      if (th[i].state == 1) anyb = true;
    }
    if (alldone) break;
    if (allb && anyb) {
      for (int i = 0; i < n; ++i)
        if (th[i].state == 1) th[i].state = 0;
      progress = true;
    }
    if (!progress) {
      fprintf(stderr, "deadlock\n");
      exit(3);
    }
  }
}
static void launch(dim3 g, dim3 bd, std::function<void()> f) {
  gridDim = g;
  for (unsigned z = 0; z < g.z; ++z)
    for (unsigned y = 0; y < g.y; ++y)
      for (unsigned x = 0; x < g.x; ++x) run_block(dim3(x, y, z), bd, f);
}
static void launch_blocks(dim3 g, dim3 bd, const std::vector<dim3>& blocks,
                          std::function<void()> f) {
  gridDim = g;
  for (auto b : blocks) run_block(b, bd, f);
}
}  // namespace emu
static inline void __syncthreads() { emu::yield(1); }
template <class V>
static V __shfl_xor_sync(unsigned, V v, int m, int width = 32) {
  int me = emu::cur;
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(V));
  emu::slot[me] = bits;
  emu::yield(2);
  int lane = me % 32;
  int base = me - lane;
  int src = base + ((lane / width) * width) + (((lane % width) ^ m) % width);
  unsigned long long pb = emu::slot[src];
  emu::yield(2);
  V r;
  memcpy(&r, &pb, sizeof(V));
  return r;
}
// __shfl_down_sync: lanes whose source lane (lane + d within the width) is past the end keep
// their own value, as on the device.
template <class V>
static V __shfl_down_sync(unsigned, V v, unsigned d, int width = 32) {
  int me = emu::cur;
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(V));
  emu::slot[me] = bits;
  emu::yield(2);
  int lane = me % 32;
  int base = me - lane;
  int seg = (lane / width) * width;
  int srcl = (lane % width) + (int)d;
  int src = srcl < width ? base + seg + srcl : me;
  unsigned long long pb = emu::slot[src];
  emu::yield(2);
  V r;
  memcpy(&r, &pb, sizeof(V));
  return r;
}
// __shfl_sync: every lane reads lane `src` of its width-segment (helper f18).
template <class V>
static V __shfl_sync(unsigned, V v, int src, int width = 32) {
  int me = emu::cur;
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(V));
  emu::slot[me] = bits;
  emu::yield(2);
  int lane = me % 32;
  int base = me - lane;
  unsigned long long pb = emu::slot[base + (lane / width) * width + ((src % width + width) % width)];
  emu::yield(2);
  V r;
  memcpy(&r, &pb, sizeof(V));
  return r;
}
static bool close_to(double out, double ref, double rtol, double atol) {
  return std::fabs(out - ref) <= atol + rtol * std::fabs(ref);
}
static unsigned long long rng_state = 88172645463325252ull;
static unsigned long long rnd64() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double rndu() { return (rnd64() >> 11) * (1.0 / 9007199254740992.0); }
