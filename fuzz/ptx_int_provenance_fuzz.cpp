// libFuzzer target: arbitrary bytes as PTX (generators::scan_int_mma_provenance, the taint
// behind P4b's integer-MMA rule). The scan must never crash or loop, and:
//  - 0 <= honest <= int_mma;
//  - the number of integer MMAs does not depend on which parameters are float buffers;
//  - marking every parameter of every .entry a float buffer never makes an MMA more honest
//    (more taint sources can only taint more: the analysis is a monotone fixpoint);
//  - a comment line put before the text changes nothing;
//  - with every parameter bound to a buffer of its own, those buffers being random integer
//    inputs (a pick may excuse a load, ptx_taint.h State::pickable) never makes an MMA less
//    honest than the same bindings without.
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

// Every ".entry NAME" with 64 integer parameters, each bound to a buffer of its own, every
// buffer a random integer input.
generators::FloatParams all_pickable(const std::string& text) {
  generators::FloatParams params;
  int next = 0;
  for (const std::string& name : fuzz::entry_names(text)) {
    params[name] = std::vector<bool>(64, false);
    auto& bound = params.buffers[name];
    for (int i = 0; i < 64; ++i) {
      bound.push_back({next});
      params.random_int_inputs.insert(next++);
    }
  }
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
  generators::FloatParams bound = all_pickable(text);
  const generators::IntMmaProvenance p = generators::scan_int_mma_provenance(text, bound);
  bound.random_int_inputs.clear();
  const generators::IntMmaProvenance q = generators::scan_int_mma_provenance(text, bound);
  if (p.int_mma != q.int_mma || p.honest < q.honest || p.honest > p.int_mma ||
      p.honest_dot < q.honest_dot || p.honest_dot > p.int_dot)
    fuzz::violated("random integer inputs made an MMA less honest", text);
  return 0;
}
