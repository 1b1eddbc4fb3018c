// The bit images of ptx_bit_narrowing.h: which bits of which float sit at which bit of a
// register, and the operations integer instructions do on them (a move of bits, a union of two
// operands' bits, a smear where the instruction is not modelled). Internal to that scan.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace solver::generators::bits {

using Word = std::uint64_t;

// One origin's bits in a register: at[p] holds the bits of that float found at bit p.
struct Piece {
  int origin = -1;
  std::array<Word, 64> at{};
  long dropped = -1;  // the last statement (module-wide index) that dropped mantissa bits
  // The positions whose bits went through an instruction outside the model (outside_model
  // below) while they held the float's lowest mantissa bit: what they keep is then unknown
  // (issue 28); and the last such instruction.
  Word flagged = 0;
  long outside = -1;
  Word kept() const {
    Word k = 0;
    for (Word a : at) k |= a;
    return k;
  }
  Word kept_modelled() const {  // the bits at positions no such instruction touched
    Word k = 0;
    for (int p = 0; p < 64; ++p)
      if (!((flagged >> p) & 1)) k |= at[p];
    return k;
  }
};
using Image = std::vector<Piece>;  // sorted by origin, no empty piece

// Position p of the result takes position src(p) of `in` (none where src(p) is outside 0..63);
// positions at and above `w` are empty.
Image remap(const Image& in, int w, const std::function<int(int)>& src);
Image copy(const Image& in, int w);
// The most origins one register's image holds: a register mixing more floats' bits (a long
// unrolled xor of many values) keeps those of the lowest origins, so a hostile module cannot
// make the scan's memory and time grow with the square of its size. A dropped piece can only
// make an origin look narrower (fewer of its bits reach a sink), never hide a narrowing.
inline constexpr std::size_t kMaxPieces = 16;
// Unites `b` into `a`; true when `a` gained a bit.
bool unite(Image& a, const Image& b);
// Every bit of the result holds every bit read (or, `upward`, every bit at or below it: a
// product's bit depends on the factors' bits at and below it).
Image smear(const Image& in, int w, bool upward);
// An instruction outside the closed list of modelled ones (ptx_bit_narrowing.h), or a modelled
// one whose shift, mask, selector or factor is not a constant (a run-time shift by 8 drops the
// low byte as a constant one does): every bit read is smeared over the result, as `smear`, and
// each piece that held its float's lowest mantissa bit is flagged at every position (`outside =
// idx`), so the bits it carries to a sink are not counted as kept there (the instruction may
// have dropped them). Flags move with the bits (remap) and spread with a smear.
Image outside_model(const Image& in, int w, long idx);

// lop3.b32 d, a, b, c, immLut (red team 16: redteam16_lop3_narrow_stage cleared a float's low
// mantissa byte with `lop3 ... 0xC0`, a & mask, which the scan read as mixing every bit). Bit p
// of d is the LUT's bit (a_p << 2 | b_p << 1 | c_p). With the constant operands' bits put in
// (`c[k]` set: operand k is that constant), d_p depends on a variable operand's bit p where
// flipping it changes the LUT's answer for some value of the other variable bits; d_p then holds
// that operand's bits at p (`x[k]`: its image). An and, or or xor with a constant is read as
// those instructions are; a select or a three-input xor unites its operands' bits at their places.
Image lop3_bits(const std::array<Image, 3>& x, const std::array<std::optional<Word>, 3>& c,
                Word lut);

// A PTX integer immediate (decimal, 0x hex, 0b binary, octal, 0f/0d float bits, a U suffix,
// a leading minus), or none.
// div or rem (`rem`) of a w-bit `a` (its operands' images united: `read`) by the constant `d`
// (red team 17: a narrowing shift written `div.u32 r, r, 256`, which the scan read as mixing
// every bit). By 2^k, unsigned: the logical shift right by k and the mask of the low k bits;
// signed (`sgn`): the arithmetic shift (the rounding toward zero adds the sign's bits below bit
// k, which the shift drops) and the low k bits with the sign bit above them. By any other
// constant every bit of `read` is mixed into every bit.
Image div_bits(const Image& a, const Image& read, int w, Word d, bool rem, bool sgn);

std::optional<Word> immediate(std::string_view o);

// An integer instruction (opcode parts `parts`, width `w`, module-wide statement `idx`, `n_ops`
// operands) with the images of operands 1..3 and the constant values of operands 1..4:
// the destination's image (`read`: operands 1 and 2 united, and 3 for lop3), or none where the
// result holds no float's value (a count, a position). Every instruction off the closed list
// of ptx_bit_narrowing.h, and a modelled one whose amount, mask, selector or factor is not a
// constant, is outside_model.
struct IntOp {
  std::vector<std::string> parts;
  int w = 32;
  long idx = 0;
  std::size_t n_ops = 0;
  std::array<Image, 3> img;
  std::array<std::optional<Word>, 4> val;
};
std::optional<Image> integer_effect(const IntOp& in, const Image& read);
bool int_type(std::string_view t);  // b8 ... u64, s32 ...
int type_bits(std::string_view t);  // its width, at most 64
// The width of the last integer or float type an opcode names (32 when none).
int op_width(const std::vector<std::string>& parts);

}  // namespace solver::generators::bits
