// The keys that let the worker reuse an exponent-range set's plan and float64 reference across
// gates (engine/backend/gpu/set_content_key.h), and the reference cache's bound (byte_lru.h)
// with the entry cap it is given: equal content, equal key; anything that changes the bytes,
// another key; a set that draws from its seed is never shared between gates.
#include <doctest/doctest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/gpu/byte_lru.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/set_content_key.h"
#include "flat_buffer.h"

using namespace solver;
using generators::BufferRole;
using generators::DType;

namespace {

generators::ResolvedBuffer buffer(const std::string& name, DType dtype, int64_t n,
                                  BufferRole role = BufferRole::In) {
  return test::flat_buffer(name, dtype, n, {"uniform", -1.0, 1.0}, role);
}

generators::ResolvedVariant variant() {
  generators::ResolvedVariant v;
  v.precision = "fp32";
  v.buffers = {buffer("A", DType::F32, 3000), buffer("B", DType::F32, 3000),
               buffer("C", DType::F32, 3000, BufferRole::Out)};
  return v;
}

bool same_bytes(const gpu::HostSet& a, const gpu::HostSet& b) {
  if (a.inputs.size() != b.inputs.size()) return false;
  for (size_t i = 0; i < a.inputs.size(); ++i) {
    if (!a.inputs[i] || !b.inputs[i]) {
      if (a.inputs[i] != b.inputs[i]) return false;
      continue;
    }
    if (a.inputs[i]->size != b.inputs[i]->size ||
        std::memcmp(a.inputs[i]->data.get(), b.inputs[i]->data.get(), a.inputs[i]->size) != 0)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("exponent-range sets: two gates' seeds, one set, one key; bytes equal") {
  auto v = variant();
  auto base = gpu::regular_set(v, 11, nullptr);
  for (auto kind : {gpu::SetKind::ExponentUp, gpu::SetKind::ExponentDown}) {
    CAPTURE(gpu::to_string(kind));
    auto p1 = gpu::derive_plan(v, base, kind, 1001);
    auto p2 = gpu::derive_plan(v, base, kind, 2002);
    REQUIRE(gpu::seed_free(p1));
    CHECK(gpu::derived_set_key(base, kind, 1001, p1) == gpu::derived_set_key(base, kind, 2002, p2));
    // The premise of sharing the key: the two gates' sets hold the same bytes.
    auto s1 = gpu::derived_set(v, base, kind, 1001, p1);
    auto s2 = gpu::derived_set(v, base, kind, 2002, p2);
    REQUIRE(s1);
    REQUIRE(s2);
    CHECK(same_bytes(*s1, *s2));
    CHECK(s1->digests == s2->digests);
    // The plan's key is the same for both gates, and names nothing of the seed.
    CHECK(gpu::exponent_plan_key("p", v, base, kind) == gpu::exponent_plan_key("p", v, base, kind));
    CHECK_FALSE(gpu::exponent_plan_key("p", v, base, kind).empty());
  }
  // Up and down are different sets.
  auto up = gpu::derive_plan(v, base, gpu::SetKind::ExponentUp, 1);
  auto down = gpu::derive_plan(v, base, gpu::SetKind::ExponentDown, 1);
  CHECK(gpu::derived_set_key(base, gpu::SetKind::ExponentUp, 1, up) !=
        gpu::derived_set_key(base, gpu::SetKind::ExponentDown, 1, down));
  CHECK(gpu::exponent_plan_key("p", v, base, gpu::SetKind::ExponentUp) !=
        gpu::exponent_plan_key("p", v, base, gpu::SetKind::ExponentDown));
}

TEST_CASE("exponent-range keys: another power, sign, base set or layout is another key") {
  auto v = variant();
  auto base = gpu::regular_set(v, 11, nullptr);
  auto plan = gpu::derive_plan(v, base, gpu::SetKind::ExponentUp, 5);
  REQUIRE(plan.size() == 2);
  const std::string key = gpu::derived_set_key(base, gpu::SetKind::ExponentUp, 5, plan);
  auto other = plan;
  other[0].e += 1;
  CHECK(gpu::derived_set_key(base, gpu::SetKind::ExponentUp, 5, other) != key);
  other = plan;
  other[1].negate = !other[1].negate;
  CHECK(gpu::derived_set_key(base, gpu::SetKind::ExponentUp, 5, other) != key);
  // Another standing set (its key and its bytes' digests).
  auto base2 = gpu::regular_set(v, 12, nullptr);
  CHECK(gpu::derived_set_key(base2, gpu::SetKind::ExponentUp, 5, plan) != key);
  // The same key text with other bytes (a digest differs): another key.
  auto forged = base;
  forged.digests[0] ^= 1;
  CHECK(gpu::derived_set_key(forged, gpu::SetKind::ExponentUp, 5, plan) != key);

  const std::string pk = gpu::exponent_plan_key("matmul", v, base, gpu::SetKind::ExponentUp);
  CHECK(gpu::exponent_plan_key("softmax", v, base, gpu::SetKind::ExponentUp) != pk);
  CHECK(gpu::exponent_plan_key("matmul", v, forged, gpu::SetKind::ExponentUp) != pk);
  auto fp16 = v;
  fp16.precision =
      "fp16";  // an fp16 variant's exponent set stays in FP16's range: its plan differs
  CHECK(gpu::exponent_plan_key("matmul", fp16, base, gpu::SetKind::ExponentUp) != pk);
  const auto half_plan = gpu::derive_plan(fp16, base, gpu::SetKind::ExponentUp, 5);
  REQUIRE(half_plan.size() == plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) CHECK(half_plan[i].e == plan[i].e - 14);
  auto wider = v;
  wider.buffers[0].init.b = 2.0;  // another distribution: another scan
  CHECK(gpu::exponent_plan_key("matmul", wider, base, gpu::SetKind::ExponentUp) != pk);
  auto fixed = v;
  fixed.buffers[1].dist_fixed = true;  // B leaves the plan
  CHECK(gpu::exponent_plan_key("matmul", fixed, base, gpu::SetKind::ExponentUp) != pk);
}

TEST_CASE("sets drawn from the seed keep it in their key: no gate shares them") {
  auto v = variant();
  auto base = gpu::regular_set(v, 11, nullptr);
  for (auto kind : {gpu::SetKind::HeavySigned, gpu::SetKind::HeavyMagnitude, gpu::SetKind::Fresh}) {
    CAPTURE(gpu::to_string(kind));
    auto p1 = gpu::derive_plan(v, base, kind, 1001);
    auto p2 = gpu::derive_plan(v, base, kind, 2002);
    REQUIRE_FALSE(p1.empty());
    CHECK_FALSE(gpu::seed_free(p1));
    CHECK(gpu::derived_set_key(base, kind, 1001, p1) == gpu::derived_key(base.key, kind, 1001));
    CHECK(gpu::derived_set_key(base, kind, 1001, p1) != gpu::derived_set_key(base, kind, 2002, p2));
    CHECK(gpu::exponent_plan_key("p", v, base, kind).empty());
    auto s1 = gpu::derived_set(v, base, kind, 1001, p1);
    auto s2 = gpu::derived_set(v, base, kind, 2002, p2);
    REQUIRE(s1);
    REQUIRE(s2);
    CHECK_FALSE(same_bytes(*s1, *s2));  // why the seed must stay in the key
  }
  CHECK_FALSE(gpu::seed_free({}));
}

TEST_CASE("reference cache bound: the entry cap evicts least recently used, bytes still hold") {
  gpu::ByteLru<int> c(1000, 3);
  CHECK(c.max_entries() == 3);
  CHECK(c.put("a", 1, 10));
  CHECK(c.put("b", 2, 10));
  CHECK(c.put("c", 3, 10));
  REQUIRE(c.find("a"));  // b is now the least recently used
  CHECK(c.put("d", 4, 10));
  CHECK(c.entries() == 3);
  CHECK(c.find("b") == nullptr);
  CHECK(c.find("a"));
  CHECK(c.evictions() == 1);
  // Replacing a key does not count against the cap.
  CHECK(c.put("d", 5, 10));
  CHECK(c.entries() == 3);
  CHECK(c.evictions() == 1);
  // The byte cap still evicts below the entry cap.
  CHECK(c.put("big", 6, 995));
  CHECK(c.entries() == 1);
  CHECK(c.bytes() == 995);
  // Without an entry cap, only bytes bound it.
  gpu::ByteLru<int> u(1000);
  for (int i = 0; i < 50; ++i) CHECK(u.put(std::to_string(i), i, 1));
  CHECK(u.entries() == 50);
}

TEST_CASE("the worker's use: a problem's standing and exponent sets survive its gates' churn") {
  // Per gate, as Worker::gate touches them: 3 standing sets, the 2 exponent-range sets (one
  // content key for every gate), then the gate's own heavy and fresh sets and the pairs' fresh
  // set (a new key each gate). 512 MiB a set (matmul_scalar's float64 output), the worker's
  // 8 GiB / 64-entry bound: after the first gate, every standing and exponent lookup hits.
  const size_t set = size_t(512) << 20;
  gpu::ByteLru<int> c(size_t(8) << 30, 64);
  auto touch = [&](const std::string& k) {
    if (c.find(k)) return true;
    c.put(k, 0, set);
    return false;
  };
  int shared_misses = 0;
  for (int gate = 0; gate < 20; ++gate) {
    for (const char* k : {"s0", "s1", "s2", "up", "down"}) shared_misses += !touch(k);
    for (const char* k : {"heavy", "fresh", "pairs fresh"}) touch(k + std::to_string(gate));
  }
  CHECK(shared_misses == 5);  // the first gate's only
  CHECK(c.bytes() <= c.max_bytes());
  // The 8 entries of the cache before: the exponent sets went every gate.
  gpu::ByteLru<int> old(size_t(1) << 40, 8);
  auto touch_old = [&](const std::string& k) {
    if (old.find(k)) return true;
    old.put(k, 0, set);
    return false;
  };
  int old_misses = 0;
  for (int gate = 0; gate < 20; ++gate) {
    for (const char* k : {"s0", "s1", "s2", "up", "down"}) old_misses += !touch_old(k);
    for (const char* k : {"heavy", "magnitude", "fresh", "pairs fresh"})
      touch_old(k + std::to_string(gate));
  }
  CHECK(old_misses > 5);
}
