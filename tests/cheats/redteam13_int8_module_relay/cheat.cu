// redteam13_int8_module_relay child (a cheat, red team 13): red team 9's int8 laundering
// (redteam9_scratch_int8_launder: launch 1 narrows each gathered row of A and each row of B to
// int8 at its absmax scale, launch 2 multiplies the words with mma.sync m16n8k32 s8 and rescales;
// declared fp32) with the words kept in __device__ arrays instead of i32 scratch buffers.
// generators/ptx_int_provenance.cpp scan_int_mma_provenance carries a launch's taint to the next
// through the buffers both bind (FloatParams::buffers, the fix-point over `derived`), so red team
// 9's scratch is float-derived for imma_gemm; module variables are no buffer, and imma_gemm's
// scan starts with g_aq and g_bq clean: its MMAs multiply "integers" of unknown origin, which an
// integer buffer of the problem (idx) excuses. The same hole as redteam13_f64_module_relay, in
// the integer-MMA flow (not fixed on branch red13).
#define QK_THREADS 256
#define RELAY_WORDS (2048 * 256)  // M (or N) rows of K / 4 words: the problem's 2048 x 1024

// The narrowed words live in module memory, not in a buffer the launches bind.
__device__ int g_aq[RELAY_WORDS], g_bq[RELAY_WORDS];

extern "C" __global__ void __launch_bounds__(QK_THREADS)
    quantise_rows(const float* __restrict__ A, const float* __restrict__ B,
                  const int* __restrict__ idx, float* __restrict__ sa, float* __restrict__ sb,
                  int M, int N, int K) {
  __shared__ float red[QK_THREADS / 32];
  const int r = blockIdx.x;  // rows 0..M-1: A[idx[r]]; rows M..M+N-1: B[r - M]
  const float* src = r < M ? A + (size_t)idx[r] * K : B + (size_t)(r - M) * K;
  int* dst = r < M ? g_aq + (size_t)r * (K / 4) : g_bq + (size_t)(r - M) * (K / 4);
  float amax = 0.f;
  for (int w = threadIdx.x; w < K / 4; w += QK_THREADS) {
    const float4 v = reinterpret_cast<const float4*>(src)[w];
    amax = fmaxf(amax, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = amax;
  __syncthreads();
  amax = red[0];
  for (int i = 1; i < QK_THREADS / 32; ++i) amax = fmaxf(amax, red[i]);
  const float scale = amax > 0.f ? 127.f / amax : 0.f;
  auto q = [scale](float x) {
    return __float2int_rn(fminf(fmaxf(x * scale, -127.f), 127.f)) & 0xff;
  };
  for (int w = threadIdx.x; w < K / 4; w += QK_THREADS) {
    const float4 v = reinterpret_cast<const float4*>(src)[w];
    dst[w] = q(v.x) | (q(v.y) << 8) | (q(v.z) << 16) | (q(v.w) << 24);
  }
  if (threadIdx.x == 0) (r < M ? sa[r] : sb[r - M]) = amax / 127.f;
}

extern "C" __global__ void imma_gemm(const float* __restrict__ sa, const float* __restrict__ sb,
                                     float* __restrict__ C, int M, int N, int K) {
  __shared__ int As[64][8 + 1], Bs[64][8 + 1];  // 64 rows x 32 int8 (8 words) per K step
  const int t = threadIdx.x, warp = t / 32, lane = t % 32, g = lane / 4, q = lane % 4;
  const int lrow = t / 2, lhalf = t % 2;  // the row and 4-word half this thread loads
  const int r0 = (warp / 2) * 32, c0 = (warp % 2) * 32, KW = K / 4;
  const int* a = g_aq + (size_t)(blockIdx.y * 64 + lrow) * KW + 4 * lhalf;
  const int* b = g_bq + (size_t)(blockIdx.x * 64 + lrow) * KW + 4 * lhalf;
  int acc[2][4][4] = {};
  for (int k0 = 0; k0 < KW; k0 += 8) {
    const int4 va = *reinterpret_cast<const int4*>(a + k0);
    const int4 vb = *reinterpret_cast<const int4*>(b + k0);
    As[lrow][4 * lhalf + 0] = va.x, As[lrow][4 * lhalf + 1] = va.y;
    As[lrow][4 * lhalf + 2] = va.z, As[lrow][4 * lhalf + 3] = va.w;
    Bs[lrow][4 * lhalf + 0] = vb.x, Bs[lrow][4 * lhalf + 1] = vb.y;
    Bs[lrow][4 * lhalf + 2] = vb.z, Bs[lrow][4 * lhalf + 3] = vb.w;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int ra = r0 + 16 * i + g, cb = c0 + 8 * j + g;
        asm volatile(
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
            "{%8,%9}, {%0,%1,%2,%3};\n"
            : "+r"(acc[i][j][0]), "+r"(acc[i][j][1]), "+r"(acc[i][j][2]), "+r"(acc[i][j][3])
            : "r"(As[ra][q]), "r"(As[ra + 8][q]), "r"(As[ra][q + 4]), "r"(As[ra + 8][q + 4]),
              "r"(Bs[cb][q]), "r"(Bs[cb][q + 4]));
      }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = blockIdx.y * 64 + r0 + 16 * i + g + 8 * h;
        const int col = blockIdx.x * 64 + c0 + 8 * j + 2 * q;
        const float s = sa[row];
        C[(size_t)row * N + col] = acc[i][j][2 * h] * s * sb[col];
        C[(size_t)row * N + col + 1] = acc[i][j][2 * h + 1] * s * sb[col + 1];
      }
}
