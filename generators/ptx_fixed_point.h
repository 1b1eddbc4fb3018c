// Fixed-point round trips (issue 28, red team 17: redteam17_block_fixed_scratch). A float
// converted to an integer (`cvt.rni.s32.f32`, __float2int_rn of a scaled value) is no float's
// bits moved into integer code, so the bit images of ptx_bit_narrowing.h start a separate origin
// there: the integer's bits, followed through integer code as any image. Where they are stored
// to memory that a launch of the module loads back and converts to a float again
// (`cvt.rn.f32.s32` of a value read from that memory, through any integer code: unpacking,
// sign extension), the float was kept at the integer's width: a narrowing to about that many
// significant bits (less the block exponent's range: a block of 16 values sharing one scale
// keeps the largest at the width, the smaller ones at fewer). An integer the problem reads as
// its answer (a level, a bucket, an int8 quantiser's output: no launch converts it back), an
// integer used only in an address (never stored), and one converted back in registers without
// a trip through memory stay excused.
//
// The same round trip without a cvt (helper h28m): for |y| < 2^22, `y + 12582912.f` (1.5 x 2^23)
// is y rounded to an integer, held (plus 2^22) in the word's low bits, and
// `__uint_as_float(0x4B000000 | f) - 12582912.f` is that integer again. ptx_bit_narrowing.cpp
// judges a float's bits of which only a field at the bottom reaches memory (no whole float: the
// stores that run with it beside it hold not both its top mantissa bit and every exponent bit,
// h28o) where that memory
// is read back as a float, here or by the loaded bits moved into a float register (`moved`), as
// a fixed-point round trip of the field's width, whatever constant pinned the exponent. A field in
// local memory is not judged (sinf's Payne-Hanek reduction keeps its mantissa field's products
// there; a thread's own array saves no traffic).
//
// This file finds the second half: which memory a module's launches load and convert back to
// floats. Memory is named by the problem's buffers bound to an entry's parameters ("b3"), or by
// the entry and symbol for shared and local memory ("entry/sym"); a load, copy or store whose
// address the taint cannot follow names "*", which meets every other name.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generators/ptx_taint.h"

namespace solver::generators {

// The names of the memory an address may reach (see above).
std::set<std::string> memory_keys(const std::set<std::string>& regions, const std::string& entry,
                                  const std::vector<std::string>& names,
                                  const std::vector<std::set<int>>* bound);

struct ConvertedBack {
  // Memory whose loaded values reach a cvt to a float (from an integer, or widening a half
  // format), and the first such cvt's module-wide statement index.
  std::map<std::string, long> keys;
  // ... whose loaded bits, through integer code, are moved into a float register (h28m: read as a
  // float through the exponent field, `__uint_as_float(0x4B000000 | q) - 8388608.f`).
  std::map<std::string, long> moved;
  // One entry's statements (`index`: their module-wide indices), its taint state `s` (the
  // addresses' regions), parameter names and bound buffers.
  void scan_entry(const std::vector<taint::Insn>& code, const std::vector<long>& index,
                  const taint::State& s, const std::string& entry,
                  const std::vector<std::string>& names, const std::vector<std::set<int>>* bound);
  // The statement of the cvt that converts back values loaded from memory `stored` names (a
  // fixed-point round trip), or -1.
  long meets(const std::set<std::string>& stored) const;

 private:
  long meets(const std::set<std::string>& stored,
             const std::map<std::string, long>& converted) const;
  std::map<std::string, std::set<std::string>> copied_from_;  // cp.async: destination <- sources
};

// A cvt from a float to an integer: the integer's width (8 to 64) and whether it is signed in
// `sgn`; 0 for any other statement.
int float_to_int_bits(const std::vector<std::string>& parts, bool* sgn = nullptr);

}  // namespace solver::generators
