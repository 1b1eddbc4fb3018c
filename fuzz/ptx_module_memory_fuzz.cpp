// libFuzzer target: arbitrary bytes as PTX (generators::scan_ptx_module_memory, red team 8's scan
// for module variables and device heap calls). The scan must never crash, and:
//  - a module-scope statement put before the text is found first, and the rest of the answer is
//    the text's own (the scan's state starts afresh after every top-level ';'): a global hidden
//    by what follows it, or a heap call found twice, would break this;
//  - every heap call named is one of the three heap functions, and heap_refusal refuses exactly
//    when there is one;
//  - every global's name is a non-empty identifier.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "generators/ptx_module_memory.h"

using namespace solver;

namespace {

bool identifier(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$' && c != '%')
      return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const generators::PtxModuleMemory m = generators::scan_ptx_module_memory(text);
  for (const std::string& g : m.globals)
    if (!identifier(g)) fuzz::violated("a global's name is not an identifier", text);
  for (const std::string& h : m.heap_calls)
    if (h != "malloc" && h != "free" && h != "__nv_aligned_device_malloc")
      fuzz::violated("a heap call that is not a heap function", text);
  if (generators::heap_refusal(m).empty() != m.heap_calls.empty())
    fuzz::violated("heap_refusal disagrees with the heap calls found", text);

  const generators::PtxModuleMemory p =
      generators::scan_ptx_module_memory(".global .align 4 .u32 fuzz_probe_table[4];\n" + text);
  if (p.globals.empty() || p.globals.front() != "fuzz_probe_table")
    fuzz::violated("a leading module variable was not found first", text);
  if (std::vector<std::string>(p.globals.begin() + 1, p.globals.end()) != m.globals)
    fuzz::violated("a leading module variable changed what the text declares", text);
  if (p.heap_calls != m.heap_calls)
    fuzz::violated("a leading module variable changed the heap calls found", text);
  return 0;
}
