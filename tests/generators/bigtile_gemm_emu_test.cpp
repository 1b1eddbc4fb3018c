// Issue 33: the kernel library's bigtile GEMMs (kernels/gemm/bigtile_gemm.cuh and
// bigtile_tma_gemm.cuh, sgemm_2048's bigtile and bigtile_tma variants) run on the CPU, the
// headers' own code, at nine and six knob points that cover every block and thread tile, both K
// steps, every ring depth and both rasters. emu_cuda.h (in
// bigtile_emu/) runs a block's threads as fibers switched at each barrier and lands the
// cp.async and tensor copies either when issued or only at the wait that must complete them
// (wait_group, the mbarrier's phase), with shared memory poisoned (NaN) before each block: a slot
// refilled while a thread still reads it, a slab read before its wait, a wrong tile, row, column or
// raster all change the result. The kernel sums each output's products in k order with fmaf, as the
// reference here does, so the result must be bit-identical. No GPU, no NVRTC.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "bigtile_emu/emu_cuda.h"
#include "bigtile_emu/mbar_ops.cuh"
#include "bigtile_emu/tma_ops.cuh"

extern "C" {
alignas(16) float bt_smem[102400 / 4];       // the largest point's shared memory (problem.yaml)
alignas(128) unsigned char btt_raw[132096];  // bigtile_tma's largest
}

// clang-format off
#define BM 128
#define BN 128
#define TM 8
#define TN 16
#define BK 8
#define STAGES 2
#define SWZ 1
#define GEMM_ENTRY bt_128x128_8x16_k8_s2_w1
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 128
#define TM 16
#define TN 8
#define BK 16
#define STAGES 3
#define SWZ 8
#define GEMM_ENTRY bt_128x128_16x8_k16_s3_w8
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 128
#define TM 16
#define TN 8
#define BK 8
#define STAGES 4
#define SWZ 1
#define GEMM_ENTRY bt_128x128_16x8_k8_s4_w1
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 256
#define TM 8
#define TN 16
#define BK 8
#define STAGES 4
#define SWZ 8
#define GEMM_ENTRY bt_128x256_8x16_k8_s4_w8
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 256
#define TM 16
#define TN 8
#define BK 16
#define STAGES 2
#define SWZ 1
#define GEMM_ENTRY bt_128x256_16x8_k16_s2_w1
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 256
#define TM 8
#define TN 16
#define BK 16
#define STAGES 3
#define SWZ 1
#define GEMM_ENTRY bt_128x256_8x16_k16_s3_w1
#include "bigtile_emu/bigtile_point.inc"
#define BM 256
#define BN 128
#define TM 16
#define TN 8
#define BK 8
#define STAGES 3
#define SWZ 1
#define GEMM_ENTRY bt_256x128_16x8_k8_s3_w1
#include "bigtile_emu/bigtile_point.inc"
#define BM 256
#define BN 128
#define TM 8
#define TN 16
#define BK 16
#define STAGES 4
#define SWZ 8
#define GEMM_ENTRY bt_256x128_8x16_k16_s4_w8
#include "bigtile_emu/bigtile_point.inc"
#define BM 256
#define BN 128
#define TM 16
#define TN 8
#define BK 16
#define STAGES 2
#define SWZ 8
#define GEMM_ENTRY bt_256x128_16x8_k16_s2_w8
#include "bigtile_emu/bigtile_point.inc"
#define BM 128
#define BN 128
#define BK 8
#define STAGES 2
#define SWZ 1
#define GEMM_ENTRY btt_128x128_k8_s2_w1
#include "bigtile_emu/bigtile_tma_point.inc"
#define BM 128
#define BN 128
#define BK 16
#define STAGES 3
#define SWZ 8
#define GEMM_ENTRY btt_128x128_k16_s3_w8
#include "bigtile_emu/bigtile_tma_point.inc"
#define BM 128
#define BN 256
#define BK 8
#define STAGES 4
#define SWZ 1
#define GEMM_ENTRY btt_128x256_k8_s4_w1
#include "bigtile_emu/bigtile_tma_point.inc"
#define BM 128
#define BN 256
#define BK 16
#define STAGES 2
#define SWZ 8
#define GEMM_ENTRY btt_128x256_k16_s2_w8
#include "bigtile_emu/bigtile_tma_point.inc"
#define BM 256
#define BN 128
#define BK 16
#define STAGES 4
#define SWZ 1
#define GEMM_ENTRY btt_256x128_k16_s4_w1
#include "bigtile_emu/bigtile_tma_point.inc"
#define BM 256
#define BN 128
#define BK 8
#define STAGES 3
#define SWZ 8
#define GEMM_ENTRY btt_256x128_k8_s3_w8
#include "bigtile_emu/bigtile_tma_point.inc"
// clang-format on

namespace {

using Kernel = void (*)(const float*, const float*, float*, int, int, int);
using TmaKernel = void (*)(TensorMap, TensorMap, float*, int, int, int);

std::function<void()> g_body;  // one thread's kernel call

void fiber_main() {
  g_body();
  (*emu::fibers)[emu::current].done = true;  // uc_link returns to the scheduler
}

// A fresh thread at the kernel's entry (getcontext returns twice too).
[[gnu::noinline]] void start(emu::Fiber& f) {
  f = emu::Fiber{};
  f.stack.resize(64 * 1024);
  getcontext(&f.ctx);
  f.ctx.uc_stack.ss_sp = f.stack.data();
  f.ctx.uc_stack.ss_size = f.stack.size();
  f.ctx.uc_link = &emu::scheduler;
  makecontext(&f.ctx, fiber_main, 0);
}

// Switches to thread t until it reaches a barrier or ends (a function of its own: swapcontext
// returns twice, which GCC's -Wclobbered holds against the locals of the function calling it).
[[gnu::noinline]] void resume(std::vector<emu::Fiber>& fibers, int t) {
  emu::current = t;
  threadIdx.x = static_cast<unsigned>(t);
  swapcontext(&emu::scheduler, &fibers[t].ctx);
}

// Runs the grid block by block; returns "" or what went wrong (a thread that finished while
// others still wait at a barrier would hang the GPU).
std::string launch(std::function<void()> body, int blocks, int threads, char* smem,
                   size_t smem_bytes) {
  g_body = std::move(body);
  std::vector<emu::Fiber> fibers(threads);
  emu::fibers = &fibers;
  emu::smem = smem;
  emu::fault.clear();
  for (int b = 0; b < blocks; ++b) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (size_t i = 0; i + 4 <= smem_bytes; i += 4) std::memcpy(smem + i, &nan, 4);
    emu::bars.clear();
    blockIdx.x = b;
    for (auto& f : fibers) start(f);
    for (int phase = 0;; ++phase) {
      for (int t = 0; t < threads; ++t) {
        if (!fibers[t].done) resume(fibers, t);
      }
      int done = 0;
      for (const auto& f : fibers) {
        done += f.done;
        if (!f.done && f.barriers != phase + 1)
          return "block " + std::to_string(b) + ": barrier counts differ";
      }
      if (!emu::fault.empty()) return "block " + std::to_string(b) + ": " + emu::fault;
      if (done == threads) break;
      if (done != 0) return "block " + std::to_string(b) + ": threads left at a barrier";
    }
  }
  return "";
}

struct Operands {
  static constexpr int M = 512, N = 256, K = 96;
  std::vector<float> A, B, ref;
  Operands() : A(size_t(M) * K), B(size_t(K) * N), ref(size_t(M) * N) {
    std::mt19937 rng(33);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (auto& v : A) v = u(rng);
    for (auto& v : B) v = u(rng);
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        float s = 0.0f;
        for (int k = 0; k < K; ++k) s = std::fmaf(A[size_t(i) * K + k], B[size_t(k) * N + j], s);
        ref[size_t(i) * N + j] = s;
      }
  }
  size_t bad(const std::vector<float>& C) const {
    size_t n = 0;
    for (size_t i = 0; i < C.size(); ++i) n += !(C[i] == ref[i]);  // NaN counts
    return n;
  }
};

struct Point {
  const char* name;
  Kernel kernel;
  int bm, bn, tm, tn, bk, stages;
};

}  // namespace

TEST_CASE("bigtile GEMM: nine knob points, copies landing early or late, bit-identical to fmaf") {
  const Operands o;
  const int M = o.M, N = o.N, K = o.K;
  const Point points[] = {
      {"128x128 8x16 BK8 S2 SWZ1", bt_128x128_8x16_k8_s2_w1, 128, 128, 8, 16, 8, 2},
      {"128x128 16x8 BK16 S3 SWZ8", bt_128x128_16x8_k16_s3_w8, 128, 128, 16, 8, 16, 3},
      {"128x128 16x8 BK8 S4 SWZ1", bt_128x128_16x8_k8_s4_w1, 128, 128, 16, 8, 8, 4},
      {"128x256 8x16 BK8 S4 SWZ8", bt_128x256_8x16_k8_s4_w8, 128, 256, 8, 16, 8, 4},
      {"128x256 16x8 BK16 S2 SWZ1", bt_128x256_16x8_k16_s2_w1, 128, 256, 16, 8, 16, 2},
      {"128x256 8x16 BK16 S3 SWZ1", bt_128x256_8x16_k16_s3_w1, 128, 256, 8, 16, 16, 3},
      {"256x128 16x8 BK8 S3 SWZ1", bt_256x128_16x8_k8_s3_w1, 256, 128, 16, 8, 8, 3},
      {"256x128 8x16 BK16 S4 SWZ8", bt_256x128_8x16_k16_s4_w8, 256, 128, 8, 16, 16, 4},
      {"256x128 16x8 BK16 S2 SWZ8", bt_256x128_16x8_k16_s2_w8, 256, 128, 16, 8, 16, 2},
  };
  for (const auto& p : points)
    for (const auto mode : {emu::Copies::early, emu::Copies::late}) {
      emu::mode = mode;
      CAPTURE(p.name);
      CAPTURE(mode == emu::Copies::early ? "copies land when issued" : "copies land at the wait");
      std::vector<float> C(size_t(M) * N, std::numeric_limits<float>::quiet_NaN());
      const int threads = (p.bm / p.tm) * (p.bn / p.tn);
      const size_t smem = size_t(p.stages) * p.bk * (p.bm + 4 + p.bn) * 4;
      REQUIRE(smem <= sizeof(bt_smem));
      const std::string err =
          launch([&] { p.kernel(o.A.data(), o.B.data(), C.data(), M, N, K); },
                 (M / p.bm) * (N / p.bn), threads, reinterpret_cast<char*>(bt_smem), smem);
      REQUIRE(err == "");
      CHECK(o.bad(C) == 0);
    }
}

TEST_CASE("bigtile_tma GEMM: six knob points, boxes landing early or late, bit-identical") {
  const Operands o;
  const int M = o.M, N = o.N, K = o.K;
  struct TmaPoint {
    const char* name;
    TmaKernel kernel;
    int bm, bn, bk, stages;
  };
  const TmaPoint points[] = {
      {"128x128 BK8 S2 SWZ1", btt_128x128_k8_s2_w1, 128, 128, 8, 2},
      {"128x128 BK16 S3 SWZ8", btt_128x128_k16_s3_w8, 128, 128, 16, 3},
      {"128x256 BK8 S4 SWZ1", btt_128x256_k8_s4_w1, 128, 256, 8, 4},
      {"128x256 BK16 S2 SWZ8", btt_128x256_k16_s2_w8, 128, 256, 16, 2},
      {"256x128 BK16 S4 SWZ1", btt_256x128_k16_s4_w1, 256, 128, 16, 4},
      {"256x128 BK8 S3 SWZ8", btt_256x128_k8_s3_w8, 256, 128, 8, 3},
  };
  for (const auto& p : points)
    for (const auto mode : {emu::Copies::early, emu::Copies::late}) {
      emu::mode = mode;
      CAPTURE(p.name);
      CAPTURE(mode == emu::Copies::early ? "boxes land when issued" : "boxes land at the wait");
      std::vector<float> C(size_t(M) * N, std::numeric_limits<float>::quiet_NaN());
      // problem.yaml's smem formula: the slots, a barrier each, 128 bytes of alignment.
      const size_t smem = size_t(p.stages) * p.bk * (p.bm + p.bn) * 4 + p.stages * 8 + 128;
      REQUIRE(smem <= sizeof(btt_raw));
      const TensorMap tmA{o.A.data(), K, p.bm, 8}, tmB{o.B.data(), N, p.bk, p.bn};
      const std::string err =
          launch([&] { p.kernel(tmA, tmB, C.data(), M, N, K); }, (M / p.bm) * (N / p.bn),
                 p.bm * p.bn / 128, reinterpret_cast<char*>(btt_raw), smem);
      REQUIRE(err == "");
      CHECK(o.bad(C) == 0);
    }
}
