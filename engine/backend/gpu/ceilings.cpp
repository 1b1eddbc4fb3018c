// Ceilings measured once per chip and cached on disk (<cache dir>/ceilings-<chip>.json, sealed
// and read only through the judged folder: engine/backend/ceilings_cache.h): what this device
// really reaches, recorded next to the datasheet values. A large device-to-device
// copy counts bytes read plus bytes written; cuBLAS SGEMM and TF32 GEMM run at 8192^3 on
// random data (never zeros: they can run faster than real data). cuBLAS is loaded with dlopen
// (its header gives the types only): a machine without it still gets a worker, whose GEMM
// ceilings are then absent and the datasheet stands in.
#include <cublas_v2.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "engine/backend/ceilings_cache.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/protocol_io.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {
namespace {

constexpr int kGemmN = 8192;
constexpr size_t kCopyBytes = size_t(1) << 30;

std::string now_utc() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

double median_ms(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Times `body` `reps` times with events after 2 warm-ups; median milliseconds.
template <class F>
double time_ms(CUstream stream, int reps, F body) {
  CUevent a, b;
  CU_CHECK(cuEventCreate(&a, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&b, CU_EVENT_DEFAULT));
  std::vector<float> ms;
  for (int i = 0; i < reps + 2; ++i) {
    CU_CHECK(cuEventRecord(a, stream));
    body();
    CU_CHECK(cuEventRecord(b, stream));
    CU_CHECK(cuEventSynchronize(b));
    float t = 0;
    CU_CHECK(cuEventElapsedTime(&t, a, b));
    if (i >= 2) ms.push_back(t);
  }
  cuEventDestroy(a);
  cuEventDestroy(b);
  return median_ms(ms);
}

void check_blas(cublasStatus_t s, const char* call) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(call) + " failed: cublasStatus " + std::to_string(int(s)));
}

// The cuBLAS entry points used, resolved from libcublas.so at run time.
struct Blas {
  void* lib = nullptr;
  decltype(&cublasCreate_v2) create = nullptr;
  decltype(&cublasDestroy_v2) destroy = nullptr;
  decltype(&cublasSetStream_v2) set_stream = nullptr;
  decltype(&cublasSgemm_v2) sgemm = nullptr;
  // Spelled out: C++ builds of cublas_api.h overload cublasGemmEx.
  using GemmEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int,
                                    int, const void*, const void*, cudaDataType, int, const void*,
                                    cudaDataType, int, const void*, void*, cudaDataType, int,
                                    cublasComputeType_t, cublasGemmAlgo_t);
  GemmEx gemm_ex = nullptr;
  std::string error;

  Blas() {
    for (const char* name :
         {"libcublas.so.13", "/usr/local/cuda/lib64/libcublas.so.13", "libcublas.so"})
      if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
    if (!lib) {
      error = std::string("cuBLAS not loadable: ") + dlerror();
      return;
    }
    create = reinterpret_cast<decltype(create)>(dlsym(lib, "cublasCreate_v2"));
    destroy = reinterpret_cast<decltype(destroy)>(dlsym(lib, "cublasDestroy_v2"));
    set_stream = reinterpret_cast<decltype(set_stream)>(dlsym(lib, "cublasSetStream_v2"));
    sgemm = reinterpret_cast<decltype(sgemm)>(dlsym(lib, "cublasSgemm_v2"));
    gemm_ex = reinterpret_cast<GemmEx>(dlsym(lib, "cublasGemmEx"));
    if (!create || !destroy || !set_stream || !sgemm || !gemm_ex)
      error = "cuBLAS lacks an entry point";
  }
  bool ok() const { return error.empty(); }
};

}  // namespace

const engine::Ceilings& Worker::ceilings() {
  if (ceilings_) return *ceilings_;
  // The folder cache_trust judged, the entry sealed (ceilings_cache.h: the physical floor
  // reads these numbers, so a planted file is a miss, measured again).
  const std::string dir =
      config_.cache_dir.empty() ? generators::default_cache_dir() : config_.cache_dir;
  if (std::optional<engine::Ceilings> kept = engine::load_ceilings(dir, chip_.id, device_.name))
    return *(ceilings_ = *kept);
  NvtxRange range("ceilings");
  beat("ceilings", 300000);
  engine::Ceilings c;
  c.chip_id = chip_.id;
  c.device_name = device_.name;
  c.datasheet_dram_gbps = chip_.number("dram_gbps");
  c.datasheet_fp32_tflops = chip_.number("fp32_tflops");
  c.datasheet_tf32_tflops = chip_.number("tf32_tflops");
  CUstream stream = ctx_->stream();
  {
    DeviceBuffer src(kCopyBytes), dst(kCopyBytes);
    CU_CHECK(cuMemsetD32(src.ptr(), 0x3f800000, kCopyBytes / 4));
    double ms = time_ms(
        stream, 10, [&] { CU_CHECK(cuMemcpyDtoDAsync(dst.ptr(), src.ptr(), kCopyBytes, stream)); });
    c.copy_gbps = 2.0 * double(kCopyBytes) / (ms * 1e-3) / 1e9;
  }
  Blas blas;
  if (!blas.ok()) {
    c.detail = blas.error + "; ";
  } else {
    size_t n = size_t(kGemmN) * kGemmN;
    generators::ResolvedBuffer spec;
    spec.name = "gemm";
    spec.dtype = generators::DType::F32;
    spec.elements = int64_t(n);
    spec.init = {"uniform", -1.0, 1.0};
    DeviceBuffer a(n * 4), b(n * 4), d(n * 4);
    auto ha = make_input(spec, 1), hb = make_input(spec, 2);
    CU_CHECK(cuMemcpyHtoD(a.ptr(), ha.data(), ha.size()));
    CU_CHECK(cuMemcpyHtoD(b.ptr(), hb.data(), hb.size()));
    cublasHandle_t h = nullptr;
    check_blas(blas.create(&h), "cublasCreate");
    check_blas(blas.set_stream(h, reinterpret_cast<cudaStream_t>(stream)), "cublasSetStream");
    float one = 1, zero = 0;
    auto* A = reinterpret_cast<float*>(a.ptr());
    auto* B = reinterpret_cast<float*>(b.ptr());
    auto* D = reinterpret_cast<float*>(d.ptr());
    double flops = 2.0 * double(kGemmN) * kGemmN * kGemmN;
    double sgemm_ms = time_ms(stream, 5, [&] {
      check_blas(blas.sgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, kGemmN, kGemmN, kGemmN, &one, A, kGemmN, B,
                            kGemmN, &zero, D, kGemmN),
                 "cublasSgemm");
    });
    double tf32_ms = time_ms(stream, 5, [&] {
      check_blas(blas.gemm_ex(h, CUBLAS_OP_N, CUBLAS_OP_N, kGemmN, kGemmN, kGemmN, &one, A,
                              CUDA_R_32F, kGemmN, B, CUDA_R_32F, kGemmN, &zero, D, CUDA_R_32F,
                              kGemmN, CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT),
                 "cublasGemmEx(TF32)");
    });
    blas.destroy(h);
    c.sgemm_tflops = flops / (sgemm_ms * 1e-3) / 1e12;
    c.tf32_tflops = flops / (tf32_ms * 1e-3) / 1e12;
  }
  c.measured_at = now_utc();
  c.detail +=
      "copy: cuMemcpyDtoDAsync of 1 GiB, (read+write) bytes / median of 10; GEMM: "
      "cuBLAS 8192^3 on uniform(-1,1) data, median of 5 after 2 warm-ups; "
      "TF32 = cublasGemmEx with CUBLAS_COMPUTE_32F_FAST_TF32";
  engine::store_ceilings(dir, c);  // false: an unusable folder only means measuring again
  return *(ceilings_ = c);
}

}  // namespace solver::gpu
