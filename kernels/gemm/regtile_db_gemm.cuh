// CUDA-core SGEMM tuned for the FMA pipe: 128x128 block tile, 256 threads of 8x8 outputs,
// BK-deep slabs double-buffered in shared memory. B streams global->shared with cp.async; A
// goes through registers because it is stored transposed (As[k][m]), so that every k step
// reads its 8 A and 8 B values as four float4 loads. The warp is laid out 4 x 8 threads (not
// 2 x 16), so each float4 load of a warp touches 64 or 128 contiguous bytes: one shared-memory
// wavefront each, four per k step for 2048 FMAs. One barrier per slab: the next slab lands in
// the other buffer while this one is read.
// Requires M, N multiples of 128 and K a multiple of BK (constraints in problem.yaml).
// The including file names the kernel (GEMM_ENTRY) and defines GEMM_BATCHED for torch.bmm's
// layout (blockIdx.z the batch); the body is the same for matmul and batched_gemm (issue 33).
// GEMM_BM = 64 halves the block tile's height (threads of 4x8 outputs, three float4 loads a k
// step: matmul_1024's regtile_wave, one full wave at 1024^3) and GEMM_BOUNDS is the kernel's
// __launch_bounds__ (256 threads, 2 blocks an SM by default). GEMM_SPLITK = S splits K into S
// slices, blockIdx.z the slice, each block adding its partial tile into C with float4 atomics
// (C zeroed by an earlier launch): more blocks where the output has too few tiles to fill the
// chip (matmul_1024). With S = 2 the sum is exact whatever the order (0 + a + b = b + a).
#ifndef BK
#define BK 8
#endif
#ifndef GEMM_BM
#define GEMM_BM 128
#endif
#ifndef GEMM_BOUNDS
#define GEMM_BOUNDS 256, 2
#endif
#define BM GEMM_BM
#define BN 128
#define TM (BM / 16)  // a thread's rows: TM / 4 groups of four, 64 rows apart
#define AST (BM + 4)  // transposed A row stride: the two k-halves of a warp's stores 16 banks apart

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}

extern "C" __global__ void __launch_bounds__(GEMM_BOUNDS)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
  __shared__ __align__(16) float As[2][BK][AST];
  __shared__ __align__(16) float Bs[2][BK][BN];
  const int tid = threadIdx.x;
  const int warp = tid >> 5, lane = tid & 31;
  const int tRow = (warp >> 1) * 4 + (lane >> 3);  // 0..15: rows tRow*4.. and 64+tRow*4..
  const int tCol = (warp & 1) * 8 + (lane & 7);    // 0..15: columns likewise
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
#ifdef GEMM_SPLITK
  K /= GEMM_SPLITK;  // this block's slice of K; A's rows keep their full stride
  const int lda = K * GEMM_SPLITK;
  A += (size_t)blockIdx.z * K;
  B += (size_t)blockIdx.z * K * N;
#else
  const int lda = K;
#endif
#ifdef GEMM_BATCHED
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif

  constexpr int kA = BM * BK / 4 / 256;  // float4 of A per thread per slab
  constexpr int kB = BN * BK / 4 / 256;  // float4 of B per thread per slab
  const float* Ag = A + (size_t)m0 * lda;
  const float* Bg = B + n0;
  float4 ra[kA];
  auto load_a = [&](int k0) {
#pragma unroll
    for (int i = 0; i < kA; ++i) {
      const int idx = tid + i * 256;
      const int r = idx / (BK / 4), kc = (idx % (BK / 4)) * 4;
      ra[i] = *reinterpret_cast<const float4*>(Ag + (size_t)r * lda + k0 + kc);
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

  float acc[TM][8];
#pragma unroll
  for (int i = 0; i < TM; ++i)
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
      float ar[TM];
#pragma unroll
      for (int h = 0; h < TM / 4; ++h) {
        const float4 a = *reinterpret_cast<const float4*>(&As[s][k][h * 64 + tRow * 4]);
        ar[4 * h] = a.x;
        ar[4 * h + 1] = a.y;
        ar[4 * h + 2] = a.z;
        ar[4 * h + 3] = a.w;
      }
      const float4 b0 = *reinterpret_cast<const float4*>(&Bs[s][k][tCol * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&Bs[s][k][64 + tCol * 4]);
      const float br[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
    }
    if (more) store_a(s ^ 1);  // buffer s^1 was last read before the previous barrier
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    const int row = m0 + (i >> 2) * 64 + tRow * 4 + (i & 3);
    float* Cr = C + (size_t)row * N + n0;
#ifdef GEMM_SPLITK
    atomicAdd(reinterpret_cast<float4*>(Cr + tCol * 4),
              make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
    atomicAdd(reinterpret_cast<float4*>(Cr + 64 + tCol * 4),
              make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]));
#else
    *reinterpret_cast<float4*>(Cr + tCol * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
#endif
  }
}
