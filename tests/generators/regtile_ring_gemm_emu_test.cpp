// Issue 33 (helper sg40): the kernel library's regtile_ring GEMM (kernels/gemm/
// regtile_ring_gemm.cuh, sgemm_2048's regtile_ring variant) runs on the CPU, the header's own
// code, at nine knob points that cover every K step, ring depth, A path and fragment buffering.
// regtile_ring_emu/emu_cuda.h runs a block's threads as fibers switched at each barrier and
// lands the cp.async copies either when issued or only at the wait_group that must complete
// them, with shared memory poisoned (NaN) before each block: a slot refilled (by a copy or by
// A's register stores) while a thread still reads it, a slab read before its wait, a wrong
// tile, row, column, slot or K step all change the result. Two K extents: 96 (3 to 12 slabs)
// and 32 (fewer slabs than the ring holds at the deep points: the prologue's empty groups). The
// kernel sums each output's products in k order with fmaf, as the reference here does, so the
// result must be bit-identical. No GPU, no NVRTC.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "regtile_ring_emu/emu_cuda.h"

extern "C" {
alignas(16) float rr_smem[115712 / 4];  // problem.yaml's largest ring (STAGES * BK * 260 * 4)
}

// clang-format off
#define BK 8
#define STAGES 2
#define ACP 0
#define FRAG 0
#define GEMM_ENTRY rr_k8_s2_a0_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 8
#define STAGES 4
#define ACP 1
#define FRAG 1
#define GEMM_ENTRY rr_k8_s4_a1_f1
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 16
#define STAGES 2
#define ACP 0
#define FRAG 0
#define GEMM_ENTRY rr_k16_s2_a0_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 16
#define STAGES 2
#define ACP 0
#define FRAG 1
#define GEMM_ENTRY rr_k16_s2_a0_f1
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 16
#define STAGES 3
#define ACP 1
#define FRAG 0
#define GEMM_ENTRY rr_k16_s3_a1_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 16
#define STAGES 4
#define ACP 0
#define FRAG 0
#define GEMM_ENTRY rr_k16_s4_a0_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 32
#define STAGES 2
#define ACP 1
#define FRAG 1
#define GEMM_ENTRY rr_k32_s2_a1_f1
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 32
#define STAGES 3
#define ACP 0
#define FRAG 0
#define GEMM_ENTRY rr_k32_s3_a0_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
#define BK 32
#define STAGES 3
#define ACP 1
#define FRAG 0
#define GEMM_ENTRY rr_k32_s3_a1_f0
#include "regtile_ring_emu/regtile_ring_point.inc"
// clang-format on

namespace {

using Kernel = void (*)(const float*, const float*, float*, int, int, int);

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

// Runs the gx x gy grid block by block; returns "" or what went wrong (a thread that finished
// while others still wait at a barrier would hang the GPU).
std::string launch(std::function<void()> body, int gx, int gy, int threads, size_t smem_bytes) {
  g_body = std::move(body);
  std::vector<emu::Fiber> fibers(threads);
  emu::fibers = &fibers;
  emu::smem = reinterpret_cast<char*>(rr_smem);
  for (int by = 0; by < gy; ++by)
    for (int bx = 0; bx < gx; ++bx) {
      const std::string where = "block (" + std::to_string(bx) + ", " + std::to_string(by) + ")";
      const float nan = std::numeric_limits<float>::quiet_NaN();
      for (size_t i = 0; i + 4 <= smem_bytes; i += 4) std::memcpy(emu::smem + i, &nan, 4);
      blockIdx.x = static_cast<unsigned>(bx);
      blockIdx.y = static_cast<unsigned>(by);
      for (auto& f : fibers) start(f);
      for (int phase = 0;; ++phase) {
        for (int t = 0; t < threads; ++t) {
          if (!fibers[t].done) resume(fibers, t);
        }
        int done = 0;
        for (const auto& f : fibers) {
          done += f.done;
          if (!f.done && f.barriers != phase + 1) return where + ": barrier counts differ";
        }
        if (done == threads) break;
        if (done != 0) return where + ": threads left at a barrier";
      }
    }
  return "";
}

struct Operands {
  static constexpr int M = 256, N = 256;
  const int K;
  std::vector<float> A, B, ref;
  explicit Operands(int k) : K(k), A(size_t(M) * k), B(size_t(k) * N), ref(size_t(M) * N) {
    std::mt19937 rng(40 + k);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (auto& v : A) v = u(rng);
    for (auto& v : B) v = u(rng);
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        float s = 0.0f;
        for (int q = 0; q < K; ++q) s = std::fmaf(A[size_t(i) * K + q], B[size_t(q) * N + j], s);
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
  int bk, stages;
};

}  // namespace

TEST_CASE("regtile_ring GEMM: nine knob points, copies landing early or late, bit-identical") {
  const Point points[] = {
      {"BK8 STAGES2 ACP0 FRAG0", rr_k8_s2_a0_f0, 8, 2},
      {"BK8 STAGES4 ACP1 FRAG1", rr_k8_s4_a1_f1, 8, 4},
      {"BK16 STAGES2 ACP0 FRAG0", rr_k16_s2_a0_f0, 16, 2},
      {"BK16 STAGES2 ACP0 FRAG1", rr_k16_s2_a0_f1, 16, 2},
      {"BK16 STAGES3 ACP1 FRAG0", rr_k16_s3_a1_f0, 16, 3},
      {"BK16 STAGES4 ACP0 FRAG0", rr_k16_s4_a0_f0, 16, 4},
      {"BK32 STAGES2 ACP1 FRAG1", rr_k32_s2_a1_f1, 32, 2},
      {"BK32 STAGES3 ACP0 FRAG0", rr_k32_s3_a0_f0, 32, 3},
      {"BK32 STAGES3 ACP1 FRAG0", rr_k32_s3_a1_f0, 32, 3},
  };
  for (const int K : {96, 32}) {
    const Operands o(K);
    const int M = o.M, N = o.N;
    for (const auto& p : points)
      for (const auto mode : {emu::Copies::early, emu::Copies::late}) {
        emu::mode = mode;
        CAPTURE(p.name);
        CAPTURE(K);
        CAPTURE(mode == emu::Copies::early ? "copies land when issued" : "copies land at the wait");
        std::vector<float> C(size_t(M) * N, std::numeric_limits<float>::quiet_NaN());
        const size_t smem = size_t(p.stages) * p.bk * 260 * 4;  // problem.yaml's smem formula
        REQUIRE(smem <= sizeof(rr_smem));
        const std::string err = launch([&] { p.kernel(o.A.data(), o.B.data(), C.data(), M, N, K); },
                                       N / 128, M / 128, 256, smem);
        REQUIRE(err == "");
        CHECK(o.bad(C) == 0);
      }
  }
}
