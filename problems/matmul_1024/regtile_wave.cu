// CUDA-core SGEMM shaped for one full wave at 1024^3: 64 x 128 block tiles (128 blocks for the
// 132 SMs, where 128 x 128 tiles give 64 and leave half the chip idle), 256 threads of 4 x 8
// outputs, BK-deep slabs double-buffered in shared memory (the matmul problem's regtile_db
// design: B streams global->shared with cp.async, A goes through registers into a transposed
// As[k][m] so each k step reads a thread's 4 A and 8 B values as three float4 loads; warps laid
// out 4 x 8 threads so every float4 load of a warp is one shared-memory wavefront). One barrier
// per slab: the next slab lands in the other buffer while this one is read.
// Requires M % 64 == 0, N % 128 == 0, K % BK == 0 (constraints in problem.yaml; BK = 16: at 32
// the two buffers exceed the 48 KiB of static shared memory).
#ifndef BK
#define BK 16
#endif
#define BM 64
#define BN 128
#define AST (BM + 4)

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}

extern "C" __global__ void __launch_bounds__(256)
    mm_regtile_wave(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                    int M, int N, int K) {
  __shared__ __align__(16) float As[2][BK][AST];
  __shared__ __align__(16) float Bs[2][BK][BN];
  const int tid = threadIdx.x;
  const int warp = tid >> 5, lane = tid & 31;
  const int tRow = (warp >> 1) * 4 + (lane >> 3);  // 0..15: rows tRow*4 .. +3
  const int tCol = (warp & 1) * 8 + (lane & 7);    // 0..15: columns tCol*4 and 64 + tCol*4
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;

  constexpr int kA = BM * BK / 4 / 256;  // float4 of A per thread per slab
  constexpr int kB = BN * BK / 4 / 256;  // float4 of B per thread per slab
  const float* Ag = A + (size_t)m0 * K;
  const float* Bg = B + n0;
  float4 ra[kA];
  auto load_a = [&](int k0) {
#pragma unroll
    for (int i = 0; i < kA; ++i) {
      const int idx = tid + i * 256;
      const int r = idx / (BK / 4), kc = (idx % (BK / 4)) * 4;
      ra[i] = *reinterpret_cast<const float4*>(Ag + (size_t)r * K + k0 + kc);
    }
  };
  auto store_a = [&](int s) {
#pragma unroll
    for (int i = 0; i < kA; ++i) {
      const int idx = tid + i * 256;
      const int r = idx / (BK / 4), kc = (idx % (BK / 4)) * 4;
      As[s][kc + 0][r] = ra[i].x;
      As[s][kc + 1][r] = ra[i].y;
      As[s][kc + 2][r] = ra[i].z;
      As[s][kc + 3][r] = ra[i].w;
    }
  };
  auto load_b = [&](int s, int k0) {
#pragma unroll
    for (int i = 0; i < kB; ++i) {
      const int idx = tid + i * 256;
      const int kr = idx / (BN / 4), c = (idx % (BN / 4)) * 4;
      cp_async16(&Bs[s][kr][c], Bg + (size_t)(k0 + kr) * N + c);
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  };

  float acc[4][8];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  const int tiles = K / BK;
  load_b(0, 0);
  load_a(0);
  store_a(0);
  asm volatile("cp.async.wait_group 0;\n" ::: "memory");
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    const int s = t & 1;
    const bool more = t + 1 < tiles;
    if (more) {
      load_b(s ^ 1, (t + 1) * BK);
      load_a((t + 1) * BK);
    }
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = *reinterpret_cast<const float4*>(&As[s][k][tRow * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&Bs[s][k][tCol * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&Bs[s][k][64 + tCol * 4]);
      const float ar[4] = {a0.x, a0.y, a0.z, a0.w};
      const float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
    }
    if (more) store_a(s ^ 1);  // buffer s^1 was last read before the previous barrier
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 4; ++i) {
    float* Cr = C + (size_t)(m0 + tRow * 4 + i) * N + n0;
    *reinterpret_cast<float4*>(Cr + tCol * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}
