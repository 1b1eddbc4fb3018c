// The device input check's digest (engine/backend/gpu/keyed_digest.h) on the host: what it must
// tell apart, and that its kernel source compiles for the H200 (where NVRTC is present).
#include <doctest/doctest.h>

#include <vector>

#include "engine/backend/gpu/keyed_digest.h"
#include "generators/nvrtc_compiler.h"

using solver::gpu::keyed_digest;

namespace {
std::vector<unsigned char> pattern(size_t n) {
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(i * 131 + 7);
  return v;
}
}  // namespace

TEST_CASE(
    "keyed digest: any change of a byte, a swap of two words, a new length or key changes it") {
  auto v = pattern(4096 + 5);
  const uint64_t key = 0x1234567890abcdefULL;
  const uint64_t d = keyed_digest(v.data(), v.size(), key);
  CHECK(keyed_digest(v.data(), v.size(), key) == d);  // deterministic
  CHECK(keyed_digest(v.data(), v.size(), key + 1) != d);
  for (size_t at :
       {size_t(0), size_t(7), size_t(8), size_t(2048), size_t(4095), size_t(4096), size_t(4100)}) {
    auto w = v;
    w[at] ^= 0x80;  // a sign flip of the element holding this byte
    CHECK_MESSAGE(keyed_digest(w.data(), w.size(), key) != d, "byte ", at);
  }
  // A word moved to another place: the sum alone would not see it, the index in the mix does.
  auto s = v;
  std::swap_ranges(s.begin(), s.begin() + 8, s.begin() + 64);
  CHECK(keyed_digest(s.data(), s.size(), key) != d);
  // The partial last word: a shorter buffer whose bytes are a prefix differs.
  CHECK(keyed_digest(v.data(), v.size() - 1, key) != d);
  CHECK(keyed_digest(v.data(), 4096, key) != keyed_digest(v.data(), 4096 + 1, key));
  // Zeros: not a fixed point (a zeroed input must not digest like an empty one).
  std::vector<unsigned char> z(64, 0);
  CHECK(keyed_digest(z.data(), z.size(), key) != 0);
  CHECK(keyed_digest(z.data(), 0, key) == 0);
}

TEST_CASE("keyed digest: the kernel source compiles with NVRTC for sm_90") {
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("skipped: " << solver::generators::nvrtc_unavailable_reason());
    return;
  }
  auto r = solver::generators::nvrtc_compile(solver::gpu::keyed_digest_source(), "solver_digest.cu",
                                             {"--gpu-architecture=sm_90", "-default-device"});
  INFO(r.log);
  CHECK(r.ok);
  CHECK_FALSE(r.cubin.empty());
}
