// The problem's integer answers in a module's PTX (red team 16, control_redteam16_log_bucket_bits):
// an integer output buffer that no launch reads back. A value stored there is the problem's
// answer, compared with the reference's as it is, so the bit-narrowing scan (ptx_bit_narrowing.h)
// excuses it as it excuses a store into a narrower float buffer: a logarithmic bucket read from a
// float's exponent and top mantissa bits is an exact integer, not a float kept at a lower
// precision. The read-back condition keeps an integer output from serving as a scratch: narrowed
// float bits stored there by one launch and loaded as floats by another (red team 14's narrowing
// through a buffer the problem calls an output) are judged as before. A load, atomic or copy
// whose address the taint cannot follow to a parameter or symbol counts as a read of every buffer,
// and a store or atomic whose value is a buffer's pointer, or made from one, as a read of that
// buffer: a pointer kept in memory and loaded back has no provenance, so an address built from it
// and another buffer's pointer reads as the other's (red team 17, redteam17_int_answer_alias).
// Not seen (as in every taint of these scans): an address built from another buffer's pointer
// plus an offset that reaches the integer output is read as the other buffer's.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "generators/ptx_taint.h"

namespace solver::generators {

struct BufferReads {
  std::set<int> buffers;  // the problem's buffers (float_params indices) some load may read
  bool any = false;       // a load of unknown origin: it may read every buffer
  // Adds what `in` (a load, atomic or copy of an entry whose state is `s`, parameter names
  // `names`, bound buffers `bound`, which may be null) may read, and the buffers whose pointers
  // a store or atomic writes to memory.
  void add(const taint::Insn& in, const taint::State& s, const std::vector<std::string>& names,
           const std::vector<std::set<int>>* bound);
  bool may_read(const std::set<int>& b) const;
};

// The integer output buffers (`int_outputs`: float_params' indices) a store writes, when every
// region its address may name is a parameter bound to such buffers only; empty otherwise.
std::set<int> int_answer_buffers(const taint::Insn& in, const taint::State& s,
                                 const std::vector<std::string>& names,
                                 const std::vector<std::set<int>>* bound,
                                 const std::set<int>& int_outputs);

}  // namespace solver::generators
