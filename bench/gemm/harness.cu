// Standalone check-and-time harness for one matmul pool kernel at one knob point (H200
// development only; the pool's numbers come from solver's protocol, not from this program).
// Built once per kernel/knob point by run.sh with -DKFILE="...cu" -DKENTRY=... -DGX/GY/BLOCK/SMEM
// and -DTF32=0|1. Checks every element of C against a float64 reference with the problem's
// tolerance class and times the kernel and cuBLAS (SGEMM and TF32) with CUDA events.
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <cudaTypedefs.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include KFILE

#ifdef TMA_BM
// -DTMA_BM=rows: the kernel takes (tmA, tmB, C, M, N, K), tensor maps built here as the worker
// builds them from problem.yaml's tensor_maps (A box [TMA_BM, 32], B box [32, 32], both 128-byte
// swizzled), through the runtime's driver entry point (no -lcuda).
static CUtensorMap make_map(const float* p, int rows, int cols, int box_rows, int box_cols) {
  static PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  if (!encode) {
    cudaDriverEntryPointQueryResult q;
    void* fn = nullptr;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &q) != cudaSuccess || !fn) {
      std::printf("no cuTensorMapEncodeTiled\n");
      std::exit(1);
    }
    encode = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
  }
  CUtensorMap m;
  cuuint64_t dims[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(cols) * 4};
  cuuint32_t box[2] = {cuuint32_t(box_cols), cuuint32_t(box_rows)};
  cuuint32_t estr[2] = {1, 1};
  CUresult r = encode(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, const_cast<float*>(p), dims, strides, box, estr,
                      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    std::printf("cuTensorMapEncodeTiled failed: %d\n", int(r));
    std::exit(1);
  }
  return m;
}
static_assert(sizeof(CUtensorMap) == sizeof(TensorMap), "TensorMap mirrors CUtensorMap");
static TensorMap as_kernel_map(const CUtensorMap& m) {
  TensorMap t;
  std::memcpy(&t, &m, sizeof t);
  return t;
}
#endif

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(1); } } while (0)
#define CB(x) do { cublasStatus_t s_ = (x); if (s_ != CUBLAS_STATUS_SUCCESS) { std::printf("cuBLAS %d at %d\n", int(s_), __LINE__); std::exit(1); } } while (0)

__global__ void widen(const float* x, double* y, size_t n) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n) y[i] = x[i];
}

template <class F>
float time_ms(F f, int reps) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) f();
  CK(cudaEventRecord(a));
  for (int i = 0; i < reps; ++i) f();
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, a, b));
  return ms / reps;
}

int main() {
  const int M = 4096, N = 4096, K = 4096;
  const size_t nA = (size_t)M * K, nB = (size_t)K * N, nC = (size_t)M * N;
  std::vector<float> hA(nA), hB(nB);
  unsigned s = 12345u;
  auto rnd = [&] { s = s * 1664525u + 1013904223u; return (s >> 8) * (2.0f / 16777216.0f) - 1.0f; };
  for (auto& x : hA) x = rnd();
  for (auto& x : hB) x = rnd();
  float *A, *B, *C;
  double* R;
  CK(cudaMalloc(&A, nA * 4)); CK(cudaMalloc(&B, nB * 4)); CK(cudaMalloc(&C, nC * 4));
  CK(cudaMalloc(&R, nC * 8));
  CK(cudaMemcpy(A, hA.data(), nA * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(B, hB.data(), nB * 4, cudaMemcpyHostToDevice));
  {  // float64 reference by DGEMM on widened copies (exact products, float64 sums)
    double *dA, *dB;
    CK(cudaMalloc(&dA, nA * 8)); CK(cudaMalloc(&dB, nB * 8));
    widen<<<unsigned((nA + 255) / 256), 256>>>(A, dA, nA);
    widen<<<unsigned((nB + 255) / 256), 256>>>(B, dB, nB);
    cublasHandle_t h;
    CB(cublasCreate(&h));
    const double one = 1, zero = 0;
    CB(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, dB, N, dA, K, &zero, R, N));
    CK(cudaDeviceSynchronize());
    CB(cublasDestroy(h));
    CK(cudaFree(dA)); CK(cudaFree(dB));
  }

  if (SMEM > 48 * 1024) CK(cudaFuncSetAttribute(KENTRY, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, KENTRY));
#ifdef TMA_BM
  const TensorMap tmA = as_kernel_map(make_map(A, M, K, TMA_BM, 32));
  const TensorMap tmB = as_kernel_map(make_map(B, K, N, 32, 32));
  auto run = [&] { KENTRY<<<dim3(GX, GY), dim3(BLOCK), SMEM>>>(tmA, tmB, C, M, N, K); };
#else
  auto run = [&] { KENTRY<<<dim3(GX, GY), dim3(BLOCK), SMEM>>>(A, B, C, M, N, K); };
#endif
  CK(cudaMemset(C, 0xFF, nC * 4));  // NaN: an unwritten element fails
  run();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<float> hC(nC);
  std::vector<double> hR(nC);
  CK(cudaMemcpy(hC.data(), C, nC * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hR.data(), R, nC * 8, cudaMemcpyDeviceToHost));
  const double rtol = TF32 ? 5e-3 : 1e-4, atol = TF32 ? 5e-2 : 1e-3;
  size_t bad = 0, first = nC;
  double maxerr = 0, sq = 0;
  for (size_t i = 0; i < nC; ++i) {
    double e = std::fabs(double(hC[i]) - hR[i]);
    if (!(e <= atol + rtol * std::fabs(hR[i]))) { if (!bad) first = i; ++bad; }
    if (e > maxerr || std::isnan(e)) maxerr = std::isnan(e) ? INFINITY : e;
    sq += std::isnan(e) ? 0 : e * e;
  }

  const float kms = time_ms(run, 20);
  cublasHandle_t h;
  CB(cublasCreate(&h));
  const float one = 1, zero = 0;
  // Row-major C = A.B is column-major C^T = B^T.A^T.
  CB(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  const float sg = time_ms([&] { CB(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N)); }, 20);
  const float tf = time_ms([&] { CB(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, CUDA_R_32F, N, A, CUDA_R_32F, K, &zero, C, CUDA_R_32F, N, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT)); }, 20);
  const double fl = 2.0 * M * N * K;
  std::printf("%-40s regs %3d lmem %4zu | %8.3f ms %6.1f TF/s | x%.3f sgemm(%.3f ms %.1f) x%.3f tf32(%.3f ms %.1f) | bad %zu (first %zu) max %.3g rms %.3g\n",
              NAME, fa.numRegs, fa.localSizeBytes, kms, fl / kms * 1e-9, sg / kms, sg, fl / sg * 1e-9, tf / kms, tf,
              fl / tf * 1e-9, bad, first, maxerr, std::sqrt(sq / nC));
  if (bad && first < nC) {
    size_t i = first;
    std::printf("   first bad at m=%zu n=%zu got %g want %g\n", i / N, i % N, hC[i], hR[i]);
  }
  return 0;
}
