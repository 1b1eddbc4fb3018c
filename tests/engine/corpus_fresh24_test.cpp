// The twenty-fourth fresh batch (tests/corpus_fresh24, helper f24, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-four earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in a few seconds). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh24.sh or scripts/gpu/run.sh
// corpus_fresh24), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: five classes (shared_data_pipe, issue_bound,
// barrier_bound, dram_near_roof, unexplained), one of the five `unexplained`; four classes and two
// `unexplained` since Matern's relabel after the first score (helper c38).
TEST_CASE(
    "the twenty-fourth fresh batch: labelled, attributed, apart from the twenty-four earlier "
    "corpora") {
  const std::string fresh24 = source_dir() + "/tests/corpus_fresh24";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh24);
  CHECK(batch.kernels.size() == 5);
  check_fresh_batch(batch, corpora_before(24), 4, 2);
  check_listed(fresh24, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-fourth batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh24");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The entropy's 16 KB of shared counters and at most 32 registers
  // keep eight 256-thread blocks (64 warps) an SM, so its wavefronts, not occupancy, set the
  // time; pnpoly keeps 64 warps an SM for its issue arithmetic; Matern's 1024-thread blocks fit
  // two an SM whatever their registers (at most 32 keep that), its shared arrays 4192 bytes; the
  // Haar pass keeps eight 256-thread blocks with the 2 KB of dynamic shared memory its launch
  // asks for;
  // make_back's one-warp blocks are capped at 32 an SM by the block limit, not by its registers
  // (at most 32) or shared memory (none). No spill.
  CHECK(regs("hecb_entropy_shared_count") <= 32);
  CHECK(smem("hecb_entropy_shared_count") == "16384");
  CHECK(regs("hecb_pnpoly_base") <= 32);
  CHECK(smem("hecb_pnpoly_base") == "0");
  CHECK(regs("hecb_matern_block_sum") <= 32);
  CHECK(smem("hecb_matern_block_sum") == "4192");
  CHECK(regs("hecb_hwt1d_haar") <= 32);
  CHECK(smem("hecb_hwt1d_haar") == "2048");
  CHECK(regs("hecb_dslash_make_back") <= 32);
  CHECK(smem("hecb_dslash_make_back") == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
