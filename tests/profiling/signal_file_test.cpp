#include <doctest/doctest.h>

#include <algorithm>

#include "profiling/signal_file.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"

using namespace solver;
using namespace solver::profiling;

namespace {

std::string errors_of(const std::string& text) {
  try {
    parse_signal_file(text, "s.json");
  } catch (const rules::InputError& e) {
    return e.format();
  }
  return "";
}

}  // namespace

TEST_CASE("a signal file round-trips") {
  SignalFile f;
  f.kernel = "k";
  f.source = "test";
  f.chip = "h200";
  f.flops = 100;
  f.bytes = 50;
  f.time_us = 3;
  f.dtype = "fp32";
  f.launch.block_threads = 128;
  f.ceilings.dram_bytes_per_s = 4e12;
  f.raw_metrics["gpu__time_duration.sum"] = 3500;
  f.signals.set("dram_frac", 0.5);
  f.signals.set("tensor_active", false);
  f.signals.set("dtype", std::string("fp32"));
  SignalFile g = parse_signal_file(dump_signal_file(f), "mem");
  CHECK(g.kernel == "k");
  CHECK(*g.chip == "h200");
  CHECK(*g.flops == 100);
  CHECK(*g.launch.block_threads == 128);
  CHECK(*g.ceilings.dram_bytes_per_s == 4e12);
  CHECK(g.raw_metrics == f.raw_metrics);
  CHECK(g.signals.values == f.signals.values);
}

TEST_CASE("the code scan's load chain round-trips as a count and feeds the derivation") {
  SignalFile f;
  f.kernel = "k";
  f.code_gemm_loop = false;
  f.code_load_chain = 3;
  SignalFile g = parse_signal_file(dump_signal_file(f), "mem");
  CHECK(g.code_load_chain == 3);
  CHECK(derivation_input(g, nullptr).code_load_chain == 3);
  auto e = errors_of(
      "{\"version\": 1, \"kernel\": \"k\", \"signals\": {}, \"inputs\": "
      "{\"code\": {\"load_chain\": true}}}");
  CHECK(e.find("load_chain") != std::string::npos);
}

TEST_CASE("the code scan's access stride shares round-trip and feed the derivation") {
  SignalFile f;
  f.kernel = "k";
  f.code_contiguous_access_frac = 0.75;
  f.code_strided_access_frac = 0.25;
  f.code_store_fill_frac = 0.5;
  SignalFile g = parse_signal_file(dump_signal_file(f), "mem");
  CHECK(g.code_store_fill_frac == 0.5);
  CHECK(derivation_input(g, nullptr).code_store_fill_frac == 0.5);
  CHECK(g.code_contiguous_access_frac == 0.75);
  CHECK(g.code_strided_access_frac == 0.25);
  CHECK(derivation_input(g, nullptr).code_contiguous_access_frac == 0.75);
  CHECK(derivation_input(g, nullptr).code_strided_access_frac == 0.25);
  SignalFile bare;
  bare.kernel = "k";
  SignalFile none = parse_signal_file(dump_signal_file(bare), "mem");
  CHECK_FALSE(none.code_contiguous_access_frac);
  auto e = errors_of(
      "{\"version\": 1, \"kernel\": \"k\", \"signals\": {}, \"inputs\": "
      "{\"code\": {\"code_strided_access_frac\": \"high\"}}}");
  CHECK(e.find("code_strided_access_frac") != std::string::npos);
}

TEST_CASE("JSON syntax errors carry line and column") {
  auto e = errors_of("{\n  \"version\": 1,\n  \"kernel\": oops\n}\n");
  CHECK(e.find("s.json:3:") != std::string::npos);
  CHECK(e.find("invalid JSON") != std::string::npos);
  CHECK(line_column("ab\ncd", 4) == std::pair{2, 2});
}

TEST_CASE("unknown signals, wrong types and unknown keys are all reported, located") {
  std::string text =
      "{\n"
      "  \"version\": 1,\n"
      "  \"kernel\": \"k\",\n"
      "  \"colour\": \"red\",\n"
      "  \"signals\": {\n"
      "    \"dram_frac\": \"high\",\n"
      "    \"dram_fraction\": 0.5,\n"
      "    \"tensor_active\": false,\n"
      "    \"load_eff\": null\n"
      "  }\n"
      "}\n";
  auto e = errors_of(text);
  CHECK(e.find("s.json:4:3: error: unknown key 'colour'") != std::string::npos);
  CHECK(e.find("s.json:6:5: error: signal 'dram_frac' must be a number") != std::string::npos);
  CHECK(e.find("s.json:7:5: error: unknown signal 'dram_fraction'") != std::string::npos);
  CHECK(std::count(e.begin(), e.end(), '\n') == 2);  // three diagnostics, nothing else
}

TEST_CASE("version and kernel are required") {
  auto e = errors_of("{\"version\": 2, \"signals\": {}}");
  CHECK(e.find("unsupported version 2") != std::string::npos);
  CHECK(e.find("missing 'kernel'") != std::string::npos);
}

TEST_CASE("numbers too large for their field are located errors, not casts (fuzz finding)") {
  // A version of 2.2e13 once reached int(*version): undefined behaviour, found by signal_json_fuzz.
  auto e = errors_of("{\"version\": 22222222222222, \"kernel\": \"k\", \"signals\": {}}");
  CHECK(e.find("unsupported version 22222222222222") != std::string::npos);
  auto c = errors_of(
      "{\"version\": 1, \"kernel\": \"k\", \"signals\": {}, \"inputs\": "
      "{\"code\": {\"tensor_ops\": 1e300, \"wgmma_ops\": 2.5}}}");
  CHECK(c.find("'tensor_ops' must be a whole number") != std::string::npos);
  CHECK(c.find("'wgmma_ops' must be a whole number") != std::string::npos);
}

TEST_CASE(
    "the bundled H200 fixtures hold exactly what the derivation computes from their raw values") {
  rules::ChipTable chips = rules::load_chip_table("rules/chips.yaml");
  for (const char* path : {"tests/data/h200_stream_scale.json", "tests/data/h200_naive_sgemm.json",
                           "tests/data/h200_wmma_tf32.json"}) {
    CAPTURE(path);
    SignalFile f = load_signal_file(path);
    REQUIRE(f.chip);
    const rules::ChipProfile* chip = chips.find(*f.chip);
    REQUIRE(chip);
    CHECK(f.raw_metrics.size() >= 5);
    Derivation d = derive_signals(derivation_input(f, chip));
    CHECK(d.signals.values == f.signals.values);
    // The fixtures' rates come from the unprofiled time, as every live run's do.
    CHECK(f.signal_origin.at("dram_frac") == "unprofiled");
  }
}

TEST_CASE("re-deriving named signals keeps the others as stored") {
  // A kept signal file whose launch attributes were never recorded: a full re-derivation would
  // drop the driver's signals; --only replaces the named ones and nothing else.
  SignalFile f;
  f.kernel = "k";
  f.source = "test";
  f.raw_metrics = {{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", 900},
                   {"smsp__inst_executed_op_shared_ld.sum", 10},
                   {"smsp__inst_executed_op_shared_st.sum", 20},
                   {"smsp__sass_inst_executed_op_shared_atom.sum", 500}};
  f.signals.set("bank_conflicts_per_request", 30.0);  // the old reading: 900 / 30
  f.signals.set("block_threads", 256.0);              // from a launch the file does not hold
  f.signal_origin["bank_conflicts_per_request"] = "profiled";
  Derivation d = derive_signals(derivation_input(f, nullptr));
  REQUIRE(rules::is_missing(d.signals.get("block_threads")));
  auto changed = store_derived_signals(f, d, {"bank_conflicts_per_request", "block_threads"});
  // The shared atomics make the undivided count undefined: the signal goes, the defect stays.
  CHECK(rules::is_missing(f.signals.get("bank_conflicts_per_request")));
  CHECK(f.signal_origin.count("bank_conflicts_per_request") == 0);
  CHECK(std::count_if(f.notes.begin(), f.notes.end(), [](const std::string& n) {
          return n.rfind("defect: bank_conflicts_per_request not defined", 0) == 0;
        }) == 1);
  // A named signal the derivation cannot make is dropped too; an unnamed one is kept.
  CHECK(changed.size() == 2);
  f.signals.set("block_threads", 256.0);
  store_derived_signals(f, d, {"bank_conflicts_per_request"});
  CHECK(std::get<double>(f.signals.get("block_threads")) == 256.0);
  CHECK(std::count_if(f.notes.begin(), f.notes.end(), [](const std::string& n) {
          return n.rfind("defect: bank_conflicts_per_request", 0) == 0;
        }) == 1);  // not repeated
}
