// The fifteenth fresh batch (tests/corpus_fresh15, helper f15, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the fifteen earlier corpora,
// each folder names its origin, license and predicted label, the README's table lists every
// folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label rests
// on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/run.sh corpus_fresh15), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: five classes, two of the rarer ones
// (constant_cache, dependent_load_latency), none `unexplained` (each of the five costs has a
// class), so the batch asks for none.
TEST_CASE(
    "the fifteenth fresh batch: labelled, attributed, apart from the fifteen earlier corpora") {
  const std::string fresh15 = source_dir() + "/tests/corpus_fresh15";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh15);
  CHECK(batch.kernels.size() >= 5);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(15), 5, 0);
  check_listed(fresh15, batch);
}

TEST_CASE("problems check --compile-only passes on the fifteenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh15");
  CHECK(seed.size() >= 5);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on: every kernel runs at full occupancy where its grid allows (at most
  // 32 registers: 64 warps per SM for the two HSV kernels, whose DRAM and constant-cache
  // arithmetic counts every warp resident, for the pointer jump's 64 outstanding random reads per
  // SM and for the template's 256-thread blocks); no shared memory and no spills anywhere (the
  // template's taps read global memory through L1, the chase's hops are loads, not spills).
  for (const char* p : {"opencv_bgr2hsv_8u", "opencv_bgr2hsv_32f", "cudpp_listrank_jump",
                        "cudpp_listrank_chase", "opencv_match_template_sqdiff"}) {
    CHECK_MESSAGE(regs(p) <= 32, p);
    CHECK_MESSAGE(smem(p) == "0", p);
  }
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
