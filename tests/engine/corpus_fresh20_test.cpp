// The twentieth fresh batch (tests/corpus_fresh20, helper f20, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the twenty earlier corpora,
// each folder names its origin, license and predicted label, the README's table lists every
// folder, and the three ArrayFire kernels compile for sm_90 with NVRTC with the compile facts
// their labels rest on. The erfcx pair is left out of the compile here: its 716 KB of code
// takes the compile-only check ~16 s of CPU per folder (~4 s NVRTC, ~12 s static analysis),
// too long for a unit test (the live step compiles it; its facts, 32 registers and no spill,
// were read before the labels). The batch is held out: no verdict is checked here, it is scored
// only live (scripts/gpu/probe_fresh20.sh or scripts/gpu/run.sh corpus_fresh20), and no rule is
// tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: five classes (instruction_fetch,
// dram_bandwidth, alu_compute, register_spills, barrier_bound), none `unexplained`.
TEST_CASE(
    "the twentieth fresh batch: labelled, attributed, apart from the twenty earlier corpora") {
  const std::string fresh20 = source_dir() + "/tests/corpus_fresh20";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh20);
  CHECK(batch.kernels.size() >= 5);
  CHECK(batch.kernels.size() <= 10);
  // Five classes as predicted; four since helper c31 relabelled pt_erfcx_linspace from its
  // counters (instruction_fetch, its pair's class).
  check_fresh_batch(batch, corpora_before(20), 4, 0);
  check_listed(fresh20, batch);
}

TEST_CASE("problems check --compile-only passes on the twentieth batch's ArrayFire kernels") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "solver_corpus_fresh20_af";
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* p : {"af_medfilt2_5x5", "af_medfilt2_7x7", "af_iir_biquad"})
    fs::copy(fs::path(source_dir()) / "tests/corpus_fresh20" / p, dir / p);
  std::map<std::string, nlohmann::json> seed = compile_seeds_in(dir.string(), "corpus_fresh20_af");
  fs::remove_all(dir);
  REQUIRE(seed.size() == 3);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. Both median filters keep eight 256-thread blocks an SM (at most
  // 32 registers) with their static tiles of (16 + w - 1)^2 floats; neither spills (the 7 x 7
  // filter's local array is a stack frame, not a spill). The IIR block's state arrays are two
  // times 1024 floats and s_y; at most 32 registers (eight blocks would fit, the grid gives two).
  CHECK(regs("af_medfilt2_5x5") <= 32);
  CHECK(smem("af_medfilt2_5x5") == "1600");
  CHECK(regs("af_medfilt2_7x7") <= 32);
  CHECK(smem("af_medfilt2_7x7") == "1936");
  CHECK(regs("af_iir_biquad") <= 32);
  CHECK(smem("af_iir_biquad") == "8196");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
