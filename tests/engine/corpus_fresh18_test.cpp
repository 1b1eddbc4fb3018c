// The eighteenth fresh batch (tests/corpus_fresh18, helper f18, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the eighteen earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label
// rests on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/run.sh corpus_fresh18), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run, the spmm's l2_bandwidth relabelled
// register_limited_occupancy from its H100 counters (c29d): five classes
// (register_limited_occupancy, constant_cache, register_spills, small_grid, dram_near_roof), none
// `unexplained` (each cost has a class), so the batch asks for none.
TEST_CASE(
    "the eighteenth fresh batch: labelled, attributed, apart from the eighteen earlier corpora") {
  const std::string fresh18 = source_dir() + "/tests/corpus_fresh18";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh18);
  CHECK(batch.kernels.size() >= 5);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(18), 5, 0);
  check_listed(fresh18, batch);
}

TEST_CASE("problems check --compile-only passes on the eighteenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh18");
  CHECK(seed.size() >= 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The spmm's 256-thread blocks fit at least two an SM (at most 128
  // registers), no shared memory (the gathers come from L1/L2). MD2's two 256-thread blocks an
  // SM fit (at most 128 registers) and its table is __constant__, not shared. EP's 1024 blocks
  // of 64 all fit at once (eight an SM: at most 128 registers) with the origin's 6144 bytes of
  // shared reduction arrays. The GroupNorm moments block keeps only its 32 Welford partials in
  // shared memory; the affine pass fits 16 blocks of 128 an SM (at most 32 registers).
  CHECK(regs("tsparse_spmm_sum") <= 128);
  CHECK(smem("tsparse_spmm_sum") == "0");
  CHECK(regs("mcm_md2_batch") <= 128);
  CHECK(smem("mcm_md2_batch") == "0");
  CHECK(regs("npb_ep_gaussian") <= 128);
  CHECK(smem("npb_ep_gaussian") == "6144");
  CHECK(regs("pt_groupnorm_moments") <= 128);
  CHECK(smem("pt_groupnorm_moments") == "768");
  CHECK(regs("pt_groupnorm_affine") <= 32);
  CHECK(smem("pt_groupnorm_affine") == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
