// The twenty-sixth fresh batch (tests/corpus_fresh26, helper f26, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty-six earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and the five kernels compile for sm_90 with NVRTC with the compile facts their
// labels rest on (all five compile in a few seconds). The batch is held out: no verdict is
// checked here, it is scored only live (scripts/gpu/probe_fresh26.sh or scripts/gpu/run.sh
// corpus_fresh26), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run (commit 8c6c87f2): five classes
// (dram_bandwidth, uncoalesced, l2_bandwidth, atomic_contention, small_grid), none `unexplained`.
TEST_CASE(
    "the twenty-sixth fresh batch: labelled, attributed, apart from the twenty-six earlier "
    "corpora") {
  const std::string fresh26 = source_dir() + "/tests/corpus_fresh26";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh26);
  CHECK(batch.kernels.size() == 5);
  check_fresh_batch(batch, corpora_before(26), 5, 0);
  check_listed(fresh26, batch);
}

TEST_CASE("problems check --compile-only passes on the twenty-sixth batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh26");
  REQUIRE(seed.size() == 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The one-qubit gate and the partial trace at most 32 registers:
  // sixteen 128-thread blocks (64 warps) an SM, so DRAM, not occupancy, sets their time. The
  // five-qubit gate holds its 32 cached amplitudes in registers (more than 128, at most 168:
  // three 128-thread blocks, 12 warps an SM) with no spill -- its cost is the global partial
  // sums, not local memory. The histogram at most 40 registers (six 256-thread blocks, 48 warps
  // an SM; the label's "eight blocks, 64 warps" assumed 32 -- occupancy is not its mechanism).
  // The CTC pass: 512 bytes of shared labels and at most 64 registers, so an SM could hold many
  // of its 128-thread blocks: its 32 busy SMs are the grid's doing (32 utterances).
  CHECK(regs("quest_onetarg_dense_q0") <= 32);
  CHECK(smem("quest_onetarg_dense_q0") == "0");
  CHECK(regs("quest_partial_trace_q0") <= 32);
  CHECK(smem("quest_partial_trace_q0") == "0");
  CHECK(regs("quest_fewtarg_dense5") > 128);
  CHECK(regs("quest_fewtarg_dense5") <= 168);
  CHECK(smem("quest_fewtarg_dense5") == "0");
  CHECK(regs("mxnet_histogram_fused") <= 40);
  CHECK(smem("mxnet_histogram_fused") == "0");
  CHECK(regs("warpctc_compute_alpha") <= 64);
  CHECK(smem("warpctc_compute_alpha") == "512");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
