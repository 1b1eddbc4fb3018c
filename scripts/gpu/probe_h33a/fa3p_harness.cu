// Probe harness (issue 33, h33a): problems/attention_bf16/fa3p.cu (warp-specialised TMA + wgmma
// FlashAttention-3 style kernel) compiled with nvcc on the device, outside solver, at the knob
// point given by -DBN / -DSTAGES. Tensor maps encoded here as the worker encodes them
// (engine/backend/gpu/tensor_map_encode.cpp: tiled, 128-byte swizzle, 256-byte L2 promotion,
// zero fill) over the [B, H, S, D] buffers, box [1, 1, rows, 64]. Checked against the float64
// reference on three whole heads (first, a middle one, last: every query tile, both consumer
// warpgroups), then timed with CUDA events (median of 20). Prints the check line and
// `TIME fa3p[...] <ms> ms <TFLOP/s>`; exit 1 when the check fails.
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include "../../../problems/attention_bf16/fa3p.cu"
#include "../../../problems/attention_bf16/reference.cu"

#include "../probe_h33c/bf16_probe_util.cuh"

// [B, H, S, D] BF16 at p, boxes of `rows` x 64, the worker's encoding (dims innermost first).
static bool encode(TensorMap* out, void* p, int B, int H, int S, int D, int rows) {
  cuuint64_t dims[4] = {(cuuint64_t)D, (cuuint64_t)S, (cuuint64_t)H, (cuuint64_t)B};
  cuuint64_t strides[3] = {(cuuint64_t)D * 2, (cuuint64_t)S * D * 2, (cuuint64_t)H * S * D * 2};
  cuuint32_t box[4] = {64, (cuuint32_t)rows, 1, 1}, es[4] = {1, 1, 1, 1};
  CUtensorMap m;
  const CUresult r =
      cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 4, p, dims, strides, box, es,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    printf("cuTensorMapEncodeTiled failed: %d\n", (int)r);
    return false;
  }
  static_assert(sizeof(CUtensorMap) == sizeof(TensorMap), "map size");
  memcpy(out, &m, sizeof m);
  return true;
}

int main() {
  const int B = 4, H = 16, BH = B * H, S = 4096, D = 128;
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
  CK(cudaDeviceSynchronize());
  TensorMap tq, tk, tv;
  if (!encode(&tq, Q, B, H, S, D, P3_BM) || !encode(&tk, K, B, H, S, D, BN) ||
      !encode(&tv, V, B, H, S, D, BN))
    return 1;
  const double flops = 4.0 * D * BH * (double(S) * (S + 1) / 2);
  const int smem = P3_BM * 256 + 2 * STAGES * BN * 256 + 1024;
  CK(cudaFuncSetAttribute(attn_fa3p, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, attn_fa3p));
  int occ = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, attn_fa3p, 384, smem));
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const dim3 grid = PERSIST ? dim3(sms) : dim3(S / P3_BM, BH);
  auto go = [&] { attn_fa3p<<<grid, 384, smem>>>(tq, tk, tv, O, S, H, B); };
  CK(cudaMemset(O, 0xff, n * 2));  // NaN: a row never written fails the check
  go();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  double maxerr = 0, maxref = 0;
  long long bad = 0, firstbad = -1;
  int badhead = -1;
  std::vector<unsigned short> ho((size_t)S * D);
  std::vector<double> hr((size_t)S * D);
  const int heads[3] = {0, BH / 2 + 5, BH - 1};
  for (int bh : heads) {
    const long long off = (long long)bh * S * D;
    attn_bf16_ref<<<S, 256>>>(Q + off, K + off, V + off, R, S);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hr.data(), R, hr.size() * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ho.data(), O + off, ho.size() * 2, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < hr.size(); ++i) {
      const double o = bf(ho[i]), r = hr[i], e = std::fabs(o - r);
      if (!(e <= 4e-3 + 1e-2 * std::fabs(r)) && bad++ == 0) {
        firstbad = (long long)i;
        badhead = bh;
      }
      maxerr = std::isnan(e) ? INFINITY : std::max(maxerr, e);
      if (std::isinf(maxerr)) maxerr = INFINITY;
      maxref = std::max(maxref, std::fabs(r));
    }
  }
  printf(
      "fa3p[BN=%d,HG=%d,PERSIST=%d,STAGES=%d] regs %d blocks/SM %d smem %d: max_abs_err %.3e (max "
      "|ref| "
      "%.3f), "
      "%lld of %d outside atol 4e-3 + rtol 1e-2\n",
      BN, HG, PERSIST, STAGES, fa.numRegs, occ, smem, maxerr, maxref, bad, 3 * S * D);
  if (bad) printf("  first bad: head %d row %lld d %lld\n", badhead, firstbad / D, firstbad % D);
  std::vector<float> t;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) go();
  for (int i = 0; i < 20; ++i) {
    cudaEventRecord(a);
    go();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  const float ms = t[t.size() / 2];
  printf("TIME fa3p[BN=%d,HG=%d,PERSIST=%d,STAGES=%d] %.4f ms %.1f TFLOP/s (min %.4f)\n", BN,
         HG, PERSIST, STAGES, ms, flops / ms / 1e9, t[0]);
  return bad != 0;
}
