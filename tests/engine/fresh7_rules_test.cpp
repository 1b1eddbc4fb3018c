// The load chain (issue 29, helper h29c): the PTX fact `load_chain` (generators/ptx_load_chain.h)
// hands a chain's long-scoreboard wait to dependent_load_latency instead of uncoalesced, on the
// recorded H200 signals of the kernels it separates. Each case sets the fact both ways on the
// same counters, so it fails if the code fact (not a threshold) stops carrying the verdict.
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
json with_chain(json f, int loads) {
  f["signals"]["load_chain"] = loads;
  return f;
}
json classify(const json& file, const std::string& name) {
  return solver::test::classify_signals(file, "fresh7_" + name);
}
std::string bottleneck(const json& v) { return solver::test::fired_bottleneck(v); }
}  // namespace

TEST_CASE("load chain: a binary search's wait is latency, not the layout's") {
  // XSBench's unionized-grid lookup: a 20-step binary search, then per nuclide a gather; 13.5
  // sectors per request, 24% of them used, warps 88% on the long scoreboard, L1 68% busy, DRAM
  // moving 36% of its roof (the byte formula's 58% counts what L2 served).
  json f = signals_of("corpus_fresh7_h200", "xsb_lookup_unionized");
  json chain = classify(with_chain(f, 1), "xsb_chain");
  CHECK(bottleneck(chain) == "dependent_load_latency");
  CHECK(solver::test::ranked_estimate(chain, "uncoalesced") < 0.05);
  // The same counters without the code fact: the scattered sectors read as the layout's.
  CHECK(bottleneck(classify(with_chain(f, 0), "xsb_no_chain")) == "uncoalesced");
  f["signals"].erase("load_chain");
  CHECK(bottleneck(classify(f, "xsb_unknown")) == "uncoalesced");
}

TEST_CASE("load chain: thrust's lower_bound goes to the chain, which its label accepts") {
  // 24 probes per thread, 25 sectors per request, DRAM moving 6.3 times the useful bytes.
  json f = signals_of("corpus_fresh5_h200", "thrust_lower_bound");
  CHECK(bottleneck(classify(with_chain(f, 1), "thrust_chain")) == "dependent_load_latency");
  CHECK(bottleneck(classify(with_chain(f, 0), "thrust_no_chain")) == "uncoalesced");
}

TEST_CASE("load chain: an independent gather keeps its coalescing verdict") {
  // The labelled suite's scattered gather and strided transpose have no chain: uncoalesced.
  for (const char* k : {"uncoalesced_gather", "transpose_naive"}) {
    INFO(k);
    json f = signals_of("labelled_h200", k);
    CHECK(bottleneck(classify(with_chain(f, 0), std::string(k))) == "uncoalesced");
  }
  // ... and the pointer chases that have one stay latency.
  for (const char* k : {"pointer_chase", "line_chase"}) {
    INFO(k);
    json f = signals_of("labelled_h200", k);
    CHECK(bottleneck(classify(with_chain(f, 1), std::string(k))) == "dependent_load_latency");
  }
}

TEST_CASE("eval --signals-dir computes load_chain from the suite's source") {
  // The recorded signal files predate the scan; eval compiles each seed variant with NVRTC.
  auto e = solver::test::eval_suite(kSrc + "/tests/corpus_fresh7",
                                    kSrc + "/tests/data/corpus_fresh7_h200");
  CHECK(e.total == 14);
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("no libnvrtc: load_chain stays missing, as before the scan");
    CHECK(e.fired["xsb_lookup_unionized"] == "uncoalesced");
    return;
  }
  CHECK(e.fired["xsb_lookup_unionized"] == "dependent_load_latency");
  // blw_pagerank_edgelist has no signal file (it faulted in the gate); bude_fasten is
  // issue_bound since c30 (the wait low_ilp cannot claim, fresh7_misses_test.cpp);
  // sgl_group_quant_int8 is named by the lane stride (fresh7_stride_test.cpp), cs_histogram256
  // and trtllm_quantize_int8 by the terms of fresh7_misses_test.cpp.
  CHECK(e.correct == 13);
  // thrust_lower_bound's binary search is a chain too: the latency its label accepts.
  auto fresh5 = solver::test::eval_suite(kSrc + "/tests/corpus_fresh5",
                                         kSrc + "/tests/data/corpus_fresh5_h200");
  CHECK(fresh5.fired["thrust_lower_bound"] == "dependent_load_latency");
  CHECK(fresh5.correct == 13);
}
