// libFuzzer target: arbitrary bytes as chips.yaml (rules::parse_chip_table). An accepted table
// is also looked up by every id and alias, and matched against a device, as the CLI does.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "rules/chips.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  rules::ChipTable table;
  try {
    table = rules::parse_chip_table(text, "fuzz/chips.yaml");
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  for (const auto& chip : table.chips) {
    if (!table.find(chip.id)) fuzz::violated("a loaded chip is not found by its id", text);
    for (const auto& a : chip.aliases) (void)table.find(a);
    for (const auto& k : rules::chip_numeric_properties()) (void)chip.number(k);
    (void)table.match_device(chip.name, chip.cc_major, chip.cc_minor,
                             static_cast<int>(chip.number("sm_count")));
  }
  (void)table.match_device("NVIDIA H200", 9, 0, 132);
  return 0;
}
