// The class and the words of a BitNarrowing (ptx_bit_narrowing.h): what the precision message
// says of a float narrowed in integer code.
#include <algorithm>
#include <string>

#include "generators/ptx_bit_narrowing.h"

namespace solver::generators {

std::string BitNarrowing::format() const {
  if (narrowed == 0) return "";
  if (mantissa >= 23 && exponent >= 8) return "fp32";
  if (mantissa >= 10) return exponent >= 8 ? "tf32" : "f16";
  if (mantissa >= 7 && exponent >= 8) return "bf16";
  return "fp8";
}

std::string BitNarrowing::describe() const {
  if (narrowed == 0) return "";
  const int m = width == 64 ? 52 : 23, e = width == 64 ? 11 : 8;
  const std::string fp = " FP" + std::to_string(width);
  // h28o: a field reaching into the exponent keeps some of its bits (the pinned exponent's).
  const int into_exp = fixed > m ? std::min(fixed - m, e) : 0;
  if (fixed > 0 && field)
    return std::to_string(narrowed) + fp + " value(s) kept in fixed point (in " + entry + ": `" +
           origin + "` moves a float's bits to integer code, of which only the " +
           std::to_string(fixed) + " low bits (the integer a magic-number addition such as `x + " +
           "12582912.f` leaves there" +
           (into_exp > 0 ? ", with " + std::to_string(into_exp) + " of its " + std::to_string(e) +
                               " exponent bits"
                         : std::string()) +
           ") `" + sink + "` stores, to memory that `" + back +
           "` reads back as a float: a fixed-point round trip whose rounding no cvt shows, at "
           "most " +
           std::to_string(mantissa) + " of " + std::to_string(m) + " mantissa bits)";
  if (fixed > 0)
    return std::to_string(narrowed) + fp + " value(s) kept in fixed point (in " + entry + ": `" +
           origin + "` rounds a float to an integer, whose " + std::to_string(fixed) +
           " low bits `" + sink + "` stores to memory that `" + back +
           "` converts back to a float: a fixed-point round trip, at most " +
           std::to_string(mantissa) + " of " + std::to_string(m) + " mantissa bits)";
  if (!outside.empty())
    return std::to_string(narrowed) + fp + " value(s) narrowed in integer code (in " + entry +
           ": the bits from `" + origin + "` reach `" + sink +
           "`, the lowest mantissa bit only through `" + outside +
           "`, which the scan does not model exactly (a run-time shift amount, mask or factor, "
           "or an instruction outside its closed list) and which may drop it; " +
           std::to_string(mantissa) + " of " + std::to_string(m) +
           " mantissa bits kept by the modelled code)";
  return std::to_string(narrowed) + " FP" + std::to_string(width) +
         " value(s) narrowed in integer code (in " + entry + ": the bits from `" + origin +
         "` reach `" + sink + "` with " + std::to_string(mantissa) + " of their " +
         std::to_string(m) + " mantissa bits and " + std::to_string(exponent) + " of " +
         std::to_string(e) + " exponent bits" +
         (dropped_by.empty() ? "" : "; the low mantissa bits dropped by `" + dropped_by + "`") +
         ")";
}

}  // namespace solver::generators
