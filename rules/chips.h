// Chip capability profiles (chips.yaml): what a rule's `requires:` guard and `chip.<name>`
// names in expressions test. `--chip NAME` on any command runs as if on that chip.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::rules {

// The capability vocabulary a chip may declare and a guard may require.
const std::vector<std::string>&
known_capabilities();  // tf32 bf16 fp16_tensor fp8 cp_async tma wgmma
// Numeric chip properties usable in expressions as chip.<name>.
const std::vector<std::string>& chip_numeric_properties();
// sm_count smem_per_block_kib dram_gbps fp32_tflops tf32_tflops fp16_tflops bf16_tflops l2_mib cc

struct ChipProfile {
  std::string id;                    // "h200"
  std::string name;                  // "NVIDIA H200"
  std::vector<std::string> aliases;  // device names that map to it ("NVIDIA H200", "GH100"...)
  int cc_major = 0, cc_minor = 0;
  std::set<std::string> capabilities;
  std::map<std::string, double> numbers;  // keyed by chip_numeric_properties()
  std::string source;                     // datasheet reference(s)
  SourceLocation where;

  bool has(const std::string& capability) const { return capabilities.count(capability) > 0; }
  double number(const std::string& key) const;  // 0 if absent
};

struct ChipTable {
  std::vector<ChipProfile> chips;
  const ChipProfile* find(const std::string& id_or_alias) const;  // case-insensitive
  // Maps a live device (name as reported by the driver, compute capability, SM count).
  const ChipProfile* match_device(const std::string& device_name, int cc_major, int cc_minor,
                                  int sm_count) const;
};

// Loads and validates chips.yaml. Throws InputError with every located problem.
ChipTable load_chip_table(const std::string& path);
ChipTable parse_chip_table(const std::string& yaml_text, const std::string& file_label);

}  // namespace solver::rules
