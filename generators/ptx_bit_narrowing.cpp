#include "generators/ptx_bit_narrowing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "generators/ptx_bit_image.h"
#include "generators/ptx_fixed_point.h"
#include "generators/ptx_int_answer.h"
#include "generators/ptx_module_binding.h"
#include "generators/ptx_run_together.h"
#include "generators/ptx_scan.h"
#include "generators/ptx_taint.h"

namespace solver::generators {
namespace {

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
  std::set<std::string> keys;
  std::set<int> answer;
  bool local = false;
};

bool keys_meet(const std::set<std::string>& a, const std::set<std::string>& b) {
  if (a.count("*") || b.count("*")) return !a.empty() && !b.empty();
  for (const auto& k : a)
    if (b.count(k)) return true;
  return false;
}

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
  void mark_dropped(std::vector<std::pair<std::string, Image>>& out, const Image& read, long idx);
  void sinks(const Insn& in, long idx);
  void cvt_subsumes(const std::string& reg, Image& i) const;
};

std::vector<std::pair<std::string, Image>> Scan::effect(const Insn& in, long idx) {
  std::vector<std::pair<std::string, Image>> out;
  const auto& t = in.parts;
  const auto& o = in.ops;
  if (t.empty()) return out;
  const std::string& head = t[0];
  const int w = op_width(t);
  bool flt = false;
  for (const auto& x : t) flt = flt || x == "f32" || x == "f64" || float_type(x);
  // A float register carries an FP32's bits only: the FP64 math library rebuilds doubles from
  // their words for special cases and splits (pow's zero result is {0, hi word}), which no rule
  // on the bits tells from a truncation; a double narrowed there is left to the measured class
  // (P4c: FP64 outputs held to 2^-32 relative), and one stored as integer words is judged.
  auto to = [&](const std::string& d, Image i) {
    if (declared_bits(d) > 0)
      std::erase_if(i, [&](const Piece& pc) { return origins[pc.origin].width != 32; });
    if (!i.empty()) out.emplace_back(d, std::move(i));
  };
  auto one = [&](Image i) {
    if (!in.dests.empty()) to(in.dests[0], std::move(i));
  };
  auto op = [&](std::size_t i) {
    return i < o.size() ? std::string_view(o[i]) : std::string_view();
  };
  if (in.kind == Kind::Load) {
    // An integer load of floats: each register holds one float's bits, two (.b64 of f32), or
    // the part its constant byte offset names (.u16 of f32: the address's registers are taken
    // to be element-aligned, as indexing makes them).
    bool integer = false;
    for (const auto& x : t) integer = integer || int_type(x);
    const int eb = integer && !flt ? region_bits(in) : 0;
    if (eb != 32 && eb != 64) return out;
    long off = 0;
    if (const auto plus = in.text.find('+', in.text.find('[')); plus != std::string::npos)
      if (auto v = immediate(std::string_view(in.text).substr(plus + 1).substr(
              0, in.text.find(']', plus) - plus - 1)))
        off = long(std::int64_t(*v));
    const long esz = eb / 8;
    for (std::size_t d = 0; d < in.dests.size(); ++d) {
      Image i;
      for (int c = 0; c * eb < w || c == 0; ++c) {
        const long byte = off + long(d) * (w / 8) + c * esz;
        const long el = byte >= 0 ? byte / esz : -((-byte + esz - 1) / esz);
        const int first = int(byte - el * esz) * 8, n = std::min(w, eb - first);
        unite(i, whole(origin(idx, in, el, eb), c * eb, n, first));
      }
      out.emplace_back(in.dests[d], std::move(i));
    }
    return out;
  }
  if (in.kind != Kind::Other) return out;
  if (head == "mov" && o.size() == 2) {
    const bool vec_dst = !o[0].empty() && o[0].front() == '{';
    const bool vec_src = !o[1].empty() && o[1].front() == '{';
    if (vec_dst || vec_src) {
      const auto many = regs_of(vec_dst ? o[0] : o[1]);
      if (many.empty()) return out;
      const int part = w / int(many.size());
      if (vec_dst) {  // unpack: each destination takes its slice
        Image src = image(o[1]);
        for (const auto& r : regs_of(o[1])) {
          const int fb = declared_bits(r);
          if (fb == w) unite(src, whole(origin(idx, r, fb), 0, fb));
        }
        for (std::size_t i = 0; i < many.size(); ++i)
          to(many[i], remap(src, part, [&](int p) { return p + int(i) * part; }));
      } else {  // pack: each source at its slice
        Image packed;
        for (std::size_t i = 0; i < many.size(); ++i) {
          const auto it = img.find(many[i]);
          if (it == img.end()) continue;
          unite(packed, remap(it->second, w,
                              [&](int p) { return p / part == int(i) ? p - int(i) * part : -1; }));
        }
        one(std::move(packed));
      }
      return out;
    }
    Image i = copy(image(o[1]), w);
    const auto src = regs_of(o[1]);
    if (src.size() == 1 && declared_bits(src[0]) == w && (w == 32 || w == 64) &&
        !in.dests.empty() && declared_bits(in.dests[0]) == 0)
      unite(i, whole(origin(idx, src[0], w), 0, w));
    one(std::move(i));
    return out;
  }
  if (head == "shfl") {  // shfl.sync.mode.b32 d|p, a, b, c, mask: a's bits, from another lane
    if (!o.empty()) {
      const auto d = regs_of(o[0]);
      if (!d.empty()) out.emplace_back(d[0], copy(image(op(1)), 32));
    }
    return out;
  }
  if (head == "setp" || head == "set" || head == "testp") return out;
  bool fixed_sgn = false;
  if (const int iw = float_to_int_bits(t, &fixed_sgn); iw > 0 && !in.dests.empty()) {
    // Red team 17: a float rounded to an integer (a fixed-point value): its integer's bits.
    const int id = origin_at({-3, entry + "/" + in.dests[0], 0}, idx, t.back() == "f64" ? 64 : 32);
    origins[id].fixed = iw, origins[id].fixed_signed = fixed_sgn;
    one(whole(id, 0, iw));
    return out;
  }
  if (flt) {  // float arithmetic computes a new value; moves of the bits keep them
    if (head == "neg" || head == "selp" || head == "min" || head == "max" || head == "slct") {
      Image i = image(op(1));
      if (head != "neg") unite(i, image(op(2)));
      one(copy(i, w));
    } else if (head == "abs") {
      one(remap(image(op(1)), w, [&](int p) { return p == w - 1 ? -1 : p; }));
    }
    return out;
  }
  const Image a = image(op(1)), b = image(op(2));
  const bool lop3 = head == "lop3";
  if (a.empty() && b.empty() && !(head == "bfi" || head == "mad" || head == "selp" || lop3))
    return out;  // nothing a float's bits went into
  IntOp io;
  io.parts = t, io.w = w, io.idx = idx, io.n_ops = o.size();
  for (std::size_t k = 0; k < 4; ++k) {
    if (k < 3) io.img[k] = image(op(k + 1));
    io.val[k] = value(op(k + 1));
  }
  Image read = a;
  unite(read, b);
  if (lop3) unite(read, io.img[2]);
  const auto res = integer_effect(io, read);
  if (!res) return out;  // a count or a position: no float's value
  for (const auto& d : in.dests) out.emplace_back(d, *res);
  mark_dropped(out, read, idx);
  return out;
}

// A result that lost mantissa bits its operands had names this statement as where they went
// (the last such statement on the way to a sink is the one the message names).
void Scan::mark_dropped(std::vector<std::pair<std::string, Image>>& out, const Image& read,
                        long idx) {
  for (auto& [d, i] : out)
    for (auto& pc : i) {
      for (const auto& r : read)
        if (r.origin == pc.origin && (r.kept() & ~pc.kept() & origins[pc.origin].mantissa()))
          pc.dropped = idx;
    }
}

void Scan::sinks(const Insn& in, long idx) {
  std::set<std::string> keys;  // the memory a store writes, for fixed-point origins
  const bool local = in.space == Local;
  auto take = [&](const Image& i, bool need_home, int narrow_dest, std::map<int, Sunk>& into,
                  const std::set<int>& answer) {
    for (const auto& pc : i) {
      const Origin& og = origins[pc.origin];
      if (og.fixed) {  // judged by where it is converted back (ptx_fixed_point.h)
        if (!need_home) fixed_stores.push_back({pc.origin, pc.kept(), idx, keys});
        continue;
      }
      if (narrow_dest > 0 && narrow_dest < og.width) continue;  // the problem's own format
      // A field at the bottom of a float's bits (h28m): judged by where it is read back. Not in
      // a thread's own local memory, which saves no traffic that registers would not: the FP32
      // math library's Payne-Hanek reduction (sinf, cosf, tanf of large arguments) keeps the
      // products of a float's mantissa field in a local array and converts them back.
      if (!need_home && !local && pc.kept())
        field_stores.push_back({pc.origin, pc.kept(), idx, keys});
      if (!need_home && pc.kept()) {
        Sunk one{pc.kept(), pc.kept_modelled(), idx, pc.dropped, pc.flagged ? pc.outside : -1};
        stores[pc.origin].push_back({one, keys, answer, local});
      }
      if (need_home) {  // a value computed from the bits (its exponent moved) is not a copy
        bool home = true;
        for (int p = 0; p < 64; ++p) home = home && !(pc.at[p] & og.exponent() & ~(Word(1) << p));
        if (!home) continue;
      }
      Sunk& s = into[pc.origin];
      s.kept |= pc.kept();
      s.modelled |= pc.kept_modelled();
      if (s.sink < 0) s.sink = idx;
      s.dropped = std::max(s.dropped, pc.dropped);
      if (pc.flagged) s.outside = std::max(s.outside, pc.outside);
    }
  };
  if (in.kind == Kind::Store || in.kind == Kind::Atom) {
    const int w = op_width(in.parts);
    const int dest = region_bits(in);
    const auto answer = int_answer_buffers(in, s, *names, bound, params.int_outputs);
    keys = memory_keys(s.regions(in.addr, in.addr_syms), entry, *names, bound);
    auto& into = answer.empty() ? sunk : answered[answer];
    for (std::size_t k = in.kind == Kind::Store ? 1 : 2; k < in.ops.size(); ++k)
      for (const auto& r : regs_of(in.ops[k]))
        if (auto it = img.find(r); it != img.end())
          take(copy(it->second, w), false, dest, into, answer);
    return;
  }
  if (in.kind == Kind::Other && !in.parts.empty() && in.parts[0] == "mov" && in.ops.size() == 2)
    for (auto& [d, i] : effect(in, idx))
      if (declared_bits(d) == 32 || declared_bits(d) == 64) {
        cvt_subsumes(d, i);
        take(i, true, 0, sunk, {});
      }
}

// hon19: a float rounded in integer code into a register only a cvt to BF16 / FP16 reads (llm.c's
// stochastic rounding) keeping at least that format's mantissa bits is the cvt's narrowing,
// judged by the typed rule (ptx_precision.h); fewer bits kept stay this scan's to report.
void Scan::cvt_subsumes(const std::string& reg, Image& i) const {
  const auto c = cvt_only.find(reg);
  if (c == cvt_only.end()) return;
  std::erase_if(i, [&](const Piece& pc) {
    return origins[pc.origin].mantissa_kept(pc.kept_modelled()) >= c->second;
  });
}

}  // namespace

BitNarrowing scan_bit_narrowing(const std::string& ptx, const FloatParams& given) {
  BitNarrowing out;
  const std::string clean = strip_ptx_comments(ptx);
  FloatParams params = given;  // module variables are bound buffers too (red team 13)
  const std::vector<PtxEntry> entries = entries_with_module_variables(clean, &params);
  Scan sc(params);
  for (const auto& e : entries) {
    sc.s = State{};
    sc.s.mode = Mode::NarrowBf16;  // only the addresses' regions are read, the same in any mode
    sc.float_bits.clear(), sc.img.clear(), sc.consts.clear(), sc.stored_float.clear();
    sc.names = &e.names;
    sc.entry = e.name;
    auto eb = params.elem_bits.find(e.name);
    sc.elem = eb == params.elem_bits.end() ? nullptr : &eb->second;
    auto bb = params.buffers.find(e.name);
    sc.bound = bb == params.buffers.end() ? nullptr : &bb->second;
    std::vector<Insn> code;
    std::vector<long> index;
    std::string_view rest = e.body;
    sc.together.entry();
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      Insn in;
      const bool parsed =
          parse(rest.substr(0, semi), in, sc.s.float_regs, sc.s.bare_regs, &sc.float_bits);
      sc.together.statement(rest.substr(0, semi), parsed ? &in : nullptr);
      if (parsed) {
        index.push_back(long(sc.texts.size()));
        std::string text;  // blanks collapsed, for the message
        for (char c : in.text)
          if (!std::isspace(static_cast<unsigned char>(c)))
            text += c;
          else if (!text.empty() && text.back() != ' ')
            text += ' ';
        sc.texts.push_back(text);
        sc.entry_of.push_back(e.name);
        code.push_back(std::move(in));
      }
      rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    }
    for (std::size_t before = sc.s.size() + 1; before != sc.s.size();) {
      before = sc.s.size();
      for (const auto& in : code) step(in, sc.s);
    }
    for (const auto& in : code) sc.reads.add(in, sc.s, e.names, sc.bound);
    sc.cvt_only.clear();
    std::set<std::string> read_otherwise;
    for (const auto& in : code)
      for (const auto& r : in.srcs)
        if (in.narrow == 1 || in.narrow == 2)
          sc.cvt_only[r] = std::max(sc.cvt_only[r], in.narrow == 1 ? 7 : 10);
        else
          read_otherwise.insert(r);
    for (const auto& r : read_otherwise) sc.cvt_only.erase(r);
    sc.back.scan_entry(code, index, sc.s, e.name, e.names, sc.bound);
    // Constants: registers every write of which moves the same immediate.
    for (const auto& in : code) {
      const bool imm = in.kind == Kind::Other && !in.parts.empty() && in.parts[0] == "mov" &&
                       in.ops.size() == 2 && immediate(in.ops[1]);
      for (const auto& d : in.dests) {
        auto [it, fresh] = sc.consts.try_emplace(d, imm ? immediate(in.ops[1]) : std::nullopt);
        if (!fresh && it->second != (imm ? immediate(in.ops[1]) : std::nullopt)) it->second.reset();
      }
    }
    for (const auto& in : code)
      if (in.kind == Kind::Store)
        for (const auto& x : in.parts)
          if (x == "f32" || x == "f64")
            for (const auto& r : sc.s.regions(in.addr, in.addr_syms)) {
              auto [it, fresh] = sc.stored_float.try_emplace(r, type_bits(x));
              if (!fresh && it->second != type_bits(x)) it->second = 0;
            }
    // Flow-insensitive, to a fixpoint: each register holds every image any of its writes makes.
    bool changed = true;
    for (int pass = 0; changed && pass < 80; ++pass) {
      changed = false;
      for (std::size_t i = 0; i < code.size(); ++i)
        for (auto& [d, im] : sc.effect(code[i], index[i]))
          changed = unite(sc.img[d], im) || changed;
    }
    if (changed) continue;  // a shift loop that has not settled: judged on nothing
    for (std::size_t i = 0; i < code.size(); ++i) sc.sinks(code[i], index[i]);
  }
  // An integer output some launch reads back is a scratch: its stores are judged as any.
  for (const auto& [buffers, by_origin] : sc.answered)
    if (sc.reads.may_read(buffers))
      for (const auto& [id, a] : by_origin) sc.sunk[id].add(a);
  auto record = [&](const Origin& og, int m, int exp, long sink, long dropped) {
    ++out.narrowed;
    if (out.narrowed > 1 && m >= out.mantissa) return false;
    const int n = out.narrowed, trips = out.fixed_trips, least = out.fixed_least;
    out = BitNarrowing{};
    out.narrowed = n, out.width = og.width, out.mantissa = m, out.exponent = exp;
    out.fixed_trips = trips, out.fixed_least = least;
    out.origin = sc.texts[og.stmt], out.sink = sc.texts[sink];
    out.dropped_by = dropped >= 0 ? sc.texts[dropped] : "";
    out.entry = sc.entry_of[og.stmt];
    return true;
  };
  // A float value reaches the sinks (its top mantissa bit and four exponent bits, by any
  // route), and its lowest mantissa bit through none that the model follows exactly.
  std::set<int> judged;  // origins the value rule reported
  auto value = [&](int id, const Sunk& s) {
    const Origin& og = sc.origins[id];
    const int top = og.exp_lo() - 1;
    const int exp = std::popcount(s.kept & og.exponent());
    if (!((s.kept >> top) & 1) || exp < 4 || (s.modelled & 1)) return;
    judged.insert(id);
    const bool outside = s.kept & 1;  // kept only through an instruction outside the model
    const int m = og.mantissa_kept(outside ? s.modelled : s.kept);
    if (record(og, m, exp, s.sink, s.dropped) && outside) out.outside = sc.texts[s.outside];
  };
  for (const auto& [id, s] : sc.sunk) value(id, s);
  // h28o: each store with the stores that run together with it (ptx_run_together.h): a store of
  // the lowest mantissa bit that may not run (a branch no thread takes) excuses nothing.
  auto counts = [&](const StoreRec& r) { return r.answer.empty() || sc.reads.may_read(r.answer); };
  for (const auto& [id, recs] : sc.stores)
    for (const auto& a : recs) {
      if (judged.count(id) || !counts(a)) continue;
      Sunk u = a.s;
      for (const auto& b : recs)
        if (counts(b) && sc.together.together(a.s.sink, b.s.sink)) u.add(b.s);
      u.sink = a.s.sink;
      value(id, u);
    }
  // Fixed-point round trips (ptx_fixed_point.h): per origin, the integer bits stored to memory
  // a launch converts back to floats.
  std::map<int, FixedStore> trips;
  std::map<int, long> back_at;
  auto low_bits = [](Word k) {  // the bits kept from bit 0 up
    int n = 0;
    while (n < 64 && ((k >> n) & 1)) ++n;
    return n;
  };
  // h28o: each store read back with the stores of the same integer that run with it, beside it
  // (an integer split into halves, both stored); the narrowest such union holding the
  // integer's bit 0 is judged (a high part alone is no value; with none, the union of all).
  std::map<int, std::vector<const FixedStore*>> fixed_of;
  for (const auto& f : sc.fixed_stores) fixed_of[f.origin].push_back(&f);
  std::map<int, FixedStore> all_trips;
  for (const auto& f : sc.fixed_stores)
    if (const long at = sc.back.meets(f.keys); at >= 0) {
      auto [whole, first] = all_trips.try_emplace(f.origin, f);
      whole->second.kept |= f.kept;
      back_at.try_emplace(f.origin, at);
      FixedStore u = f;
      for (const FixedStore* g : fixed_of[f.origin])
        if (sc.together.beside(f.sink, g->sink) && keys_meet(f.keys, g->keys)) u.kept |= g->kept;
      if (low_bits(u.kept) == 0) continue;
      auto [it, fresh] = trips.try_emplace(f.origin, u);
      if (fresh || low_bits(u.kept) < low_bits(it->second.kept))
        it->second = u, back_at[f.origin] = at;
    }
  for (const auto& [id, f] : all_trips) trips.try_emplace(id, f);
  // h28m: the low bits of a float's word stored alone, where the whole float reaches no sink
  // (its top mantissa bit or its exponent never stored), to memory read back as a float: the
  // field at the bottom of a float whose exponent a magic number pinned (`x + 12582912.f`) is
  // the integer round(x), so this is a fixed-point round trip made without a cvt.
  std::map<int, FixedStore> fields;
  std::map<std::set<std::string>, long> read_back;  // meets() per set of memory names
  for (const auto& f : sc.field_stores) {
    const Origin& og = sc.origins[f.origin];
    // h28o: excused only by the whole float (its top mantissa bit and every exponent bit: a
    // field keeping 4 of the pinned exponent's bits is still a field) stored by stores that run
    // with this one, beside it (ptx_run_together.h: the memory the read-back may load).
    Word all = f.kept;
    for (const auto& b : sc.stores[f.origin])
      if (!b.local && sc.together.beside(f.sink, b.s.sink) && keys_meet(f.keys, b.keys))
        all |= b.s.kept;
    if (judged.count(f.origin) ||
        (((all >> (og.exp_lo() - 1)) & 1) && (all & og.exponent()) == og.exponent()))
      continue;
    auto [at, fresh_keys] = read_back.try_emplace(f.keys, -1);
    if (fresh_keys) at->second = sc.back.meets(f.keys);
    if (at->second < 0) continue;
    auto [it, fresh] = fields.try_emplace(f.origin, f);
    it->second.kept |= f.kept;
    back_at.try_emplace(-2 - f.origin, at->second);
  }
  auto judge = [&](int id, const FixedStore& f, bool sgn, bool field) {
    const Origin& og = sc.origins[id];
    const int n = low_bits(f.kept);  // the integer's bits kept, from bit 0 up
    // A field: at most the mantissa's bits hold the integer (those above it are the exponent
    // the magic number pinned, the same for every value).
    const int bits = field ? std::min(n, og.exp_lo()) : n;
    const int m = std::max(0, bits - (sgn ? 2 : 1));
    // As many significant bits as the float had; a field: none of the float's bottom.
    if (m >= og.exp_lo() || (field && n == 0)) return;
    // hon19: an int8 class admits integer quantisation of at least 8 bits, by cvt or by field.
    ++out.fixed_trips;
    out.fixed_least = out.fixed_least == 0 ? bits : std::min(out.fixed_least, bits);
    if (record(og, m, og.width == 64 ? 11 : 8, f.sink, -1)) {
      out.back = sc.texts[back_at[field ? -2 - id : id]];
      out.fixed = n;
      out.field = field;
    }
  };
  for (const auto& [id, f] : trips) judge(id, f, sc.origins[id].fixed_signed, false);
  for (const auto& [id, f] : fields) judge(id, f, false, true);
  return out;
}

}  // namespace solver::generators
