// The sixteenth fresh batch (tests/corpus_fresh16, helper f16, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the sixteen earlier corpora,
// each folder names its origin, license and predicted label, the README's table lists every
// folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label rests
// on. Scored once held out (docs/results/h100-2026-12-06d call1), it is dev data since: its
// verdicts on the recorded measurements are checked in fresh16_17_misses_test.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: four classes, two of the rarer ones
// (xu_compute, alu_compute), none `unexplained` (each of the four costs has a class), so the
// batch asks for none. Three since the first score: the transposed convolution, alu_compute
// predicted, is issue_bound by its counters (relabelled, alu_compute accepted; its README).
TEST_CASE(
    "the sixteenth fresh batch: labelled, attributed, apart from the sixteen earlier corpora") {
  const std::string fresh16 = source_dir() + "/tests/corpus_fresh16";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh16);
  CHECK(batch.kernels.size() >= 4);
  CHECK(batch.kernels.size() <= 10);
  check_fresh_batch(batch, corpora_before(16), 3, 0);
  check_listed(fresh16, batch);
}

TEST_CASE("problems check --compile-only passes on the sixteenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh16");
  CHECK(seed.size() >= 4);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on. The upscale and the transposed convolution run at full occupancy
  // (at most 32 registers: 8 blocks of 256 per SM; the convolution's 608 blocks all resident at
  // once, 4 or 5 per SM), the argsort's 128-thread blocks fit 16 per SM (at most 32 registers and
  // only the launch's 512 bytes of dynamic shared memory: the row's 128 indices); the upscale and
  // the convolution use no shared memory.
  for (const char* p : {"ggml_upscale_nearest", "ggml_conv_transpose_1d", "ggml_argsort_bitonic"})
    CHECK_MESSAGE(regs(p) <= 32, p);
  CHECK(smem("ggml_upscale_nearest") == "0");
  CHECK(smem("ggml_conv_transpose_1d") == "0");
  CHECK(smem("ggml_argsort_bitonic") == "512");
  // The WKV keeps its head's 64-float state row in registers (the j loop unrolled: more than 64
  // registers, no spill) and stages k, r, u and the decay in 4 x 64 floats of shared memory.
  CHECK(regs("ggml_rwkv_wkv6") > 64);
  CHECK(smem("ggml_rwkv_wkv6") == "1024");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
