// Probe harness (issue 33, h33c): problems/attention's FP32 flash kernels outside solver.
// CAUSAL=0: attention's shape (B 8, H 16, S 1024, D 64, [B,H,S,D]); CAUSAL=1: decoder_block's
// attention (8 heads, S 4096, causal), checked in the [H,S,D] layout and timed also in the
// decoder's token-major layout ([S, 8*64], head h at column 64h). The register-tiled kernel
// (attn_flash_rt.cuh, knobs by -D TM/MINB/PREFETCH/BALANCE) against the float64 reference on two
// whole heads; the existing one-row-per-thread attn_flash (BR=128) timed beside it.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
#include "../../../kernels/attention/attn_flash_rt.cuh"
#undef BR
#define BR 128
#include "../../../kernels/attention/attn_flash.cuh"
#include "../../../problems/attention/reference.cu"
#ifdef WITH_TF32
#include "../../../problems/attention/flash_tf32.cu"
#endif

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e = (x);                                                             \
    if (e != cudaSuccess) {                                                          \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

__global__ void init_f32(float* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long z =
        (unsigned long long)i * 0x9E3779B97F4A7C15ull + seed * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    const float u1 = ((z & 0xffffffu) + 1) / 16777217.f, u2 = ((z >> 24) & 0xffffffu) / 16777216.f;
    p[i] = sqrtf(-2.f * logf(u1)) * cospif(2.f * u2);
  }
}

int main() {
#if CAUSAL
  const int B = 1, H = 8, S = 4096;
#else
  const int B = 8, H = 16, S = 1024;
#endif
  const int D = 64;
  const long long n = (long long)B * H * S * D;
  float *Q, *K, *V, *O;
  double* R;
  CK(cudaMalloc(&Q, n * 4));
  CK(cudaMalloc(&K, n * 4));
  CK(cudaMalloc(&V, n * 4));
  CK(cudaMalloc(&O, n * 4));
  CK(cudaMalloc(&R, (size_t)S * D * 8));
  init_f32<<<1024, 256>>>(Q, n, 1);
  init_f32<<<1024, 256>>>(K, n, 2);
  init_f32<<<1024, 256>>>(V, n, 3);
  const double flops =
      CAUSAL ? 2.0 * D * B * H * double(S) * (S + 1) : 4.0 * D * B * H * double(S) * S;
  double atol = 2e-5, rtol = 1e-4;
  auto check = [&](const char* name) -> int {
    double maxerr = 0;
    long long bad = 0;
    std::vector<float> ho((size_t)S * D);
    std::vector<double> hr((size_t)S * D);
    for (int bh : {0, B * H - 1}) {
      const long long off = (long long)bh * S * D;
      attn_ref<<<S, 256>>>(Q + off, K + off, V + off, R, S);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(hr.data(), R, hr.size() * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(ho.data(), O + off, ho.size() * 4, cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < hr.size(); ++i) {
        const double e = std::fabs(ho[i] - hr[i]);
        if (!(e <= atol + rtol * std::fabs(hr[i]))) ++bad;
        if (!(e <= maxerr)) maxerr = std::isnan(e) ? INFINITY : std::max(maxerr, e);
      }
    }
    printf("%s: max_abs_err %.3e, %lld of %d outside atol %.0e + rtol %.0e\n", name, maxerr, bad,
           2 * S * D, atol, rtol);
    return bad != 0;
  };
  auto timeit = [&](auto launch) -> float {
    std::vector<float> t;
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int i = 0; i < 2; ++i) launch();
    for (int i = 0; i < 15; ++i) {
      cudaEventRecord(a);
      launch();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float ms;
      cudaEventElapsedTime(&ms, a, b);
      t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  };
  const long long qb = (long long)H * S * D;  // [B,H,S,D]
  const int qh = S * D, qs = D;
  const int smem = int(sizeof(RtSmem));
  CK(cudaFuncSetAttribute(attn_flash_rt, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, attn_flash_rt);
  int occ = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, attn_flash_rt, 256, smem);
  const int gx = S / RT_BM / ((BALANCE && CAUSAL) ? 2 : 1);
  char name[160];
  snprintf(name, sizeof name,
           "flash_rt[CAUSAL=%d,TM=%d,MINB=%d,PREFETCH=%d,BALANCE=%d] regs %d blocks/SM %d", CAUSAL,
           TM, MINB, PREFETCH, BALANCE, fa.numRegs, occ);
  int rc = 0;
  CK(cudaMemset(O, 0xff, n * 4));
  auto go = [&] {
    attn_flash_rt<<<dim3(gx, B * H), 256, smem>>>(Q, K, V, O, H, S, qb, qh, qs, qb, qh, qs);
  };
  go();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  rc |= check(name);
  float ms = timeit(go);
  printf("TIME %s %.4f ms %.1f TFLOP/s\n", name, ms, flops / ms / 1e9);
#if CAUSAL
  {  // decoder_block's token-major layout: [S, H*64], the same kernel, strides only
    const long long tb = (long long)S * H * D;
    auto gt = [&] {
      attn_flash_rt<<<dim3(gx, B * H), 256, smem>>>(Q, K, V, O, H, S, tb, D, H * D, tb, D, H * D);
    };
    ms = timeit(gt);
    printf("TIME token-major %s %.4f ms\n", name, ms);
  }
#endif
  {
    CK(cudaMemset(O, 0xff, n * 4));
    auto gb = [&] {
      attn_flash<<<dim3(S / BR, B * H), BR>>>(Q, K, V, O, H, S, qb, qh, qs, qb, qh, qs);
    };
    gb();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    rc |= check("attn_flash[BR=128] (existing)");
    ms = timeit(gb);
    printf("TIME attn_flash[BR=128] %.4f ms %.1f TFLOP/s\n", ms, flops / ms / 1e9);
  }
#ifdef WITH_TF32
  {  // the TF32 class: mma.sync m16n8k8 flash (problems/attention/flash_tf32.cu)
    atol = 1e-3;
    rtol = 5e-3;
    const int sm3 = (T3_BM + 2 * STAGES * T3_BN) * 64 * 4;
    CK(cudaFuncSetAttribute(attn_flash_tf32, cudaFuncAttributeMaxDynamicSharedMemorySize, sm3));
    CK(cudaMemset(O, 0xff, n * 4));
    auto gt = [&] {
      attn_flash_tf32<<<dim3(S / T3_BM, B * H), T3_NT, sm3>>>(Q, K, V, O, H, S, qb, qh, qs, qb, qh,
                                                              qs);
    };
    gt();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    char nm[96];
    snprintf(nm, sizeof nm, "flash_tf32[CAUSAL=%d,WARPS=%d,STAGES=%d]", CAUSAL, WARPS, STAGES);
    rc |= check(nm);
    ms = timeit(gt);
    printf("TIME %s %.4f ms %.1f TFLOP/s\n", nm, ms, flops / ms / 1e9);
  }
#endif
  return rc;
}
