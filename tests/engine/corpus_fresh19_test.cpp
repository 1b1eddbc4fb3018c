// The nineteenth fresh batch (tests/corpus_fresh19, helper f19, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the nineteen earlier
// corpora, each folder names its origin, license and predicted label, the README's table lists
// every folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label
// rests on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/probe_fresh19.sh or scripts/gpu/corpus.sh with SUITE=tests/corpus_fresh19), and
// no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: five classes (tensor_gemm_not_wgmma,
// tail_effect, shared_data_pipe, register_limited_occupancy, warp_divergence), none
// `unexplained` (each cost has a class), so the batch asks for none.
TEST_CASE(
    "the nineteenth fresh batch: labelled, attributed, apart from the nineteen earlier corpora") {
  const std::string fresh19 = source_dir() + "/tests/corpus_fresh19";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh19);
  CHECK(batch.kernels.size() >= 5);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(19), 5, 0);
  check_listed(fresh19, batch);
}

TEST_CASE("problems check --compile-only passes on the nineteenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh19");
  CHECK(seed.size() >= 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. Both GEMMs hold more than 128 registers a thread, so one
  // 256-thread block an SM (the tail's two rounds and the stage-3 kernel's 8 warps), with the
  // origin's dynamic shared memory (3 and 4 stages of 384 x 32 halves). The CR-PCR block fits
  // eight an SM (at most 32 registers, its 15380 bytes of shared memory). The DGL kernel's
  // 1024-thread block fits once an SM: more than 32 registers (two would need at most 32) and
  // at most 64. The radius kernel keeps eight 256-thread blocks an SM (at most 32 registers).
  CHECK(regs("hgemm_mma_async_stage3") > 128);
  CHECK(smem("hgemm_mma_async_stage3") == "73728");
  CHECK(regs("hgemm_mma_async_stage4_tail") > 128);
  CHECK(smem("hgemm_mma_async_stage4_tail") == "98304");
  CHECK(regs("cudpp_crpcr_tridiag") <= 32);
  CHECK(smem("cudpp_crpcr_tridiag") == "15380");
  CHECK(regs("dgl_spmm_copy_max") > 32);
  CHECK(regs("dgl_spmm_copy_max") <= 64);
  CHECK(smem("dgl_spmm_copy_max") == "0");
  CHECK(regs("tcluster_radius_pointnet") <= 32);
  CHECK(smem("tcluster_radius_pointnet") == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
