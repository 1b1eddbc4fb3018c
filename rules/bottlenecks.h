// The bottleneck taxonomy: the closed set of names a rule's optional `bottleneck:` may carry,
// one line of meaning each. It is what the labelled suite (tests/labelled/) is labelled with
// and what `solver eval` compares a fired rule against, so a rule and a label can only agree
// on a name both sides spelled from this table.
#pragma once
#include <span>
#include <string>
#include <string_view>

namespace solver::rules {

struct BottleneckDef {
  std::string_view id;           // e.g. "dram_bandwidth"
  std::string_view description;  // one line: what limits the kernel
};

std::span<const BottleneckDef> bottleneck_table();
bool is_known_bottleneck(std::string_view id);
// "dram_bandwidth, uncoalesced, ..." in table order, for error messages.
std::string known_bottlenecks_list();

}  // namespace solver::rules
