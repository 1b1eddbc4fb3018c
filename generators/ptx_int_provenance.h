// Where the operands of a variant's integer MMAs come from (issue 28, residual of red team 7).
// An integer MMA (IMMA: mma.sync / wmma.mma / wgmma on s8, u8, s4, u4, b1) is honest when it
// multiplies the problem's own integers: its A and B operands are values read from buffers the
// problem declares as integers, with an integer accumulator, and any float arithmetic of the
// kernel never reaches them (it can only be the dequantise epilogue: int32 -> float, times a
// scale, stored). It is a lower precision when its operands were narrowed in the kernel from
// float values (a float input quantised to int8 with cvt, with integer code on the float's
// bits, through a table indexed by a float, or through a shared-memory round trip): such a
// product approximates a float GEMM at ~30x the FP32 rate.
//
// The analysis is a flow-insensitive taint over each .entry's PTX, run to a fixpoint (loops):
//  - a register is float-derived when the instruction writing it names a float type (cvt.rni.
//    s8.f32, setp.gt.f32, mov.b32 from an .f32 register ...), reads a float-derived register
//    (guards included: `@%p selp` on a float compare), or loads through a float-derived
//    address, from a float buffer's parameter, or from memory a float-derived value was
//    stored to (per shared symbol / parameter; an address of unknown origin taints its whole
//    state space);
//  - addresses carry their origin: the parameter or shared symbol they were computed from;
//  - cp.async / TMA copies carry the source's taint to the destination.
//  - across launches: a buffer bound to a parameter an entry stores float-derived values
//    through (or any buffer of an entry that stores such values through an address of unknown
//    origin) counts as a float buffer for every entry, to a fixpoint (FloatParams::buffers).
//  - a branch on a float-derived predicate: the registers it decides (written on one side and
//    read after the join, ptx_implicit_flow.h; red team 11's narrowing by control flow alone).
//  - a pick (helper h28k, control_redteam12_moe_dp4a_route): a word of an integer input drawn
//    element by element (FloatParams::random_int_inputs) that no launch writes, loaded through an
//    address whose float-derived part depends neither on that input's contents nor on memory of
//    unknown origin, is a random word whichever position the float chose: clean as an MMA's or
//    dp4a's data operand, float-derived for any other use (ptx_taint.h State::pickable).
// One shared buffer reused for int8 tiles and a float epilogue is refused
// (no byte ranges are tracked). MMAs outside any .entry (a non-inlined .func) are never
// proven honest.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generators/problem_spec.h"

namespace solver::generators {

struct ResolvedVariant;

// Per .entry name, per parameter in order: true where the argument is a buffer (or a tensor
// map over one) stored in a float format (f16, bf16, f32, f64).
//
// `buffers` (filled by float_params; empty in a hand-built map) names, per .entry and parameter,
// the variant's buffers bound to it over the launch list. With it the taint crosses launches
// (red team 9, redteam9_scratch_int8_launder): a buffer that any entry stores float-derived
// values to (an int8 scratch a quantising launch fills) is float-derived in every entry, as a
// float buffer is, to a fixpoint over the entries.
struct FloatParams : std::map<std::string, std::vector<bool>> {
  using std::map<std::string, std::vector<bool>>::map;
  std::map<std::string, std::vector<std::set<int>>> buffers;
  std::set<DType> map_dtypes;  // the element types of the variant's TMA tensor maps
  // Per .entry and parameter, the width in bits of the float format of the buffers bound to it
  // (16 for f16/bf16, 32, 64), 0 where none is a float buffer or they differ in width (filled by
  // float_params; ptx_bit_narrowing.h reads an integer load of a float buffer as its bits).
  std::map<std::string, std::vector<int>> elem_bits;
  // The integer buffers whose role is `out` (indices as in `buffers`): where no launch reads one
  // back, what is stored there is the problem's answer (ptx_int_answer.h).
  std::set<int> int_outputs;
  // The integer inputs (role `in`) whose init draws each element independently (no structured
  // kind: not arange, permutation, sorted ...): a word of one read through a float-chosen address
  // that does not depend on the buffer's contents is a random word, not a code of the float
  // (a mixture-of-experts router choosing an expert's row of W; ptx_taint.h State::pickable).
  std::set<int> random_int_inputs;
};
FloatParams float_params(const ResolvedVariant& rv);

struct IntMmaProvenance {
  int int_mma = 0;  // integer MMAs in the module
  int honest = 0;   // ... inside an .entry, integer accumulate, no float-derived operand
  // dp4a/dp2a, held to the same rule (red team 10, redteam10_dp4a_beside_index: an integer
  // buffer of the problem used to excuse every dp4a, whatever its operands were narrowed from).
  int int_dot = 0, honest_dot = 0;
  int narrowed() const { return int_mma - honest; }
};

// Reads the whole module; `params` may lack an entry (its parameters then count as integer
// buffers: the register-level taint still applies).
IntMmaProvenance scan_int_mma_provenance(const std::string& ptx, const FloatParams& params);

// The same taint with another origin (red team 9, redteam9_dead_f64_majority): values computed
// by rounding FP32 arithmetic (add/sub/mul/fma/mad/div .f32), followed through registers,
// shared memory and addresses. Returns the number of entries that store such a value to a
// buffer (through a parameter, or an address of unknown origin), plus one where a non-inlined
// function writes memory (not followed). A data flow, not a count: dead code adds nothing.
// With `decided`, also what a branch on such a value decides (a register written on one side
// and read after the join, a store there: ptx_implicit_flow.h), except a region re-tested in
// FP64 before anything it writes escapes (an FP32 prefilter ahead of the exact FP64 test:
// control_redteam12_f64_cutoff_prefilter).
int fp32_arith_to_buffers(const std::string& ptx, bool decided = false);

// The same taint from a third origin (red team 10's residual): values a cvt narrowed from
// FP32/FP64 to BF16, FP16 or an FP8 format (`format`), followed through registers, shared memory,
// the entry's buffers and, with `bindings.buffers`, across launches. Returns how many instructions
// compute on such a value (float arithmetic, a widening cvt, a compare, a float store or
// reduction): a narrowing a buffer of that format excuses is one whose value is only stored, never
// computed on (a round trip through BF16 into FP32 arithmetic is BF16 precision). Memory is
// followed without program order: an in-place update of a BF16 buffer counts as computing on
// narrowed values (such a kernel computes at BF16 precision: the class to declare is bf16).
// `format`: 1 BF16, 2 FP16, 3 FP8/FP6/FP4 (taint::Insn::narrow).
int narrowed_values_computed(const std::string& ptx, const FloatParams& bindings, int format);

}  // namespace solver::generators
