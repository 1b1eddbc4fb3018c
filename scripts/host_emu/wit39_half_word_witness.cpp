// P4m's witness (issue 28, helper wit39): red team 38's redteam38_half_word_scratch emulated on the
// host with the folder's own kernel sources (emu.h), against the worker's own rule
// (count_resolution, resolution_verdict, relative_move, resolution_moves, scratch_holds_fp32:
// scratch_resolution.cpp compiled in). The problem declares its scratch f16 [H, 2W]; its seed
// (kernels/blur/blur_tanh_seed16.cu) keeps FP32 row sums there, the child red team 34's 16-bit
// fields. Five runs a draw, as the worker makes them for a 16-bit scratch under an fp32 class:
// the base, FP32's moves (2^-18, 2^-10) and FP16's (2^-9, 2^-6), the scratch filled with fresh
// garbage before each. Prints, per draw and kernel, the scratch judged as FP16 words at FP16's
// moves (main: the declared width) and as FP32 words at FP32's (the seed's witness), whether the
// seed's words witness FP32 (scratch_holds_fp32), and the child's worst output error against the
// seed's in units of the folder's tolerance (rtol 1e-4, atol 1e-6). x uniform [0.25, 1).
//   g++ -w -O1 -std=c++20 -pthread -fno-strict-aliasing -I. -Iscripts/host_emu -Ikernels/blur \
//     -I/usr/local/cuda/include -o /tmp/wit39_half_word scripts/host_emu/wit39_half_word_witness.cpp \
//     engine/backend/gpu/scratch_resolution.cpp && /tmp/wit39_half_word 64 1024 2
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "blur_shims.h"

#include "kernels/blur/blur_tanh_ref.cu"
#include "kernels/blur/blur_tanh_seed16.cu"
#undef COLS
#undef WORDS
#include "tests/cheats/redteam38_half_word_scratch/cheat.cu"

#include "engine/backend/gpu/scratch_resolution.h"
#include "resolution_stubs.h"

using namespace solver;

int main(int argc, char** argv) {
  const int H = argc > 1 ? std::atoi(argv[1]) : 32, W = argc > 2 ? std::atoi(argv[2]) : 1024;
  const int seeds = argc > 3 ? std::atoi(argv[3]) : 2;
  const dim3 rows((W + 4095) / 4096, H), blk(256);
  const size_t n = size_t(H) * W;  // pixels; the scratch holds 2n halves (4n bytes)
  generators::ResolvedBuffer xb;
  xb.name = "x", xb.dtype = generators::DType::F32, xb.role = generators::BufferRole::In;
  xb.init.kind = "uniform", xb.init.a = 0.25, xb.init.b = 1;
  xb.elements = int64_t(n), xb.bytes = 4 * xb.elements;
  const gpu::ResolutionMoves m32 = gpu::resolution_moves(generators::DType::F32, "fp32");
  const gpu::ResolutionMoves m16 = gpu::resolution_moves(generators::DType::F16, "fp32");
  const int bits[5] = {0, m32.fine_bits, m32.coarse_bits, m16.fine_bits, m16.coarse_bits};
  double worst = 0, ref_worst[2] = {0, 0};  // the seed's and the child's, against the reference
  for (int k = 0; k < seeds; ++k) {
    const uint64_t seed = 101 + k;
    std::mt19937_64 g(seed);
    std::uniform_real_distribution<double> u(0.25, 1);
    std::vector<float> x(n);
    for (auto& v : x) v = float(u(g));
    std::vector<float> in[5] = {x, x, x, x, x};
    for (int r = 1; r < 5; ++r)
      gpu::relative_move(xb, reinterpret_cast<unsigned char*>(in[r].data()), bits[r], seed + 1);
    std::vector<float> seed_out[5];
    std::vector<double> ref(n);  // the folder's FP64 reference on the base draw
    emu::launch(dim3((W + 255) / 256, H), blk, [&] { blur_tanh_ref(in[0].data(), ref.data(), H, W); });
    for (int child = 0; child < 2; ++child) {
      std::vector<uint32_t> pre[5], post[5];
      std::vector<float> out[5];
      for (int r = 0; r < 5; ++r) {
        pre[r].resize(n);
        for (auto& w : pre[r]) w = uint32_t(g());
        post[r] = pre[r];
        out[r].assign(n, 0.f);
        auto* mid = reinterpret_cast<PACKED3_WORD*>(post[r].data());  // the f16 scratch's halves
        if (child) {
          emu::launch(rows, blk, [&] { blur_rows_packed(in[r].data(), mid, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_packed(mid, out[r].data(), H, W); });
        } else {
          // the folder's seed: FP32 words in the bytes of halves (a float* on the device)
          float* words = reinterpret_cast<float*>(mid);
          emu::launch(rows, blk, [&] { blur_rows(in[r].data(), words, H, W); });
          emu::launch(rows, blk, [&] { blur_cols_tanh(words, out[r].data(), H, W); });
        }
      }
      auto p = [](const std::vector<uint32_t>& v) {
        return reinterpret_cast<const unsigned char*>(v.data());
      };
      auto judged = [&](int base_run, int fine, int coarse, generators::DType as) {
        (void)base_run;
        return gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[fine]), p(post[fine]),
                                     p(pre[coarse]), p(post[coarse]), n * 4, as);
      };
      const auto c16 = judged(0, 3, 4, generators::DType::F16);
      const auto c32 = judged(0, 1, 2, generators::DType::F32);
      const std::string v16 = gpu::resolution_verdict(c16, "mid", "fp32", generators::DType::F16);
      const std::string v32 = gpu::resolution_verdict(c32, "mid", "fp32", generators::DType::F32);
      auto share = [](const gpu::ResolutionCounts& c) {
        return c.judged ? double(c.unresolved) / double(c.judged) : 0.0;
      };
      std::printf(
          "draw %llu %-6s: as FP16 at 2^-%d/2^-%d: %lld of %lld judged unresolved (%.4f): %s; "
          "as FP32 at 2^-%d/2^-%d: %lld of %lld (%.4f, %lld out of proportion): %s%s\n",
          (unsigned long long)seed, child ? "child" : "seed", m16.fine_bits, m16.coarse_bits,
          (long long)c16.unresolved, (long long)c16.judged, share(c16),
          v16.empty() ? "passes" : "REFUSED", m32.fine_bits, m32.coarse_bits,
          (long long)c32.unresolved, (long long)c32.judged, share(c32),
          (long long)c32.disproportionate, v32.empty() ? "passes" : "REFUSED",
          child ? ""
                : (gpu::scratch_holds_fp32(c32) ? "; witness: FP32 words"
                                                : "; witness: none (FP16 stays)"));
      for (size_t i = 0; i < n; ++i)
        ref_worst[child] = std::max(ref_worst[child], std::fabs(double(out[0][i]) - ref[i]) /
                                                          (1e-6 + 1e-4 * std::fabs(ref[i])));
      if (!child) {
        for (int r = 0; r < 5; ++r) seed_out[r] = out[r];
      } else {
        for (int r = 0; r < 5; ++r)
          for (size_t i = 0; i < n; ++i) {
            const double s = seed_out[r][i], e = std::fabs(double(out[r][i]) - s);
            worst = std::max(worst, e / (1e-6 + 1e-4 * std::fabs(s)));
          }
      }
    }
  }
  std::printf("child's output against the seed's: worst %.3f of the tolerance (%d draws x 5 runs "
              "of %dx%d)\n",
              worst, seeds, H, W);
  std::printf("against the FP64 reference (base draws): seed worst %.4g of the tolerance, child "
              "%.4g: the child errs %.0f x the seed (2^%.1f)\n",
              ref_worst[0], ref_worst[1], ref_worst[1] / ref_worst[0],
              std::log2(ref_worst[1] / ref_worst[0]));
  return 0;
}
