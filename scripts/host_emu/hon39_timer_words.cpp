// Helper hon39 (issue 28, "Honest controls 39"): what P4m (engine/backend/gpu/scratch_resolution)
// makes of scratch or module words that are not a function of the inputs, with the worker's own
// rule (count_resolution, resolution_verdict: scratch_resolution.cpp compiled in). A MODEL of the
// words, not the kernels run: the three runs (base, fine move, coarse move) are separate launches
// milliseconds apart, so
//   flashinfer: control_hon39_flashinfer_profiler's u64 entries {tag, %globaltimer_lo}: a header
//     word, then a begin and an end entry per block, the stamp the run's start plus ~2.5 ns a
//     block plus jitter (the words as FP64: its u64 scratch);
//   clock: control_hon39_cuda_samples_clock's i64 stamps, each SM's %clock (its own phase) plus
//     ~40 cycles a block, zero-extended and sign-extended (clock_t from a 32-bit counter);
//   slots: control_hon39_beep_sm_slot's workspace words (FP32 exponentials, the last row a slot
//     held) where a share q of the slots hold the same row in all three runs and the rest another
//     row (placement differs from run to run), each row's words moved by the fine/coarse factor;
//   stable: the same words with every slot holding the same row (q = 1), the rule's baseline.
// Each run's buffer is filled with fresh garbage before the launch, as the worker does.
// Build and run (~1 s):
//   g++ -O1 -std=c++20 -I. -o /tmp/hon39_timer_words scripts/host_emu/hon39_timer_words.cpp \
//     engine/backend/gpu/scratch_resolution.cpp build/generators/libsolver_generators.a \
//     && /tmp/hon39_timer_words   (after `ninja -C build solver_generators`)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "engine/backend/gpu/scratch_resolution.h"

using namespace solver;
using Bytes = std::vector<unsigned char>;

namespace {

template <class T>
Bytes as_bytes(const std::vector<T>& v) {
  Bytes b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}
Bytes garbage(size_t bytes, std::mt19937_64& g) {
  Bytes b(bytes);
  for (auto& c : b) c = (unsigned char)g();
  return b;
}
void report(const char* name, const Bytes post[3], generators::DType dtype, std::mt19937_64& g) {
  Bytes pre[3];
  for (int r = 0; r < 3; ++r) pre[r] = garbage(post[r].size(), g);
  // the fine run is r = 1, the coarse r = 2
  const auto c = gpu::count_resolution(pre[0].data(), post[0].data(), pre[1].data(), post[1].data(),
                                       pre[2].data(), post[2].data(), post[0].size(), dtype);
  const std::string v = gpu::resolution_verdict(c, name, "fp32", dtype);
  std::printf("%-28s words %lld judged %lld unresolved %lld (%.3f) disproportionate %lld -> %s\n", name,
              (long long)c.words, (long long)c.judged, (long long)c.unresolved,
              c.judged ? double(c.unresolved) / c.judged : 0.0, (long long)c.disproportionate,
              v.empty() ? "passes" : ("REFUSED: " + v.substr(0, 160)).c_str());
}

}  // namespace

int main() {
  std::mt19937_64 g(39);
  {  // FlashInfer profiler entries, 8192 blocks
    const int R = 8192;
    Bytes post[3];
    uint64_t t = 0x5a17c0de12345ull;
    for (int r = 0; r < 3; ++r) {
      t += 3000000 + g() % 50000000;  // the next run, 3-53 ms later
      std::vector<uint64_t> w(1 + 2 * R);
      w[0] = (uint64_t)1 << 32 | R;
      for (int b = 0; b < R; ++b) {
        const uint64_t begin = t + b * 5 / 2 + g() % 200, end = begin + 1500 + g() % 300;
        w[1 + b] = (uint64_t)(uint32_t)begin << 32 | (uint32_t)(b << 12);
        w[1 + R + b] = (uint64_t)(uint32_t)end << 32 | (uint32_t)(b << 12 | 1);
      }
      post[r] = as_bytes(w);
    }
    report("flashinfer prof (u64)", post, generators::DType::U64, g);
  }
  for (int sign_extend = 0; sign_extend < 2; ++sign_extend) {  // clock() stamps, 65536 blocks
    const int R = 65536, SMS = 132;
    Bytes post[3];
    for (int r = 0; r < 3; ++r) {
      std::vector<uint32_t> phase(SMS);
      for (auto& p : phase) p = (uint32_t)g();
      std::vector<int64_t> w(2 * R);
      for (int b = 0; b < R; ++b) {
        const uint32_t c0 = phase[b % SMS] + (uint32_t)(b / SMS) * 40u + (uint32_t)(g() % 64);
        const uint32_t c1 = c0 + 900 + (uint32_t)(g() % 100);
        w[b] = sign_extend ? (int64_t)(int32_t)c0 : (int64_t)c0;
        w[R + b] = sign_extend ? (int64_t)(int32_t)c1 : (int64_t)c1;
      }
      post[r] = as_bytes(w);
    }
    report(sign_extend ? "clock stamps (i64, sext)" : "clock stamps (i64, zext)", post,
           generators::DType::I64, g);
  }
  for (double q : {1.0, 0.9, 0.75, 0.5, 0.0}) {  // per-SM workspace slots
    const int SLOTS = 1280, C = 16384, ROWS = 2048;
    // each row's words: exp(x - max) / 1 of N(0, 1) values, the base; a slot's row per run
    std::vector<float> row_val((size_t)ROWS * 64);
    std::normal_distribution<float> nd(0.f, 1.f);
    for (auto& v : row_val) v = std::exp(nd(g) - 3.f);
    std::vector<int> base_row(SLOTS);
    for (auto& s : base_row) s = (int)(g() % ROWS);
    Bytes post[3];
    const double factor[3] = {1.0, 1 + std::ldexp(1.0, -18), 1 + std::ldexp(1.0, -10)};
    for (int r = 0; r < 3; ++r) {
      std::vector<float> w((size_t)SLOTS * 64);  // 64 words a slot stand for its C
      for (int s = 0; s < SLOTS; ++s) {
        const bool same = r == 0 || std::uniform_real_distribution<double>(0, 1)(g) < q;
        const int row = same ? base_row[s] : (int)(g() % ROWS);
        for (int j = 0; j < 64; ++j)
          w[(size_t)s * 64 + j] = (float)(row_val[(size_t)row * 64 + j] * factor[r]);
      }
      post[r] = as_bytes(w);
    }
    char name[64];
    std::snprintf(name, sizeof name, "slot workspace q=%.2f", q);
    report(name, post, generators::DType::F32, g);
  }
  return 0;
}
