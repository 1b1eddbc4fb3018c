// A float narrowed by integer code (issue 28, red team 14: redteam14_int_narrow_stage). The
// precision scan (ptx_precision.h) reads typed narrowings: a cvt to f16/bf16/tf32, an MMA's
// operand format, half arithmetic. A float's bits moved into an integer register, rounded and
// shifted so that its low mantissa bits are lost, then stored (three bytes a value, packed) or
// moved back into a float register are a narrowing as much, with none of those instructions.
//
// The scan follows, per register, which bits of which float sit at which bit position. An
// origin is a float's bits entering integer code: `mov.b32 %r, %f`, `mov.b64` from an .f64
// register, whole or split into halves (one origin per float register); an integer load
// (.b32/.u32/.s32, .b64 ..., or a .u16/.u8 part at its constant byte offset) of a buffer the
// launches bind to an f32/f64 buffer, or of shared memory a float was stored to (one origin per
// address and element). Every integer instruction moves those bits as it does: shifts (logical,
// arithmetic, funnel), and/or with a constant (a mask clears bits), bfe/bfi/prmt with constant
// operands, packing and unpacking movs, integer cvt (truncation, extension), mul by a power of
// two, lop3 with a constant LUT as the and/or/xor/select its constant operands make of it (red
// team 16: a mask written as `lop3 ... 0xC0`), div and rem by a constant power of two as the
// shift and mask they are (red team 17: `div.u32 r, r, 256`). add, sub, min, max, xor and
// selects keep the bits of both operands at their places (a carry from a rounding constant keeps
// nothing: `(b + 0x7F) >> 8` keeps bits 8 to 31); the low half of a product by a constant holds at
// bit p the bits at and below p; one by a factor known only at run time is read as the factor 1
// (a later shift cuts as it does); clz, popc, bfind and fns make a count, no float's value.
//
// That list is closed (issue 28, h28c; ptx_bit_effect.cpp): any other integer instruction
// (prmt's other modes, szext by a register, bmsk, mul24/mad24, the video instructions, a division
// by another constant ...), and a listed one whose shift amount, mask, selector or position is
// not a constant or whose product's high half is taken (by 2^24 + 1, by a register), is outside
// the model: its result holds every bit it reads (bits::outside_model), and where that includes
// the float's lowest mantissa bit those positions are flagged. A float value that reaches a sink
// with its lowest mantissa bit only at flagged positions is reported (the instruction may have
// dropped it: a shift by `8 + (W >> 31)` is a shift by 8, red team 16), not passed; an honest
// run-time shift of a mantissa or exponent field alone, a fingerprint times run-time weights
// and a radix digit used as an address carry no such value. A float rounded to an integer
// starts an origin of its own, judged as a fixed-point round trip (ptx_fixed_point.h, red team
// 17); so is a float's low field stored alone (the integer a magic-number addition leaves there)
// to memory read back as a float (h28m). Float arithmetic ends an image. A register holds at most
// 16 origins' images (ptx_bit_image.h: a bound on the work).
//
// A sink is a store or atomic of any type to any memory (the stored width only: st.u16 keeps
// the low 16 bits), or a move of an FP32's image back into a float register whose exponent bits
// sit at their own places (a copy of the value, not a value computed from its bits: the fast
// inverse-square-root seed `0x5f3759df - (b >> 1)` has its exponent shifted and is not judged;
// the FP32 Newton steps after it are ordinary arithmetic). A float register carries FP32 bits
// only: the FP64 math library rebuilds doubles from their words for special cases and splits
// (pow's zero result is {0, hi word}), which no rule on bits tells from a truncation, so an
// FP64's narrowing is judged where its words are stored as integers, and one kept in float
// registers is left to the measured class (P4c). Per origin, the bits reaching any sink
// are united (a float split into a high and a low half, both stored, keeps every bit; radix keys
// stored whole beside their digits likewise); and (h28o) each store is judged again with only
// the stores that run together with it (ptx_run_together.h: one block, the same guard), beside it
// where a launch reads its memory back as a float, so a whole word stored under a branch no
// thread takes, or by every thread to one spare address, excuses nothing. An origin is narrowed
// when what reaches its sinks
// keeps the top mantissa bit and at least four exponent bits (a float value, as FP8's e4m3
// has, not a digit or a field) but not the lowest mantissa bit; it keeps as many mantissa bits
// as run down from the top unbroken. A store to a buffer of a narrower float format than the
// origin's (a bf16 output rounded in integer code) is the problem's own format, excused as a cvt
// to a buffer's format is; so is a store into an integer output of the problem that no launch
// reads back (ptx_int_answer.h: an integer answer made from a float's bits, red team 16's log
// bucket, compared exactly with the reference's; read back, the output is a scratch and judged).
//
// Left alone by construction: sign flips (xor 0x80000000) and abs (and 0x7FFFFFFF) keep every
// mantissa bit; exponent extraction ((b >> 23) & 0xFF) and ldexp-like rebuilding keep no
// mantissa bit or all of them; float-to-ordered-int keys (b ^ mask) keep all 32 bits; NaN
// checks and hashes reach no sink or none with the pattern above. Not seen: bits carried
// through memory other than by the origins above; a store of the dropped bits in another
// block that always runs (after a join: judged apart, stricter); a shift loop whose images do
// not settle in 80 passes. A value's own
// masked copy subtracted or xored away (`b - (b & 0xFF)` is `b & ~0xFF`) clears those bits.
#pragma once
#include <string>

#include "generators/ptx_int_provenance.h"

namespace solver::generators {

struct BitNarrowing {
  int narrowed = 0;  // origins whose stored bits are a narrowing, as above
  // The narrowest of them: its float's width (32 or 64), the mantissa bits it keeps (of 23 or
  // 52) and the exponent bits (of 8 or 11); the statements where the bits entered integer code,
  // where mantissa bits were first dropped and which sink they reached, and its entry.
  int width = 0, mantissa = 0, exponent = 0;
  std::string origin, dropped_by, sink, entry;
  // Where the lowest mantissa bit reached the sink only through an instruction outside the
  // model (a run-time shift amount, mask or factor, or an instruction off the closed list):
  // that instruction; `mantissa` counts the bits the modelled code keeps.
  std::string outside;
  // A fixed-point round trip (ptx_fixed_point.h): the integer's width stored (`origin` is the
  // cvt to the integer, `sink` its store) and the cvt that converts it back to a float.
  int fixed = 0;
  std::string back;
  // Of `narrowed`, the origins that are such round trips, and the fewest integer bits any of
  // them stores (hon19: an int8 class admits integer quantisation of at least 8 bits).
  int fixed_trips = 0, fixed_least = 0;
  // ... made without a cvt (h28m): `origin` moved a float's bits to integer code and only a field
  // at their bottom (the integer a magic-number addition leaves there) was stored.
  bool field = false;
  // The class those bits are: "fp32" (a double kept to 23 or more mantissa bits), "tf32" (10 or
  // more), "f16" (10 or more with fewer than 8 exponent bits), "bf16" (7 to 9), "fp8" (fewer);
  // empty when nothing is narrowed.
  std::string format() const;
  // One line for the precision message: the instructions, the bits kept.
  std::string describe() const;
};

// The whole module; `params` (float_params of the variant) names the float buffers each entry
// binds and their widths: without it only register origins are seen.
BitNarrowing scan_bit_narrowing(const std::string& ptx, const FloatParams& params);

}  // namespace solver::generators
