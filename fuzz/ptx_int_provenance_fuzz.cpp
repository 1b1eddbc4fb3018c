// libFuzzer target: arbitrary bytes as PTX (generators::scan_int_mma_provenance, the taint
// behind P4b's integer-MMA rule). The scan must never crash or loop, and:
//  - 0 <= honest <= int_mma;
//  - the number of integer MMAs does not depend on which parameters are float buffers;
//  - marking every parameter of every .entry a float buffer never makes an MMA more honest
//    (more taint sources can only taint more: the analysis is a monotone fixpoint);
//  - a comment line put before the text changes nothing.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "generators/ptx_int_provenance.h"

using namespace solver;

namespace {

// Every ".entry NAME" of the text, each with 64 parameters all float buffers.
generators::FloatParams all_float(const std::string& text) {
  generators::FloatParams params;
  for (const std::string& name : fuzz::entry_names(text))
    params[name] = std::vector<bool>(64, true);
  return params;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;  // a fixpoint over the module: bounded inputs keep it fast
  const std::string text(reinterpret_cast<const char*>(data), size);
  const generators::IntMmaProvenance none = generators::scan_int_mma_provenance(text, {});
  if (none.int_mma < 0 || none.honest < 0 || none.honest > none.int_mma)
    fuzz::violated("honest outside [0, int_mma]", text);
  const generators::IntMmaProvenance f = generators::scan_int_mma_provenance(text, all_float(text));
  if (f.int_mma != none.int_mma) fuzz::violated("float parameters changed the MMA count", text);
  if (f.honest > none.honest) fuzz::violated("float parameters made an MMA more honest", text);
  const generators::IntMmaProvenance c = generators::scan_int_mma_provenance(
      "// mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32\n" + text, {});
  if (c.int_mma != none.int_mma || c.honest != none.honest)
    fuzz::violated("a leading comment changed the answer", text);
  return 0;
}
