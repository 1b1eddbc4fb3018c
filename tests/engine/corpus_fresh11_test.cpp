// The eleventh fresh batch (tests/corpus_fresh11, helper h29o, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names apart from the eleven earlier corpora,
// each folder names its origin, license and predicted label, the README's table lists every
// folder, and every kernel compiles for sm_90 with NVRTC with the compile facts its label rests
// on. The batch is held out: no verdict is checked here, it is scored only live
// (scripts/gpu/run.sh corpus_fresh11), and no rule is tuned on it.
#include <doctest/doctest.h>

#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"

using namespace solver;
using namespace solver::test::fresh_batch;

// Labels predicted from the code before any run: seven classes, one `unexplained` (TensorFlow's
// shared-memory float atomics on three words, a compare-and-swap loop no class names).
TEST_CASE("the eleventh fresh batch: labelled, attributed, apart from the eleven earlier corpora") {
  const std::string fresh11 = source_dir() + "/tests/corpus_fresh11";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh11);
  CHECK(batch.kernels.size() >= 12);
  CHECK(batch.kernels.size() <= 16);
  check_fresh_batch(batch,
                    {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2",
                     "/tests/corpus_fresh3", "/tests/corpus_fresh4", "/tests/corpus_fresh5",
                     "/tests/corpus_fresh6", "/tests/corpus_fresh7", "/tests/corpus_fresh8",
                     "/tests/corpus_fresh9", "/tests/corpus_fresh10"},
                    7, 1);
  check_listed(fresh11, batch);
}

TEST_CASE("problems check --compile-only passes on the eleventh fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, nlohmann::json> seed = compile_seeds("corpus_fresh11");
  CHECK(seed.size() >= 12);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts the labels rest on: full occupancy for the 512- and 256-thread grids (at most 32
  // registers), the NMS block's 64 staged boxes (1280 B: 32 blocks per SM), the RGB bias
  // gradient's three shared floats, the sampling tree's two 512-entry arrays; the
  // 1024-thread grid-stride kernels under 64 registers (TensorFlow's depthwise kernel at 32
  // under __launch_bounds__(1024, 2)); no spills anywhere.
  for (const char* p : {"darknet_reorg", "darknet_leaky_activate", "pyfrcnn_nms",
                        "tcnn_hashgrid_fwd", "kaldi_copy_low_upp", "mmcv_sigmoid_focal_loss",
                        "tf_depthwise_nhwc", "pn2_furthest_point_sampling"})
    CHECK_MESSAGE(regs(p) <= 32, p);
  for (const char* p :
       {"tf_bias_grad_nhwc_rgb", "tf_bias_nchw", "tf_unsorted_segment_sum", "pn2_three_nn"})
    CHECK_MESSAGE(regs(p) <= 64, p);
  CHECK(smem("pyfrcnn_nms") == "1280");
  CHECK(smem("tf_bias_grad_nhwc_rgb") == "12");
  CHECK(smem("pn2_furthest_point_sampling") == "4096");
  for (const char* p : {"darknet_reorg", "darknet_leaky_activate", "tcnn_hashgrid_fwd",
                        "kaldi_copy_low_upp", "mmcv_sigmoid_focal_loss", "tf_depthwise_nhwc",
                        "tf_bias_nchw", "tf_unsorted_segment_sum", "pn2_three_nn"})
    CHECK_MESSAGE(smem(p) == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
