// cupti_smoke: evidence that profiling/cupti_range_profiler.h works on a real GPU.
//
// 1. Host-only: checks the metric list against chip GH100 (no GPU needed).
// 2. On a GPU: traces kernel launches with KernelActivityTracer (records vs event times),
//    compiles a stream-scale kernel and a naive SGEMM with NVRTC, launches them
//    through the driver API, times them unprofiled, then collects the metrics of
//    docs/h200.md's table for each kernel, for both in one launch (two ranges), and
//    exercises the error outcomes. Sanity checks on the values decide the exit status.
// Without libcuda.so.1, or when cuInit fails, it prints "SKIP: no GPU ..." and exits 0; the
// driver is loaded with dlopen so that the program starts everywhere.
#include <dlfcn.h>

#include <cuda.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "profiling/cupti_activity.h"
#include "profiling/cupti_range_profiler.h"
#include "profiling/metric_set.h"

namespace {

using solver::profiling::KernelActivity;
using solver::profiling::KernelActivityTracer;
using solver::profiling::MetricSet;
using solver::profiling::MetricValues;
using solver::profiling::RangeProfiler;

const std::vector<std::string> kMetrics = {
    "gpu__time_duration.sum",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
    "sm__inst_executed_pipe_tensor.sum",
    "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active",
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "lts__t_sector_hit_rate.pct",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
    "smsp__inst_executed.sum",
    "sm__cycles_elapsed.avg.per_second",
};

const char* kSource = R"(
extern "C" __global__ void stream_scale(const float* __restrict__ x, float* __restrict__ y,
                                        float a, unsigned long long n) {
  unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i];
}
extern "C" __global__ void sgemm_naive(int n, const float* A, const float* B, float* C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n || col >= n) return;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}
)";

#define SOLVER_STR2(x) #x
#define SOLVER_STR(x) SOLVER_STR2(x)
// Driver entry points by their versioned names (cuda.h maps cuMemAlloc to cuMemAlloc_v2 etc.).
struct Driver {
  void* lib = nullptr;
#define SOLVER_CU(fn) decltype(&::fn) fn = nullptr;
#define SOLVER_CU_LIST(X)                                                                     \
  X(cuInit)                                                                                   \
  X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName) X(cuDeviceGetAttribute)               \
      X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent)             \
          X(cuCtxSynchronize) X(cuModuleLoadData) X(cuModuleGetFunction) X(cuMemAlloc)        \
              X(cuMemFree) X(cuMemsetD32) X(cuLaunchKernel) X(cuEventCreate) X(cuEventRecord) \
                  X(cuEventSynchronize) X(cuEventElapsedTime) X(cuEventDestroy)               \
                      X(cuGetErrorString)
  SOLVER_CU_LIST(SOLVER_CU)
#undef SOLVER_CU
  std::string load() {
    lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return std::string("libcuda.so.1 not loadable: ") + dlerror();
#define SOLVER_CU(fn)                                              \
  fn = reinterpret_cast<decltype(fn)>(dlsym(lib, SOLVER_STR(fn))); \
  if (!fn) return std::string("libcuda.so.1 lacks ") + SOLVER_STR(fn);
    SOLVER_CU_LIST(SOLVER_CU)
#undef SOLVER_CU
    return {};
  }
};
Driver cu;

void check_cu(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  const char* s = nullptr;
  cu.cuGetErrorString(r, &s);
  throw std::runtime_error(std::string(what) + ": " + (s ? s : "?"));
}

std::vector<char> compile(int major, int minor) {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, kSource, "smoke.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS)
    throw std::runtime_error("nvrtcCreateProgram failed");
  const std::string arch = "--gpu-architecture=sm_" + std::to_string(major * 10 + minor);
  const char* opts[] = {arch.c_str(), "-lineinfo"};
  nvrtcResult r = nvrtcCompileProgram(prog, 2, opts);
  size_t log_size = 0;
  nvrtcGetProgramLogSize(prog, &log_size);
  std::string log(log_size, '\0');
  nvrtcGetProgramLog(prog, log.data());
  if (r != NVRTC_SUCCESS) throw std::runtime_error("NVRTC: " + log);
  size_t n = 0;
  nvrtcGetCUBINSize(prog, &n);
  std::vector<char> cubin(n);
  nvrtcGetCUBIN(prog, cubin.data());
  nvrtcDestroyProgram(&prog);
  return cubin;
}

int failures = 0;
void expect(bool ok, const std::string& what) {
  std::printf("  %s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

void print_values(const MetricValues& v) {
  std::printf(
      "  status=%s passes=%zu kernels=%zu dropped=%zu setup=%.1f ms launch=%.1f ms "
      "decode=%.1f ms collection=%.1f ms\n",
      to_string(v.status), v.passes, v.kernels.size(), v.ranges_dropped, v.setup_ms, v.launch_ms,
      v.decode_ms, v.collection_ms);
  if (!v.ok()) std::printf("  error: %s\n", v.error.c_str());
  for (const auto& [name, value] : v.values) {
    std::printf("    %-72s %16.4f", name.c_str(), value);
    if (v.kernels.size() > 1)
      for (const auto& k : v.kernels) std::printf("  [k%zu %.4f]", k.index, k.values.at(name));
    std::printf("\n");
  }
}

double value(const MetricValues& v, const char* name) {
  auto it = v.values.find(name);
  return it == v.values.end() ? NAN : it->second;
}

double host_ms(const std::function<void()>& f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int run_gpu() {
  CUdevice dev;
  check_cu(cu.cuDeviceGet(&dev, 0), "cuDeviceGet");
  char name[256] = {};
  cu.cuDeviceGetName(name, sizeof(name), dev);
  int major = 0, minor = 0, sms = 0;
  cu.cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  cu.cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
  cu.cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  std::printf("device: %s, sm_%d%d, %d SMs\n", name, major, minor, sms);
  CUcontext ctx;
  check_cu(cu.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check_cu(cu.cuCtxSetCurrent(ctx), "cuCtxSetCurrent");

  double nvrtc_ms = 0;
  std::vector<char> cubin;
  nvrtc_ms = host_ms([&] { cubin = compile(major, minor); });
  std::printf("NVRTC compile: %.1f ms (%zu bytes cubin)\n", nvrtc_ms, cubin.size());
  CUmodule mod;
  CUfunction f_stream, f_sgemm;
  check_cu(cu.cuModuleLoadData(&mod, cubin.data()), "cuModuleLoadData");
  check_cu(cu.cuModuleGetFunction(&f_stream, mod, "stream_scale"), "stream_scale");
  check_cu(cu.cuModuleGetFunction(&f_sgemm, mod, "sgemm_naive"), "sgemm_naive");

  unsigned long long n = 64ull << 20;  // 64 Mi floats = 256 MiB per buffer
  int gn = 2048;
  CUdeviceptr x, y, A, B, C;
  check_cu(cu.cuMemAlloc(&x, n * 4), "alloc x");
  check_cu(cu.cuMemAlloc(&y, n * 4), "alloc y");
  check_cu(cu.cuMemAlloc(&A, size_t(gn) * gn * 4), "alloc A");
  check_cu(cu.cuMemAlloc(&B, size_t(gn) * gn * 4), "alloc B");
  check_cu(cu.cuMemAlloc(&C, size_t(gn) * gn * 4), "alloc C");
  check_cu(cu.cuMemsetD32(x, 0x3f800000u, n), "memset x");  // 1.0f
  check_cu(cu.cuMemsetD32(A, 0x3f800000u, size_t(gn) * gn), "memset A");
  check_cu(cu.cuMemsetD32(B, 0x40000000u, size_t(gn) * gn), "memset B");  // 2.0f

  float a = 2.f;
  void* stream_args[] = {&x, &y, &a, &n};
  void* sgemm_args[] = {&gn, &A, &B, &C};
  auto launch_stream = [&] {
    check_cu(cu.cuLaunchKernel(f_stream, unsigned((n + 255) / 256), 1, 1, 256, 1, 1, 0, nullptr,
                               stream_args, nullptr),
             "launch stream_scale");
  };
  auto launch_sgemm = [&] {
    check_cu(
        cu.cuLaunchKernel(f_sgemm, gn / 16, gn / 16, 1, 16, 16, 1, 0, nullptr, sgemm_args, nullptr),
        "launch sgemm_naive");
  };
  auto sync = [&] { check_cu(cu.cuCtxSynchronize(), "cuCtxSynchronize"); };

  // Unprofiled: event-timed median of 10 launches, and the host wall time of one launch+sync.
  auto event_median_ms = [&](const std::function<void()>& launch) {
    CUevent e0, e1;
    cu.cuEventCreate(&e0, 0);
    cu.cuEventCreate(&e1, 0);
    launch();
    sync();
    std::vector<float> t;
    for (int i = 0; i < 10; ++i) {
      cu.cuEventRecord(e0, nullptr);
      launch();
      cu.cuEventRecord(e1, nullptr);
      cu.cuEventSynchronize(e1);
      float ms = 0;
      cu.cuEventElapsedTime(&ms, e0, e1);
      t.push_back(ms);
    }
    cu.cuEventDestroy(e0);
    cu.cuEventDestroy(e1);
    std::sort(t.begin(), t.end());
    return double(t[t.size() / 2]);
  };
  // Activity records of the unprofiled launches: count, resources, durations vs events.
  // Kept apart from the range-profiler sections below (reset before them); the last section
  // tries the two together.
  auto tracer_ptr = std::make_unique<KernelActivityTracer>();
  KernelActivityTracer& tracer = *tracer_ptr;
  std::printf("KernelActivityTracer: %s\n", tracer.ok() ? "enabled" : tracer.error().c_str());
  expect(tracer.ok(), "activity tracer enabled");
  {
    KernelActivityTracer second;
    expect(!second.ok(), std::string("a second tracer is refused: ") + second.error());
  }
  auto record_median = [&](const char* kernel, double event_ms) {
    sync();
    auto recs = tracer.take();
    std::vector<double> d;
    for (const auto& r : recs) d.push_back(r.duration_us());
    std::sort(d.begin(), d.end());
    if (recs.empty()) return expect(false, std::string("activity records for ") + kernel);
    const KernelActivity& r = recs.front();
    std::printf(
        "  activity %s: %zu records, median %.1f us (events %.1f us), regs %d, smem %d+%d B, "
        "local %u B, grid %dx%dx%d, block %dx%dx%d\n",
        r.name.c_str(), recs.size(), d[d.size() / 2], event_ms * 1e3, r.registers_per_thread,
        r.static_shared_bytes, r.dynamic_shared_bytes, r.local_memory_per_thread, r.grid[0],
        r.grid[1], r.grid[2], r.block[0], r.block[1], r.block[2]);
    expect(recs.size() == 11 && r.name == kernel, std::string("11 records named ") + kernel);
    expect(std::fabs(d[d.size() / 2] / (event_ms * 1e3) - 1) < 0.15,
           "record median within 15% of event median");
  };
  tracer.take();
  const double stream_ms = event_median_ms(launch_stream);
  record_median("stream_scale", stream_ms);
  const double sgemm_ms = event_median_ms(launch_sgemm);
  record_median("sgemm_naive", sgemm_ms);
  const double stream_wall = host_ms([&] {
    launch_stream();
    sync();
  });
  const double sgemm_wall = host_ms([&] {
    launch_sgemm();
    sync();
  });
  tracer_ptr.reset();
  std::printf("unprofiled stream_scale: %.3f ms kernel (%.2f TB/s), %.3f ms launch+sync wall\n",
              stream_ms, 2.0 * n * 4 / (stream_ms * 1e-3) / 1e12, stream_wall);
  std::printf(
      "unprofiled sgemm_naive 2048^3: %.3f ms kernel (%.2f TFLOP/s), %.3f ms launch+sync wall\n",
      sgemm_ms, 2.0 * gn * gn * gn / (sgemm_ms * 1e-3) / 1e12, sgemm_wall);

  RangeProfiler prof(ctx);
  std::printf("\nRangeProfiler: chip=%s init_error='%s' device_note='%s'\n", prof.chip().c_str(),
              prof.init_error().c_str(), prof.device_note().c_str());
  auto caps = prof.check(kMetrics);
  std::printf("check(%zu metrics): status=%s passes=%zu invalid=%zu\n", kMetrics.size(),
              to_string(caps.status), caps.passes, caps.invalid.size());
  expect(caps.ok() && caps.passes >= 1, "all metrics valid on the live chip");

  std::printf("\n[stream_scale 2 x 256 MiB] profile():\n");
  auto vs = prof.profile(kMetrics, [&] {
    launch_stream();
    sync();
  });
  print_values(vs);
  std::printf("  profile() %.1f ms vs unprofiled launch+sync %.3f ms: %.0fx\n", vs.collection_ms,
              stream_wall, vs.collection_ms / stream_wall);
  const double bytes = double(n) * 4;
  expect(vs.ok() && vs.kernels.size() == 1, "one range for one kernel");
  expect(std::fabs(value(vs, "dram__bytes_read.sum") / bytes - 1) < 0.1, "DRAM read ~ 256 MiB");
  expect(std::fabs(value(vs, "dram__bytes_write.sum") / bytes - 1) < 0.1, "DRAM write ~ 256 MiB");
  expect(value(vs, "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct") > 99,
         "coalesced loads: 100% efficiency");

  std::printf("\n[sgemm_naive 2048^3] profile():\n");
  auto vg = prof.profile(kMetrics, [&] {
    launch_sgemm();
    sync();
  });
  print_values(vg);
  std::printf("  profile() %.1f ms vs unprofiled launch+sync %.3f ms: %.0fx\n", vg.collection_ms,
              sgemm_wall, vg.collection_ms / sgemm_wall);
  expect(vg.ok() && value(vg, "gpu__time_duration.sum") > 0, "sgemm profiled");
  // Measured on the H200 (first run): exactly one tensor-pipe instruction per warp launched
  // in this FP32 kernel, tensor pipe ~0.01% active. A "uses tensor cores" signal needs a
  // threshold, not "> 0".
  const double warps = double(gn / 16) * (gn / 16) * 8;
  expect(
      value(vg, "sm__inst_executed_pipe_tensor.sum") <= warps &&
          value(vg, "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active") < 0.1,
      "FP32 naive SGEMM: at most one tensor-pipe instruction per warp, tensor pipe < 0.1% active");

  std::printf("\n[stream_scale then sgemm_naive in one launch_once] profile():\n");
  auto vb = prof.profile(kMetrics, [&] {
    launch_stream();
    launch_sgemm();
    sync();
  });
  print_values(vb);
  expect(vb.ok() && vb.kernels.size() == 2, "two ranges, launch order kept");
  if (vb.kernels.size() == 2) {
    const auto& k0 = vb.kernels[0].values;
    const auto& k1 = vb.kernels[1].values;
    const char* sum = "dram__bytes_read.sum";
    expect(std::fabs(value(vb, sum) - (k0.at(sum) + k1.at(sum))) < 1, ".sum aggregates as a sum");
    const char* pct = "sm__warps_active.avg.pct_of_peak_sustained_active";
    const char* t = "gpu__time_duration.sum";
    const double mean = (k0.at(pct) * k0.at(t) + k1.at(pct) * k1.at(t)) / (k0.at(t) + k1.at(t));
    expect(std::fabs(value(vb, pct) - mean) < 1e-6 * std::max(1.0, mean),
           "pct aggregates as a duration-weighted mean");
  }

  // The project's own metric sets (profiling/metric_set.h): passes and cost per kernel.
  for (auto set : {MetricSet::Default, MetricSet::Full}) {
    auto names = metric_names(set);
    for (auto [label, launch] :
         {std::pair<const char*, std::function<void()>>{"stream_scale", launch_stream},
          {"sgemm_naive", launch_sgemm}}) {
      auto v = prof.profile(names, [&] {
        launch();
        sync();
      });
      std::printf("\n[metric_set %s, %zu names, %s]\n", to_string(set), names.size(), label);
      print_values(v);
    }
  }

  // Where the collection time goes: passes vs fixed cost, per kernel.
  std::printf("\n[cost breakdown: launch_once under replay]\n");
  std::vector<std::string> no_sass;
  for (const auto& m : metric_names(MetricSet::Default))
    if (m.find("__sass_") == std::string::npos) no_sass.push_back(m);
  const std::vector<std::pair<const char*, std::vector<std::string>>> sets = {
      {"gpu__time_duration.sum only", {"gpu__time_duration.sum"}},
      {"default minus __sass_ metrics", no_sass},
      {"default", metric_names(MetricSet::Default)},
  };
  for (auto [label, launch] :
       {std::pair<const char*, std::function<void()>>{"stream_scale", launch_stream},
        {"sgemm_naive", launch_sgemm}}) {
    for (const auto& [set_label, names] : sets) {
      auto v = prof.profile(names, [&] {
        launch();
        sync();
      });
      std::printf(
          "  %-12s %-30s %2zu names: %s passes=%zu setup=%.1f launch=%.1f collection=%.1f ms\n",
          label, set_label, names.size(), to_string(v.status), v.passes, v.setup_ms, v.launch_ms,
          v.collection_ms);
    }
  }

  std::printf("\n[error outcomes]\n");
  auto bad = prof.profile({"not__a_metric.sum"}, [&] { launch_stream(); });
  std::printf("  bogus metric: %s: %s\n", to_string(bad.status), bad.error.c_str());
  expect(bad.status == solver::profiling::ProfileStatus::invalid_metrics,
         "unknown name -> invalid_metrics");
  auto none = prof.profile(kMetrics, [] {});
  std::printf("  no launch: %s: %s\n", to_string(none.status), none.error.c_str());
  expect(none.status == solver::profiling::ProfileStatus::no_kernels,
         "nothing launched -> no_kernels");
  auto thrown = prof.profile(kMetrics, [] { throw std::runtime_error("synthetic launch error"); });
  std::printf("  throwing launch: %s: %s\n", to_string(thrown.status), thrown.error.c_str());
  expect(thrown.status == solver::profiling::ProfileStatus::launch_failed,
         "throwing launch -> launch_failed");
  auto again = prof.profile({"gpu__time_duration.sum", "dram__bytes_read.sum"}, [&] {
    launch_stream();
    sync();
  });
  std::printf("  after errors, 2 metrics: %s, passes=%zu, collection=%.1f ms, dram read=%.0f\n",
              to_string(again.status), again.passes, again.collection_ms,
              value(again, "dram__bytes_read.sum"));
  expect(again.ok(), "profiler still usable after error outcomes");
  std::printf("\n[activity tracer alive during profile()]\n");
  {
    KernelActivityTracer t;
    auto v = prof.profile(kMetrics, [&] {
      launch_sgemm();
      sync();
    });
    sync();
    auto recs = t.take();
    std::printf("  tracer %s; profile: %s passes=%zu collection=%.1f ms; records delivered: %zu",
                t.ok() ? "ok" : t.error().c_str(), to_string(v.status), v.passes, v.collection_ms,
                recs.size());
    for (const auto& r : recs) std::printf(" [%s %.1f us]", r.name.c_str(), r.duration_us());
    std::printf("\n");
    expect(t.ok() && v.ok(), "range profiler and activity tracer work together");
    launch_sgemm();
    sync();
    auto after = t.take();
    std::printf("  unprofiled launch after it: %zu record(s), %.1f us\n", after.size(),
                solver::profiling::total_duration_us(after));
    expect(after.size() == 1, "tracer still records after profile()");
  }
  const double after_ms = event_median_ms(launch_stream);
  std::printf("  unprofiled stream_scale after profiling: %.3f ms (before: %.3f ms)\n", after_ms,
              stream_ms);
  expect(after_ms < stream_ms * 1.25, "no profiling overhead left on unprofiled launches");

  cu.cuMemFree(x);
  cu.cuMemFree(y);
  cu.cuMemFree(A);
  cu.cuMemFree(B);
  cu.cuMemFree(C);
  cu.cuDevicePrimaryCtxRelease(dev);
  return 0;
}

}  // namespace

int main() {
  std::printf("== host-only check against GH100 (no GPU needed)\n");
  {
    RangeProfiler host(nullptr, "GH100");
    auto caps = host.check(kMetrics);
    std::printf("status=%s passes=%zu invalid=%zu %s\n", to_string(caps.status), caps.passes,
                caps.invalid.size(), caps.error.c_str());
    for (const auto& m : caps.metrics)
      std::printf(
          "  %-72s %-13s %-6s %s\n", m.name.c_str(),
          m.valid ? to_string(solver::profiling::aggregation_of(m.name, m.is_counter)) : "INVALID",
          m.hw_unit.c_str(), m.unit.c_str());
    expect(caps.ok() && caps.passes > 0, "host check of the metric table");
    auto bogus = host.check({"not__a_metric.sum", "dram__bytes_read.sum"});
    expect(bogus.status == solver::profiling::ProfileStatus::invalid_metrics &&
               bogus.invalid.size() == 1 && bogus.passes == 1,
           "unknown name reported, the valid rest still scheduled");
    for (auto set : {MetricSet::Default, MetricSet::Full}) {
      auto names = metric_names(set);
      auto c = host.check(names);
      std::printf("metric_set %s (%zu names): status=%s passes=%zu", to_string(set), names.size(),
                  to_string(c.status), c.passes);
      for (const auto& n : c.invalid) std::printf(" invalid='%s'", n.c_str());
      std::printf("\n");
    }
  }

  std::printf("\n== GPU\n");
  if (std::string why = cu.load(); !why.empty()) {
    std::printf("SKIP: no GPU (%s)\n", why.c_str());
    return failures ? 1 : 0;
  }
  CUresult r = cu.cuInit(0);
  int count = 0;
  if (r != CUDA_SUCCESS || cu.cuDeviceGetCount(&count) != CUDA_SUCCESS || count == 0) {
    const char* s = nullptr;
    cu.cuGetErrorString(r, &s);
    std::printf("SKIP: no GPU (cuInit: %s, %d devices)\n", s ? s : "?", count);
    return failures ? 1 : 0;
  }
  try {
    run_gpu();
  } catch (const std::exception& e) {
    std::printf("FAIL: %s\n", e.what());
    return 1;
  }
  std::printf("\n%s: %d check(s) failed\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
