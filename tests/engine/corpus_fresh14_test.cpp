// The fourteenth fresh batch (tests/corpus_fresh14, helper f14, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the fourteen earlier corpora,
// each folder names its origin, license and predicted label, the README's table lists every
// folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label rests
// on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/run.sh corpus_fresh14), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: four classes, none `unexplained` (each of the
// four costs has a class), so the batch asks for none.
TEST_CASE(
    "the fourteenth fresh batch: labelled, attributed, apart from the fourteen earlier corpora") {
  const std::string fresh14 = source_dir() + "/tests/corpus_fresh14";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh14);
  CHECK(batch.kernels.size() >= 4);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(14), 4, 0);
  check_listed(fresh14, batch);
}

TEST_CASE("problems check --compile-only passes on the fourteenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh14");
  CHECK(seed.size() >= 4);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on: the bilinear kernel's 1024-thread blocks fit (at most 64
  // registers, its __launch_bounds__); darknet's 512 floats of shared slots and no other shared
  // memory, and few enough registers that occupancy is set by its one block per SM, not by
  // registers (at most 64 for 512 threads x 4 blocks); gcd needs no shared memory and its
  // 128-thread blocks run 16 to an SM (at most 32 registers), as do scatter_reduce's, whose CAS
  // loops the label counts with all 64 warps of an SM resident; no spills anywhere.
  CHECK(regs("pt_upsample_bilinear2d") <= 64);
  CHECK(regs("pt_gcd_int32") <= 32);
  CHECK(regs("pt_scatter_reduce_amax") <= 32);
  CHECK(regs("darknet_fast_mean") <= 64);
  CHECK(smem("darknet_fast_mean") == "2048");
  for (const char* p : {"pt_upsample_bilinear2d", "pt_gcd_int32", "pt_scatter_reduce_amax"})
    CHECK_MESSAGE(smem(p) == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
