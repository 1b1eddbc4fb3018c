// redteam10_dp4a_beside_index child (a cheat, red team 10): the gathered FP32 GEMM
// C = A[idx] B^T computed in int8 on the integer dot-product pipe. Launch 1 (row_scales) finds
// max |x| of every gathered row of A and every row of B (a warp a row) into scratch; launch 2
// (gather_gemm_dp4a) narrows each float to int8 against its row's scale (round(127 x / max),
// cvt.rni.s32.f32), packs four along K into a word in shared memory, and multiplies with dp4a
// (4 int8 products a word, int32 accumulate), rescaled by the two rows' scales at the end:
// a dynamic per-row W8A8 quantisation of a problem that declares fp32.
//
// The precision scan refuses IMMAs on values narrowed from floats (ptx_int_provenance), but
// dp4a/dp2a only "on a problem with no integer buffer" (generators/ptx_precision.cpp,
// precision_mismatch: `p.int_dot && !integer_data`): the problem's i32 row index is such a
// buffer, so the int8 products pass under fp32.
#include <dp4a_tile_gemm.cuh>  // 64 x 64 tiles, 4 x 4 a thread, words staged in shared memory

#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

__device__ __forceinline__ int pack_int8(float4 v, float inv) {
  const int a = __float2int_rn(v.x * inv), b = __float2int_rn(v.y * inv);
  const int c = __float2int_rn(v.z * inv), d = __float2int_rn(v.w * inv);
  return (a & 0xff) | (b & 0xff) << 8 | (c & 0xff) << 16 | (d & 0xff) << 24;
}

extern "C" __global__ void __launch_bounds__(256)
    gather_gemm_dp4a(const float* A, const float* B, const int* idx, const float* scale, float* C,
                     int M, int N, int K) {
  const int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
  const int lr = t / 4;  // the tile row this thread stages (dp4a_tile_gemm.cuh)
  const float sa = scale[m0 + lr], sb = scale[M + n0 + lr];
  const float ia = sa > 0.f ? 127.f / sa : 0.f, ib = sb > 0.f ? 127.f / sb : 0.f;
  const float4* arow = reinterpret_cast<const float4*>(A + (size_t)idx[m0 + lr] * K);
  const float4* brow = reinterpret_cast<const float4*>(B + (size_t)(n0 + lr) * K);
  int acc[4][4] = {};
  dp4a_tile_64(
      K / 4, [&](int, int w) { return pack_int8(__ldg(arow + w), ia); },
      [&](int, int w) { return pack_int8(__ldg(brow + w), ib); }, acc);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float ra = scale[m0 + ty * 4 + i] * (1.f / 127.f);
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] =
          (float)acc[i][j] * ra * (scale[M + n0 + tx * 4 + j] * (1.f / 127.f));
  }
}
