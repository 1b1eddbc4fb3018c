// The local-memory scrub (engine/backend/gpu/local_scrub.h, red team 9) without a GPU: its kernel,
// compiled by NVRTC as the worker compiles it, has exactly the frame it is asked for (ptxas -v),
// down to two words, so before a run it rewrites every byte of the candidate's frame; and the
// red-team child it answers does have a frame (the worker scrubs only variants that have one).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/backend/gpu/local_scrub_source.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptxas_info.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver;

namespace {
int64_t scrub_frame(int words) {
  auto opts = gpu::local_scrub_options("sm_90", words);
  opts.push_back("--ptxas-options=-v");
  auto c = generators::nvrtc_compile(gpu::local_scrub_source(), "solver_local_scrub.cu", opts);
  REQUIRE_MESSAGE(c.ok, c.error, c.log);
  auto usage = generators::parse_ptxas_usage(c.log);
  REQUIRE(usage.size() == 1);
  return usage[0].stack_bytes;
}
}  // namespace

TEST_CASE("the local scrub's frame is the size asked for, and the local carry has one") {
  if (!generators::nvrtc_available()) {
    MESSAGE("NVRTC not available: " << generators::nvrtc_unavailable_reason());
    return;
  }
  // A dead store is removed, a small array becomes registers: the source keeps every word.
  for (int words : {2, 10, 450, 4096}) {
    CAPTURE(words);
    CHECK(scrub_frame(words) == 4 * words);
  }
  // redteam9_local_carry's child: a 1,800-byte frame (the carry 1 KiB in), which the worker
  // rewrites with a scrub of 450 words before every run; the seed has none and pays nothing.
  auto chip = generators::test::test_chip();
  int seen = 0;
  for (const auto& spec :
       generators::load_problems(generators::test::source_dir() + "/tests/cheats")) {
    if (spec.name != "redteam9_local_carry" && spec.name != "control_redteam9_devillard_median9")
      continue;
    for (const auto& v : spec.variants) {
      auto rv = generators::resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = generators::compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      int64_t frame = 0;
      for (const auto& u : generators::parse_ptxas_usage(c.log))
        frame = std::max(frame, u.stack_bytes);
      CAPTURE(rv.key);
      const bool local = v.id == "cheat" || (v.id == "honest" && spec.name[0] == 'c');
      CHECK((frame > 0) == local);  // the median control's seed sorts in local memory
      if (frame > 0) CHECK(scrub_frame(int((frame + 3) / 4)) == frame);
      ++seen;
    }
  }
  CHECK(seen == 4);
}

TEST_CASE(
    "red team 12: the callee-stack carry's entry has no frame; the stack its call reaches does") {
  if (!generators::nvrtc_available()) {
    MESSAGE("NVRTC not available: " << generators::nvrtc_unavailable_reason());
    return;
  }
  auto chip = generators::test::test_chip();
  int seen = 0;
  for (const auto& spec :
       generators::load_problems(generators::test::source_dir() + "/tests/cheats")) {
    if (spec.name != "redteam12_callee_stack_carry") continue;
    for (const auto& v : spec.variants) {
      if (v.id != "cheat") continue;
      auto rv = generators::resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = generators::compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      const auto usage = generators::parse_ptxas_usage(c.log);
      std::vector<std::string> entries;
      for (const auto& l : rv.launches) entries.push_back(l.entry);
      // What main sized the scrub by (the entries' own frames, as the driver's attribute):
      // nothing, so no scrub ran.
      for (const auto& u : usage)
        if (u.entry == "window_stack_carry") {
          CHECK(u.cumulative_stack_bytes >= 4 * 161);
          ++seen;
        }
      // The depth the worker now scrubs: at least the carry's 161 words, and the module's
      // second entry (no bound printed) makes the driver's stack limit decide too.
      const generators::StackDepth d = generators::deepest_stack(usage, entries);
      CHECK(d.bytes >= 4 * 161);
      CHECK(d.unknown);
      CHECK(scrub_frame(int((d.bytes + 3) / 4)) == (d.bytes + 3) / 4 * 4);
    }
  }
  CHECK(seen == 1);
}
