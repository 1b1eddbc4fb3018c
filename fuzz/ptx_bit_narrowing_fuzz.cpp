// libFuzzer target: arbitrary bytes as PTX (generators::scan_bit_narrowing, the scan that follows
// a float's bits through integer code: red team 14's integer narrowing, P4). The scan runs on
// every candidate's PTX, so hostile text must never crash it or make it loop, and:
//  - narrowed >= 0, and a narrowing names a class, a width of 32 or 64, kept mantissa bits
//    below the width's (1..22 or 1..51; from 0 where the lowest bit went through an instruction
//    outside the model or a fixed-point round trip, which names its integer's width and the
//    conversion back) and at least four exponent bits; no narrowing, no class;
//  - a comment line put before the text changes nothing;
//  - the same text scanned twice gives the same answer (no state kept between scans).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "generators/ptx_bit_narrowing.h"

using namespace solver;

namespace {

// Every ".entry NAME" of the text, each with 16 parameters all f32 buffers.
generators::FloatParams all_float(const std::string& text) {
  generators::FloatParams params;
  for (const std::string& name : fuzz::entry_names(text)) {
    params[name] = std::vector<bool>(16, true);
    params.elem_bits[name] = std::vector<int>(16, 32);
  }
  return params;
}

void check(const generators::BitNarrowing& b, const std::string& text) {
  if (b.narrowed < 0) fuzz::violated("a negative count of narrowed floats", text);
  if (b.narrowed == 0) {
    if (!b.format().empty()) fuzz::violated("a class without a narrowing", text);
    return;
  }
  if (b.width != 32 && b.width != 64)
    fuzz::violated("a narrowed float neither 32 nor 64 bits", text);
  const int full = b.width == 32 ? 23 : 52;
  // Bits kept only through an instruction outside the model, or a fixed-point round trip, may
  // leave no mantissa bit the model follows (0); a plain narrowing keeps the top one.
  const int least = b.outside.empty() && b.fixed == 0 ? 1 : 0;
  if (b.mantissa < least || b.mantissa >= full)
    fuzz::violated("kept mantissa bits outside 1..width-1 (0..width-1 outside the model)", text);
  if (b.fixed < 0 || b.fixed > 64 || (b.fixed > 0) == b.back.empty())
    fuzz::violated("a fixed-point round trip without its width or its conversion back", text);
  if (b.exponent < 4) fuzz::violated("a narrowing with fewer than four exponent bits", text);
  if (b.format().empty()) fuzz::violated("a narrowing without a class", text);
  if (b.describe().empty()) fuzz::violated("a narrowing without a description", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;  // a fixpoint over the module: bounded inputs keep it fast
  const std::string text(reinterpret_cast<const char*>(data), size);
  const generators::FloatParams params = all_float(text);
  const generators::BitNarrowing a = generators::scan_bit_narrowing(text, params);
  check(a, text);
  const generators::BitNarrowing again = generators::scan_bit_narrowing(text, params);
  if (again.narrowed != a.narrowed || again.mantissa != a.mantissa || again.sink != a.sink)
    fuzz::violated("two scans of one text disagree", text);
  const generators::BitNarrowing c = generators::scan_bit_narrowing(
      "// and.b32 %r2, %r1, -65536; st.global.u32 [%rd4], %r2;\n" + text, params);
  if (c.narrowed != a.narrowed || c.mantissa != a.mantissa || c.exponent != a.exponent)
    fuzz::violated("a leading comment changed the answer", text);
  check(generators::scan_bit_narrowing(text, {}), text);
  return 0;
}
