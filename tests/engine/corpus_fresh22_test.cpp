// The twenty-second fresh batch (tests/corpus_fresh22, helper f22, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-two earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in about a second). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh22.sh or scripts/gpu/run.sh
// corpus_fresh22), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: five classes (bank_conflicts, small_grid,
// dram_bandwidth, issue_bound, alu_compute), none `unexplained`.
TEST_CASE(
    "the twenty-second fresh batch: labelled, attributed, apart from the twenty-two earlier "
    "corpora") {
  const std::string fresh22 = source_dir() + "/tests/corpus_fresh22";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh22);
  CHECK(batch.kernels.size() >= 4);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(22), 5, 0);
  check_listed(fresh22, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-second batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh22");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The solve keeps two 1024-thread blocks an SM (at most 32
  // registers) with its 16 KB A and 8 KB X tiles; the batch-norm statistics' 512-thread blocks
  // hold the 640-byte merge buffer; the LSTM cell's __launch_bounds__(512, 4) caps it at 32
  // registers; HACCmk keeps six 256-thread blocks an SM (at most 40), so its 512 blocks run in
  // one wave; the reflection pad keeps eight 256-thread blocks an SM. No shared memory but the
  // solve's and the statistics', no spill.
  CHECK(regs("ggml_solve_tri_64x32") <= 32);
  CHECK(smem("ggml_solve_tri_64x32") == "24576");
  CHECK(smem("pt_batch_norm_stats_nchw") == "640");
  CHECK(regs("pt_lstm_cell_fwd") <= 32);
  CHECK(smem("pt_lstm_cell_fwd") == "0");
  CHECK(regs("hecb_haccmk_short_force") <= 40);
  CHECK(smem("hecb_haccmk_short_force") == "0");
  CHECK(regs("pt_reflection_pad2d") <= 32);
  CHECK(smem("pt_reflection_pad2d") == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
