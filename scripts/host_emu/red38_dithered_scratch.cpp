// Red team 38 (issue 28, P4m after p4m37): the gate's three scratch-resolution runs emulated on the
// host with a packed-scratch child's own kernel source (emu.h), against the worker's own rule
// (count_resolution, resolution_verdict, relative_move: scratch_resolution.cpp compiled in), and
// the child's output against the FP32 seed's on the same draw (the tolerance the folder declares,
// rtol 1e-4, atol 1e-6). x uniform [0.25, 1) as red team 35's and 38's folders draw it; the
// scratch filled with fresh garbage before each run. One child a build (the children include the
// same packing headers with different hooks):
//   for c in redteam38_dithered_scratch redteam35_word_scratch_packed; do
//     g++ -w -O1 -std=c++20 -pthread -fno-strict-aliasing -I. -Iscripts/host_emu -Ikernels/blur \
//       -I/usr/local/cuda/include -DCHILD="\"tests/cheats/$c/cheat.cu\"" -o /tmp/red38_$c \
//       scripts/host_emu/red38_dithered_scratch.cpp engine/backend/gpu/scratch_resolution.cpp &&
//     /tmp/red38_$c 64 1024 4; done
// Prints, per seed, the judged words the fine move left unchanged (the step's unresolved share)
// and its verdict, the seed's own, and the child's worst output error in units of the tolerance.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "blur_shims.h"

#include "kernels/blur/blur_tanh_seed16.cu"
#undef COLS
#undef WORDS
#include CHILD

#include "engine/backend/gpu/scratch_resolution.h"
#include "resolution_stubs.h"

using namespace solver;

int main(int argc, char** argv) {
  const int H = argc > 1 ? std::atoi(argv[1]) : 32, W = argc > 2 ? std::atoi(argv[2]) : 1024;
  const int seeds = argc > 3 ? std::atoi(argv[3]) : 2;
  const dim3 rows((W + 4095) / 4096, H), blk(256);
  const size_t n = size_t(H) * W;
  generators::ResolvedBuffer xb;
  xb.name = "x", xb.dtype = generators::DType::F32, xb.role = generators::BufferRole::In;
  xb.init.kind = "uniform", xb.init.a = 0.25, xb.init.b = 1;
  xb.elements = int64_t(n), xb.bytes = 4 * xb.elements;
  int refused = 0, seed_refused = 0;
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
    for (int child = 0; child < 2; ++child) {
      std::vector<uint32_t> pre[3], post[3];
      std::vector<float> out[3];
      for (int r = 0; r < 3; ++r) {
        pre[r].resize(n);
        for (auto& w : pre[r]) w = uint32_t(g());
        post[r] = pre[r];
        out[r].assign(n, 0.f);
        float* mid = reinterpret_cast<float*>(post[r].data());
        if (child) {
          auto* m = reinterpret_cast<PACKED3_WORD*>(mid);
          emu::launch(rows, blk, [&] { blur_rows_packed(in[r].data(), m, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_packed(m, out[r].data(), H, W); });
        } else {
          emu::launch(rows, blk, [&] { blur_rows(in[r].data(), mid, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_tanh(mid, out[r].data(), H, W); });
        }
      }
      auto p = [](const std::vector<uint32_t>& v) {
        return reinterpret_cast<const unsigned char*>(v.data());
      };
      const auto c = gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[1]), p(post[1]),
                                           p(pre[2]), p(post[2]), n * 4, 4);
      const std::string v = gpu::resolution_verdict(c, "mid", "fp32");
      const double share = c.judged ? double(c.unresolved) / double(c.judged) : 0;
      std::printf("seed %llu %-6s: %6lld of %6lld judged words unresolved (%.4f, ~%.1f bits; "
                  "left out: %lld still, %lld discrete): %s\n",
                  (unsigned long long)seed, child ? "child" : "honest", (long long)c.unresolved,
                  (long long)c.judged, share, gpu::resolved_bits(share), (long long)c.still,
                  (long long)c.discrete, v.empty() ? "passes" : "REFUSED");
      if (!v.empty()) ++(child ? refused : seed_refused);
      static std::vector<float> seed_out[3];
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
  }
  std::printf("child: refused in %d of %d seeds (the honest seed in %d); its output against the "
              "seed's over %d x 3 runs of %dx%d: worst %.3f of the tolerance, %lld elements out\n",
              refused, seeds, seed_refused, seeds, H, W, worst, (long long)out_of_tol);
  return 0;
}
