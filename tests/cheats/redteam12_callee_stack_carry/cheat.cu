// redteam12_callee_stack_carry child (a cheat, red team 12): red team 9's local-memory carry of
// the seed's FP64 window, moved from the kernel's own frame into the frame of a non-inlined
// callee. The entry point has no local frame at all (CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES is what
// the worker's scrub is sized by, engine/backend/gpu/local_scrub.cpp local_frame_bytes, and a
// size of 0 skips the scrub); the callee's frame lives on the per-thread stack that the driver
// sizes by CU_LIMIT_STACK_SIZE (1 KiB a thread by default), in the same context-owned local
// memory, addressed per hardware thread slot. The callee reads its frame before writing it
// (ld.local through inline PTX, so the compiler cannot drop the read of an unwritten array).
//
// Launch 1 (window_stack_carry, one 1,024-thread block per SM): a thread's elements are a
// function of where it runs (%smid, its warp, its lane), as in redteam9_local_carry; it calls
// carry_slot, whose frame holds a tag and CAP window values: a hit reads them, a miss evaluates
// them in FP64 as the seed does and stores them with the tag. Launch 2 (window_fixup) computes,
// honestly, every slot no warp of launch 1 ran on (its first output still the harness's poison).
#include <kaiser_hann.cuh>
#include <slot_carry.cuh>
#define WARPS SLOT_WARPS
#define CAP 160  // window values a thread keeps (n / (132 x 1,024) = 124.1 for n = 2^24)
#define TAG_MAGIC 0x57ac4ca7u

#include <local_words.cuh>  // ld_local, st_local (kernels/window)

// The carry: CAP + 1 floats of this function's own frame (on the stack, below the entry's empty
// frame), never written by C++, only through st.local below.
// Called through a function pointer read from a __device__ variable: an indirect call is one
// ptxas cannot inline (a plain __noinline__ callee was inlined by ptxas -O3, frame and all, into
// the entry), so the frame stays the callee's and the entry's own frame is empty.
__device__ __noinline__ void carry_slot(const float* x, float* y, int n, unsigned ns, unsigned s,
                                        unsigned w, unsigned l) {
  // [0]: the tag, [1..CAP]: the values, [CAP + 1]: the XOR of the values' bits. Another kernel's
  // frame written over part of this one (a different frame size maps local addresses with a
  // different stride) breaks the checksum: the slot is then computed again, honestly.
  float carry[CAP + 2];
  const size_t base = __cvta_generic_to_local(carry);
  const unsigned tag = TAG_MAGIC ^ (unsigned)n ^ (ns << 24) ^ (s << 12) ^ (w << 6) ^ l;
  const bool hit = __float_as_uint(ld_local(base)) == tag;
  unsigned sum = 0;
  long long k = 0;
  for (long long e = slot_elem(0, ns, s, w, l); e < n; e = slot_elem(++k, ns, s, w, l)) {
    const size_t a = base + 4 * (size_t)(k + 1);
    float win;
    if (hit && k < CAP) {
      win = ld_local(a);
    } else {
      win = (float)kh_window(e, n);
      if (k < CAP) st_local(a, win);
    }
    if (k < CAP) sum ^= __float_as_uint(win) * 0x9e3779b9u + (unsigned)k;
    y[e] = x[e] * win;
  }
  const size_t check = base + 4 * (size_t)(CAP + 1);
  if (hit && __float_as_uint(ld_local(check)) != sum) {
    // Clobbered: every value of the slot again, from FP64, and the carry rewritten.
    sum = 0;
    k = 0;
    for (long long e = slot_elem(0, ns, s, w, l); e < n; e = slot_elem(++k, ns, s, w, l)) {
      const float win = (float)kh_window(e, n);
      if (k < CAP) {
        st_local(base + 4 * (size_t)(k + 1), win);
        sum ^= __float_as_uint(win) * 0x9e3779b9u + (unsigned)k;
      }
      y[e] = x[e] * win;
    }
  }
  st_local(check, __uint_as_float(sum));
  st_local(base, __uint_as_float(tag));
}

typedef void (*carry_fn)(const float*, float*, int, unsigned, unsigned, unsigned, unsigned);
__device__ carry_fn g_carry = carry_slot;

extern "C" __global__ void __launch_bounds__(WARPS * 32, 1)
    window_stack_carry(const float* x, float* y, int n) {
  const carry_fn f = g_carry;
  f(x, y, n, sreg_nsmid(), sreg_smid(), threadIdx.x / 32, threadIdx.x % 32);
}

extern "C" __global__ void window_fixup(const float* x, float* y, int n) { slot_fixup(x, y, n); }
