// The twenty-seventh fresh batch (tests/corpus_fresh27, helper f27, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-seven earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/probe_fresh27.sh or scripts/gpu/run.sh corpus_fresh27), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run (commit 2d93e4bc): five classes (uncoalesced,
// small_grid, low_ilp, dependent_load_latency, unexplained), one of them `unexplained`.
TEST_CASE(
    "the twenty-seventh fresh batch: labelled, attributed, apart from the twenty-seven earlier "
    "corpora") {
  const std::string fresh27 = source_dir() + "/tests/corpus_fresh27";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh27);
  CHECK(batch.kernels.size() == 5);
  check_fresh_batch(batch, corpora_before(27), 5, 1);
  check_listed(fresh27, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-seventh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh27");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on; none uses shared memory. The compositor at most 40 registers: its
  // occupancy (15.6 warps an SM) is the launch's 1028 blocks of 64, not registers (a 64-thread
  // block at <= 40 registers fits 32 an SM). The ball query at most 64: any SM could hold its
  // 256-thread blocks, so its 68 idle SMs are the chunking's doing. The PDF sampler at most 64:
  // its 7.75 warps an SM are the launch's 1024 one-warp blocks. The gather tree at most 64 (one
  // block of 128 threads: registers cannot be its limit). The volume splat at most 64 registers:
  // its 7.75 warps an SM are the launch's 1024 one-warp blocks.
  CHECK(regs("p3d_alpha_composite_fwd") <= 40);
  CHECK(regs("p3d_ball_query") <= 64);
  CHECK(regs("p3d_sample_pdf") <= 64);
  CHECK(regs("ft_gather_tree") <= 64);
  CHECK(regs("p3d_points_to_volumes") <= 64);
  for (const auto& kv : seed) {
    CHECK_MESSAGE(smem(kv.first.c_str()) == "0", kv.first);
    CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
  }
}
