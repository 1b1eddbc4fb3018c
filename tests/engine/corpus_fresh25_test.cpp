// The twenty-fifth fresh batch (tests/corpus_fresh25, helper f25, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-five earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in a few seconds). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh25.sh or scripts/gpu/run.sh
// corpus_fresh25), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: four classes (alu_compute, constant_cache,
// small_grid, issue_bound), none `unexplained` (every cost found has a class); five since
// Hausdorff's relabel to cache_resident_reuse after the first score (helper c38).
TEST_CASE(
    "the twenty-fifth fresh batch: labelled, attributed, apart from the twenty-five earlier "
    "corpora") {
  const std::string fresh25 = source_dir() + "/tests/corpus_fresh25";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh25);
  CHECK(batch.kernels.size() == 5);
  check_fresh_batch(batch, corpora_before(25), 4, 0);
  check_listed(fresh25, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-fifth batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh25");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. MD5's and popcount's at most 32 registers keep eight 256-thread
  // blocks (64 warps) an SM, so the ALU pipe and the constant cache, not occupancy, set their
  // time; Romberg's 8,704 bytes of dynamic shared memory (17 doubles a thread) and at most 64
  // registers would fit 16 of its 64-thread blocks an SM, so its two warps an SM are the grid's
  // doing (128 blocks), not a resource limit; FHd's and Hausdorff's 391 blocks put three on an SM,
  // which any count up to 80 registers allows, so their six warps a scheduler are the grid's too.
  // No spill.
  CHECK(regs("shoc_md5hash_search") <= 32);
  CHECK(smem("shoc_md5hash_search") == "0");
  CHECK(regs("hecb_popcount_lut_const") <= 32);
  CHECK(smem("hecb_popcount_lut_const") == "0");
  CHECK(regs("hecb_romberg_fp64") <= 64);
  CHECK(smem("hecb_romberg_fp64") == "8704");
  CHECK(regs("hecb_fhd_sincos") <= 80);
  CHECK(smem("hecb_fhd_sincos") == "0");
  CHECK(regs("hecb_hausdorff_min_dist") <= 80);
  CHECK(smem("hecb_hausdorff_min_dist") == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
