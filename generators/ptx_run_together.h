// Which statements of a PTX entry run whenever another one runs (issue 28, helper h28o). The
// bit scan of ptx_bit_narrowing.h unites what an origin's sinks receive: a float split into
// halves, both stored, keeps every bit. A store that never runs unites as well: a whole word
// stored under a branch no thread takes (`if (W < 0)`), or under a guard that is never true,
// excused a field or a narrowed value stored beside it (h28m's residual (2)). A union is an
// excuse only where the whole float reaches memory each time the part does, so the scan unites
// only stores that run together.
//
// Two statements run together here when they are in one basic block (no label between them, no
// branch, exit, return, trap or call between them: a callee may exit) and the second is unguarded
// or carries the very guard of the first: the same predicate register, negated alike, written by
// nothing between them. That is a sufficient condition, not a necessary one: a store in another
// block that always runs (after a join) is not seen to run together, so a float split across blocks
// is judged part by part (stricter, never laxer).
#pragma once
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "generators/ptx_taint.h"

namespace solver::generators {

class RunTogether {
 public:
  // A new entry: its first statement starts a block.
  void entry();
  // Every statement of the entry in order, as written (labels included): `in` where it parsed,
  // nullptr for a directive or an empty statement (whose labels still start a block). Parsed
  // statements are numbered in the order added, from 0 across entries.
  void statement(std::string_view raw, const taint::Insn* in);
  // Whether statement `b` runs whenever statement `a` does (both parsed ones' numbers).
  bool together(long a, long b) const;
  // ... and writes memory beside it: its address names the same registers (none rewritten
  // between the two) and symbols, a constant offset apart (a float's halves stored at [%rd4]
  // and [%rd4+2]; a whole word stored to one spare address of the buffer by every thread, which
  // costs no traffic, is not beside a field stored at each thread's own place).
  bool beside(long a, long b) const;
  // The key of the stores that run with statement `i` under its own guard (`guarded`) or under
  // none, and (`beside`) at its address: the stores that run with `i` (beside it) are those
  // filed under run_key(i, true, b) or run_key(i, false, b), each filed under run_key(j, true, b)
  // (one pass over the stores, not one per pair).
  std::string run_key(long i, bool guarded, bool beside) const;
  // The guard of a parsed statement as compared ("!%p1#2": negated, the register, its writes
  // before it), empty when unguarded.
  const std::string& guard(long i) const { return guard_[std::size_t(i)]; }

 private:
  long block_ = 0;
  bool label_pending_ = false;
  std::vector<long> block_of_;
  std::vector<std::string> guard_;
  std::vector<std::string> address_;   // a memory access's address as compared, else empty
  std::map<std::string, int> writes_;  // per register, the statements of the entry that wrote it
};

// Whether `raw` (one statement as written, comments stripped) begins with a label, after any
// blanks and braces: `$L__BB0_2:` (a double colon, `L1::no_allocate`, is no label).
bool starts_with_label(std::string_view raw);

}  // namespace solver::generators
