// Probe harness (issue 33, h33c): problems/attention_bf16's kernels compiled with nvcc on the
// device, outside solver: the FA2 mma.sync kernel (or, with -DW3, the wgmma kernel fa3w.cu) at
// the knob point given by -D BM/BN/WARPS/STAGES (fa3w: BN/WGS/STAGES) (and the seed with
// -DWITH_SEED) against the float64 reference on two whole heads (the first and the last), then
// timed with CUDA events (median of 15). Prints one line per kernel.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
#ifdef W3
#include "../../../problems/attention_bf16/fa3w.cu"
#define KFN attn_fa3w
#define KBM W3_BM
#define KNT W3_NT
#define KSMEM (W3_BM * 256 + 2 * STAGES * BN * 256 + 1024)
#define KNAME "fa3w"
#define KWARPS WGS
#else
#include "../../../problems/attention_bf16/fa2.cu"
#define KFN attn_fa2
#define KBM BM
#define KNT NT
#define KSMEM ((BM + 2 * STAGES * BN) * 256)
#define KNAME "fa2"
#define KWARPS WARPS
#endif
#include "../../../problems/attention_bf16/reference.cu"
#include "../../../problems/attention_bf16/seed.cu"

#include "bf16_probe_util.cuh"

int main() {
  const int BH = 64, S = 4096, D = 128;
  const long long n = (long long)BH * S * D;
  unsigned short *Q, *K, *V, *O;
  double* R;
  CK(cudaMalloc(&Q, n * 2));
  CK(cudaMalloc(&K, n * 2));
  CK(cudaMalloc(&V, n * 2));
  CK(cudaMalloc(&O, n * 2));
  CK(cudaMalloc(&R, (size_t)S * D * 8));
  init_bf16<<<1024, 256>>>(Q, n, 1);
  init_bf16<<<1024, 256>>>(K, n, 2);
  init_bf16<<<1024, 256>>>(V, n, 3);
  const double flops = 4.0 * D * BH * (double(S) * (S + 1) / 2);
  auto check = [&](const char* name) -> int {
    double maxerr = 0, maxref = 0, ehalf[2] = {0, 0}, efirst = 0;
    long long bad = 0, firstbad = -1;
    std::vector<unsigned short> ho((size_t)S * D);
    std::vector<double> hr((size_t)S * D);
    for (int bh : {0, BH - 1}) {
      const long long off = (long long)bh * S * D;
      attn_bf16_ref<<<S, 256>>>(Q + off, K + off, V + off, R, S);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(hr.data(), R, hr.size() * 8, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(ho.data(), O + off, ho.size() * 2, cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < hr.size(); ++i) {
        const double o = bf(ho[i]), r = hr[i], e = std::fabs(o - r);
        if (!(e <= 4e-3 + 1e-2 * std::fabs(r)) && bad++ == 0) firstbad = (long long)i;
        const double ec = std::isnan(e) ? INFINITY : e;
        ehalf[(i % D) >= 64] = std::max(ehalf[(i % D) >= 64], ec);
        if (i / D < 128) efirst = std::max(efirst, ec);
        if (!(e <= maxerr)) maxerr = std::isnan(e) ? INFINITY : std::max(maxerr, e);
        maxref = std::max(maxref, std::fabs(r));
      }
    }
    printf("%s: max_abs_err %.3e (max |ref| %.3f), %lld of %d outside atol 4e-3 + rtol 1e-2\n",
           name, maxerr, maxref, bad, 2 * S * D);
    if (bad)
      printf("  where: d<64 %.3e, d>=64 %.3e, rows<128 %.3e; first bad row %lld d %lld\n", ehalf[0],
             ehalf[1], efirst, firstbad / D, firstbad % D);
    return bad != 0;
  };
  auto timeit = [&](auto launch, int iters) -> float {
    std::vector<float> t;
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int i = 0; i < 2; ++i) launch();
    for (int i = 0; i < iters; ++i) {
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
  int rc = 0;
  {
    const int smem = KSMEM;
    CK(cudaFuncSetAttribute(KFN, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, KFN);
    int occ = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, KFN, KNT, smem);
    CK(cudaMemset(O, 0xff, n * 2));
    auto go = [&] { KFN<<<dim3(S / KBM, BH), KNT, smem>>>(Q, K, V, O, S); };
    go();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    char name[128];
    snprintf(name, sizeof name, KNAME "[BM=%d,BN=%d,WARPS|WGS=%d,STAGES=%d] regs %d blocks/SM %d",
             KBM, BN, KWARPS, STAGES, fa.numRegs, occ);
    rc |= check(name);
    const float ms = timeit(go, 15);
    printf("TIME " KNAME "[BM=%d,BN=%d,WARPS|WGS=%d,STAGES=%d] %.4f ms %.1f TFLOP/s\n", KBM, BN,
           KWARPS, STAGES, ms, flops / ms / 1e9);
  }
#ifdef WITH_SEED
  {
    CK(cudaMemset(O, 0xff, n * 2));
    auto go = [&] { attn_seed<<<BH * S / 8, 256>>>(Q, K, V, O, S); };
    go();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    rc |= check("seed");
    const float ms = timeit(go, 3);
    printf("TIME seed %.4f ms %.1f TFLOP/s\n", ms, flops / ms / 1e9);
  }
#endif
  return rc;
}
