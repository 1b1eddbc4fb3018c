// The twenty-third fresh batch (tests/corpus_fresh23, helper f23, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-three earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in a few seconds). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh23.sh or scripts/gpu/run.sh
// corpus_fresh23), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: four classes (fp64_compute, uncoalesced,
// small_grid, unexplained), two of the five `unexplained`.
TEST_CASE(
    "the twenty-third fresh batch: labelled, attributed, apart from the twenty-three earlier "
    "corpora") {
  const std::string fresh23 = source_dir() + "/tests/corpus_fresh23";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh23);
  CHECK(batch.kernels.size() >= 4);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(23), 4, 2);
  check_listed(fresh23, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-third batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh23");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. vanGenuchten, the SpMV and expdist keep eight 256-thread blocks an
  // SM (at most 32 registers): the FP64 and issue arithmetic of the first, the ~62 waves that
  // make the SpMV's long row an imbalance rather than a small grid, the eight racing warps of
  // expdist's blocks with its 1924 bytes of shared tiles and sum; the page rank kernels use no
  // shared memory (one 256-thread block on each of 79 SMs whatever their registers). No spill.
  CHECK(regs("hecb_vangenuchten_f64") <= 32);
  CHECK(smem("hecb_vangenuchten_f64") == "0");
  CHECK(smem("hecb_pagerank_map") == "0");
  CHECK(smem("hecb_pagerank_reduce") == "0");
  CHECK(regs("hecb_spmv_vector_csr_powerlaw") <= 32);
  CHECK(smem("hecb_spmv_vector_csr_powerlaw") == "0");
  CHECK(regs("hecb_expdist_bhattacharyya") <= 32);
  CHECK(smem("hecb_expdist_bhattacharyya") == "1924");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
