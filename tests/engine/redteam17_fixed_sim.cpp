// Red team 17's block fixed-point scratch (tests/cheats/redteam17_block_fixed_scratch) on the host
// definitions of the harness (not a test: it prints what it measures). The problem: red team
// 14's separable 9-tap binomial blur of an H x W FP32 image (uniform [0, 1)), rtol 1e-4, atol
// 1e-6. The child's arithmetic is emulated in FP32 step for step (the row pass's fmaf order,
// frexpf of a block's largest |value|, round to nearest even of v 2^(22 - e), the column pass's
// fmaf order); the reference is the blur in double. Each set the worker checks is made with its
// own definitions (regular_set on the standing seeds, derived_set for the fresh, exponent-range
// and heavy-tailed sets, timed_inputs for audited timed runs) and judged by compare()
// (host_data.cpp), the heavy-tailed set with the reference on |inputs| as its magnitude, the
// exponent-range sets with their atol scale, as the gate does.
// Block 0 emulates control_redteam17_bf16_scratch instead: the scratch rounded to BF16 (nearest
// even), judged at its bf16 class's tolerance (rtol 8e-3, atol 1e-5).
// Usage: redteam17_fixed_sim [H = W (default 4096)] [block (default 16; 0: the BF16 control)]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/backend/gpu/class_bound.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"

using namespace solver;
using generators::DType;

namespace {

int H = 4096, W = 4096, kBlock = 16;
const float kW[9] = {1.f, 8.f, 28.f, 56.f, 70.f, 56.f, 28.f, 8.f, 1.f};
int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

std::vector<float> floats(const gpu::HostInput& in) {
  std::vector<float> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

std::vector<double> reference(const std::vector<float>& x) {
  std::vector<double> mid(x.size()), out(x.size());
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      double h = 0;
      for (int j = 0; j < 9; ++j)
        h += kW[j] / 256.0 * x[size_t(r) * W + clampi(c - 4 + j, 0, W - 1)];
      mid[size_t(r) * W + c] = h;
    }
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      double s = 0;
      for (int k = 0; k < 9; ++k)
        s += kW[k] / 256.0 * mid[size_t(clampi(r - 4 + k, 0, H - 1)) * W + c];
      out[size_t(r) * W + c] = s;
    }
  return out;
}

// FP32 to BF16 and back, round to nearest even (__floats2bfloat162_rn on finite values).
float bf16(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  b = (b + 0x7FFFu + ((b >> 16) & 1u)) & 0xFFFF0000u;
  std::memcpy(&f, &b, 4);
  return f;
}

std::vector<float> child(const std::vector<float>& x) {
  std::vector<float> mid(x.size()), out(x.size());
  for (int r = 0; r < H && kBlock == 0; ++r)
    for (int c = 0; c < W; ++c) {
      float s = 0.f;
      for (int k = 0; k < 9; ++k)
        s = std::fmaf(kW[k] * (1.0f / 256.0f), x[size_t(r) * W + clampi(c - 4 + k, 0, W - 1)], s);
      mid[size_t(r) * W + c] = bf16(s);
    }
  for (int r = 0; r < H && kBlock > 0; ++r)
    for (int c0 = 0; c0 < W; c0 += kBlock) {
      float o[64], big = 0.f;
      for (int q = 0; q < kBlock; ++q) {
        float s = 0.f;
        for (int k = 0; k < 9; ++k)
          s = std::fmaf(kW[k] * (1.0f / 256.0f),
                        x[size_t(r) * W + clampi(c0 + q - 4 + k, 0, W - 1)], s);
        o[q] = s;
        big = std::fmax(big, std::fabs(s));
      }
      int e = 0;
      std::frexp(big, &e);
      const int sc = big > 0.f ? 22 - e : 0;
      const float inv = std::ldexp(1.f, -sc);
      for (int q = 0; q < kBlock; ++q)
        mid[size_t(r) * W + c0 + q] = float(int(std::nearbyint(std::ldexp(o[q], sc)))) * inv;
    }
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c) {
      float s = 0.f;
      for (int k = 0; k < 9; ++k)
        s = std::fmaf(kW[k] * (1.0f / 256.0f), mid[size_t(clampi(r - 4 + k, 0, H - 1)) * W + c], s);
      out[size_t(r) * W + c] = s;
    }
  return out;
}

void judge(const std::string& name, const generators::ResolvedVariant& v, const gpu::HostSet& s,
           const generators::Tolerance& tol0) {
  const std::vector<float> x = floats(*s.inputs[0]);
  const std::vector<double> want = reference(x);
  const std::vector<float> got = child(x);
  generators::Tolerance tol = tol0;
  tol.atol *= s.atol_scale;
  std::vector<double> mag;
  if (s.kind == gpu::SetKind::HeavySigned)
    if (auto a = gpu::absolute_set(v, s)) mag = reference(floats(*a->inputs[0]));
  const gpu::Comparison c = gpu::compare(
      reinterpret_cast<const unsigned char*>(got.data()), DType::F32, int64_t(got.size()),
      want.data(), int64_t(want.size()), tol, 0, mag.empty() ? nullptr : mag.data());
  // The largest error as a share of the bound compare() applies.
  double worst = 0;
  const double mr = gpu::magnitude_rtol(tol.rtol);
  for (size_t i = 0; i < got.size(); ++i) {
    const double bound =
        tol.atol + tol.rtol * std::fabs(want[i]) + (mag.empty() ? 0.0 : mr * std::fabs(mag[i]));
    worst = std::fmax(worst, std::fabs(double(got[i]) - want[i]) / bound);
  }
  std::printf("  %-28s %s: %lld failures, largest error %.3g of the bound\n", name.c_str(),
              c.ok ? "passes" : "WRONG", (long long)c.failures, worst);
}

}  // namespace

int main(int argc, char** argv) {
  H = W = argc > 1 ? std::atoi(argv[1]) : 4096;
  kBlock = argc > 2 ? std::atoi(argv[2]) : 16;
  generators::ResolvedVariant v;
  generators::ResolvedBuffer b;
  b.name = "x";
  b.dtype = DType::F32;
  b.role = generators::BufferRole::In;
  b.init = {"uniform", 0.0, 1.0};
  b.elements = int64_t(H) * W;
  b.bytes = b.elements * 4;
  b.shape = {H, W};
  generators::ResolvedBuffer o = b;
  o.name = "out";
  o.role = generators::BufferRole::Out;
  o.init = {};
  v.buffers = {b, o};
  generators::Tolerance tol;
  tol.rtol = kBlock ? 1e-4 : 8e-3;
  tol.atol = kBlock ? 1e-6 : 1e-5;
  std::printf("%s on the host: %d x %d, blocks of %d, rtol %g, atol %g\n",
              kBlock ? "redteam17_block_fixed_scratch" : "control_redteam17_bf16_scratch", H, W,
              kBlock, tol.rtol, tol.atol);
  const auto seeds = gpu::derive_seeds(0x5eed2026, 3);  // Worker::standing_seeds
  const gpu::HostSet set0 = gpu::regular_set(v, seeds[0], nullptr);
  judge("set 0", v, set0, tol);
  for (int s = 1; s < 3; ++s)
    judge("regular set " + std::to_string(s), v, gpu::regular_set(v, seeds[size_t(s)], nullptr),
          tol);
  const gpu::SetKind kinds[] = {gpu::SetKind::Fresh, gpu::SetKind::ExponentUp,
                                gpu::SetKind::ExponentDown, gpu::SetKind::HeavySigned};
  for (auto k : kinds)
    for (uint64_t seed : {uint64_t(0xf2e5), uint64_t(0x4ea7)})
      if (auto d = gpu::derived_set(v, set0, k, seed))
        judge(std::string(gpu::to_string(k)) + " " + std::to_string(seed), v, *d, tol);
  for (int r = 0; r < 2; ++r)
    judge("timed run " + std::to_string(101 + r), v,
          gpu::timed_inputs(v, set0, uint64_t(101 + r), false, false), tol);
  return 0;
}
