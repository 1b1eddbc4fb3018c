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
  CHECK(e.fired["sgl_group_quant_int8"] != "uncoalesced");
  // The labelled suite's strided and scattered kernels keep their label.
  auto l = solver::test::eval_suite(kSrc + "/tests/labelled", kSrc + "/tests/data/labelled_h200");
  CHECK(l.fired["transpose_naive"] == "uncoalesced");
  CHECK(l.fired["uncoalesced_gather"] == "uncoalesced");
}
