// The lane stride (issue 29, helper h29d): the PTX fact `code_contiguous_access_frac`
// (generators/ptx_lane_stride.h) keeps `uncoalesced` from firing on a kernel whose every global
// access is lane-contiguous, on the recorded H200 signals of the kernels it separates. Each case
// sets the fact both ways on the same counters, so it fails if the code fact (not a threshold)
// stops carrying the verdict.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"
#include "generators/nvrtc_compiler.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;

json signals_of(const std::string& batch, const std::string& kernel) {
  return solver::test::signal_file(kSrc + "/tests/data/" + batch, kernel);
}
json with_contiguous(json f, double share) {
  f["signals"]["code_contiguous_access_frac"] = share;
  return f;
}
std::string fired(const json& file, const std::string& name) {
  return solver::test::fired_bottleneck(solver::test::classify_signals(file, "stride_" + name));
}
}  // namespace

TEST_CASE("lane stride: an int8 quantiser's byte stores are contiguous, not uncoalesced") {
  // sglang's per-token group quantiser: eight byte stores per thread, store_eff 0.13, DRAM
  // moving 1.02 times the useful bytes; its label is dram_near_roof.
  json f = signals_of("corpus_fresh7_h200", "sgl_group_quant_int8");
  CHECK(fired(with_contiguous(f, 1.0), "sgl_contiguous") != "uncoalesced");
  // The same counters with one access in eight not contiguous, or without the code fact.
  CHECK(fired(with_contiguous(f, 0.875), "sgl_partly") == "uncoalesced");
  f["signals"].erase("code_contiguous_access_frac");
  CHECK(fired(f, "sgl_unknown") == "uncoalesced");
}

TEST_CASE("store fill: the quantiser's byte runs are bytes in flight, not wasted sectors") {
  // With its stores' fill known, streaming_latency_bound (dram_near_roof, the label) no longer
  // discounts its estimate by store_eff 0.13 (0.05 -> 0.39, over the 10% below which eval
  // calls a kernel unexplained).
  json f = with_contiguous(signals_of("corpus_fresh7_h200", "sgl_group_quant_int8"), 1.0);
  f["signals"]["code_store_fill_frac"] = 1.0;
  json fill = solver::test::classify_signals(f, "stride_sgl_fill");
  CHECK(solver::test::fired_bottleneck(fill) == "dram_near_roof");
  CHECK(solver::test::ranked_estimate(fill, "streaming_latency_bound") > 0.3);
  f["signals"]["code_store_fill_frac"] = 0.0;
  json none = solver::test::classify_signals(f, "stride_sgl_no_fill");
  CHECK(solver::test::ranked_estimate(none, "streaming_latency_bound") < 0.1);
}

TEST_CASE("lane stride: a transpose's strided write keeps its coalescing verdict") {
  // The labelled naive transpose reads rows and writes columns: half its accesses contiguous.
  json f = signals_of("labelled_h200", "transpose_naive");
  CHECK(fired(with_contiguous(f, 0.5), "transpose_half") == "uncoalesced");
  CHECK(fired(with_contiguous(f, 1.0), "transpose_all") != "uncoalesced");
}

TEST_CASE("eval --signals-dir computes the stride shares from the suite's source") {
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("skipped: no libnvrtc, the shares stay missing");
    return;
  }
  auto e = solver::test::eval_suite(kSrc + "/tests/corpus_fresh7",
                                    kSrc + "/tests/data/corpus_fresh7_h200");
  CHECK(e.fired["sgl_group_quant_int8"] == "streaming_latency_bound");  // dram_near_roof
  // ggml_argmax_vocab's one store is a block's single result: no fill, its label stays.
  CHECK(e.fired["ggml_argmax_vocab"] == "small_grid");
  // The labelled suite's strided and scattered kernels keep their label.
  auto l = solver::test::eval_suite(kSrc + "/tests/labelled", kSrc + "/tests/data/labelled_h200");
  CHECK(l.fired["transpose_naive"] == "uncoalesced");
  CHECK(l.fired["uncoalesced_gather"] == "uncoalesced");
}
