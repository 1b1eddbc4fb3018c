// The lint's echo maps (engine/backend/gpu/echo_map.h), the one definition behind the host echoes
// and the device's: each family against its plain statement (sample_lint.h, law_regions.h), on
// many threads as on one, and the two host echoes built on it.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/sample_lint.h"
#include "flat_buffer.h"

using namespace solver;
using gpu::EchoFamily;
using gpu::EchoMap;

TEST_CASE("echo maps: each family moves what its statement says, threaded or not") {
  const uint64_t n = 3 * (uint64_t(1) << 18) + 5;  // several chunks, an odd count
  std::vector<uint32_t> base(n);
  for (uint64_t i = 0; i < n; ++i) base[i] = uint32_t(i * 2654435761u);
  auto run = [&](const EchoMap& m, int threads) {
    std::vector<uint32_t> v = base;
    gpu::apply_echo(m, reinterpret_cast<unsigned char*>(v.data()), n, 4, threads);
    return v;
  };
  // Positions: odd blocks of 4 copy their even neighbours' elements (i ^ 4).
  {
    const auto v = run(EchoMap{EchoFamily::Positions, 4, 1, 0}, 4);
    for (uint64_t i = 0; i < n; ++i) {
      const bool odd_block = (i / 4) & 1;
      const uint64_t want = odd_block && (i ^ 4) < n ? base[i ^ 4] : base[i];
      REQUIRE(v[i] == want);
    }
    CHECK(v == run(EchoMap{EchoFamily::Positions, 4, 1, 0}, 1));
  }
  // Pair families: the odd position of each pair in the class copies the even one.
  const uint64_t pairs = n / 2;
  for (EchoFamily f : {EchoFamily::Contiguous, EchoFamily::Hashed, EchoFamily::Strided}) {
    const EchoMap m{f, 1, 1, 7};
    const auto v = run(m, 4);
    uint64_t moved = 0;
    for (uint64_t j = 0; j < pairs; ++j) {
      const uint64_t cls = f == EchoFamily::Strided   ? j % 256
                           : f == EchoFamily::Hashed ? gpu::echo_mix(j) % 32
                                                     : j * 32 / pairs;
      REQUIRE(v[2 * j] == base[2 * j]);
      REQUIRE(v[2 * j + 1] == (cls == 7 ? base[2 * j] : base[2 * j + 1]));
      moved += cls == 7;
    }
    CHECK(v[n - 1] == base[n - 1]);  // the last element has no partner
    CHECK(moved > pairs / 300);
    CHECK(v == run(m, 1));
  }
}

TEST_CASE("echo maps: the host echoes of the lint are the maps applied to a copy") {
  const auto b = test::flat_buffer("x", generators::DType::F64, 1001, {"uniform", -1.0, 1.0});
  gpu::HostInput in;
  in.size = 1001 * 8;
  in.data.reset(new unsigned char[in.size]);
  for (size_t i = 0; i < 1001; ++i) {
    const double v = double(i) + 0.5;
    std::memcpy(in.data.get() + i * 8, &v, 8);
  }
  auto at = [](const gpu::HostInput& h, size_t i) {
    double v;
    std::memcpy(&v, h.data.get() + i * 8, 8);
    return v;
  };
  const auto odd = gpu::echo_positions(b, in, 1, 2);
  CHECK(at(*odd, 2) == at(in, 0));  // block 2 is odd: copies block 0
  CHECK(at(*odd, 1) == at(in, 1));
  CHECK(at(in, 2) == 2.5);          // the input itself is untouched
  const auto strided = gpu::echo_region(b, in, gpu::EchoRegion{gpu::RegionFamily::Strided, 3});
  CHECK(at(*strided, 7) == at(in, 6));  // pair 3's odd position
  CHECK(at(*strided, 9) == at(in, 9));  // pair 4 is another class
  CHECK(gpu::region_of(gpu::RegionFamily::Contiguous, 0, 500) == 0);
  CHECK(gpu::region_of(gpu::RegionFamily::Contiguous, 499, 500) == 31);
}
