// libFuzzer target: arbitrary bytes as rules.yaml (rules::parse_rule_table). Accepted tables
// must survive a round trip: dump_rule_table's YAML parses back to a table with the same
// content hash (the evolved table is written with that dump, and a run's copy is re-read),
// and hold only valid names and UTF-8 text (issue 27).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "rules/names.h"
#include "rules/rule_table.h"

using namespace solver;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  rules::RuleTable table;
  try {
    table = rules::parse_rule_table(text, "fuzz/rules.yaml");
  } catch (const rules::InputError& e) {
    fuzz::check_input_error(e, text);
    return 0;
  }
  // Issue 27: whatever is accepted can be written as JSON and YAML: every id is a name, and
  // the dump (which holds every accepted string) is UTF-8 without control characters.
  for (const auto& r : table.rules)
    if (rules::name_problem(r.id)) fuzz::violated("an accepted rule id is not a name", text);
  std::string dumped = rules::dump_rule_table(table);
  if (rules::text_problem(dumped))
    fuzz::violated("the dump of an accepted table is not UTF-8 text", text);
  try {
    rules::RuleTable again = rules::parse_rule_table(dumped, "fuzz/dumped.yaml");
    if (again.content_hash() != table.content_hash())
      fuzz::violated("dump_rule_table does not round-trip (content hash differs)", text);
  } catch (const rules::InputError& e) {
    std::fprintf(stderr, "%s\n--- dumped:\n%s\n", e.format().c_str(), dumped.c_str());
    fuzz::violated("dump_rule_table wrote a table that does not load", text);
  }
  return 0;
}
