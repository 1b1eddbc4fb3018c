// The bit scan's internal state (ptx_bit_narrowing.h): its origins, sinks and stores, and the
// verdict over them. Shared by ptx_bit_narrowing.cpp (the scan of a module's statements) and
// ptx_bit_verdict.cpp (which origins are narrowed, h28o split it off); not an interface.
#pragma once
#include <array>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "generators/ptx_bit_image.h"
#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_fixed_point.h"
#include "generators/ptx_int_answer.h"
#include "generators/ptx_run_together.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators::bitscan {

using namespace taint;
using namespace bits;

struct Origin {
  int width = 32;
  long stmt = 0;
  int fixed = 0;  // a float converted to an integer of this width (ptx_fixed_point.h), else 0
  bool fixed_signed = false;
  int exp_lo() const { return width == 64 ? 52 : 23; }
  Word mantissa() const { return (Word(1) << exp_lo()) - 1; }
  Word exponent() const { return ((Word(1) << (width - 1)) - 1) & ~mantissa(); }
  int mantissa_kept(Word k) const {  // the mantissa bits of `k` that run down from the top
    int m = 0;
    while (m < exp_lo() && ((k >> (exp_lo() - 1 - m)) & 1)) ++m;
    return m;
  }
};

struct Sunk {
  Word kept = 0;
  Word modelled = 0;  // of those, the bits that came through modelled instructions only
  long sink = -1, dropped = -1;
  long outside = -1;  // the last instruction outside the model the other bits went through
  void add(const Sunk& o) {
    kept |= o.kept, modelled |= o.modelled;
    sink = sink < 0 ? o.sink : sink;
    dropped = std::max(dropped, o.dropped), outside = std::max(outside, o.outside);
  }
};

// A fixed-point origin's integer stored to memory (ptx_fixed_point.h).
struct FixedStore {
  int origin = -1;
  Word kept = 0;
  long sink = -1;
  std::set<std::string> keys;
};

// One store of a float's bits (h28o): what it keeps, where, and whether it counts as a sink of
// the value rule (not an integer answer no launch reads back) and may excuse a field (memory
// other than a thread's local memory).
struct StoreRec {
  Sunk s;
  std::set<int> answer;
  bool local = false;
  std::set<std::string> keys;  // the memory it writes (memory_keys)
};

// The scan of one module: origins, images per register of the entry being read, and what the
// sinks of every entry received per origin.
struct Scan {
  explicit Scan(const FloatParams& p) : params(p) {}
  const FloatParams& params;
  std::vector<Origin> origins;
  // A loaded word: (its statement, the destination, the slot); a float register's bits: (-1, the
  // register, 0) with the entry's name, so every move out of one value is one origin (the two
  // words of a double moved out by two statements are one double).
  std::map<std::tuple<long, std::string, int>, int> origin_ids;
  std::string entry;
  std::vector<std::string> texts, entry_of;  // per module-wide statement index
  std::map<int, Sunk> sunk;
  // Stores into the problem's integer outputs, by the buffers they write: judged only where a
  // launch reads one back (ptx_int_answer.h); and what the module's loads may read.
  std::map<std::set<int>, std::map<int, Sunk>> answered;
  BufferReads reads;
  std::vector<FixedStore> fixed_stores;
  std::vector<FixedStore> field_stores;  // a float's low bits stored (h28m, ptx_fixed_point.h)
  ConvertedBack back;
  // Every store of a float's bits, per origin (h28o): the unions that excuse are taken over
  // stores that run together (ptx_run_together.h), not over every sink of the module.
  std::map<int, std::vector<StoreRec>> stores;
  RunTogether together;

  // Per entry.
  State s;
  std::map<std::string, int> float_bits;  // declared float register (prefix) -> 32 / 64 / 0
  std::unordered_map<std::string, Image> img;
  std::unordered_map<std::string, std::optional<Word>> consts;
  std::map<std::string, int> stored_float;  // region -> width of the floats stored there
  // The addresses (the text in brackets, blanks dropped) a store or atom of the entry writes: a
  // load from one is a read-modify-write of that element (a count), no table lookup (effect).
  std::set<std::string> written_at;
  // Float registers every read of which is a cvt to BF16 / FP16: the mantissa bits that format
  // keeps (7 / 10; the larger where both read it). See cvt_subsumes.
  std::map<std::string, int> cvt_only;
  const std::vector<std::string>* names = nullptr;
  const std::vector<int>* elem = nullptr;
  const std::vector<std::set<int>>* bound = nullptr;

  // A loaded element: its address's registers and symbols and its index from the constant
  // offset (two loads of one element's halves are one float).
  int origin(long stmt, const Insn& in, long element, int width) {
    std::string at = entry;
    for (const auto& r : in.addr) at += "|" + r;
    for (const auto& r : in.addr_syms) at += "|" + r;
    return origin_at({-2, at, int(element)}, stmt, width);
  }
  int origin(long stmt, const std::string& reg, int width) {
    return origin_at({-1, entry + "/" + reg, 0}, stmt, width);
  }
  int origin_at(const std::tuple<long, std::string, int>& key, long stmt, int width) {
    auto [it, fresh] = origin_ids.try_emplace(key, int(origins.size()));
    if (fresh) origins.push_back({width, stmt});
    return it->second;
  }
  // Bits first..first+count-1 of origin `id` at positions shift.. .
  Image whole(int id, int shift, int count, int first = 0) const {
    Piece pc;
    pc.origin = id;
    for (int p = 0; p < count && p + shift < 64 && first + p < 64; ++p)
      pc.at[p + shift] = Word(1) << (first + p);
    return {pc};
  }
  std::vector<std::string> regs_of(std::string_view o) const {
    std::vector<std::string> regs, syms;
    ptx_operand_names(o, regs, syms);
    for (auto& n : syms)
      if (s.bare_regs.count(n)) regs.push_back(n);
    return regs;
  }
  Image image(std::string_view o) const {
    Image out;
    for (const auto& r : regs_of(o))
      if (auto it = img.find(r); it != img.end()) unite(out, it->second);
    return out;
  }
  std::optional<Word> value(std::string_view o) const {
    if (auto v = immediate(o)) return v;
    auto r = regs_of(o);
    if (r.size() != 1) return std::nullopt;
    auto it = consts.find(r[0]);
    return it == consts.end() ? std::nullopt : it->second;
  }
  // The float width of the buffers or shared memory an address reaches: 32 or 64 when every
  // region it may name holds floats of that width, else 0.
  int region_bits(const Insn& in) const {
    const auto rs = s.regions(in.addr, in.addr_syms);
    int bits = -1;
    for (const auto& r : rs) {
      int b = 0;
      if (auto f = stored_float.find(r); f != stored_float.end()) b = f->second;
      for (std::size_t i = 0; names && i < names->size(); ++i)
        if ((*names)[i] == r && elem && i < elem->size()) b = (*elem)[i];
      bits = bits < 0 || bits == b ? b : 0;
    }
    return bits < 0 ? 0 : bits;
  }
  int declared_bits(const std::string& r) const {
    if (!declared_float(s.float_regs, r)) return 0;
    std::string prefix = r;
    while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back())))
      prefix.pop_back();
    auto it = float_bits.find(prefix);
    return it == float_bits.end() ? 0 : it->second;
  }

  std::vector<std::pair<std::string, Image>> effect(const Insn& in, long idx);
  Image looked_up(const Insn& in, int w) const;
  void mark_dropped(std::vector<std::pair<std::string, Image>>& out, const Image& read, long idx);
  void sinks(const Insn& in, long idx);
  void cvt_subsumes(const std::string& reg, Image& i) const;
};

// Which origins the sinks, stores and round trips of a scanned module narrow (the rules of
// ptx_bit_narrowing.h); the narrowest is described.
BitNarrowing verdict(Scan& sc);

}  // namespace solver::generators::bitscan
