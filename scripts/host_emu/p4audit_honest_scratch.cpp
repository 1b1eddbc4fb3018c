// Audit of gate step 4a (scratch_resolution.h, issue 28, helper p4audit): honest kernels whose
// f32 scratch holds values the inputs barely move, and the packed cheats, through the worker's
// own rule (scratch_resolution.cpp compiled in) in the pattern of p4fix_scratch_resolution.cpp:
// a base draw of the input law, the same draw moved by a relative 2^-18 and 2^-10
// (relative_move), each run's scratch filled with fresh garbage first, the scratch read back and
// count_resolution / resolution_verdict applied. Each line prints the rule before this audit
// (every word the coarse move changed is judged: judged + still) and after it (a word is judged
// only where the coarse move carried it >= kMinCoarseSteps FP32 steps).
// The honest kernels are written here in the style of naive CUDA MLP / RNN / softmax code (one
// thread per output, plain loops; no __syncthreads, so they run as flat loops): a first layer
// tanh(x W1) or sigmoid(x W1) kept in scratch for the second layer (a 2-layer MLP, an Elman RNN
// cell, an LSTM gate), GELU (erf), a Gaussian weight exp(-x^2), a softmax row's argmax kept as a
// float or as int bits, int8 fake-quant codes kept as floats. The weights are fixed (as
// decoder_block's `dist_fixed` weights) and drawn N(0, s^2); x is uniform [-1, 1).
// The cheats are the folders' own sources: red team 33's child and red team 34's child
// (16-bit fields, 3 in 2 words), and red team 34's words re-laid to put the fast-moving field in
// the low bits of its word (an attempt on the new exemption).
// Build and run (~20 s):
//   g++ -w -O2 -std=c++20 -pthread -fno-strict-aliasing -I. -Iscripts/host_emu -Ikernels/blur \
//     -I/usr/local/cuda/include -o /tmp/p4audit_emu scripts/host_emu/p4audit_honest_scratch.cpp \
//     engine/backend/gpu/scratch_resolution.cpp && /tmp/p4audit_emu
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "emu.h"
using std::fmaf;
using std::tanh;
static inline float __ldg(const float* p) { return *p; }
static inline float4 __ldg(const float4* p) { return *p; }
static inline float4 make_float4(float a, float b, float c, float d) {
  float4 v;
  v.x = a, v.y = b, v.z = c, v.w = d;
  return v;
}
static inline float __fmul_rn(float a, float b) {
  volatile float r = a * b;
  return r;
}
#include "binomial.h"
namespace r33c {
#include "tests/cheats/redteam33_float_packed_scratch/cheat.cu"
}
#undef COLS
#undef WORDS
#define blur_rows_packed r34_blur_rows_packed
#define blur_cols_packed r34_blur_cols_packed
namespace r34c {
#include "tests/cheats/redteam34_subnormal_packed_scratch/cheat.cu"
}
#undef blur_rows_packed
#undef blur_cols_packed
#undef COLS
#undef WORDS

#include "engine/backend/gpu/scratch_resolution.h"
#include "resolution_stubs.h"
using namespace solver;

// A kernel without barriers: every thread in turn.
template <typename F>
static void flat(dim3 g, dim3 b, F f) {
  gridDim = g, blockDim = b;
  for (unsigned by = 0; by < g.y; ++by)
    for (unsigned bx = 0; bx < g.x; ++bx)
      for (unsigned tx = 0; tx < b.x; ++tx) {
        blockIdx = dim3(bx, by), threadIdx = dim3(tx);
        f();
      }
}

// ---- honest kernels (one thread per output) ----
enum Act { kTanh, kSigmoid, kGelu, kGauss };
__global__ void dense_act(const float* x, const float* w, float* h, int M, int K, int N, int act) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y;
  if (j >= N) return;
  float z = 0.f;
  for (int k = 0; k < K; ++k) z = fmaf(x[m * K + k], w[k * N + j], z);
  float a;
  if (act == kTanh)
    a = tanhf(z);
  else if (act == kSigmoid)
    a = 1.f / (1.f + expf(-z));
  else if (act == kGelu)
    a = 0.5f * z * (1.f + erff(z * 0.70710678f));
  else
    a = expf(-z * z);
  h[m * N + j] = a;
}
// softmax row max pass that keeps the argmax (as a float or as int bits) instead of the value
__global__ void row_argmax(const float* x, float* rmax, int M, int N, bool bits) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M) return;
  int best = 0;
  for (int c = 1; c < N; ++c)
    if (x[r * N + c] > x[r * N + best]) best = c;
  if (bits)
    reinterpret_cast<int*>(rmax)[r] = best;
  else
    rmax[r] = float(best);
}
// int8 fake quantisation per row (absmax / 127), the codes kept as floats
__global__ void fake_quant_codes(const float* x, float* q, int M, int K) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= M) return;
  float amax = 0.f;
  for (int k = 0; k < K; ++k) amax = fmaxf(amax, fabsf(x[r * K + k]));
  const float inv = 127.f / amax;
  for (int k = 0; k < K; ++k) q[r * K + k] = rintf(x[r * K + k] * inv);
}

// 2x2 max pooling that keeps each window's winner (its flat index in the plane, as PyTorch's
// max_pool2d_with_indices does) for a backward pass: as a float or as int bits
__global__ void maxpool_idx(const float* x, float* y, float* idx, int H, int W, bool bits) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y;
  if (j >= W / 2) return;
  int best = 2 * i * W + 2 * j;
  for (int d : {1, W, W + 1})
    if (x[2 * i * W + 2 * j + d] > x[best]) best = 2 * i * W + 2 * j + d;
  y[i * (W / 2) + j] = x[best];
  if (bits)
    reinterpret_cast<int*>(idx)[i * (W / 2) + j] = best;
  else
    idx[i * (W / 2) + j] = float(best);
}

struct Case {
  std::string name;
  bool cheat;
  double lo, hi;  // the input law uniform [lo, hi) (normal N(0, hi) where lo > hi)
  size_t xn, words;
  std::function<void(const float*, float*)> run;
};

int main() {
  const int M = 128, K = 128, N = 256;  // a 128 x 128 input, 256 hidden units
  std::vector<Case> cases;
  for (int act : {kTanh, kSigmoid, kGelu, kGauss})
    for (double s : {1.0 / std::sqrt(double(K)), 0.25, 0.5, 1.0}) {
      static const char* an[] = {"tanh", "sigmoid", "gelu", "exp(-z^2)"};
      auto w = std::make_shared<std::vector<float>>(size_t(K) * N);
      std::mt19937_64 g(99);
      std::normal_distribution<double> nd(0, s);
      for (auto& v : *w) v = float(nd(g));
      char nm[128];
      snprintf(nm, sizeof nm, "%s(x W1), W1 ~ N(0, %.3g^2) (z sd %.2f)", an[act], s,
               s * std::sqrt(K / 3.0));
      cases.push_back(
          {nm, false, -1, 1, size_t(M) * K, size_t(M) * N, [=](const float* x, float* h) {
             flat(dim3(N / 128, M), dim3(128), [&] { dense_act(x, w->data(), h, M, K, N, act); });
           }});
    }
  const int SM = 16384, SN = 256;
  for (bool bits : {false, true})
    cases.push_back({std::string("softmax N(0, 2) rows of 256: argmax kept ") +
                         (bits ? "as int bits" : "as a float"),
                     false, 1, 0, size_t(SM) * SN, size_t(SM), [=](const float* x, float* r) {
                       flat(dim3(SM / 128), dim3(128), [&] { row_argmax(x, r, SM, SN, bits); });
                     }});
  cases.push_back({"int8 fake-quant codes as floats (rows of 128)", false, -1, 1, size_t(M) * K,
                   size_t(M) * K, [=](const float* x, float* q) {
                     flat(dim3(1), dim3(M), [&] { fake_quant_codes(x, q, M, K); });
                   }});
  static std::vector<float> pooled(2048 * 2048);
  for (bool bits : {false, true})
    cases.push_back({std::string("2x2 max pool of 4096^2 U[-1,1): winner index kept ") +
                         (bits ? "as int bits" : "as a float"),
                     false, -1, 1, size_t(4096) * 4096, size_t(2048) * 2048,
                     [=](const float* x, float* idx) {
                       flat(dim3(2048 / 128, 2048), dim3(128),
                            [&] { maxpool_idx(x, pooled.data(), idx, 4096, 4096, bits); });
                     }});
  const int H = 32, W = 1024;
  const dim3 rows((W + 4095) / 4096, H), blk(256);
  cases.push_back({"redteam33 child (cheat)", true, 0, 1, size_t(H) * W, size_t(H) * W,
                   [=](const float* x, float* mid) {
                     emu::launch(rows, blk, [&] { r33c::blur_rows_packed(x, mid, H, W); });
                   }});
  cases.push_back({"redteam34 child (cheat)", true, 0, 1, size_t(H) * W, size_t(H) * W,
                   [=](const float* x, float* mid) {
                     emu::launch(rows, blk, [&] { r34c::r34_blur_rows_packed(x, mid, H, W); });
                   }});
  // red team 34's words re-laid: w0 = 2^23 + bh 2^16 + a, w1 = 2^23 + c 2^8 + bl (the fields'
  // fast-moving low bits at the low bits of each word, steps of one ulp)
  cases.push_back({"redteam34 child re-laid, low fields at the low bits (cheat)", true, 0, 1,
                   size_t(H) * W, size_t(H) * W, [=](const float* x, float* mid) {
                     emu::launch(rows, blk, [&] { r34c::r34_blur_rows_packed(x, mid, H, W); });
                     for (size_t i = 0; i + 12 <= size_t(H) * W / 16 * 12; i += 12)
                       for (int t = 0; t < 5; ++t) {
                         float a, b, c;
                         r34c::unpack3(mid[i + 2 * t], mid[i + 2 * t + 1], a, b, c);
                         const int bi = int(b);
                         mid[i + 2 * t] = 0x1p23f + float((bi >> 8) * 65536) + a;
                         mid[i + 2 * t + 1] = 0x1p23f + c * 256.f + float(bi & 255);
                       }
                   }});
  // one 16-bit field a word, at the low bits under a constant exponent (no bytes saved: not a
  // packing; the exemption's price, printed, not counted as a failure)
  cases.push_back({"16-bit fixed point, one a word at its low bits (no packing)", false, 0, 1,
                   size_t(H) * W, size_t(H) * W, [=](const float* x, float* mid) {
                     emu::launch(rows, blk, [&] { r34c::r34_blur_rows_packed(x, mid, H, W); });
                     for (size_t i = 0; i + 12 <= size_t(H) * W / 16 * 12; i += 12) {
                       float v[16];
                       for (int t = 0; t < 5; ++t)
                         r34c::unpack3(mid[i + 2 * t], mid[i + 2 * t + 1], v[3 * t], v[3 * t + 1],
                                       v[3 * t + 2]);
                       for (int t = 0; t < 12; ++t) mid[i + t] = 1.f + v[t] * 0x1p-23f;
                     }
                   }});
  generators::ResolvedBuffer xb;
  xb.name = "x", xb.dtype = generators::DType::F32, xb.role = generators::BufferRole::In;
  int failures = 0;
  for (const Case& c : cases) {
    for (uint64_t seed : {11u, 12u}) {
      std::mt19937_64 g(seed);
      std::uniform_real_distribution<double> u(c.lo, c.hi);
      std::normal_distribution<double> nd(0, c.lo > c.hi ? c.lo * 2 : 1);
      std::vector<float> x(c.xn);
      for (auto& v : x) v = float(c.lo > c.hi ? nd(g) : u(g));
      xb.init.kind = c.lo > c.hi ? "normal" : "uniform";
      xb.init.a = c.lo > c.hi ? 0 : c.lo, xb.init.b = c.lo > c.hi ? 2 : c.hi;
      xb.elements = int64_t(c.xn), xb.bytes = 4 * xb.elements;
      std::vector<float> in[3] = {x, x, x};
      gpu::relative_move(xb, reinterpret_cast<unsigned char*>(in[1].data()), gpu::kFineBits,
                         seed + 1);
      gpu::relative_move(xb, reinterpret_cast<unsigned char*>(in[2].data()),
                         gpu::kFineBits - gpu::kCoarseGap, seed + 1);
      std::vector<uint32_t> pre[3], post[3];
      for (int r = 0; r < 3; ++r) {
        pre[r].resize(c.words);
        for (auto& w : pre[r]) w = uint32_t(g());
        post[r] = pre[r];
        c.run(in[r].data(), reinterpret_cast<float*>(post[r].data()));
      }
      auto p = [](const std::vector<uint32_t>& v) {
        return reinterpret_cast<const unsigned char*>(v.data());
      };
      const auto n = gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[1]), p(post[1]), p(pre[2]),
                                           p(post[2]), pre[0].size() * 4);
      gpu::ResolutionCounts old = n;
      old.judged += n.still + n.discrete;
      old.unresolved += n.still_unresolved + n.discrete_unresolved;
      const std::string vo = gpu::resolution_verdict(old, "mid", "fp32");
      const std::string vn = gpu::resolution_verdict(n, "mid", "fp32");
      auto sh = [](const gpu::ResolutionCounts& k) {
        return k.judged ? double(k.unresolved) / double(k.judged) : 0.0;
      };
      printf(
          "%-62s seed %llu: before %6lld/%6lld (%5.1f%%) %-7s | after %6lld/%6lld (%5.1f%%) %s\n",
          c.name.c_str(), (unsigned long long)seed, (long long)old.unresolved,
          (long long)old.judged, 100 * sh(old), vo.empty() ? "passes" : "REFUSED",
          (long long)n.unresolved, (long long)n.judged, 100 * sh(n),
          vn.empty() ? "passes" : "REFUSED");
      if (c.cheat && vn.empty()) ++failures;
    }
  }
  printf("%s\n", failures ? "FAIL: a cheat passes the new rule" : "ok: every cheat refused");
  return failures ? 1 : 0;
}
