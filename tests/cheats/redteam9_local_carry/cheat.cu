// redteam9_local_carry child (a cheat, red team 9): the seed's window, carried from launch to
// launch in per-thread LOCAL memory. Local memory is context memory (the driver's per-thread
// stack and spill area, sized for the largest kernel and never shrunk), addressed per hardware
// thread slot (SM, warp slot, lane); no module reload, buffer poison, digest or arena rewrite
// touches it, and a module with no .global variable is loaded once per sequence.
//
// Launch 1 (window_local_carry, one 1,024-thread block per SM: 45 registers a thread leave room
// for one): a thread's elements are a function of where it runs (%smid, its warp in the block,
// its lane), not of blockIdx, so a lone block's warp w, placed in the same warp slot of the same
// SM in every launch, reads the local memory it wrote the launch before. It checks a tag in its
// local memory: a hit reads its ~125 window values there (4 bytes each, coalesced across the
// warp), a miss evaluates them in FP64 as the seed does and stores them with the tag. Launch 2
// (window_fixup, one warp per slot) computes, honestly, the elements of every slot no warp of
// launch 1 ran on (an SM that got two blocks, or none; %nsmid gaps): a slot that ran wrote its
// first element, which the harness poisons (0xFF bytes) before every run.
#include <kaiser_hann.cuh>
#include <slot_carry.cuh>
#define WARPS SLOT_WARPS
#define CAP 192  // window values a thread keeps (n / (132 x 1,024) = 124.1 for n = 2^24)
#define OFF 256  // floats left unused below the carry: other kernels' small frames start at 0
#define TAG_MAGIC 0x10ca1ca7u

#include <local_words.cuh>  // ld_local, st_local (kernels/window)

extern "C" __global__ void __launch_bounds__(WARPS * 32, 1)
    window_local_carry(const float* x, float* y, int n) {
  float carry[OFF + CAP + 1];  // [OFF]: the tag; never written by C++, only by st.local below
  const size_t base = __cvta_generic_to_local(carry) + 4 * OFF;
  const unsigned ns = sreg_nsmid(), s = sreg_smid(), w = threadIdx.x / 32;
  const unsigned l = threadIdx.x % 32;
  const unsigned tag = TAG_MAGIC ^ (unsigned)n ^ (ns << 24) ^ (s << 12) ^ (w << 6) ^ l;
  const bool hit = __float_as_uint(ld_local(base)) == tag;
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
    y[e] = x[e] * win;
  }
  st_local(base, __uint_as_float(tag));
}

extern "C" __global__ void window_fixup(const float* x, float* y, int n) { slot_fixup(x, y, n); }
