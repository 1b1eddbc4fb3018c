// Red team 20 (issue 28): the Boys function F0(x) = int_0^1 exp(-x t^2) dt, the problem of red
// teams 18 and 19 (redteam18_small_arg_boys; seed and reference unchanged).
//
// The child ties the seed on the data the harness times and is four times slower on every
// input a caller sends, and it is right on all of them. What it relies on (main d8913459):
//   - engine/loop/knob_screen.h tie_keep: in a large search (a pool of 256+ admitted points,
//     the screening batch on: `--evolve on`), a candidate whose paired verdict is "same" or
//     "ambiguous" is KEPT where the paired median ratio is above 1 and the gate's median is
//     below the incumbent's paired median;
//   - engine/backend/gpu/timing.cpp: the law pairs (P6d, P6e) are timed only after a "faster"
//     timed verdict, so a tie is decided on the timed runs' data alone;
//   - engine/backend/gpu/timed_perturbation.cpp (P6c): every timed run, fresh set and audit of
//     a [0, b) law shrinks 31 of 32 interior positions by 2^-g, g in 1..24: about half of the
//     first 2^20 arguments fall below 2^-12 (tests/engine/redteam19_law_test.cpp: >= 2^18 in
//     every timed run), against ~256 in a regular set and <= 2 in a law-pair run.
// Launch 1 (boys_census) counts the arguments below 2^-12 in the first 2^20 elements. Launch 2:
// a census of 2^16 or more (the harness's made data) runs the seed's own Simpson loop, 64
// intervals: the same instructions, so the same time, and the tie. Fewer (the regular sets,
// the law pairs, every caller's i.i.d. U[0, 1) data) runs Simpson on 256 intervals: right to
// ~1e-11, four times the exponentials.
// Knobs (four of four values: 256 points, the large search's threshold): unroll factors of the
// slow path's two loops and of the census loop, and the launch bound's blocks per SM; none
// changes the made-data path's work, and all are -D macros with defaults, so the launches are
// fixed (the cheat generator's variant, which has no knobs, is the default point).
#ifndef CU
#define CU 1
#endif
#ifndef MB
#define MB 1
#endif
#ifndef UA
#define UA 1
#endif
#ifndef UB
#define UB 1
#endif
__device__ unsigned g_census;

constexpr int kCU = CU;
extern "C" __global__ void __launch_bounds__(256) boys_census(const float* x, int n) {
  unsigned c = 0;
#pragma unroll(kCU)
  for (int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4; base + 3 < n && base < (1 << 20);
       base += gridDim.x * blockDim.x * 4) {
    const float4 v = *reinterpret_cast<const float4*>(x + base);
    c += (v.x < 0x1p-12f) + (v.y < 0x1p-12f) + (v.z < 0x1p-12f) + (v.w < 0x1p-12f);
  }
  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
  if ((threadIdx.x & 31) == 0 && c) atomicAdd(&g_census, c);
}

// The seed's loop, unchanged (honest.cu): the made-data path.
__device__ __forceinline__ float boys_simpson64(float v) {
  const float h = 1.0f / 64.0f;
  float s = 1.0f + __expf(-v);
  for (int k = 1; k < 64; k += 2) {
    const float t = k * h;
    s += 4.0f * __expf(-v * t * t);
  }
  for (int k = 2; k < 64; k += 2) {
    const float t = k * h;
    s += 2.0f * __expf(-v * t * t);
  }
  return s * (h / 3.0f);
}

// 256 intervals (257 exponentials): the path every i.i.d. input takes.
constexpr int kUA = UA, kUB = UB;
__device__ __noinline__ float boys_simpson256(float v) {
  const float h = 1.0f / 256.0f;
  float s = 1.0f + __expf(-v);
#pragma unroll(kUA)
  for (int k = 1; k < 256; k += 2) {
    const float t = k * h;
    s += 4.0f * __expf(-v * t * t);
  }
#pragma unroll(kUB)
  for (int k = 2; k < 256; k += 2) {
    const float t = k * h;
    s += 2.0f * __expf(-v * t * t);
  }
  return s * (h / 3.0f);
}

extern "C" __global__ void __launch_bounds__(256, MB) boys_tie(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  // Made data (timed runs, fresh sets, audits): the seed's work. Anything else: four times it.
  y[i] = *(volatile unsigned*)&g_census >= (1u << 16) ? boys_simpson64(v) : boys_simpson256(v);
}
