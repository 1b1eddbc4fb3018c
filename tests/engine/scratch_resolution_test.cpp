// P4 measured in memory (engine/backend/gpu/scratch_resolution.h, issue 28, red team 33): the
// words of an f32 scratch must resolve a relative input move of 2^-18 wherever a move 2^8 times
// larger changes them. Host emulation of the gate's four runs on a 128 x 256 image of the law
// uniform [0, 1): the row pass of tests/cheats/redteam33_float_packed_scratch stored as its seed
// stores it (FP32) and as its child does (16-bit fixed point, three fields in two words by FP32
// arithmetic), and other scratch contents, honest and narrowed. Host code only, well under a
// second.
#include <doctest/doctest.h>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/resolution_sets.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "generators/problem_spec.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

constexpr int kH = 128, kW = 256;

generators::ResolvedBuffer law_input(const char* kind = "uniform", double a = 0, double b = 1) {
  generators::ResolvedBuffer x;
  x.name = "x";
  x.dtype = DType::F32;
  x.role = BufferRole::In;
  x.init.kind = kind;
  x.init.a = a, x.init.b = b;
  x.elements = kH * kW;
  x.bytes = 4 * x.elements;
  return x;
}

std::vector<float> draw(const generators::ResolvedBuffer& b, uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<float> x(size_t(b.elements));
  if (b.init.kind == "normal") {
    std::normal_distribution<double> n(b.init.a, b.init.b);
    for (auto& v : x) v = float(n(g));
  } else {
    std::uniform_real_distribution<double> u(b.init.a, b.init.b);
    for (auto& v : x) v = float(u(g));
  }
  return x;
}

std::vector<float> moved(const generators::ResolvedBuffer& b, std::vector<float> x, int bits,
                         uint64_t seed) {
  gpu::relative_move(b, reinterpret_cast<unsigned char*>(x.data()), bits, seed);
  return x;
}

// red team 14's row pass (binomial 9 taps, edges replicated), in FP32 FMAs as the kernels do.
std::vector<float> row_pass(const std::vector<float>& x) {
  static const float w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
  std::vector<float> m(x.size());
  for (int r = 0; r < kH; ++r)
    for (int c = 0; c < kW; ++c) {
      float s = 0;
      for (int k = 0; k < 9; ++k)
        s = std::fma(w[k] / 256.f, x[size_t(r * kW + std::clamp(c - 4 + k, 0, kW - 1))], s);
      m[size_t(r * kW + c)] = s;
    }
  return m;
}

// The child's store (cheat.cu): q = rint(v 2^15) + 2^15, three fields in two words.
float field16(float v) {
  return std::fmin(std::fmax(std::rint(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
std::vector<float> packed16(const std::vector<float>& mid) {
  std::vector<float> s(mid.size() * 3 / 4, 0.f);  // the last quarter of the scratch: unwritten
  for (size_t blk = 0; blk < mid.size() / 16; ++blk) {
    const float* o = &mid[16 * blk];
    float* w = &s[12 * blk];
    for (int t = 0; t < 5; ++t) {
      const float a = field16(o[3 * t]), b = field16(o[3 * t + 1]), c = field16(o[3 * t + 2]);
      const float bh = std::floor(b * (1.f / 256.f));
      w[2 * t] = std::fma(a, 256.f, bh);
      w[2 * t + 1] = std::fma(std::fma(-256.f, bh, b), 65536.f, c);
    }
    w[10] = field16(o[15]);
    w[11] = 0.f;
  }
  return s;
}

// The gate's three runs of one store on one draw: A, fine, coarse, each on scratch the worker
// filled with garbage first (a different fill each run); a store returning fewer words than the
// scratch holds leaves the rest unwritten.
gpu::ResolutionCounts probe(const generators::ResolvedBuffer& b, uint64_t seed,
                            const std::function<std::vector<float>(const std::vector<float>&)>& f,
                            size_t scratch_words = 0) {
  const std::vector<float> x = draw(b, seed);
  const std::vector<float> in[3] = {x, moved(b, x, gpu::kFineBits, seed + 1),
                                    moved(b, x, gpu::kFineBits - gpu::kCoarseGap, seed + 1)};
  std::vector<uint32_t> pre[3], post[3];
  std::mt19937 g(uint32_t(seed) * 7 + 1);
  for (int r = 0; r < 3; ++r) {
    const std::vector<float> out = f(in[r]);
    const size_t n = std::max(scratch_words, out.size());
    pre[r].resize(n), post[r].resize(n);
    for (auto& w : pre[r]) w = uint32_t(g());
    post[r] = pre[r];
    std::memcpy(post[r].data(), out.data(), 4 * out.size());
  }
  auto p = [](const std::vector<uint32_t>& v) {
    return reinterpret_cast<const unsigned char*>(v.data());
  };
  return gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[1]), p(post[1]), p(pre[2]), p(post[2]),
                               pre[0].size() * 4);
}

double share(const gpu::ResolutionCounts& c) { return double(c.unresolved) / double(c.judged); }

// A value kept as fixed point with `bits` fractional bits (values in [0, 1)), one a word.
std::function<std::vector<float>(const std::vector<float>&)> fixed_bits(int bits) {
  return [bits](const std::vector<float>& x) {
    std::vector<float> m = row_pass(x);
    for (auto& v : m) v = std::rint(std::ldexp(v, bits));
    return m;
  };
}

}  // namespace

TEST_CASE("red team 33: the 16-bit packed scratch is refused, its FP32 seed passes") {
  const auto x = law_input();
  for (uint64_t seed : {1u, 2u, 3u}) {
    const auto honest = probe(x, seed, row_pass);
    const auto cheat = probe(
        x, seed, [](const std::vector<float>& v) { return packed16(row_pass(v)); }, kH * kW);
    MESSAGE("seed " << seed << ": honest " << honest.unresolved << "/" << honest.judged
                    << ", packed " << cheat.unresolved << "/" << cheat.judged);
    CHECK(honest.judged > kH * kW / 2);
    CHECK(gpu::resolution_verdict(honest, "mid", "fp32").empty());
    CHECK(share(honest) < 0.05);
    CHECK(cheat.judged >= gpu::kMinJudgedWords);
    CHECK(share(cheat) > 0.6);
    const std::string v = gpu::resolution_verdict(cheat, "mid", "fp32");
    CHECK(v.find("does not resolve") != std::string::npos);
    CHECK(v.find("bits of each value") != std::string::npos);
  }
}

TEST_CASE("the bar by stored bits: narrowed scratch refused, FP32 not") {
  const auto x = law_input();
  // fixed point of 12..16 fractional bits is refused, FP32's 24 bits are not
  for (int bits : {12, 14, 16}) CHECK(share(probe(x, 5, fixed_bits(bits))) > gpu::kUnresolvedBar);
  CHECK(share(probe(x, 5, row_pass)) < 0.05);
  // bf16 and a 16-bit mantissa by float arithmetic (floating, so no magnitude probe sees it)
  auto mantissa = [](int keep) {
    return [keep](const std::vector<float>& v) {
      std::vector<float> m = row_pass(v);
      for (auto& y : m) {
        int e;
        const double f = std::frexp(double(y), &e);
        y = float(std::ldexp(std::rint(std::ldexp(f, keep)), e - keep));
      }
      return m;
    };
  };
  CHECK(share(probe(x, 6, mantissa(8))) > 0.9);
  CHECK(share(probe(x, 6, mantissa(16))) > gpu::kUnresolvedBar);
  CHECK(share(probe(x, 6, mantissa(24))) < 0.05);
}

TEST_CASE("honest scratch contents that are not plain blur values") {
  // partial sums of 256 values (a two-pass reduction's block sums)
  const auto x = law_input();
  auto block_sums = [](const std::vector<float>& v) {
    std::vector<float> s(v.size() / 256, 0.f);
    for (size_t i = 0; i < v.size(); ++i) s[i / 256] += v[i];
    return s;
  };
  auto c = probe(x, 7, block_sums);
  CHECK(c.judged == kH * kW / 256);
  CHECK(c.unresolved == 0);
  // a softmax's row maximum and row sum on N(0, 1), and its normalised values (scale-free
  // in the coherent part of the move: the random part moves them)
  const auto n = law_input("normal", 0, 1);
  auto softmax = [](const std::vector<float>& v) {
    std::vector<float> s(v.size() + 2 * kH);
    for (int r = 0; r < kH; ++r) {
      float m = -INFINITY, sum = 0;
      for (int c2 = 0; c2 < kW; ++c2) m = std::fmax(m, v[size_t(r * kW + c2)]);
      for (int c2 = 0; c2 < kW; ++c2) sum += std::exp(v[size_t(r * kW + c2)] - m);
      for (int c2 = 0; c2 < kW; ++c2)
        s[size_t(r * kW + c2)] = std::exp(v[size_t(r * kW + c2)] - m) / sum;
      s[v.size() + 2 * size_t(r)] = m, s[v.size() + 2 * size_t(r) + 1] = sum;
    }
    return s;
  };
  CHECK(share(probe(n, 8, softmax)) < 0.05);
  auto layernorm = [](const std::vector<float>& v) {
    std::vector<float> s(v.size());
    for (int r = 0; r < kH; ++r) {
      double mu = 0, var = 0;
      for (int c2 = 0; c2 < kW; ++c2) mu += v[size_t(r * kW + c2)];
      mu /= kW;
      for (int c2 = 0; c2 < kW; ++c2) var += std::pow(v[size_t(r * kW + c2)] - mu, 2);
      const float inv = float(1 / std::sqrt(var / kW + 1e-5));
      for (int c2 = 0; c2 < kW; ++c2)
        s[size_t(r * kW + c2)] = float(v[size_t(r * kW + c2)] - mu) * inv;
    }
    return s;
  };
  CHECK(share(probe(n, 9, layernorm)) < 0.05);
  // ReLU: its zeros stay zero under both moves (not judged), its positive values resolve
  auto relu = [](const std::vector<float>& v) {
    std::vector<float> s(v.size());
    for (size_t i = 0; i < v.size(); ++i) s[i] = std::fmax(v[i], 0.f);
    return s;
  };
  CHECK(share(probe(n, 10, relu)) < 0.05);
  // constant and input-independent words (padding, counters of n) are not judged
  auto constants = [](const std::vector<float>& v) { return std::vector<float>(v.size(), 3.f); };
  CHECK(probe(x, 11, constants).judged == 0);
}

TEST_CASE("discrete words respond like a quantised value: the smoothness gate decides") {
  // a float histogram of 64 bins: its counts move only where a value crosses an edge, so on its
  // own the rule would refuse it; the problem's reference (the histogram) is not smooth, so
  // the probe does not apply to it
  const auto x = law_input();
  auto histogram = [](const std::vector<float>& v) {
    std::vector<float> h(64, 0.f);
    for (float y : v) h[size_t(std::min(63.f, std::floor(y * 64)))] += 1;
    return h;
  };
  const std::vector<float> base = draw(x, 12);
  auto as_doubles = [](const std::vector<float>& f) {
    return std::vector<double>(f.begin(), f.end());
  };
  auto share_of = [](const std::vector<double>& a, const std::vector<double>& b) {
    return gpu::changed_share(a.data(), b.data(), std::min(a.size(), b.size()));
  };
  const double hist_share = share_of(as_doubles(histogram(base)),
                                     as_doubles(histogram(moved(x, base, gpu::kFineBits, 13))));
  CHECK(hist_share < gpu::kSmoothShare);
  // the blur's reference output moves on (nearly) every element
  auto tanh_blur = [](const std::vector<float>& v) {
    std::vector<double> o;
    for (float m : row_pass(v)) o.push_back(std::tanh(double(m)));
    return o;
  };
  CHECK(share_of(tanh_blur(base), tanh_blur(moved(x, base, gpu::kFineBits, 13))) > 0.99);
}

TEST_CASE("the moves stay inside the law and move by the amount said") {
  const auto x = law_input();
  std::vector<float> v = draw(x, 14);
  v[0] = std::nextafter(1.f, 0.f), v[1] = 0.f;
  const std::vector<float> fine = moved(x, v, gpu::kFineBits, 15);
  const std::vector<float> coarse = moved(x, v, gpu::kFineBits - gpu::kCoarseGap, 15);
  int64_t changed = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    CHECK_MESSAGE((fine[i] >= 0.f && fine[i] < 1.f && coarse[i] >= 0.f && coarse[i] < 1.f), i);
    if (v[i] > 0.01f && v[i] < 0.99f) {
      const double r = std::fabs(double(coarse[i]) / v[i] - 1),
                   m = std::ldexp(1.0, gpu::kCoarseGap - gpu::kFineBits);
      CHECK_MESSAGE((r > 0.4 * m && r < 1.6 * m), i);
    }
    changed += fine[i] != v[i];
  }
  CHECK(changed > int64_t(v.size()) * 9 / 10);
  // integer, dist_fixed, f16 and structured inputs are never moved
  auto fixed = x;
  fixed.dist_fixed = true;
  CHECK_FALSE(gpu::movable_input(fixed));
  auto sorted = x;
  sorted.init.kind = "sorted";
  CHECK_FALSE(gpu::movable_input(sorted));
  auto half = x;
  half.dtype = DType::F16;
  CHECK_FALSE(gpu::movable_input(half));
  // the probe applies to fp32 / fp64 classes with an f32 scratch
  generators::ResolvedVariant rv;
  rv.precision = "fp32";
  rv.buffers.push_back(x);
  generators::ResolvedBuffer mid;
  mid.name = "mid", mid.dtype = DType::F32, mid.role = BufferRole::Scratch, mid.elements = 16;
  CHECK_FALSE(gpu::resolution_applies(rv));
  rv.buffers.push_back(mid);
  CHECK(gpu::resolution_applies(rv));
  rv.precision = "bf16";
  CHECK_FALSE(gpu::resolution_applies(rv));
}

TEST_CASE("words the inputs barely move are not judged: a saturating tanh passes") {
  // tanh of a blur scaled to a spread of ~6.4 (a first layer's pre-activation on unnormalised
  // weights): where |z| > ~3.3 the FP32 value moves by under an ulp at the fine move (its
  // condition number 4 z e^-2z < 2^-6) and by a few ulps at the coarse one. Judged on every
  // changed word (the rule before helper p4audit) ~40% of them stay, a false refusal; judged
  // where the coarse move carried the word >= kMinCoarseSteps steps, FP32 resolves them.
  const auto x = law_input("uniform", -1, 1);
  auto saturated = [](const std::vector<float>& v) {
    std::vector<float> m = row_pass(v);
    for (auto& y : m) y = std::tanh(25.f * y);
    return m;
  };
  for (uint64_t seed : {21u, 22u}) {
    const auto c = probe(x, seed, saturated);
    const double before = double(c.unresolved + c.still_unresolved) / double(c.judged + c.still);
    MESSAGE("seed " << seed << ": judged " << c.judged << " (" << c.unresolved
                    << " unresolved), still " << c.still << " (" << c.still_unresolved << ")");
    CHECK(before > gpu::kUnresolvedBar);
    CHECK(c.judged >= gpu::kMinJudgedWords);
    CHECK(share(c) < 0.05);
    CHECK(gpu::resolution_verdict(c, "mid", "fp32").empty());
  }
  // the packed cheat keeps every judged word: its fields move at the top of its words
  for (uint64_t seed : {1u, 2u}) {
    const auto cheat = probe(
        law_input(), seed, [](const std::vector<float>& v) { return packed16(row_pass(v)); },
        kH * kW);
    CHECK(cheat.still * 100 < cheat.judged);
  }
}

TEST_CASE("step_distance counts FP32 values between two words") {
  auto bits = [](float f) {
    uint32_t w;
    std::memcpy(&w, &f, 4);
    return w;
  };
  CHECK(gpu::step_distance(bits(1.f), bits(std::nextafter(1.f, 2.f))) == 1);
  CHECK(gpu::step_distance(bits(1.f), bits(std::nextafter(1.f, 0.f))) == 1);
  CHECK(gpu::step_distance(bits(1.f), bits(1.f + 0x1p-13f)) == 1024);
  CHECK(gpu::step_distance(bits(0x1p-149f), bits(-0x1p-149f)) == 2);
  CHECK(gpu::step_distance(bits(0.f), bits(-0.f)) == 0);
  CHECK(gpu::step_distance(bits(2.f), bits(1.f)) == (int64_t(1) << 23));
}

TEST_CASE("small whole-number words (codes, counts, window indices) are not judged") {
  // int8 fake quantisation by row absmax, the codes kept as floats: a code changes where its
  // value crosses a step, as a packed field does (before helper p4audit: ~99% of ~500 changed
  // codes unchanged at the fine move, refused); two fields never fit in a word under 256
  const auto x = law_input("uniform", -1, 1);
  auto codes = [](const std::vector<float>& v) {
    std::vector<float> q(v.size());
    for (int r = 0; r < kH; ++r) {
      float amax = 0;
      for (int c = 0; c < kW; ++c) amax = std::fmax(amax, std::fabs(v[size_t(r * kW + c)]));
      for (int c = 0; c < kW; ++c)
        q[size_t(r * kW + c)] = std::rint(v[size_t(r * kW + c)] * (127.f / amax));
    }
    return q;
  };
  const auto c = probe(x, 23, codes);
  MESSAGE("codes: judged " << c.judged << ", discrete " << c.discrete << " ("
                           << c.discrete_unresolved << " unchanged at the fine move)");
  CHECK(c.discrete >= gpu::kMinJudgedWords);
  CHECK(c.discrete_unresolved * 10 > c.discrete * 9);
  CHECK(c.judged < gpu::kMinJudgedWords);
  CHECK(gpu::resolution_verdict(c, "q", "fp32").empty());
  // 12-bit fixed point (whole numbers up to 4095) is still judged and refused
  const auto f12 = probe(law_input(), 24, fixed_bits(12));
  CHECK(f12.discrete * 20 < f12.judged);
  CHECK_FALSE(gpu::resolution_verdict(f12, "mid", "fp32").empty());
}

// Red team 35 (issue 28, P4m): the scope is every scratch of 32 or 64 bits, read as the float
// format of its width whatever its dtype, and the smoothness is decided per output.
namespace {

generators::ResolvedBuffer scratch_of(const char* name, DType d, int64_t elements = 1024) {
  generators::ResolvedBuffer b;
  b.name = name, b.dtype = d, b.role = BufferRole::Scratch, b.elements = elements;
  b.bytes = elements * int64_t(generators::dtype_size(d));
  return b;
}

}  // namespace

TEST_CASE("red team 35: every scratch is measured, a 16-bit one at its own width (scr38)") {
  generators::ResolvedVariant rv;
  rv.precision = "fp32";
  rv.buffers = {law_input(), scratch_of("mid", DType::U32)};
  // redteam35_word_scratch_packed: a u32 scratch (FP32 words stored there) is measured as FP32
  auto s = gpu::resolution_scope(rv);
  CHECK(s.claims);
  CHECK(s.movable);
  CHECK(s.measured == std::vector<size_t>{1});
  CHECK(s.left_out.empty());
  CHECK(gpu::resolution_applies(rv));
  CHECK(std::string(gpu::resolution_format(DType::U32)) == "FP32");
  CHECK(std::string(gpu::resolution_format(DType::I64)) == "FP64");
  CHECK(std::string(gpu::resolution_format(DType::F64)) == "FP64");
  for (DType d : {DType::I32, DType::U32, DType::F32, DType::I64, DType::U64, DType::F64}) {
    rv.buffers[1] = scratch_of("mid", d);
    CHECK(gpu::resolution_applies(rv));
  }
  // helper scr38: a 16-bit scratch is measured as FP16 or BF16 words, under its own moves
  for (DType d : {DType::F16, DType::BF16}) {
    rv.buffers[1] = scratch_of("h", d);
    s = gpu::resolution_scope(rv);
    CHECK(s.claims);
    CHECK(s.measured == std::vector<size_t>{1});
    CHECK(gpu::resolution_applies(rv));
    CHECK(s.left_out.empty());
    CHECK(gpu::resolution_word_bytes(d) == 2);
    const gpu::ResolutionMoves m = gpu::resolution_moves(d);
    CHECK(m.fine_bits - m.coarse_bits == gpu::kCoarseGap16);
    CHECK(m.min_coarse_steps == (int64_t(2) << gpu::kCoarseGap16));
  }
  CHECK(std::string(gpu::resolution_format(DType::F16)) == "FP16");
  CHECK(std::string(gpu::resolution_format(DType::BF16)) == "BF16");
  CHECK(gpu::resolution_moves(DType::F16).fine_bits == gpu::kFineBitsFP16);
  CHECK(gpu::resolution_moves(DType::BF16).fine_bits == gpu::kFineBitsBF16);
  CHECK(gpu::resolution_moves(DType::U32).fine_bits == gpu::kFineBits);
  CHECK(gpu::resolution_moves(DType::F64).min_coarse_steps == gpu::kMinCoarseSteps);
  // beside a 32-bit one: both measured
  rv.buffers.push_back(scratch_of("mid", DType::I32));
  s = gpu::resolution_scope(rv);
  CHECK(s.measured == std::vector<size_t>{1, 2});
  CHECK(s.left_out.empty());
  // no movable input (an f16 input, or integer only): said, nothing measured
  auto fixed = rv;
  fixed.buffers[0].dtype = DType::F16;
  s = gpu::resolution_scope(fixed);
  CHECK(s.claims);
  CHECK_FALSE(s.movable);
  CHECK(s.left_out.find("no input the moves change") != std::string::npos);
  CHECK_FALSE(gpu::resolution_applies(fixed));
  // P4m claims nothing below fp32 or without a scratch: silent there; under a 16-bit class
  // (fp16, bf16) it claims the 16-bit scratch only, judged at the class's resolution (scr38)
  auto bf16 = rv;
  bf16.precision = "bf16";
  s = gpu::resolution_scope(bf16);
  CHECK(s.claims);
  CHECK(s.measured == std::vector<size_t>{1});  // h bf16, not mid i32
  bf16.buffers.erase(bf16.buffers.begin() + 1);
  CHECK_FALSE(gpu::resolution_scope(bf16).claims);  // a 32-bit scratch alone
  auto fp16 = rv;
  fp16.precision = "fp16";
  fp16.buffers[1] = scratch_of("h", DType::F16);
  CHECK(gpu::resolution_scope(fp16).measured == std::vector<size_t>{1});
  auto int8 = rv;
  int8.precision = "int8";
  CHECK_FALSE(gpu::resolution_scope(int8).claims);
  // an f16 scratch under a bf16 class: BF16's moves (the class admits BF16 rounding)
  CHECK(std::string(gpu::resolution_moves(DType::F16, "bf16").format) == "BF16");
  CHECK(gpu::resolution_moves(DType::F16, "bf16").fine_bits == gpu::kFineBitsBF16);
  CHECK(std::string(gpu::resolution_moves(DType::F16, "fp16").format) == "FP16");
  CHECK(std::string(gpu::resolution_moves(DType::F16).format) == "FP16");
  CHECK(std::string(gpu::resolution_moves(DType::U32, "fp32").format) == "FP32");
  auto none = rv;
  none.buffers.resize(1);
  CHECK_FALSE(gpu::resolution_scope(none).claims);
}

TEST_CASE("red team 35: red team 34's packed child in u32 words is refused as FP32 words") {
  // the bytes are the same whatever the dtype says: counted as FP32 words, named as u32
  const auto x = law_input("uniform", 0.25, 1);
  const auto seed = probe(x, 41, row_pass);
  CHECK(gpu::resolution_verdict(seed, "mid", "fp32", DType::U32).empty());
  const auto child = probe(
      x, 41, [](const std::vector<float>& v) { return packed16(row_pass(v)); }, size_t(kH) * kW);
  MESSAGE("u32 child: " << child.unresolved << " of " << child.judged << " unresolved");
  const std::string v = gpu::resolution_verdict(child, "mid", "fp32", DType::U32);
  CHECK(share(child) > 0.8);
  REQUIRE_FALSE(v.empty());
  CHECK(v.find("(u32, its words read as FP32)") != std::string::npos);
}

TEST_CASE("red team 35: 64-bit scratch words are judged as FP64") {
  auto bits = [](double f) {
    uint64_t w;
    std::memcpy(&w, &f, 8);
    return w;
  };
  CHECK(gpu::step_distance64(bits(1.0), bits(std::nextafter(1.0, 2.0))) == 1);
  CHECK(gpu::step_distance64(bits(2.0), bits(1.0)) == (int64_t(1) << 52));
  CHECK(gpu::step_distance64(bits(0x1p-1074), bits(-0x1p-1074)) == 2);
  CHECK(gpu::step_distance64(bits(1e300), bits(-1e300)) > (int64_t(1) << 62));
  CHECK(gpu::step_distance64(~0ULL, 0x7fffffffffffffffULL) == INT64_MAX);
  // the row pass on one draw, moved: kept as FP64 (honest), and as 16-bit fixed point four
  // fields a 64-bit word (the packed cheat at this width)
  const auto x = law_input();
  const std::vector<float> base = draw(x, 51);
  const std::vector<float> in[3] = {base, moved(x, base, gpu::kFineBits, 52),
                                    moved(x, base, gpu::kFineBits - gpu::kCoarseGap, 52)};
  auto run = [&](bool packed) {
    std::vector<uint64_t> pre[3], post[3];
    std::mt19937_64 g(53);
    for (int r = 0; r < 3; ++r) {
      const std::vector<float> m = row_pass(in[r]);
      // the honest scratch: the row pass in FP64
      std::vector<double> d(m.size());
      static const double w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
      for (int row = 0; row < kH; ++row)
        for (int c = 0; c < kW; ++c) {
          double acc = 0;
          for (int k = 0; k < 9; ++k)
            acc += w[k] / 256 * double(in[r][size_t(row * kW + std::clamp(c - 4 + k, 0, kW - 1))]);
          d[size_t(row * kW + c)] = acc;
        }
      pre[r].resize(m.size());
      for (auto& w : pre[r]) w = g();
      post[r] = pre[r];
      for (size_t i = 0; i < m.size(); ++i) {
        if (!packed) {
          post[r][i] = bits(d[i]);
        } else if (i % 4 == 0) {
          uint64_t w = 0;
          for (size_t f = 0; f < 4; ++f) w = (w << 16) | uint64_t(field16(m[i + f]));
          post[r][i / 4] = w;
        }
      }
    }
    auto p = [](const std::vector<uint64_t>& v) {
      return reinterpret_cast<const unsigned char*>(v.data());
    };
    return gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[1]), p(post[1]), p(pre[2]),
                                 p(post[2]), pre[0].size() * 8, 8);
  };
  const auto honest = run(false), cheat = run(true);
  MESSAGE("f64 honest " << honest.unresolved << " of " << honest.judged << ", packed "
                        << cheat.unresolved << " of " << cheat.judged);
  CHECK(honest.judged > 30000);
  CHECK(gpu::resolution_verdict(honest, "acc", "fp32", DType::F64).empty());
  CHECK(cheat.judged > 7000);
  const std::string v = gpu::resolution_verdict(cheat, "acc", "fp32", DType::U64);
  REQUIRE_FALSE(v.empty());
  CHECK(v.find("FP64") != std::string::npos);
}

TEST_CASE("red team 35: smoothness per output, an unreached output does not dilute it") {
  // redteam35_diluted_smooth_share: out = tanh(blur(x)) H x W, every element moves; tag = -z
  // (H + 64) x W from an f16 input never moved: pooled 0.498 < 0.5 (main's rule), judged now
  const auto x = law_input();
  const std::vector<float> base = draw(x, 61), fine = moved(x, base, gpu::kFineBits, 62);
  std::vector<double> a, b;
  for (float m : row_pass(base)) a.push_back(std::tanh(double(m)));
  for (float m : row_pass(fine)) b.push_back(std::tanh(double(m)));
  const double out = gpu::changed_share(a.data(), b.data(), a.size());
  CHECK(out > 0.99);
  const double H = 8192, W = 8192, pooled = out * H * W / (H * W + (H + 64) * W);
  CHECK(pooled < gpu::kSmoothShare);  // main's pooled share: not judged
  const auto r = gpu::most_responsive({{"out", out}, {"tag", 0.0}});
  CHECK(r.output == "out");
  CHECK(gpu::smooth_problem(r));
  // order and padding do not matter; a discrete problem's outputs all stay under the bar
  CHECK(gpu::most_responsive({{"tag", 0.0}, {"pad", 0.1}, {"out", out}}).output == "out");
  CHECK_FALSE(gpu::smooth_problem(gpu::most_responsive({{"hist", 0.03}, {"total", 0.2}})));
  CHECK_FALSE(gpu::smooth_problem(gpu::most_responsive({})));
}

TEST_CASE("red team 35: integer contents of an integer scratch, read as FP32 words") {
  // per-row counts of values above 1/2 (int bits: subnormal FP32 words, a count moving by a few
  // steps): left out as words the coarse move carried fewer than 512 steps, never judged
  const auto x = law_input();
  auto counts = [](const std::vector<float>& v) {
    std::vector<float> per_row(static_cast<size_t>(kH));
    for (int r = 0; r < kH; ++r) {
      uint32_t n = 0;
      for (int c = 0; c < kW; ++c) n += v[size_t(r * kW + c)] > 0.5f;
      std::memcpy(&per_row[size_t(r)], &n, 4);
    }
    return per_row;
  };
  const auto c = probe(x, 71, counts);
  CHECK(c.judged == 0);
  CHECK(gpu::resolution_verdict(c, "cnt", "fp32", DType::U32).empty());
  // float keys as order-preserving integer bits (a radix sort's flipped keys): resolved as
  // the floats they are
  auto keys = [](const std::vector<float>& v) {
    std::vector<float> m = row_pass(v);
    for (auto& f : m) {
      uint32_t w;
      std::memcpy(&w, &f, 4);
      w ^= (w & 0x80000000u) ? 0xffffffffu : 0x80000000u;
      std::memcpy(&f, &w, 4);
    }
    return m;
  };
  const auto k = probe(x, 72, keys);
  CHECK(k.judged > 30000);
  CHECK(gpu::resolution_verdict(k, "keys", "fp32", DType::U32).empty());
}

namespace {

// The gate's runs for a 16-bit scratch (helper scr38): A, and the draw moved by the format's own
// fine and coarse moves (resolution_moves), the row pass stored by `store` as 16-bit words on
// garbage the worker filled first, counted as the format's words (count_resolution by dtype).
gpu::ResolutionCounts probe16(
    const generators::ResolvedBuffer& b, uint64_t seed, DType as,
    const std::function<std::vector<uint16_t>(const std::vector<float>&)>& store) {
  const gpu::ResolutionMoves m = gpu::resolution_moves(as);
  const std::vector<float> x = draw(b, seed);
  const std::vector<float> in[3] = {x, moved(b, x, m.fine_bits, seed + 1),
                                    moved(b, x, m.coarse_bits, seed + 1)};
  std::vector<uint16_t> pre[3], post[3];
  std::mt19937 g(uint32_t(seed) * 11 + 3);
  for (int r = 0; r < 3; ++r) {
    const std::vector<uint16_t> out = store(row_pass(in[r]));
    pre[r].resize(out.size());
    for (auto& w : pre[r]) w = uint16_t(g());
    post[r] = out;
  }
  auto p = [](const std::vector<uint16_t>& v) {
    return reinterpret_cast<const unsigned char*>(v.data());
  };
  return gpu::count_resolution(p(pre[0]), p(post[0]), p(pre[1]), p(post[1]), p(pre[2]), p(post[2]),
                               pre[0].size() * 2, as);
}

// Honest: each value rounded to the format, one a word.
std::vector<uint16_t> as_half(const std::vector<float>& v) {
  std::vector<uint16_t> w(v.size());
  for (size_t i = 0; i < v.size(); ++i) w[i] = gpu::half_bits(v[i]);
  return w;
}
std::vector<uint16_t> as_bf16(const std::vector<float>& v) {
  std::vector<uint16_t> w(v.size());
  for (size_t i = 0; i < v.size(); ++i) w[i] = gpu::bf16_bits(v[i]);
  return w;
}
// Narrowed: `bits`-bit fixed point of [0, 1), `per` fields packed in a 16-bit word (the rest of
// the scratch unwritten... here: the words after them hold 0, written).
std::function<std::vector<uint16_t>(const std::vector<float>&)> packed_fields(int bits, int per) {
  return [bits, per](const std::vector<float>& v) {
    std::vector<uint16_t> w(v.size(), 0);
    const float top = float((1 << bits) - 1);
    for (size_t i = 0; i + size_t(per) <= v.size(); i += size_t(per)) {
      uint32_t word = 0;
      for (int f = 0; f < per; ++f)
        word =
            (word << bits) |
            uint32_t(std::fmin(std::fmax(std::rint(std::ldexp(v[i + size_t(f)], bits)), 0.f), top));
      w[i / size_t(per)] = uint16_t(word);
    }
    return w;
  };
}
// A value kept at `keep` significant bits, stored as the format (a narrower mantissa).
std::function<std::vector<uint16_t>(const std::vector<float>&)> short_mantissa(int keep, DType as) {
  return [keep, as](const std::vector<float>& v) {
    std::vector<uint16_t> w(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      int e;
      const double f = std::frexp(double(v[i]), &e);
      const double y = std::ldexp(std::rint(std::ldexp(f, keep)), e - keep);
      w[i] = as == DType::F16 ? gpu::half_bits(y) : gpu::bf16_bits(y);
    }
    return w;
  };
}

}  // namespace

TEST_CASE("scr38: a genuine FP16 or BF16 scratch passes at its own width, a narrower one not") {
  for (const auto& x : {law_input(), law_input("uniform", 0.25, 1), law_input("normal", 0, 1)}) {
    CAPTURE(x.init.kind);
    CAPTURE(x.init.a);
    for (uint64_t seed : {71u, 72u}) {
      const auto h = probe16(x, seed, DType::F16, as_half);
      const auto b = probe16(x, seed, DType::BF16, as_bf16);
      MESSAGE("honest FP16 " << h.unresolved << " of " << h.judged << " (still " << h.still
                             << "), BF16 " << b.unresolved << " of " << b.judged << " (still "
                             << b.still << ")");
      CHECK(h.judged > kH * kW / 4);
      CHECK(b.judged > kH * kW / 4);
      CHECK(share(h) < 0.05);
      CHECK(share(b) < 0.05);
      CHECK(gpu::resolution_verdict(h, "h", "fp32", DType::F16).empty());
      CHECK(gpu::resolution_verdict(b, "h", "fp32", DType::BF16).empty());
    }
  }
  const auto x = law_input();
  // an FP16 scratch holding 8-bit fixed point (as an FP16 value, or two fields a word: half the
  // traffic) or a mantissa of 6 significant bits: refused, the format named. (One 8-bit code in
  // a word's low bits moves it fewer than 16 steps and is not judged, as integer contents of a
  // 32-bit scratch are not: it saves no traffic over the FP16 value.)
  auto fixed8 = [](const std::vector<float>& v) {
    std::vector<uint16_t> w(v.size());
    for (size_t i = 0; i < v.size(); ++i) w[i] = gpu::half_bits(std::rint(v[i] * 256.0) / 256.0);
    return w;
  };
  CHECK(probe16(x, 73, DType::F16, packed_fields(8, 1)).judged == 0);
  for (const auto& [name, store] : std::vector<
           std::pair<std::string, std::function<std::vector<uint16_t>(const std::vector<float>&)>>>{
           {"8-bit fixed as FP16 values", fixed8},
           {"8-bit fixed, two a word", packed_fields(8, 2)},
           {"6 significant bits", short_mantissa(6, DType::F16)}}) {
    const auto c = probe16(x, 73, DType::F16, store);
    MESSAGE("FP16 scratch, " << name << ": " << c.unresolved << " of " << c.judged);
    const std::string v = gpu::resolution_verdict(c, "h", "fp32", DType::F16);
    CHECK(share(c) > gpu::kUnresolvedBar);
    REQUIRE_FALSE(v.empty());
    CHECK(v.find("(f16)") != std::string::npos);
    CHECK(v.find("2^-9 of the inputs (1-6 ulps of an FP16 value)") != std::string::npos);
    CHECK(v.find("keep the scratch at FP16") != std::string::npos);
  }
  // a BF16 scratch holding 4 significant bits (FP8 e4m3's) or 4-bit fields, four a word
  for (const auto& store : {short_mantissa(4, DType::BF16), packed_fields(4, 4)}) {
    const auto c = probe16(x, 74, DType::BF16, store);
    MESSAGE("BF16 scratch narrowed: " << c.unresolved << " of " << c.judged);
    CHECK(share(c) > gpu::kUnresolvedBar);
    CHECK(gpu::resolution_verdict(c, "h", "fp32", DType::BF16).find("BF16") != std::string::npos);
  }
  // the FP32 moves read an FP16 scratch as unresolved: why a 16-bit scratch has its own
  const auto wrong = [&] {
    const std::vector<float> base = draw(x, 75);
    std::vector<uint16_t> w[3], pre[3];
    const std::vector<float> in[3] = {base, moved(x, base, gpu::kFineBits, 76),
                                      moved(x, base, gpu::kFineBits - gpu::kCoarseGap, 76)};
    for (int r = 0; r < 3; ++r) {
      w[r] = as_half(row_pass(in[r]));
      pre[r].assign(w[r].size(), uint16_t(0xdead + r));
    }
    auto p = [](const std::vector<uint16_t>& v) {
      return reinterpret_cast<const unsigned char*>(v.data());
    };
    return gpu::count_resolution(p(pre[0]), p(w[0]), p(pre[1]), p(w[1]), p(pre[2]), p(w[2]),
                                 w[0].size() * 2, DType::F16);
  }();
  CHECK(wrong.judged == 0);  // the 2^-10 move carries no FP16 word 16 steps
}

TEST_CASE("scr38: 16-bit words' steps and whole numbers") {
  const uint16_t one = gpu::half_bits(1.0), next = uint16_t(one + 1);
  CHECK(gpu::step_distance16(one, next) == 1);
  CHECK(gpu::step_distance16(gpu::half_bits(1.0), gpu::half_bits(2.0)) == 1024);
  CHECK(gpu::step_distance16(gpu::half_bits(0x1p-24), gpu::half_bits(-0x1p-24)) == 2);
  CHECK(gpu::step_distance16(gpu::bf16_bits(1.0), gpu::bf16_bits(2.0)) == 128);
  // whole numbers within 256 are not judged (codes, counts), as for FP32 words: an FP16 and a
  // BF16 word going 3 -> 7 is left out; 3.5 -> 7.5 is judged (and unresolved, unchanged)
  auto one_word = [](uint16_t a, uint16_t c, DType as) {
    const uint16_t pre[3] = {0x1234, 0x1234, 0x1234};
    auto p = [](const uint16_t* v) { return reinterpret_cast<const unsigned char*>(v); };
    return gpu::count_resolution(p(&pre[0]), p(&a), p(&pre[1]), p(&a), p(&pre[2]), p(&c), 2, as);
  };
  for (DType d : {DType::F16, DType::BF16}) {
    auto bits = [d](double v) { return d == DType::F16 ? gpu::half_bits(v) : gpu::bf16_bits(v); };
    CHECK(one_word(bits(3), bits(7), d).discrete == 1);
    CHECK(one_word(bits(-256), bits(0), d).discrete == 1);
    CHECK(one_word(bits(3.5), bits(7.5), d).judged == 1);
    CHECK(one_word(bits(3.5), bits(7.5), d).unresolved == 1);
    CHECK(one_word(bits(0.5), bits(0.25), d).discrete == 0);
  }
  CHECK(one_word(gpu::half_bits(512), gpu::half_bits(1024), DType::F16).discrete == 0);
  CHECK(one_word(gpu::half_bits(255.5), gpu::half_bits(200), DType::F16).discrete == 0);
}

TEST_CASE("red team 38: a word that changes under every move is not thereby resolved") {
  // redteam38_dithered_scratch's class, one field a word: 16-bit fixed point rounded after a
  // dither drawn from the value's own low bits (s = v 2^22, d = 6 (s - rint(s)): +-3 steps, wider
  // than the folder's +-1.5 because a word here holds one field, not two or three), so the fine
  // move (s shifts by ~2-24) redraws the dither and the word changes on most moves.
  const auto x = law_input();
  auto dithered = [](const std::vector<float>& v) {
    std::vector<float> m = row_pass(v);
    for (auto& y : m) {
      const float s = y * 4194304.f, d = 6.f * (s - std::rint(s));
      y = std::rint(std::fma(y, 65536.f / 3.f, d));
    }
    return m;
  };
  for (uint64_t seed : {11u, 12u}) {
    const auto c = probe(x, seed, dithered);
    MESSAGE("dithered: " << c.unresolved << " of " << c.judged << " unresolved, "
                         << c.disproportionate << " out of proportion");
    CHECK(c.judged > kH * kW / 2);
    // the change test alone (A == fine) leaves it under the bar: the hole red team 38 found
    CHECK(double(c.unresolved - c.disproportionate) / double(c.judged) < gpu::kUnresolvedBar);
    CHECK(share(c) > 0.5);
    const std::string v = gpu::resolution_verdict(c, "mid", "fp32");
    CHECK(v.find("out of proportion") != std::string::npos);
    // its honest FP32 seed: every judged word moves in proportion
    const auto h = probe(x, seed, row_pass);
    CHECK(h.disproportionate == 0);
    CHECK(h.unresolved == 0);
  }
}

TEST_CASE("red team 38: the proportion test on single words") {
  auto bits = [](float f) {
    uint32_t w;
    std::memcpy(&w, &f, 4);
    return w;
  };
  // base 1.0, coarse moved 1024 steps up: the fine move is expected 4 steps up
  auto one = [&](int fine_steps) {
    const uint32_t a = bits(1.f), c = a + 1024, f = a + uint32_t(fine_steps);
    const uint32_t pre[3] = {0, 0, 0}, post[3] = {a, f, c};
    auto p = [](const uint32_t* w) { return reinterpret_cast<const unsigned char*>(w); };
    return gpu::count_resolution(p(&pre[0]), p(&post[0]), p(&pre[1]), p(&post[1]), p(&pre[2]),
                                 p(&post[2]), 4);
  };
  // in proportion within kProportionSteps + kProportionSlack x 4 = 12 steps of the expected 4
  for (int s : {1, 4, 9, 16, -8}) CHECK(one(s).unresolved == 0);
  // a whole quantum of 2^8 steps (a 16-bit field's), either way, or unchanged
  for (int s : {17, 256, -256, -9}) CHECK(one(s).disproportionate == 1);
  CHECK(one(0).unresolved == 1);
  CHECK(one(0).disproportionate == 0);
}

TEST_CASE("review39: the proportion test on FP64 words counts steps exactly") {
  // FP64 words near 1.5 (bits near 2^62: a double holds such a place on the line only to 512
  // steps). Each word moved 512 steps by the coarse move (judged, barely) and 2 by the fine one:
  // exactly in proportion (2^-8). Before review39 the places were converted to doubles before
  // their difference was taken: a word 255 steps above a multiple of 512 read its fine move as
  // 512 steps, 510 off the expected 2, and every such word was called out of proportion.
  uint64_t one_and_half;
  const double x = 1.5;
  std::memcpy(&one_and_half, &x, 8);
  const size_t n = 300;
  std::vector<uint64_t> pre(n, 0), a(n), fine(n), coarse(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = one_and_half + 1024 * i + 255;
    fine[i] = a[i] + 2;
    coarse[i] = a[i] + 512;
  }
  auto p = [](const std::vector<uint64_t>& v) {
    return reinterpret_cast<const unsigned char*>(v.data());
  };
  const auto c =
      gpu::count_resolution(p(pre), p(a), p(pre), p(fine), p(pre), p(coarse), n * 8, DType::F64);
  CHECK(c.judged == int64_t(n));
  CHECK(c.disproportionate == 0);
  CHECK(c.unresolved == 0);
  // the same words negative (the line's other side)
  std::vector<uint64_t> na(n), nfine(n), ncoarse(n);
  const uint64_t sign = uint64_t(1) << 63;
  for (size_t i = 0; i < n; ++i)
    na[i] = a[i] | sign, nfine[i] = fine[i] | sign, ncoarse[i] = coarse[i] | sign;
  const auto neg =
      gpu::count_resolution(p(pre), p(na), p(pre), p(nfine), p(pre), p(ncoarse), n * 8, DType::F64);
  CHECK(neg.judged == int64_t(n));
  CHECK(neg.disproportionate == 0);
  // a word kept at a 2^9-step quantum still fails: fine moved a whole quantum, 510 off
  for (size_t i = 0; i < n; ++i) fine[i] = a[i] + 512;
  const auto q =
      gpu::count_resolution(p(pre), p(a), p(pre), p(fine), p(pre), p(coarse), n * 8, DType::F64);
  CHECK(q.disproportionate == int64_t(n));
}

TEST_CASE("red team 38: module arrays claim P4m as scratch does, under fp32 or fp64") {
  generators::ResolvedVariant rv;
  rv.precision = "fp32";
  rv.buffers = {law_input()};
  CHECK_FALSE(gpu::resolution_scope(rv).claims);  // no scratch, no array: silent
  auto s = gpu::resolution_scope(rv, 1);
  CHECK(s.claims);
  CHECK(s.movable);
  CHECK(s.measured.empty());
  rv.precision = "fp64";
  CHECK(gpu::resolution_scope(rv, 1).claims);
  for (const char* cls : {"bf16", "fp16"}) {
    rv.precision = cls;
    CHECK_FALSE(gpu::resolution_scope(rv, 1).claims);
  }
}

TEST_CASE("red team 39: a scratch is read as the float words its code stores") {
  // redteam39_wide_word_fields: a u64 scratch stored with st.global.v2.f32 is read as FP32 words
  CHECK(gpu::stored_format(DType::U64, 4) == DType::F32);
  CHECK(gpu::stored_format(DType::I64, 8) == DType::F64);
  CHECK(gpu::stored_format(DType::U32, 8) == DType::F64);  // an FP64 value in a 32-bit scratch
  // no typed store: the dtype's width, as before
  CHECK(gpu::stored_format(DType::U64, 0) == DType::F64);
  CHECK(gpu::stored_format(DType::I32, 0) == DType::F32);
  // 16-bit scratch: its own format (scr38's moves, wit39's witness)
  CHECK(gpu::stored_format(DType::F16, 4) == DType::F16);
  CHECK(gpu::stored_format(DType::BF16, 8) == DType::BF16);
  // honest controls 39: the line naming what is written only (no "; ": the detail is cut there)
  CHECK(gpu::write_only_left_out({}).empty());
  const std::string w = gpu::write_only_left_out({"prof", "module array stamps"});
  CHECK(w.find("written only") != std::string::npos);
  CHECK(w.find("prof, module array stamps") != std::string::npos);
  CHECK(w.find("; ") == std::string::npos);
}

namespace {

// An f64 law input of kH x kW (the moves reach f64 inputs at FP64's resolution).
generators::ResolvedBuffer law_input64() {
  generators::ResolvedBuffer x = law_input("uniform", 0.25, 1);
  x.dtype = DType::F64;
  x.bytes = 8 * x.elements;
  return x;
}

}  // namespace

TEST_CASE("fix40s: FP64 words are judged at FP64's own moves under an fp64 class") {
  // The moves: FP64's own fine move under an fp64 class (16-32 ulps of an FP64 value), FP32's
  // coarse one, judged where it carried 2^38 FP64 steps; FP32's moves under an fp32 class.
  const gpu::ResolutionMoves own = gpu::resolution_moves(DType::F64, "fp64");
  CHECK(own.fine_bits == gpu::kFineBitsFP64);
  CHECK(own.coarse_bits == gpu::kFineBits - gpu::kCoarseGap);
  CHECK(own.min_coarse_steps == (int64_t(1) << 38));
  CHECK(own.significand_bits == 53);
  CHECK(gpu::resolution_moves(DType::U64, "fp64").fine_bits == gpu::kFineBitsFP64);
  CHECK(gpu::resolution_moves(DType::F64, "fp32").fine_bits == gpu::kFineBits);
  CHECK(gpu::resolution_moves(DType::F64).fine_bits == gpu::kFineBits);
  CHECK(gpu::resolution_moves(DType::F32, "fp64").fine_bits == gpu::kFineBits);

  // The row pass of an f64 law draw in FP64 (honest), and red team 39's wide word built in
  // integer code and stored as .f64: the value's high 32 bits (21 significant bits) with two
  // other values' 16-bit fixed-point fields in the low 32 (three values a word).
  const auto x = law_input64();
  std::mt19937_64 g(40);
  std::uniform_real_distribution<double> u(0.25, 1.0);
  std::vector<double> base(size_t(x.elements));
  for (double& v : base) v = u(g);
  auto moved64 = [&](int bits) {
    std::vector<double> m = base;
    gpu::relative_move(x, reinterpret_cast<unsigned char*>(m.data()), bits, 41);
    return m;
  };
  // base, FP32's fine move, FP64's fine move, the coarse move (one move at three sizes)
  const std::vector<double> in[4] = {base, moved64(gpu::kFineBits), moved64(gpu::kFineBitsFP64),
                                     moved64(gpu::kFineBits - gpu::kCoarseGap)};
  {
    // the move is the size said on an f64 input (an f32 input cannot carry it)
    int64_t moved_at_47 = 0, too_far = 0;
    for (size_t i = 0; i < base.size(); ++i) {
      const double r = (in[2][i] - base[i]) / base[i];
      moved_at_47 += r != 0;
      too_far += std::fabs(r) > 0x1.8p-47 * (1 + 0x1p-4);
    }
    CHECK(moved_at_47 == x.elements);
    CHECK(too_far == 0);
    CHECK(float(0.75 * (1 + 0x1p-47)) == 0.75f);
  }
  auto bits64 = [](double f) {
    uint64_t w;
    std::memcpy(&w, &f, 8);
    return w;
  };
  auto blur = [](const std::vector<double>& v) {
    static const double w[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
    std::vector<double> d(v.size());
    for (int row = 0; row < kH; ++row)
      for (int c = 0; c < kW; ++c) {
        double acc = 0;
        for (int k = 0; k < 9; ++k)
          acc += w[k] / 256 * v[size_t(row * kW + std::clamp(c - 4 + k, 0, kW - 1))];
        d[size_t(row * kW + c)] = acc;
      }
    return d;
  };
  enum Store { Honest, WideFields, WidenedFP32 };
  auto words = [&](Store how, const std::vector<double>& v) {
    const std::vector<double> d = blur(v);
    std::vector<uint64_t> out(d.size());
    auto q16 = [](double y) { return uint64_t(std::floor(y * 65536.0)) & 0xffffu; };
    for (size_t i = 0; i < d.size(); ++i) {
      if (how == Honest) out[i] = bits64(d[i]);
      if (how == WidenedFP32) out[i] = bits64(double(float(d[i])));
      if (how == WideFields)
        out[i] = (bits64(d[i]) & 0xffffffff00000000ULL) | (q16(d[(i + 1) % d.size()]) << 16) |
                 q16(d[(i + 2) % d.size()]);
    }
    return out;
  };
  // counts at `m`, fine run `f` (1: FP32's, 2: FP64's), coarse run 3
  auto count = [&](Store how, int f, const gpu::ResolutionMoves& m) {
    std::vector<uint64_t> pre(size_t(x.elements)), post[4];
    for (auto& w : pre) w = g();
    for (int r = 0; r < 4; ++r) post[r] = words(how, in[r]);
    auto p = [](const std::vector<uint64_t>& v) {
      return reinterpret_cast<const unsigned char*>(v.data());
    };
    return gpu::count_resolution(p(pre), p(post[0]), p(pre), p(post[f]), p(pre), p(post[3]),
                                 pre.size() * 8, DType::F64, m);
  };
  const gpu::ResolutionMoves fp32 = gpu::resolution_moves(DType::F64, "fp32");
  const auto honest32 = count(Honest, 1, fp32), cheat32 = count(WideFields, 1, fp32);
  const auto honest64 = count(Honest, 2, own), cheat64 = count(WideFields, 2, own),
             widened64 = count(WidenedFP32, 2, own);
  MESSAGE("FP32's moves: honest " << honest32.unresolved << " of " << honest32.judged
                                  << ", wide fields " << cheat32.unresolved << " of "
                                  << cheat32.judged);
  MESSAGE("FP64's moves: honest " << honest64.unresolved << " of " << honest64.judged
                                  << " (disproportionate " << honest64.disproportionate
                                  << "), wide fields " << cheat64.unresolved << " of "
                                  << cheat64.judged << ", widened FP32 " << widened64.unresolved
                                  << " of " << widened64.judged);
  // Before: at FP32's moves the packed low 32 bits are never tested (red team 39's hole).
  CHECK(cheat32.judged > 30000);
  CHECK(gpu::resolution_verdict(cheat32, "acc", "fp64", DType::F64, fp32).empty());
  CHECK(gpu::resolution_verdict(honest32, "acc", "fp64", DType::F64, fp32).empty());
  // At FP64's own moves: the honest FP64 word passes, the packed word and an FP32 value widened
  // to FP64 (21 and 24 significant bits: a 2^-47 move leaves them as they were) are refused.
  CHECK(honest64.judged > 30000);
  CHECK(double(honest64.unresolved) < 0.05 * double(honest64.judged));
  CHECK(gpu::resolution_verdict(honest64, "acc", "fp64", DType::F64, own).empty());
  CHECK(cheat64.judged > 30000);
  CHECK(double(cheat64.unresolved) > 0.9 * double(cheat64.judged));
  const std::string v = gpu::resolution_verdict(cheat64, "acc", "fp64", DType::F64, own);
  REQUIRE_FALSE(v.empty());
  CHECK(v.find("2^-47") != std::string::npos);
  CHECK(v.find("16-32 ulps of an FP64 value") != std::string::npos);
  CHECK(v.find("2^-10") != std::string::npos);
  CHECK(widened64.judged > 30000);
  CHECK_FALSE(gpu::resolution_verdict(widened64, "acc", "fp64", DType::F64, own).empty());
  // the class's default (resolution_moves of the declared class) is FP64's own under fp64
  CHECK_FALSE(gpu::resolution_verdict(cheat64, "acc", "fp64", DType::F64).empty());
}

TEST_CASE("fix40s: the step's base is a timed run's draw, strata and all") {
  // red team 39's redteam39_resolution_strata_tell: the base was an unstratified fresh draw,
  // told from every timed run by an F test. Now its bytes are the fresh-set check's (a timed
  // run's law: derive_plan's Fresh plan with P6l's strata), and the moves are made from them.
  generators::ResolvedVariant v;
  v.precision = "fp32";
  auto xb = law_input("uniform", 0.25, 1);
  xb.elements = 1 << 16;
  xb.bytes = 4 * xb.elements;
  v.buffers = {xb, scratch_of("mid", DType::F32)};
  const gpu::HostSet zero = gpu::regular_set(v, 7, nullptr);
  const uint64_t seed = 0x40f5;
  const auto base = gpu::resolution_base(v, zero, seed, false, false);
  REQUIRE(base);
  CHECK(base->kind == gpu::SetKind::Fresh);
  CHECK_FALSE(base->on_device);
  CHECK(base->key.find("/resolution-base") != std::string::npos);
  const auto check = gpu::derived_set(v, zero, gpu::SetKind::Fresh, seed);  // the fresh-set check
  REQUIRE(check);
  const auto plan = gpu::derive_plan(v, zero, gpu::SetKind::Fresh, seed, false, false, false);
  const auto flat = gpu::derived_set(v, zero, gpu::SetKind::Fresh, seed, plan);  // before fix40s
  REQUIRE(flat);
  const size_t n = size_t(xb.bytes);
  CHECK(std::memcmp(base->inputs[0]->data.get(), check->inputs[0]->data.get(), n) == 0);
  CHECK(std::memcmp(base->inputs[0]->data.get(), flat->inputs[0]->data.get(), n) != 0);
  CHECK(base->digests[0] == check->digests[0]);
  // the plan carries strata (P6l): positions fall in two strata
  const auto strat = gpu::derive_plan(v, zero, gpu::SetKind::Fresh, seed, false, false);
  REQUIRE(strat.size() == 1);
  CHECK(gpu::perturb_stratum(strat[0].redraw, 0) >= 0);
  CHECK(gpu::perturb_stratum(plan[0].redraw, 0) == -1);
  // the moves are made from that base: FP32's moves change the f32 input, FP64's leave it alone
  // (2^-47 rounds away in an f32 value: the step makes it only where every movable input is f64)
  const gpu::HostSet fine = gpu::resolution_moved_set(v, *base, gpu::kFineBits, seed + 1);
  CHECK(fine.inputs[0] != base->inputs[0]);
  CHECK(fine.digests[0] != base->digests[0]);
  CHECK(fine.key.find("/resolution-2^-18") != std::string::npos);
  const gpu::HostSet own = gpu::resolution_moved_set(v, *base, gpu::kFineBitsFP64, seed + 1);
  CHECK(own.inputs[0] == base->inputs[0]);
  // and an f64 input is moved by it
  v.buffers[0].dtype = DType::F64;
  v.buffers[0].bytes = 8 * v.buffers[0].elements;
  const gpu::HostSet zero64 = gpu::regular_set(v, 7, nullptr);
  const auto base64 = gpu::resolution_base(v, zero64, seed, false, false);
  REQUIRE(base64);
  const gpu::HostSet own64 = gpu::resolution_moved_set(v, *base64, gpu::kFineBitsFP64, seed + 1);
  CHECK(own64.digests[0] != base64->digests[0]);
}
