// Red team 39 (issue 28, P4m after fix38s): the gate's three scratch-resolution runs emulated on
// the host, against the worker's own rule (count_resolution, resolution_verdict, relative_move:
// scratch_resolution.cpp compiled in), for two word widths the step reads by declaration:
//  - wide: tests/cheats/redteam39_wide_word_fields, its own cheat.cu and the seed's
//    (kernels/blur/blur_tanh_seed16.cu) on the folder's u64 scratch, read as FP64 words as the
//    worker reads a u64 scratch; the child's output against the seed's (rtol 1e-4, atol 1e-6);
//  - double2: control_redteam39_double2_partials' data, FP64 block partials {sum x, sum x^2} of
//    FP32 inputs (a 256-value block, the kernel's order), kept in a `__device__ double2` array,
//    which the PTX declares `.global .align 16 .b8` and the worker therefore reads as FP32 words
//    (generators/ptx_module_memory.cpp word_bytes); beside it, the same bytes read as FP64 words.
//   g++ -w -O1 -std=c++20 -pthread -fno-strict-aliasing -I. -Iscripts/host_emu -Ikernels/blur \
//     -I/usr/local/cuda/include -o /tmp/red39_wide_words scripts/host_emu/red39_wide_words.cpp \
//     engine/backend/gpu/scratch_resolution.cpp && /tmp/red39_wide_words 64 1024 4
// Prints, per seed, each case's judged words, unresolved share and verdict.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "blur_shims.h"
static inline float2 __ldg(const float2* p) { return *p; }

#include "kernels/blur/blur_tanh_seed16.cu"
#undef COLS
#include "tests/cheats/redteam39_wide_word_fields/cheat.cu"

#include "engine/backend/gpu/scratch_resolution.h"
#include "resolution_stubs.h"

using namespace solver;

namespace {

template <typename W>
const unsigned char* bytes(const std::vector<W>& v) {
  return reinterpret_cast<const unsigned char*>(v.data());
}

void say(const char* what, uint64_t seed, const gpu::ResolutionCounts& c, const std::string& v) {
  const double share = c.judged ? double(c.unresolved) / double(c.judged) : 0;
  std::printf("seed %llu %-34s: %7lld of %7lld judged words unresolved (%.4f; %lld out of "
              "proportion; left out: %lld still, %lld discrete): %s\n",
              (unsigned long long)seed, what, (long long)c.unresolved, (long long)c.judged, share,
              (long long)c.disproportionate, (long long)c.still, (long long)c.discrete,
              v.empty() ? "passes" : "REFUSED");
}

}  // namespace

int main(int argc, char** argv) {
  const int H = argc > 1 ? std::atoi(argv[1]) : 32, W = argc > 2 ? std::atoi(argv[2]) : 1024;
  const int seeds = argc > 3 ? std::atoi(argv[3]) : 2;
  const dim3 rows((W + 4095) / 4096, H), blk(256);
  const size_t n = size_t(H) * W;
  generators::ResolvedBuffer xb;
  xb.name = "x", xb.dtype = generators::DType::F32, xb.role = generators::BufferRole::In;
  xb.init.kind = "uniform", xb.init.a = 0.25, xb.init.b = 1;
  xb.elements = int64_t(n), xb.bytes = 4 * xb.elements;
  double worst = 0;
  int64_t out_of_tol = 0;
  for (int k = 0; k < seeds; ++k) {
    const uint64_t seed = 101 + k;
    std::mt19937_64 g(seed);
    std::uniform_real_distribution<double> u(0.25, 1);
    std::vector<float> x(n);
    for (auto& v : x) v = float(u(g));
    std::vector<float> in[3] = {x, x, x};
    gpu::relative_move(xb, reinterpret_cast<unsigned char*>(in[1].data()), gpu::kFineBits, seed + 1);
    gpu::relative_move(xb, reinterpret_cast<unsigned char*>(in[2].data()),
                       gpu::kFineBits - gpu::kCoarseGap, seed + 1);
    // The blur on the u64 scratch: n / 2 words, garbage before every run.
    std::vector<float> seed_out[3];
    for (int child = 0; child < 2; ++child) {
      std::vector<uint64_t> pre[3], post[3];
      std::vector<float> out[3];
      for (int r = 0; r < 3; ++r) {
        pre[r].resize(n / 2);
        for (auto& w : pre[r]) w = g();
        post[r] = pre[r];
        out[r].assign(n, 0.f);
        if (child) {
          auto* m = reinterpret_cast<float2*>(post[r].data());
          emu::launch(rows, blk, [&] { blur_rows_wide(in[r].data(), m, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_wide(m, out[r].data(), H, W); });
        } else {
          auto* m = reinterpret_cast<float*>(post[r].data());
          emu::launch(rows, blk, [&] { blur_rows(in[r].data(), m, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_tanh(m, out[r].data(), H, W); });
        }
      }
      for (int wb : {8, 4}) {
        const auto c = gpu::count_resolution(bytes(pre[0]), bytes(post[0]), bytes(pre[1]),
                                             bytes(post[1]), bytes(pre[2]), bytes(post[2]), n * 4,
                                             wb);
        const std::string v = gpu::resolution_verdict(
            c, "mid", "fp32", wb == 8 ? generators::DType::U64 : generators::DType::U32);
        const std::string what = std::string(child ? "wide child" : "seed") +
                                 (wb == 8 ? " (u64: FP64 words, the worker)" : " (as FP32 words)");
        say(what.c_str(), seed, c, v);
      }
      if (!child) {
        for (int r = 0; r < 3; ++r) seed_out[r] = out[r];
      } else {
        for (int r = 0; r < 3; ++r)
          for (size_t i = 0; i < n; ++i) {
            const double s = seed_out[r][i], e = std::fabs(double(out[r][i]) - s);
            const double ratio = e / (1e-6 + 1e-4 * std::fabs(s));
            worst = std::max(worst, ratio);
            out_of_tol += ratio > 1;
          }
      }
    }
    // The control's FP64 partials of FP32 inputs, x ~ U[0, 1) (its folder's law), in blocks of
    // 256 values: {sum x, sum x^2} as a double2 per block.
    {
      std::vector<float> y(n);
      std::uniform_real_distribution<double> u01(0, 1);
      for (auto& v : y) v = float(u01(g));
      generators::ResolvedBuffer yb = xb;
      yb.init.a = 0, yb.init.b = 1;
      std::vector<float> yin[3] = {y, y, y};
      gpu::relative_move(yb, reinterpret_cast<unsigned char*>(yin[1].data()), gpu::kFineBits,
                         seed + 2);
      gpu::relative_move(yb, reinterpret_cast<unsigned char*>(yin[2].data()),
                         gpu::kFineBits - gpu::kCoarseGap, seed + 2);
      const size_t blocks = n / 256;
      std::vector<double> pre[3], post[3];
      for (int r = 0; r < 3; ++r) {
        pre[r].resize(2 * blocks);
        for (auto& w : pre[r]) {
          const uint64_t b = g();
          std::memcpy(&w, &b, 8);
        }
        post[r] = pre[r];
        for (size_t b = 0; b < blocks; ++b) {
          double s = 0, q = 0;
          for (size_t i = 0; i < 256; ++i) {
            const double v = yin[r][b * 256 + i];
            s += v;
            q += v * v;
          }
          post[r][2 * b] = s, post[r][2 * b + 1] = q;
        }
      }
      for (int wb : {4, 8}) {
        const auto c = gpu::count_resolution(bytes(pre[0]), bytes(post[0]), bytes(pre[1]),
                                             bytes(post[1]), bytes(pre[2]), bytes(post[2]),
                                             blocks * 16, wb);
        const std::string v = gpu::resolution_verdict(
            c, "module array part", "fp32", wb == 8 ? generators::DType::F64 : generators::DType::F32);
        say(wb == 4 ? "double2 partials (FP32 words, the worker)" : "double2 partials (FP64 words)",
            seed, c, v);
      }
    }
  }
  std::printf("wide child: its output against the seed's over %d x 3 runs of %dx%d: worst %.3f of "
              "the tolerance, %lld elements out\n",
              seeds, H, W, worst, (long long)out_of_tol);
  return 0;
}
