// The physical floor's byte side (engine/backend/floor_bytes.h): written bytes the L2 can hold
// dirty at a run's end are not counted. Live on the H100 (docs/results/h100-2026-12-05c, call2) an
// honest control, control_redteam18_boys_gauss (64 MiB read, 64 MiB written), ran in 36.5 us and
// was refused as too_fast against a floor of 40.06 us: all 134 MB at 3.35 TB/s.
#include <doctest/doctest.h>

#include "engine/backend/floor_bytes.h"
#include "engine/loop/round_loop.h"
#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

using namespace solver;

namespace {
generators::ResolvedBuffer buffer(generators::BufferRole role, int64_t bytes) {
  generators::ResolvedBuffer b;
  b.role = role;
  b.bytes = bytes;
  return b;
}
}  // namespace

TEST_CASE("written bytes up to the L2's size come off the declared bytes, reads never do") {
  using R = generators::BufferRole;
  const double mib = 1024.0 * 1024.0;
  std::vector<generators::ResolvedBuffer> bufs = {buffer(R::In, 64 * mib),
                                                  buffer(R::Out, 64 * mib)};
  CHECK(engine::floor_dram_bytes(128 * mib, bufs, 50 * mib) == 78 * mib);  // the L2 caps it
  CHECK(engine::floor_dram_bytes(128 * mib, bufs, 0) == 128 * mib);        // unknown L2: all
  // A small output comes off whole; an InOut buffer counts as written; scratch does not.
  bufs = {buffer(R::In, 64 * mib), buffer(R::InOut, 4 * mib), buffer(R::Scratch, 32 * mib)};
  CHECK(engine::floor_dram_bytes(72 * mib, bufs, 50 * mib) == 68 * mib);
  // Never below zero, whatever the problem declares.
  bufs = {buffer(R::Out, 64 * mib)};
  CHECK(engine::floor_dram_bytes(8 * mib, bufs, 50 * mib) == 0);
  CHECK(engine::floor_dram_bytes(0, bufs, 50 * mib) == 0);
}

TEST_CASE(
    "the loop's floor keeps the H100's measured honest time of control_redteam18_boys_gauss") {
  const std::string root = SOLVER_SOURCE_DIR;
  const auto spec = generators::load_problem(root + "/tests/cheats/control_redteam18_boys_gauss");
  const auto chips = rules::load_chip_table(root + "/rules/chips.yaml");
  const auto* h100 = chips.find("h100_sxm");
  REQUIRE(h100);
  const generators::VariantSpec* child = spec.find_variant("control");
  REQUIRE(child);
  generators::KnobValues knobs;
  const double floor = engine::floor_us(spec, generators::Incumbent{"control", knobs}, *h100);
  // Measured live: 36.5 us. Before this fix the floor was 134,217,728 B / 3,350 GB/s = 40.06 us.
  CHECK(floor < 36.5);
  // The reads alone (64 MiB at 3.35 TB/s, 20.0 us) still bound it from below.
  CHECK(floor > 20.0);
}
