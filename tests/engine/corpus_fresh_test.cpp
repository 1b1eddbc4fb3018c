// The fresh held-out batch of real kernels (tests/corpus_fresh, issue 29) without a GPU: every
// folder loads as a problem with its label, kernel names are unique across it and the main
// corpus, each folder says where the code came from, and every kernel compiles for sm_90 with
// NVRTC with the compile-time facts its label rests on. No verdict is checked here: the batch
// is scored only live (scripts/gpu/run.sh corpus_fresh), and no rule is tuned on it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "engine/eval/eval_suite.h"
#include "fresh_batch_checks.h"
#include "generators/nvrtc_compiler.h"
#include "rules/bottlenecks.h"

using namespace solver;
using namespace solver::test::fresh_batch;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kFresh = kSrc + "/tests/corpus_fresh";

}  // namespace

TEST_CASE("the fresh batch: >= 10 real kernels, labelled, attributed, apart from the corpus") {
  engine::LabelledSuite fresh = engine::load_labelled_suite(kFresh);
  engine::LabelledSuite corpus = engine::load_labelled_suite(kSrc + "/tests/corpus");
  CHECK(fresh.kernels.size() >= 10);
  std::set<std::string> corpus_names, corpus_entries, classes;
  for (const auto& k : corpus.kernels) {
    corpus_names.insert(k.name);
    corpus_entries.insert(k.entries.begin(), k.entries.end());
  }
  std::set<std::string> entries;
  for (const auto& k : fresh.kernels) {
    INFO(k.name);
    CHECK_FALSE(corpus_names.count(k.name));  // a new kernel, not one the rules were tuned on
    for (const auto& e : k.entries) {
      CHECK_MESSAGE(entries.insert(e).second, "kernel name used twice in the batch: ", e);
      CHECK_MESSAGE(!corpus_entries.count(e), "kernel name also in tests/corpus: ", e);
      CHECK(e.find("_ref") == std::string::npos);  // suite_eval.sh drops *_ref rows
    }
    CHECK(rules::is_known_bottleneck(k.label.bottleneck));
    for (const auto& a : k.label.accept) CHECK(rules::is_known_bottleneck(a));
    CHECK(!k.label.confirm.empty());
    classes.insert(k.label.bottleneck);
    // Each folder names its origin, license and the label predicted before any run.
    const std::string readme = read_text(fs::path(k.dir) / "README.md");
    CHECK(readme.find("origin:") != std::string::npos);
    CHECK(readme.find("license:") != std::string::npos);
    CHECK(readme.find("predicted label") != std::string::npos);
  }
  CHECK(classes.size() >= 8);  // a spread of causes, not one class ten times
}

TEST_CASE("problems check --compile-only passes on the fresh batch, with the labels' facts") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh");
  CHECK(seed.size() >= 10);
  // The scalar-product sample's shared accumulator (1024 floats) and no spills anywhere: the
  // small-grid and compute labels assume nothing of local memory.
  CHECK(seed.at("cs_scalarprod")["smem_bytes"].get<std::string>() == "4096");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The second fresh batch (tests/corpus_fresh2, helper h29d): the held-out measure of the rule
// changes made after the first batch was read. Same checks, plus: kernel names unique across
// all three corpora, and at least two kernels whose cost no class names (label `unexplained`).
TEST_CASE("the second fresh batch: labelled, attributed, apart from both earlier corpora") {
  const std::string fresh2 = kSrc + "/tests/corpus_fresh2";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh2);
  CHECK(batch.kernels.size() >= 8);
  check_fresh_batch(batch, {"/tests/corpus", "/tests/corpus_fresh"}, 6);
}

TEST_CASE("problems check --compile-only passes on the second fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh2");
  CHECK(seed.size() >= 8);
  // Facts labels rest on: the two small grids' shared trees, no spills anywhere.
  CHECK(seed.at("cbe_dot")["smem_bytes"].get<std::string>() == "1024");
  CHECK(seed.at("cs_reduce6")["smem_bytes"].get<std::string>() == "32");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The third fresh batch (tests/corpus_fresh3, helper fresh3): the next held-out measure. Same
// checks: kernel names unique across all four corpora, at least two kernels whose cost no class
// names, a spread of classes; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the third fresh batch: labelled, attributed, apart from the three earlier corpora") {
  const std::string fresh3 = kSrc + "/tests/corpus_fresh3";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh3);
  CHECK(batch.kernels.size() >= 12);
  CHECK(batch.kernels.size() <= 14);
  check_fresh_batch(batch, {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2"}, 8);
  // The batch's README lists every folder in its table.
  check_listed(fresh3, batch);
}

TEST_CASE("problems check --compile-only passes on the third fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh3");
  CHECK(seed.size() >= 12);
  // Facts labels rest on: the shared tiles of the scan and of lud's panels, the staged tensor
  // GEMM's 64 KB (and the unstaged one's none), the histogram with no shared memory at all, no
  // spills anywhere.
  CHECK(seed.at("pmpp_scan_brent_kung")["smem_bytes"].get<std::string>() == "8192");
  CHECK(seed.at("rod_lud_internal")["smem_bytes"].get<std::string>() == "2048");
  CHECK(seed.at("cs_wmma_bf16_simple")["smem_bytes"].get<std::string>() == "0");
  CHECK(seed.at("cs_wmma_gemm_staged")["smem_bytes"].get<std::string>() == "65536");
  CHECK(seed.at("cbe_histo_global")["smem_bytes"].get<std::string>() == "0");
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The fourth fresh batch (tests/corpus_fresh4, helper fresh4): the next held-out measure, labels
// predicted before any run. Same checks: kernel names unique across all five corpora, a spread of
// classes, at least one kernel whose cost no class names (load imbalance between warps), every
// folder in the batch's table; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the fourth fresh batch: labelled, attributed, apart from the four earlier corpora") {
  const std::string fresh4 = kSrc + "/tests/corpus_fresh4";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh4);
  CHECK(batch.kernels.size() >= 12);
  CHECK(batch.kernels.size() <= 15);
  check_fresh_batch(
      batch,
      {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2", "/tests/corpus_fresh3"}, 10,
      1);
  check_listed(fresh4, batch);
}

TEST_CASE("problems check --compile-only passes on the fourth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh4");
  CHECK(seed.size() >= 12);
  // Facts labels rest on: lavaMD's staged boxes (7200 B) and more than 64 registers (at most 7
  // blocks of 128 per SM: the second, thin wave its label accepts as a tail), the backprop tree's
  // 16x16 tile plus inputs, the rms_norm block reduction's 32 partials plus the variance, no
  // shared memory in the streaming and gather kernels, and no register spills anywhere (the
  // SHA-256 kernel's local memory is its arrays, not spills).
  CHECK(seed.at("rod_lavamd")["smem_bytes"].get<std::string>() == "7200");
  CHECK(std::stoi(seed.at("rod_lavamd")["registers"].get<std::string>()) > 64);
  CHECK(seed.at("rod_backprop_forward")["smem_bytes"].get<std::string>() == "1088");
  CHECK(seed.at("vllm_rms_norm")["smem_bytes"].get<std::string>() == "132");
  for (const char* p : {"vllm_silu_and_mul", "vllm_reshape_and_cache", "pt_embedding_bag_powerlaw",
                        "cs_boxfilter_x_global", "pmpp_stencil3d_basic", "pt_index_add_pool"})
    CHECK_MESSAGE(seed.at(p)["smem_bytes"].get<std::string>() == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The fifth fresh batch (tests/corpus_fresh5, helper fresh5): the next held-out measure, labels
// predicted before any run. Same checks: kernel names unique across all six corpora, at least
// one kernel whose cost no class names (load imbalance between warps; the warp-shuffle top-k
// router was another until ncu showed its ALU pipe at 77% and it was relabelled alu_compute,
// helper h29m, and the block-slot-capped RMS norm a third until ncu showed its occupancy under
// the cap and it was relabelled low_ilp, helper h29r), a spread of classes, every folder in the
// batch's table; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the fifth fresh batch: labelled, attributed, apart from the five earlier corpora") {
  const std::string fresh5 = kSrc + "/tests/corpus_fresh5";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh5);
  CHECK(batch.kernels.size() >= 14);
  CHECK(batch.kernels.size() <= 16);
  check_fresh_batch(batch,
                    {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2",
                     "/tests/corpus_fresh3", "/tests/corpus_fresh4"},
                    10, 1);
  check_listed(fresh5, batch);
}

TEST_CASE("problems check --compile-only passes on the fifth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh5");
  CHECK(seed.size() >= 14);
  // Facts labels rest on: tiny_sha3's 25-lane state wants more than 64 registers (nvcc puts it
  // and its tables on a 400-byte stack: local arrays, not spills); the Walsh transform's 8 KB
  // vector in dynamic shared memory, the pdist reduction's 32 partials, no shared memory in the
  // streams, the gathers and the atomics; and no register spills anywhere.
  CHECK(std::stoi(seed.at("tiny_sha3_batch")["registers"].get<std::string>()) > 64);
  CHECK(seed.at("cs_fwt_batch1_shared")["smem_bytes"].get<std::string>() == "8192");
  CHECK(seed.at("pt_pdist_blockpair")["smem_bytes"].get<std::string>() == "128");
  for (const char* p : {"ggml_rms_norm_qk", "ggml_dequant_q4_0", "cudf_murmur3_int64",
                        "vllm_rotary_neox", "thrust_lower_bound", "vllm_moe_count_sort",
                        "pt_segment_reduce_powerlaw", "vllm_topk_softmax", "aes_ttable_const"})
    CHECK_MESSAGE(seed.at(p)["smem_bytes"].get<std::string>() == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The sixth fresh batch (tests/corpus_fresh6, helper fresh6): the next held-out measure, labels
// predicted before any run. Same checks: kernel names unique across all seven corpora, at least
// two kernels whose cost no class names (one-lane blocks of ggml's Q8_0 cache copy, the
// shared-memory data path of PMPP's tiled convolution), a spread of classes, every folder in the
// batch's table; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the sixth fresh batch: labelled, attributed, apart from the six earlier corpora") {
  const std::string fresh6 = kSrc + "/tests/corpus_fresh6";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh6);
  CHECK(batch.kernels.size() >= 14);
  CHECK(batch.kernels.size() <= 16);
  check_fresh_batch(batch,
                    {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2",
                     "/tests/corpus_fresh3", "/tests/corpus_fresh4", "/tests/corpus_fresh5"},
                    11, 2);
  check_listed(fresh6, batch);
}

TEST_CASE("problems check --compile-only passes on the sixth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh6");
  CHECK(seed.size() >= 14);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  // Facts labels rest on: hotspot3D's 33-40 registers allow 6 (not 8) blocks of 256 per SM, so
  // its 1024 blocks run as 1.29 waves; blake2b's context and message words leave more than 128
  // registers (one 256-thread block per SM); the tiled convolution's 32 x 32 float tile, the
  // bincount's 10 int64 counters plus guard, the NLL loss's two 32-float partial arrays; no
  // shared memory in the streams, gathers and scans; no register spills anywhere (blake2b's
  // local memory is its context and message arrays, not spills).
  CHECK(regs("rod_hotspot3d_opt1") > 32);
  CHECK(regs("rod_hotspot3d_opt1") <= 40);
  CHECK(regs("mcm_blake2b_batch") > 128);
  CHECK(seed.at("pmpp_conv2d_tiled_const")["smem_bytes"].get<std::string>() == "4096");
  CHECK(seed.at("pt_bincount_labels")["smem_bytes"].get<std::string>() == "88");
  CHECK(seed.at("pt_nll_loss_one_warp")["smem_bytes"].get<std::string>() == "256");
  for (const char* p : {"ggml_get_rows_f32", "ggml_convert_f16_f32", "ggml_cpy_f32_f16_permuted",
                        "ggml_cpy_f32_q8_0", "rod_cfd_step_factor", "rod_pf_find_index",
                        "pt_grid_sample_points", "pmpp_cenergy_const", "llmc_trimat_naive"})
    CHECK_MESSAGE(seed.at(p)["smem_bytes"].get<std::string>() == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The seventh fresh batch (tests/corpus_fresh7, helper fresh7): the next held-out measure, labels
// predicted before any run. Same checks: kernel names unique across all eight corpora, at least
// one kernel whose cost no class names (the Julia set's one-thread blocks), a spread of classes,
// every folder in the batch's table; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the seventh fresh batch: labelled, attributed, apart from the seven earlier corpora") {
  const std::string fresh7 = kSrc + "/tests/corpus_fresh7";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh7);
  CHECK(batch.kernels.size() >= 12);
  CHECK(batch.kernels.size() <= 14);
  check_fresh_batch(
      batch,
      {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2", "/tests/corpus_fresh3",
       "/tests/corpus_fresh4", "/tests/corpus_fresh5", "/tests/corpus_fresh6"},
      10, 1);
  check_listed(fresh7, batch);
}

TEST_CASE("problems check --compile-only passes on the seventh fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh7");
  CHECK(seed.size() >= 12);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  // Facts labels rest on: the GELU's two 1024-thread blocks per SM need at most 32 registers;
  // miniBUDE's four poses per thread take more than 64 (under 8 warps per SM from its grid
  // anyway); XSBench's lookup keeps 5 blocks of 256 per SM (<= 48) and i0's four recurrences at
  // least 8 warps per scheduler (<= 64); the histogram's six 256-bin warp sub-histograms (6 KB) and
  // the argmax's two 32-entry partial arrays; no shared memory in the streams, gathers and
  // generators; no register spills.
  CHECK(regs("ds_bias_gelu_fp16") <= 32);
  CHECK(regs("bude_fasten") > 64);
  CHECK(regs("xsb_lookup_unionized") <= 48);
  CHECK(regs("pt_i0_f64") <= 64);
  CHECK(seed.at("cs_histogram256")["smem_bytes"].get<std::string>() == "6144");
  CHECK(seed.at("ggml_argmax_vocab")["smem_bytes"].get<std::string>() == "256");
  for (const char* p :
       {"babel_triad_f64", "blw_pagerank_edgelist", "bude_fasten", "cbe_julia_one_thread",
        "ds_bias_gelu_fp16", "gems3_taus_walk", "numba_increment_2d", "pt_i0_f64", "pt_ndtri_f32",
        "sgl_group_quant_int8", "trtllm_quantize_int8", "xsb_lookup_unionized"})
    CHECK_MESSAGE(seed.at(p)["smem_bytes"].get<std::string>() == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The eighth fresh batch (tests/corpus_fresh8, helper fresh8): the next held-out measure, labels
// predicted before any run. Same checks: kernel names unique across all nine corpora, at least
// one kernel whose cost no class names (the BFS level flag), a spread of classes, every folder in
// the batch's table; and it compiles for sm_90 with the facts its labels rest on.
TEST_CASE("the eighth fresh batch: labelled, attributed, apart from the eight earlier corpora") {
  const std::string fresh8 = kSrc + "/tests/corpus_fresh8";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh8);
  CHECK(batch.kernels.size() >= 10);
  CHECK(batch.kernels.size() <= 14);
  check_fresh_batch(batch,
                    {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2",
                     "/tests/corpus_fresh3", "/tests/corpus_fresh4", "/tests/corpus_fresh5",
                     "/tests/corpus_fresh6", "/tests/corpus_fresh7"},
                    7, 1);
  check_listed(fresh8, batch);
}

TEST_CASE("problems check --compile-only passes on the eighth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh8");
  CHECK(seed.size() >= 10);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts labels rest on: the Megatron softmax's 128 scores per lane need more than 128 and at
  // most 168 registers (three 128-thread blocks per SM, 12 warps); the streams keep full
  // occupancy (at most 32 registers); histogram64's 4 KB of byte counters and the absmax's warp
  // maxima; no shared memory in the streams and the lookups; no register spills anywhere.
  CHECK(regs("apex_scaled_masked_softmax_fp16") > 128);
  CHECK(regs("apex_scaled_masked_softmax_fp16") <= 168);
  // digamma's 33-40 registers leave twelve four-warp blocks per SM (48 warps).
  CHECK(regs("pt_digamma_f32") > 32);
  CHECK(regs("pt_digamma_f32") <= 40);
  for (const char* p : {"sgl_per_tensor_absmax_bf16", "ds_dequantize_int8", "pt_upsample_nearest2d",
                        "clover_ideal_gas_f64", "cbe_ray_const"})
    CHECK_MESSAGE(regs(p) <= 32, p);
  CHECK(smem("cs_histogram64") == "4096");
  CHECK(smem("sgl_per_tensor_absmax_bf16") == "128");
  for (const char* p :
       {"ds_dequantize_int8", "pt_upsample_nearest2d", "clover_ideal_gas_f64", "cbe_ray_const",
        "rod_bfs_kernel2_flag", "apex_scaled_masked_softmax_fp16", "pt_digamma_f32"})
    CHECK_MESSAGE(smem(p) == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The ninth fresh batch (tests/corpus_fresh9, helper h29c): the next held-out measure, labels
// predicted from the code and its sm_90 SASS before any run. Same checks: kernel names unique
// across all ten corpora, at least one kernel whose cost no class names (MAT_MAT_SHARED's shared
// data path), a spread of classes, every folder in the batch's table.
TEST_CASE("the ninth fresh batch: labelled, attributed, apart from the nine earlier corpora") {
  const std::string fresh9 = kSrc + "/tests/corpus_fresh9";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh9);
  CHECK(batch.kernels.size() >= 13);
  CHECK(batch.kernels.size() <= 16);
  check_fresh_batch(batch,
                    {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2",
                     "/tests/corpus_fresh3", "/tests/corpus_fresh4", "/tests/corpus_fresh5",
                     "/tests/corpus_fresh6", "/tests/corpus_fresh7", "/tests/corpus_fresh8"},
                    10, 1);
  check_listed(fresh9, batch);
}

TEST_CASE("problems check --compile-only passes on the ninth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh9");
  CHECK(seed.size() >= 13);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts labels rest on: the FlashAttention port's 28 KB of Qi, Kj, Vj and S tiles; TRAP_INT's
  // 33-40 registers give 6 blocks of 256 per SM, which is what its occupancy-sized grid of 792
  // blocks (132 x 6) assumes; MAT_MAT_SHARED's 6 KB of tiles and at most 40 registers (6 blocks, 48
  // warps per SM); the transpose's 32 x 33 float tile; the REDUCE3_INT and TRAP_INT shared trees;
  // the streams at full occupancy (at most 32 registers); no shared memory in the streams and
  // gathers; no register spills anywhere.
  CHECK(regs("raja_trap_int_f64") > 32);
  CHECK(regs("raja_trap_int_f64") <= 40);
  CHECK(regs("raja_mat_mat_shared") <= 40);
  CHECK(smem("raja_mat_mat_shared") == "6144");
  CHECK(smem("cs_transpose_diagonal") == "4224");
  CHECK(smem("raja_reduce3_int") == "3072");
  CHECK(smem("raja_trap_int_f64") == "2048");
  CHECK(smem("llmc_attention_fwd2_flash") == "28672");
  for (const char* p : {"raja_diff_predict", "raja_int_predict", "raja_planckian_f64",
                        "raja_ltimes", "raja_poly_gemm_f64", "cs_transpose_diagonal"})
    CHECK_MESSAGE(regs(p) <= 32, p);
  for (const char* p :
       {"raja_pi_atomic", "raja_ltimes", "raja_diff_predict", "raja_int_predict",
        "raja_planckian_f64", "raja_adi_sweep", "raja_poly_gemm_f64", "shoc_md_lj_force"})
    CHECK_MESSAGE(smem(p) == "0", p);
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}

// The tenth fresh batch (tests/corpus_fresh10, helper h29n): the next held-out measure, labels
// predicted from the code before any run. Same checks: names unique across all eleven corpora,
// a kernel whose cost no class names (PolyBench LU's empty blocks; CUB's same-address shared
// atomics was the second until its first live run showed a load-latency stream, relabelled
// low_ilp by h29g: tests/corpus_fresh10/README.md), a spread of classes, every folder in the
// batch's table.
TEST_CASE("the tenth fresh batch: labelled, attributed, apart from the ten earlier corpora") {
  const std::string fresh10 = kSrc + "/tests/corpus_fresh10";
  engine::LabelledSuite batch = engine::load_labelled_suite(fresh10);
  CHECK(batch.kernels.size() >= 12);
  CHECK(batch.kernels.size() <= 16);
  check_fresh_batch(
      batch,
      {"/tests/corpus", "/tests/corpus_fresh", "/tests/corpus_fresh2", "/tests/corpus_fresh3",
       "/tests/corpus_fresh4", "/tests/corpus_fresh5", "/tests/corpus_fresh6",
       "/tests/corpus_fresh7", "/tests/corpus_fresh8", "/tests/corpus_fresh9"},
      7, 1);
  check_listed(fresh10, batch);
}

TEST_CASE("problems check --compile-only passes on the tenth fresh batch") {
  if (!generators::nvrtc_available()) {
    MESSAGE("skipped: " << generators::nvrtc_unavailable_reason());
    return;
  }
  std::map<std::string, json> seed = compile_seeds("corpus_fresh10");
  CHECK(seed.size() >= 12);
  auto regs = [&](const char* p) { return std::stoi(seed.at(p)["registers"].get<std::string>()); };
  auto smem = [&](const char* p) { return seed.at(p)["smem_bytes"].get<std::string>(); };
  // Facts labels rest on: Parboil SGEMM keeps c[32] in registers (33-64: the 66-block grid, not
  // registers, limits it) beside its 16 x 32 float B tile; GUPS at most 32 registers (two
  // 1024-thread blocks per SM); the shared histogram's 3 x 256 + 3 words; the rest at full
  // occupancy (at most 32 registers) without shared memory; no spills anywhere.
  CHECK(regs("parboil_sgemm_nt") > 32);
  CHECK(regs("parboil_sgemm_nt") <= 64);
  CHECK(smem("parboil_sgemm_nt") == "2048");
  CHECK(smem("cub_histo_smem_solid") == "3084");
  for (const char* p : {"pbacc_fdtd_hz", "pbacc_bicg_kernel1", "pbacc_lu_kernel2", "pbacc_syrk",
                        "pbacc_conv2d", "caffe_im2col", "caffe_maxpool_fwd", "nvblog_gups_update",
                        "nvblog_ls_generate_paths", "cub_histo_gmem_solid"}) {
    CHECK_MESSAGE(regs(p) <= 32, p);
    CHECK_MESSAGE(smem(p) == "0", p);
  }
  for (const auto& kv : seed) CHECK_MESSAGE(kv.second["spill_bytes"] == "0", kv.first);
}
