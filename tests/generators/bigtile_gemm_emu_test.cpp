// Issue 33: the kernel library's bigtile GEMM (kernels/gemm/bigtile_gemm.cuh, sgemm_2048's
// bigtile variant) run on the CPU, the header's own code, at nine knob points that cover every
// block and thread tile, both K steps, every ring depth and both rasters. emu_cuda.h (in
// bigtile_emu/) runs a block's threads as fibers switched at each barrier and lands the
// cp.async copies either when issued or only at the wait that must complete them, with shared
// memory poisoned (NaN) before each block: a slot refilled while a thread still reads it, a
// slab read before its wait, a wrong tile, row, column or raster all change the result. The
// kernel sums each output's products in k order with fmaf, as the reference here does, so the
// result must be bit-identical. No GPU, no NVRTC.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "bigtile_emu/emu_cuda.h"

extern "C" {
alignas(16) float bt_smem[102400 / 4];  // the largest point's shared memory (problem.yaml)
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
// clang-format on

namespace {

using Kernel = void (*)(const float*, const float*, float*, int, int, int);

struct Launch {
  Kernel kernel;
  const float *A, *B;
  float* C;
  int M, N, K;
};
Launch g_launch;

void fiber_main() {
  const Launch& l = g_launch;
  l.kernel(l.A, l.B, l.C, l.M, l.N, l.K);
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
std::string launch(const Launch& l, int blocks, int threads, size_t smem_bytes) {
  g_launch = l;
  std::vector<emu::Fiber> fibers(threads);
  emu::fibers = &fibers;
  for (int b = 0; b < blocks; ++b) {
    std::fill(bt_smem, bt_smem + smem_bytes / 4, std::numeric_limits<float>::quiet_NaN());
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
      if (done == threads) break;
      if (done != 0) return "block " + std::to_string(b) + ": threads left at a barrier";
    }
  }
  return "";
}

struct Point {
  const char* name;
  Kernel kernel;
  int bm, bn, tm, tn, bk, stages;
};

}  // namespace

TEST_CASE("bigtile GEMM: nine knob points, copies landing early or late, bit-identical to fmaf") {
  constexpr int M = 512, N = 256, K = 96;
  std::mt19937 rng(33);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> A(size_t(M) * K), B(size_t(K) * N), ref(size_t(M) * N);
  for (auto& v : A) v = u(rng);
  for (auto& v : B) v = u(rng);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k) s = std::fmaf(A[size_t(i) * K + k], B[size_t(k) * N + j], s);
      ref[size_t(i) * N + j] = s;
    }
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
      const std::string err = launch({p.kernel, A.data(), B.data(), C.data(), M, N, K},
                                     (M / p.bm) * (N / p.bn), threads, smem);
      REQUIRE(err == "");
      size_t bad = 0;
      for (size_t i = 0; i < C.size(); ++i) bad += !(C[i] == ref[i]);  // NaN counts
      CHECK(bad == 0);
    }
}
