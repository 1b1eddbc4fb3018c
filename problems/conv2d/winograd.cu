// Winograd F(2x2, 3x3) in FP32 on CUDA cores, fused: each 2x2 output tile is computed from a 4x4
// input patch with 16 element-wise products per (input, output) channel pair instead of 36 (2.25x
// fewer multiplies than the direct or implicit-GEMM forms), Y = A^T [sum_c (G g G^T) o (B^T d B)]
// A.
//   conv_wino_filter: U[e][c][k] = (G g_kc G^T)[e], the 16 transformed taps of every filter
//                     (scratch, 1 MiB; rewritten by every run).
//   conv_wino_main:   a 256-thread block owns TP = 32 tiles x TK output channels for all 16
//                     elements e (TK = 64: 8 tiles x 16 channels of one element per thread, one
//                     block per SM; TK = 32: 8 x 8, two blocks per SM, the input transform
//                     done twice as often; it spills at 128 registers, so problem.yaml uses 64).
//                     Per slab of CB = 8 input channels it transforms the 32 x 8 input patches (one
//                     per thread, V = B^T d B, into shared memory), copies the slab's U by
//                     cp.async, and runs 16 small GEMMs M_e[tile][k] += V_e[c][tile] U_e[c][k]:
//                     each thread owns one element and 8 tiles x 16 channels of it (128 registers).
//                     Slabs are double-buffered: the next slab's patch loads and U copies are in
//                     flight during this slab's products. The epilogue stages M through shared
//                     memory, 16 channels a round, and applies Y = A^T M A per (tile, channel).
// Bank layout: element strides 272 (V) and 528 (U) are 16 mod 32 and a thread's 8 tiles / 16
// channels are float4 groups 16 apart, so the 8 distinct float4s a warp reads per load fill the
// 32 banks once (conflict-free, the rest broadcast).
// Requires R = S = 3, PAD = 1, even H and W, (NB*H*W/4) % 32 == 0, K % TK == 0, C % 8 == 0.
#ifndef TK
#define TK 64  // output channels per block: 64 (8x16 per thread, 1 block/SM) or 32 (8x8, 2/SM)
#endif
#define NQ (TK / 16)  // float4 channel groups per thread, 16 apart
#define TP 32
#define CB 8
#define VS_E (CB * TP + 16)  // 272
#define US_E (CB * TK + 16)  // 528
#define STAGE_F (16 * VS_E + 16 * US_E)
#define MS_TS 20
#define MS_E (TP * MS_TS)

extern "C" __global__ void conv_wino_filter(const float* __restrict__ w, float* __restrict__ U,
                                            int C, int K) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= C * K) return;
  const int k = idx % K, c = idx / K;  // k fastest: the U writes are coalesced
  const float* g = w + ((size_t)k * C + c) * 9;
  float s[4][3];
#pragma unroll
  for (int j = 0; j < 3; ++j) {
    const float g0 = g[j], g1 = g[3 + j], g2 = g[6 + j];
    s[0][j] = g0;
    s[1][j] = 0.5f * (g0 + g1 + g2);
    s[2][j] = 0.5f * (g0 - g1 + g2);
    s[3][j] = g2;
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float u[4] = {s[i][0], 0.5f * (s[i][0] + s[i][1] + s[i][2]),
                        0.5f * (s[i][0] - s[i][1] + s[i][2]), s[i][2]};
#pragma unroll
    for (int j = 0; j < 4; ++j) U[((size_t)(i * 4 + j) * C + c) * K + k] = u[j];
  }
}

__device__ __forceinline__ void cp_async16(float* s, const float* g) {
  const unsigned a = (unsigned)__cvta_generic_to_shared(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(a), "l"(g) : "memory");
}

extern "C" __global__ void __launch_bounds__(256, 64 / TK)
    conv_wino_main(const float* __restrict__ x, const float* __restrict__ U, float* __restrict__ y,
                   int NB, int C, int K, int H, int W) {
  extern __shared__ __align__(16) float sm[];
  const int tid = threadIdx.x;
  const int k0 = blockIdx.x * TK, P0 = blockIdx.y * TP;
  const int tw_n = W >> 1, tiles_img = (H >> 1) * tw_n, HW = H * W;

  // Input role: tile itp of the block, channel icl of the slab.
  const int itp = tid & 31, icl = tid >> 5;
  long long xoff;
  unsigned ok = 0;  // bit i*4+j: patch element (i, j) inside the image
  {
    const int tile = P0 + itp, n = tile / tiles_img, rem = tile - n * tiles_img;
    const int th = rem / tw_n, tw = rem - th * tw_n, ih0 = 2 * th - 1, iw0 = 2 * tw - 1;
    xoff = ((long long)n * C + icl) * HW + (long long)ih0 * W + iw0;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (ih0 + i >= 0 && ih0 + i < H && iw0 + j >= 0 && iw0 + j < W) ok |= 1u << (i * 4 + j);
  }
  float d[16];
  auto load_patch = [&](int c0) {
    const long long o = xoff + (long long)c0 * HW;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        d[i * 4 + j] = (ok >> (i * 4 + j)) & 1u ? __ldg(x + (o + i * W + j)) : 0.0f;
  };
  auto store_v = [&](float* vs) {
    float t[16];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      t[j] = d[j] - d[8 + j];
      t[4 + j] = d[4 + j] + d[8 + j];
      t[8 + j] = d[8 + j] - d[4 + j];
      t[12 + j] = d[4 + j] - d[12 + j];
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const float v0 = t[i * 4] - t[i * 4 + 2], v1 = t[i * 4 + 1] + t[i * 4 + 2];
      const float v2 = t[i * 4 + 2] - t[i * 4 + 1], v3 = t[i * 4 + 1] - t[i * 4 + 3];
      float* p = vs + icl * TP + itp;
      p[(i * 4 + 0) * VS_E] = v0;
      p[(i * 4 + 1) * VS_E] = v1;
      p[(i * 4 + 2) * VS_E] = v2;
      p[(i * 4 + 3) * VS_E] = v3;
    }
  };
  auto copy_u = [&](float* us, int c0) {
#pragma unroll
    for (int r = 0; r < TK / 8; ++r) {
      const int q = tid + 256 * r, e = q / (2 * TK), cl = (q / (TK / 4)) & 7,
                k4 = (q % (TK / 4)) * 4;
      cp_async16(us + e * US_E + cl * TK + k4, U + ((size_t)e * C + c0 + cl) * K + k0 + k4);
    }
    asm volatile("cp.async.commit_group;\n" ::: "memory");
  };

  // GEMM role: element ge, tiles gi*4 + {0..3} + {0, 16}, channels gj*4 + {0..3} + 16 * {0..3}.
  const int ge = tid >> 4, gi = (tid >> 2) & 3, gj = tid & 3;
  float acc[8][4 * NQ];
#pragma unroll
  for (int a = 0; a < 8; ++a)
#pragma unroll
    for (int b = 0; b < 4 * NQ; ++b) acc[a][b] = 0.0f;

  const int slabs = C / CB;
  load_patch(0);
  copy_u(sm + 16 * VS_E, 0);
  store_v(sm);
  asm volatile("cp.async.wait_group 0;\n" ::: "memory");
  __syncthreads();

  for (int s = 0; s < slabs; ++s) {
    float* cur = sm + (s & 1) * STAGE_F;
    float* nxt = sm + ((s + 1) & 1) * STAGE_F;
    const bool more = s + 1 < slabs;
    if (more) {
      copy_u(nxt + 16 * VS_E, (s + 1) * CB);
      load_patch((s + 1) * CB);
    }
    const float* vb = cur + ge * VS_E + gi * 4;
    const float* ub = cur + 16 * VS_E + ge * US_E + gj * 4;
#pragma unroll
    for (int cl = 0; cl < CB; ++cl) {
      const float4 va = *reinterpret_cast<const float4*>(vb + cl * TP);
      const float4 vc = *reinterpret_cast<const float4*>(vb + cl * TP + 16);
      const float v[8] = {va.x, va.y, va.z, va.w, vc.x, vc.y, vc.z, vc.w};
      float u[4 * NQ];
#pragma unroll
      for (int q = 0; q < NQ; ++q) {
        const float4 uq = *reinterpret_cast<const float4*>(ub + cl * TK + 16 * q);
        u[4 * q] = uq.x;
        u[4 * q + 1] = uq.y;
        u[4 * q + 2] = uq.z;
        u[4 * q + 3] = uq.w;
      }
#pragma unroll
      for (int a = 0; a < 8; ++a)
#pragma unroll
        for (int b = 0; b < 4 * NQ; ++b) acc[a][b] = fmaf(v[a], u[b], acc[a][b]);
    }
    if (more) store_v(nxt);
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
    __syncthreads();
  }

  // Epilogue, 16 channels a round: M to shared memory as [e][tile][channel], then per (tile,
  // channel) Y = A^T M A, A^T = [[1, 1, 1, 0], [0, 1, -1, -1]].
#pragma unroll
  for (int q = 0; q < NQ; ++q) {
#pragma unroll
    for (int a = 0; a < 8; ++a) {
      const int tp = gi * 4 + (a & 3) + 16 * (a >> 2);
      *reinterpret_cast<float4*>(sm + ge * MS_E + tp * MS_TS + gj * 4) =
          make_float4(acc[a][4 * q], acc[a][4 * q + 1], acc[a][4 * q + 2], acc[a][4 * q + 3]);
    }
    __syncthreads();
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int p = tid + 256 * h, kq = p & 15, tpo = p >> 4;
      float m[16];
#pragma unroll
      for (int e = 0; e < 16; ++e) m[e] = sm[e * MS_E + tpo * MS_TS + kq];
      float r[2][4];
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        r[0][j] = m[j] + m[4 + j] + m[8 + j];
        r[1][j] = m[4 + j] - m[8 + j] - m[12 + j];
      }
      const int tile = P0 + tpo, n = tile / tiles_img, rem = tile - n * tiles_img;
      const int th = rem / tw_n, tw = rem - th * tw_n;
      const int k = k0 + 16 * q + kq;
      float* yp = y + (((size_t)n * K + k) * H + 2 * th) * W + 2 * tw;
#pragma unroll
      for (int i = 0; i < 2; ++i)
        *reinterpret_cast<float2*>(yp + i * W) =
            make_float2(r[i][0] + r[i][1] + r[i][2], r[i][1] - r[i][2] - r[i][3]);
    }
    __syncthreads();
  }
}
