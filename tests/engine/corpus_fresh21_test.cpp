// The twenty-first fresh batch (tests/corpus_fresh21, helper f21, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-one earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in well under a second). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh21.sh or scripts/gpu/run.sh
// corpus_fresh21), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: four classes (dram_bandwidth twice,
// issue_bound, shared_data_pipe, small_grid), none `unexplained`.
TEST_CASE(
    "the twenty-first fresh batch: labelled, attributed, apart from the twenty-one earlier "
    "corpora") {
  const std::string fresh21 = source_dir() + "/tests/corpus_fresh21";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh21);
  CHECK(batch.kernels.size() >= 4);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(21), 4, 0);
  check_listed(fresh21, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-first batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh21");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The two max pools keep eight 256-thread blocks an SM (at most 32
  // registers) with no shared memory; the weight norm's 256-thread blocks too, with the launch's
  // 1 KB of dynamic shared memory; the column filter's
  // static tile is (4 + 2 * 2) * 16 rows of 16 floats, eight blocks an SM at 32 registers; the
  // scan's two 16-float B and C arrays, its 128-thread blocks allowed up to 255 registers by
  // __launch_bounds__(128, 1) (the grid, 40 blocks, is what leaves the SMs empty). No spill.
  CHECK(regs("pt_maxpool2d_vgg_pool2") <= 32);
  CHECK(smem("pt_maxpool2d_vgg_pool2") == "0");
  CHECK(regs("pt_maxpool2d_spp13") <= 32);
  CHECK(smem("pt_maxpool2d_spp13") == "0");
  CHECK(regs("pt_weight_norm_dim0") <= 32);
  CHECK(smem("pt_weight_norm_dim0") == "1024");
  CHECK(regs("cv_gauss_column31") <= 32);
  CHECK(smem("cv_gauss_column31") == "8192");
  CHECK(smem("ggml_ssm_scan_mamba") == "128");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
