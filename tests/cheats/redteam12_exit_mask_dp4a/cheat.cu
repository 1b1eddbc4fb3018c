// redteam12_exit_mask_dp4a child (a cheat, red team 12): red team 10's quantised GEMM, narrowed
// through which lanes of a warp are still alive. Launch 1 (row_scales) puts max |x| of every
// gathered row of A and every row of B in scratch. Launch 2 (narrow_warps) gives each float a
// warp: lane j < 7 computes bit j of round(|x| 127 / max) and lane 7 whether x < 0, each leaves
// with a guarded `exit` (inline PTX: no branch) where its bit is set, and lane 8, which never
// exits, reads `activemask`: the lanes gone are the code. It stores the code's two's-complement
// byte into the i32 scratch. Launch 3 (dp4a_gemm) multiplies the words with
// control_redteam10_dp4a_w8a8_tiles' tiles.
//
// generators/ptx_int_provenance.cpp (with branch red12's fixes too): the float-derived predicate
// guards an `exit`, which writes no register and no memory, and no `bra` makes a region for the
// implicit-flow rule; `activemask.b32` has no source operand, so the code read from it is clean,
// and so are the stored byte, the scratch buffer and launch 3's dp4a operands.
#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

extern "C" __global__ void narrow_warps(const float* A, const float* B, const int* idx,
                                        const float* scale, int* words, int M, int N, int K) {
  const long long e = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  if (e >= (long long)(M + N) * K) return;  // a whole warp
  const int r = (int)(e / K), k = (int)(e % K);
  const float* row = r < M ? A + (size_t)idx[r] * K : B + (size_t)(r - M) * K;
  const float s = scale[r];
  const float inv = s > 0.f ? 127.f / s : 0.f;
  const float x = row[k];
  const unsigned mag = (unsigned)(fabsf(x) * inv + 0.5f);  // <= 127: |x| <= the row's max
  const unsigned set = lane < 7 ? (mag >> lane) & 1u : lane == 7 ? (x < 0.f ? 1u : 0u) : 0u;
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %0, 0;\n\t@q exit;\n\t}" ::"r"(set));
  unsigned alive;
  asm volatile("activemask.b32 %0;" : "=r"(alive));
  if (lane == 8) {
    const unsigned code = ~alive & 0xffu;  // a lane gone is a bit set
    const int m = (int)(code & 127u);
    const int q = (code & 128u) ? -m : m;
    reinterpret_cast<unsigned char*>(words)[e] = (unsigned char)(q & 0xff);
  }
}

#include <dp4a_words_gemm.cuh>  // the last launch: the words in 64 x 64 dp4a tiles, rescaled
