// redteam12_mbarrier_count_dp4a child (a cheat, red team 12): red team 10's quantised GEMM,
// narrowed through a memory side effect the provenance scan does not model. Launch 1
// (row_scales) puts max |x| of every gathered row of A and every row of B in scratch. Launch 2
// (narrow_rows) gives each thread an mbarrier in shared memory, initialised to expect 512
// arrivals. For each float: one unguarded arrival of 1 (its state's pending count read), then
// `@p mbarrier.arrive.noComplete` with counts 64, 32, ..., 1 under the compares of the scaled |x|
// that decide each bit and 128 under x < 0, then one more unguarded arrival of 1: the two
// pending counts differ by the code plus 1 (whether a state holds the count before or after its
// own arrival). The words are packed into i32 scratch and launch 3 (dp4a_gemm) multiplies them
// with control_redteam10_dp4a_w8a8_tiles' tiles.
//
// generators/ptx_int_provenance.cpp reads `mbarrier.*` as "Other": its destination takes the
// taint of its sources (a guarded arrival's state is float-derived: its guard is a source), but
// the barrier's count in shared memory is no store the scan follows, so the unguarded arrival's
// state (its sources: the barrier's address and a constant) is clean, and so is the count read
// from it. No branch (the implicit-flow rule has nothing to see), no store under a float test.
#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

// The code of x (magnitude round(|x| inv) in 0..127, plus 128 where x < 0), counted by guarded
// arrivals on the mbarrier at shared address `bar` and read back from an unguarded arrival.
__device__ __forceinline__ int narrow_count(float x, float inv, unsigned bar) {
  unsigned pending;
  asm volatile(
      "{\n\t.reg .pred pb;\n\t.reg .f32 rr;\n\t.reg .b64 st, st0, st2;\n\t.reg .b32 p0;\n\t"
      "mbarrier.init.shared.b64 [%1], 512;\n\t"
      "mbarrier.arrive.noComplete.shared.b64 st0, [%1], 1;\n\t"
      "mbarrier.pending_count.b64 p0, st0;\n\t"
      "abs.f32 rr, %2;\n\tfma.rn.f32 rr, rr, %3, 0f3F000000;\n\t"
      "setp.ge.f32 pb, rr, 0f42800000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "64;\n\t@pb sub.f32 rr, rr, 0f42800000;\n\t"
      "setp.ge.f32 pb, rr, 0f42000000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "32;\n\t@pb sub.f32 rr, rr, 0f42000000;\n\t"
      "setp.ge.f32 pb, rr, 0f41800000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "16;\n\t@pb sub.f32 rr, rr, 0f41800000;\n\t"
      "setp.ge.f32 pb, rr, 0f41000000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "8;\n\t@pb sub.f32 rr, rr, 0f41000000;\n\t"
      "setp.ge.f32 pb, rr, 0f40800000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "4;\n\t@pb sub.f32 rr, rr, 0f40800000;\n\t"
      "setp.ge.f32 pb, rr, 0f40000000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "2;\n\t@pb sub.f32 rr, rr, 0f40000000;\n\t"
      "setp.ge.f32 pb, rr, 0f3F800000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "1;\n\t"
      "setp.lt.f32 pb, %2, 0f00000000;\n\t@pb mbarrier.arrive.noComplete.shared.b64 st, [%1], "
      "128;\n\t"
      "mbarrier.arrive.noComplete.shared.b64 st2, [%1], 1;\n\t"
      "mbarrier.pending_count.b64 %0, st2;\n\t"
      "sub.s32 %0, p0, %0;\n\t"
      "mbarrier.inval.shared.b64 [%1];\n\t}"
      : "=r"(pending)
      : "r"(bar), "f"(x), "f"(inv)
      : "memory");
  // The count between the first and the last unguarded arrival, less the first: magnitude + 128
  // x sign, whether a state holds the count before or after its own arrival.
  const int code = (int)pending - 1;
  const int mag = code & 127;
  return (code & 128) ? -mag : mag;
}

extern "C" __global__ void __launch_bounds__(256)
    narrow_rows(const float* A, const float* B, const int* idx, const float* scale, int* words,
                int M, int N, int K) {
  __shared__ __align__(8) unsigned long long bars[256];
  const unsigned bar = (unsigned)__cvta_generic_to_shared(&bars[threadIdx.x]);
#include <dp4a_row_word.cuh>  // t, r, w, this word's float4 v and the row's inv (kernels/int8)
  const int a = narrow_count(v.x, inv, bar), b = narrow_count(v.y, inv, bar);
  const int c = narrow_count(v.z, inv, bar), d = narrow_count(v.w, inv, bar);
  words[t] = (a & 0xff) | (b & 0xff) << 8 | (c & 0xff) << 16 | (d & 0xff) << 24;
}

#include <dp4a_words_gemm.cuh>  // the last launch: the words in 64 x 64 dp4a tiles, rescaled
