// libFuzzer target: arbitrary bytes as an `ncu --csv --page raw` export
// (profiling::parse_ncu_csv). Signals are then derived for every kernel of an accepted export
// (without a chip, and on an H200-like one), as `solver classify --ncu` does.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "profiling/ncu_csv.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const rules::ChipProfile chip = [] {
    rules::ChipProfile c;
    c.id = "h200";
    c.cc_major = 9;
    c.numbers["dram_gbps"] = 4800;
    c.numbers["fp32_tflops"] = 67;
    c.numbers["sm_count"] = 132;
    c.numbers["l2_mib"] = 60;
    return c;
  }();
  std::string text(reinterpret_cast<const char*>(data), size);
  profiling::NcuExport ex;
  try {
    ex = profiling::parse_ncu_csv(text, "fuzz/export.csv");
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  for (std::size_t i = 0; i < ex.kernels.size() && i < 16; ++i) {
    (void)profiling::derive_ncu_signals(ex, i, nullptr);
    (void)profiling::derive_ncu_signals(ex, i, &chip);
  }
  return 0;
}
