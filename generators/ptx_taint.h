// The statement model and taint state shared by the PTX data flows of
// generators/ptx_int_provenance.h (integer-MMA provenance, FP32 arithmetic reaching buffers,
// values narrowed by a cvt) and generators/ptx_bit_narrowing.h (a float's bits narrowed by
// integer code): one parse of a statement into what it reads, writes and addresses, and one
// step of the taint over it. Internal to those scans; not an interface of the precision check.
#pragma once
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace solver::generators::taint {

bool float_type(std::string_view t);
bool is_mma(std::string_view op);
// dp4a / dp2a: four (two) 8-bit (16-bit) integer products summed into a 32-bit integer.
bool is_int_dot(std::string_view op);
bool is_int_mma(std::string_view stmt, std::string_view op);

// Whether `r` is a register declared with a float type (its name, or its name less the trailing
// digits of a `%f<20>` range, is in `float_regs`).
bool declared_float(const std::set<std::string>& float_regs, const std::string& r);

enum class Kind { Other, Load, ParamLoad, Store, Atom, Copy };
enum Space { Generic, Global, Shared, Local, NSpaces };

struct Insn {
  Kind kind = Kind::Other;
  Space space = Generic;
  bool float_op = false;    // the opcode names a float type
  bool fp32_arith = false;  // rounding FP32 arithmetic (add/sub/mul/fma/mad/div .f32)
  bool int_mma = false, int_acc = false;
  bool dot = false;  // dp4a/dp2a (counted apart from the MMAs, held to the same operand rule)
  // A cvt from f32/f64 down to: 1 BF16, 2 FP16; 3 an FP8/FP6/FP4 format, also from f16x2 /
  // bf16x2 (narrowed_values_computed).
  int narrow = 0;
  bool scalar = false;  // a parameter load of 32 bits or fewer: a value, never an address
  std::vector<std::string> dests, srcs, src_syms, addr, addr_syms, src_addr, src_addr_syms, mma_ab;
  // The statement as written (guard and opcode included), its opcode's dotted parts and its
  // operands' text in order (the bit-level scan of ptx_bit_narrowing.cpp reads immediates).
  std::string text;
  std::vector<std::string> parts, ops;
};

// Origin of the taint: float values (integer-MMA provenance), values computed by rounding FP32
// arithmetic (fp32_arith_to_buffers), values narrowed to BF16 / FP16 by a cvt, or (Clock) no
// statement: the caller seeds the clock's special registers (ptx_clock_work.h).
enum class Mode { Float, Fp32Arith, NarrowBf16, NarrowF16, NarrowFp8, Clock };

struct State {
  Mode mode = Mode::Float;
  std::unordered_map<std::string, bool> flt;
  std::unordered_map<std::string, std::set<std::string>> prov;
  std::set<std::string> tainted;  // regions a float-derived value was stored to
  // ... of which stored as integers (or copied as bytes): narrowed data, not a float epilogue
  std::set<std::string> narrowed;
  bool wild[NSpaces] = {};  // a float-derived store through an address of unknown origin
  std::set<std::string> float_regions;  // float buffers' parameters
  std::set<std::string> float_regs;     // register name prefixes declared .f16/.f32/.f64...
  // Registers declared without a '%' (`.reg .s32 q;`, legal PTX, common in inline asm): read as
  // registers, not memory symbols, wherever they are named (red team 12, redteam12_bare_reg_dp4a).
  std::set<std::string> bare_regs;
  // A pick among a random integer input's words (P4b, control_redteam12_moe_dp4a_route: a
  // mixture-of-experts router's float argmax choosing which expert's row of W is read).
  // `pickable`: the regions of integer inputs the problem draws element by element and no
  // launch writes (set by the caller, Float mode only). A word loaded from them through an
  // address whose only float-derived part is independent of their contents is in `sel`: the
  // problem's own word, as clean as a data operand of an integer MMA / dp4a, float-derived for
  // every other use (decoding it by compare or arithmetic is a lookup). `content`: per register,
  // the pickable regions ("*": memory of unknown origin) whose contents decided its value (data
  // or branch); `mem_content` the same per region stored to ("*": an address of unknown origin).
  std::set<std::string> pickable;
  std::set<std::string> sel;
  std::unordered_map<std::string, std::set<std::string>> content;
  std::map<std::string, std::set<std::string>> mem_content;
  std::set<std::string> written;  // regions any value is stored to ("*": unknown address)
  std::size_t size() const {
    std::size_t n = tainted.size() + narrowed.size() + sel.size() + written.size();
    for (const auto& [r, f] : flt) n += f;
    for (const auto& [r, s] : prov) n += s.size();
    for (const auto& [r, s] : content) n += s.size();
    for (const auto& [r, s] : mem_content) n += s.size();
    for (bool w : wild) n += w;
    return n;
  }
  // Float-derived, or a picked word read by anything but an MMA's data operand.
  bool depends(const std::string& r) const { return is_float(r) || sel.count(r) > 0; }
  bool any_depends(const std::vector<std::string>& regs) const {
    for (const auto& r : regs)
      if (depends(r)) return true;
    return false;
  }
  // Whether a load of an integer word is such a pick: its address names pickable regions only,
  // none of which (nor memory of unknown origin) decided the address.
  bool picks(const Insn& in) const;
  std::set<std::string> contents(const std::vector<std::string>& regs) const {
    std::set<std::string> out;
    for (const auto& r : regs)
      if (auto it = content.find(r); it != content.end())
        out.insert(it->second.begin(), it->second.end());
    return out;
  }
  bool is_float(const std::string& r) const {
    auto it = flt.find(r);
    if (it != flt.end() && it->second) return true;
    if (mode != Mode::Float) return false;  // a .f32 register is no origin here
    return declared_float(float_regs, r);
  }
  bool region_bad(const std::string& s) const {
    return tainted.count(s) > 0 || float_regions.count(s) > 0;
  }
  std::set<std::string> regions(const std::vector<std::string>& regs,
                                const std::vector<std::string>& syms) const {
    std::set<std::string> out(syms.begin(), syms.end());
    for (const auto& r : regs)
      if (auto it = prov.find(r); it != prov.end())
        out.insert(it->second.begin(), it->second.end());
    return out;
  }
  // Whether memory read through these registers and symbols may hold float-derived values.
  bool memory_bad(const std::vector<std::string>& regs, const std::vector<std::string>& syms,
                  Space sp) const {
    if (any_depends(regs)) return true;  // an address computed from a float: a table lookup
    // A float-derived store through an address of unknown origin may be what any load of its
    // state space reads.
    bool any_wild = false;
    for (bool w : wild) any_wild = any_wild || w;
    if (wild[sp] || wild[Generic] || (sp == Generic && any_wild)) return true;
    auto rs = regions(regs, syms);
    // A load of unknown origin (a pointer read from memory) may read narrowed data stored
    // anywhere; a float output written by the epilogue is not narrowed data.
    if (rs.empty()) return !narrowed.empty();
    return points_bad(rs);
  }
  bool points_bad(const std::set<std::string>& rs) const {
    for (const auto& s : rs)
      if (region_bad(s)) return true;
    return false;
  }
  void taint(const std::vector<std::string>& regs, const std::vector<std::string>& syms, Space sp,
             bool as_integers) {
    auto rs = regions(regs, syms);
    if (rs.empty()) wild[sp] = true;
    tainted.insert(rs.begin(), rs.end());
    if (as_integers) narrowed.insert(rs.begin(), rs.end());
  }
  bool any_float(const std::vector<std::string>& regs) const {
    for (const auto& r : regs)
      if (is_float(r)) return true;
    return false;
  }
};

Space space_of(const std::vector<std::string_view>& t);
std::string_view trim_braces(std::string_view s);

// One statement into an Insn; false for directives and empty statements (a `.reg` of a float
// type records its register names in `float_regs`, and with `float_bits` the width of that type:
// 32 for .f32, 64 for .f64, 0 for the half formats).
bool parse(std::string_view stmt, Insn& in, std::set<std::string>& float_regs,
           std::set<std::string>& bare_regs, std::map<std::string, int>* float_bits = nullptr);

// One statement's effect on the taint (see ptx_int_provenance.h for the rules of each mode).
void step(const Insn& in, State& s);

}  // namespace solver::generators::taint
