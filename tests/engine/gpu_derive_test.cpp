// The derived input sets' two paths (engine/backend/gpu/input_sets.h derive_plan / materialise,
// engine/backend/gpu/derive_source.h): the host definition of each transform on known values,
// round trips, the plan both paths share, the bytes an on_device set is given on demand, and
// that the device source compiles with NVRTC for the H200 (the byte-for-byte comparison of the
// two is the worker's self-check, device_derive.cpp, at every worker start on a GPU).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "engine/backend/gpu/derive_source.h"
#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "flat_buffer.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n,
                                  BufferRole role = BufferRole::In) {
  return test::flat_buffer(name, dtype, n, {"uniform", -1.0, 1.0}, role);
}

std::vector<unsigned char> f32_bytes(const std::vector<float>& v) {
  std::vector<unsigned char> out(v.size() * 4);
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

float f32_at(const std::vector<unsigned char>& b, size_t i) {
  float f;
  std::memcpy(&f, b.data() + i * 4, 4);
  return f;
}

}  // namespace

TEST_CASE("scale_pow2: known values, exact, and undone by the opposite power") {
  auto b = buffer("A", DType::F32, 4);
  auto bytes = f32_bytes({1.5f, -0.25f, 3.0f, 0.0f});
  gpu::scale_pow2(b, bytes.data(), 3, true);
  CHECK(f32_at(bytes, 0) == -12.0f);
  CHECK(f32_at(bytes, 1) == 2.0f);
  CHECK(f32_at(bytes, 2) == -24.0f);
  CHECK(f32_at(bytes, 3) == 0.0f);
  gpu::scale_pow2(b, bytes.data(), -3, true);
  CHECK(bytes == f32_bytes({1.5f, -0.25f, 3.0f, 0.0f}));
  // bf16: a power of two moves the exponent only; f16 overflows to infinity past 65504.
  auto h = buffer("H", DType::F16, 1);
  uint16_t v = gpu::half_bits(2.0);
  gpu::scale_pow2(h, reinterpret_cast<unsigned char*>(&v), 16, false);
  CHECK(std::isinf(gpu::half_value(v)));
  auto bf = buffer("B", DType::BF16, 1);
  uint16_t w = gpu::bf16_bits(0.75);
  gpu::scale_pow2(bf, reinterpret_cast<unsigned char*>(&w), 17, false);
  CHECK(gpu::bf16_value(w) == 0.75 * 131072.0);
}

TEST_CASE("sign flips and heavy signs: the same seed twice is the identity / never grows") {
  auto b = buffer("A", DType::F32, 5000);
  std::vector<float> v(5000);
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(i % 17) - 8.0f;
  auto base = f32_bytes(v);
  auto bytes = base;
  int64_t n = gpu::sparse_sign_flips(b, bytes.data(), 99);
  CHECK(n > 0);
  CHECK(bytes != base);
  CHECK(gpu::sparse_sign_flips(b, bytes.data(), 99) == n);
  CHECK(bytes == base);  // XOR of the same sign bits
  auto heavy = base;
  gpu::heavy_signed(b, heavy.data(), 5);
  for (size_t i = 0; i < v.size(); ++i) CHECK(std::fabs(f32_at(heavy, i)) <= std::fabs(v[i]));
  // Pinned: the host definition is what the device source (derive_source.cpp) mirrors; if this
  // value changes, the kernels must change with it (the worker's self-check would refuse them).
  CHECK(gpu::digest(heavy.data(), heavy.size()) == 4803031003872958396ULL);
  // The same on f16, whose rounding code the device source repeats.
  auto h = buffer("H", DType::F16, 5000);
  std::vector<unsigned char> half(5000 * 2);
  for (size_t i = 0; i < 5000; ++i) {
    uint16_t bits = gpu::half_bits(v[i] * 0.37);
    std::memcpy(half.data() + i * 2, &bits, 2);
  }
  gpu::heavy_signed(h, half.data(), 5);
  CHECK(gpu::digest(half.data(), half.size()) == 14943619443124452792ULL);
  auto again = base;
  gpu::heavy_signed(b, again.data(), 5);
  CHECK(again == heavy);
  auto other = base;
  gpu::heavy_signed(b, other.data(), 6);
  CHECK(other != heavy);
}

TEST_CASE("derive_plan: what derived_set applies, and what an on_device set is given later") {
  generators::ResolvedVariant v;
  v.precision = "fp32";
  v.buffers = {buffer("A", DType::F32, 3000), buffer("B", DType::BF16, 3000),
               buffer("C", DType::F32, 3000, BufferRole::Out)};
  auto s = gpu::regular_set(v, 11, nullptr);
  for (auto kind : {gpu::SetKind::ExponentUp, gpu::SetKind::ExponentDown, gpu::SetKind::HeavySigned,
                    gpu::SetKind::Fresh}) {
    CAPTURE(gpu::to_string(kind));
    auto plan = gpu::derive_plan(v, s, kind, 77);
    REQUIRE(plan.size() == 2);  // A and B, never the output
    CHECK(plan[0].buffer == 0);
    CHECK(plan[1].buffer == 1);
    CHECK(plan[0].seed != plan[1].seed);
    if (kind == gpu::SetKind::ExponentUp) {
      CHECK(plan[0].e > 0);
      CHECK(plan[0].negate != plan[1].negate);  // every other buffer negated: signs tested
    }
    if (kind == gpu::SetKind::ExponentDown) CHECK(plan[0].e < 0);
    auto host = gpu::derived_set(v, s, kind, 77);
    REQUIRE(host);
    CHECK(host->key == gpu::derived_key(s.key, kind, 77));
    // An on_device set as DeviceBuffers::add_device_set leaves it: no bytes where it transforms.
    gpu::HostSet dev;
    dev.key = host->key;
    dev.kind = kind;
    dev.seed = 77;
    dev.plan = plan;
    dev.on_device = true;
    dev.inputs = s.inputs;
    dev.digests = s.digests;
    for (const auto& t : plan) dev.inputs[t.buffer] = nullptr, dev.digests[t.buffer] = 0;
    gpu::materialise(v, s, dev);
    CHECK_FALSE(dev.on_device);
    CHECK(dev.digests == host->digests);
    for (size_t i = 0; i < 2; ++i) {
      REQUIRE(dev.inputs[i]);
      CHECK(std::memcmp(dev.inputs[i]->data.get(), host->inputs[i]->data.get(),
                        host->inputs[i]->size) == 0);
    }
  }
  // The output buffer and a dist_fixed input are never in a plan.
  v.buffers[1].dist_fixed = true;
  CHECK(gpu::derive_plan(v, s, gpu::SetKind::HeavySigned, 1).size() == 1);
}

// The second look's keyed class echoes (second_look.h, helper h32fast) are derived on the device
// from the judging set, not set 0: an on_device set names its base (HostSet::base), and its host
// bytes, made on demand, are that set's echo by the keyed map (echo_map.h), not set 0's.
TEST_CASE("an echo set derived from the judging set is materialised from the judging set") {
  generators::ResolvedVariant v;
  v.precision = "fp32";
  v.buffers = {buffer("A", DType::F32, 4099), buffer("C", DType::F32, 4099, BufferRole::Out)};
  const auto s0 = gpu::regular_set(v, 11, nullptr);
  const auto judging = gpu::regular_set(v, 0x9a7c3e11, nullptr);
  gpu::BufferTransform t;
  t.buffer = 0;
  t.op = gpu::TransformOp::Echo;
  t.echo = gpu::EchoMap{gpu::EchoFamily::Strided, 1, 1, 77, false, 0x9a7c3e11};
  gpu::HostSet dev;  // as add_device_set leaves it (base 1: the judging set's index)
  dev.on_device = true;
  dev.base = 1;
  dev.plan = {t};
  dev.inputs = judging.inputs;
  dev.digests = judging.digests;
  dev.inputs[0] = nullptr, dev.digests[0] = 0;
  const std::vector<gpu::HostSet> sets = {s0, judging};
  gpu::materialise(v, sets[size_t(dev.base)], dev);
  std::vector<unsigned char> want(judging.inputs[0]->data.get(),
                                  judging.inputs[0]->data.get() + judging.inputs[0]->size);
  gpu::apply_echo(t.echo, want.data(), 4099, 4);
  REQUIRE(dev.inputs[0]);
  CHECK(std::memcmp(dev.inputs[0]->data.get(), want.data(), want.size()) == 0);
  CHECK(std::memcmp(want.data(), judging.inputs[0]->data.get(), want.size()) != 0);  // it moved
  CHECK(dev.digests[0] != judging.digests[0]);
}

TEST_CASE("the derivation source: float types only, and it compiles with NVRTC for sm_90") {
  CHECK(gpu::derive_type(DType::F16) == gpu::DeriveType::F16);
  CHECK(gpu::derive_type(DType::BF16) == gpu::DeriveType::BF16);
  CHECK_FALSE(gpu::derive_type(DType::I32).has_value());
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  auto r = generators::nvrtc_compile(gpu::derive_source(), "solver_derive.cu",
                                     gpu::derive_options("sm_90"));
  INFO(r.log);
  CHECK(r.ok);
  CHECK_FALSE(r.cubin.empty());
  // No fused multiply-add anywhere: the host rounds every product on its own.
  CHECK(r.ptx.find("fma.") == std::string::npos);
}
