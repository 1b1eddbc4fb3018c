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

#include "generators/ptx_bit_scan.h"
#include "generators/ptx_inline_calls.h"
#include "generators/ptx_module_binding.h"
#include "generators/ptx_settle.h"

namespace solver::generators {
namespace bitscan {

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
    const Image via = integer && !flt ? looked_up(in, w) : Image{};
    const int eb = integer && !flt ? region_bits(in) : 0;
    if (eb != 32 && eb != 64) {
      if (!via.empty())
        for (const auto& d : in.dests) out.emplace_back(d, via);
      return out;
    }
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
      unite(i, via);
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

// Red team 24 (`redteam24_table_narrow_stage`): an integer loaded from an address computed from a
// float's bits (a table indexed by them) holds what the index held, every bit of it at every bit
// of the result (the table may map it anyhow): a byte of a float looked up in an identity table
// keeps those 8 bits and no other. Fixed-point origins (a float rounded to an integer, then a
// lookup: a quantiser's table) are judged where they are converted back, not here; a load from
// an address a store or atom of the entry also writes is an element's read-modify-write (a
// histogram's count), no lookup.
Image Scan::looked_up(const Insn& in, int w) const {
  Image via;
  if (in.kind != Kind::Load || in.addr.empty()) return via;
  const auto open = in.text.find('['), close = in.text.find(']');
  if (open == std::string::npos || close == std::string::npos) return via;
  std::string at;
  for (char c : in.text.substr(open + 1, close - open - 1))
    if (!std::isspace(static_cast<unsigned char>(c))) at += c;
  if (written_at.count(at)) return via;
  for (const auto& r : in.addr)
    if (auto it = img.find(r); it != img.end())
      for (const auto& pc : it->second)
        if (!origins[pc.origin].fixed) unite(via, {pc});
  return via.empty() ? via : smear(via, w, false);
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
  // A double's bits stored to a thread's local memory by a called function's code (a register
  // of an inlined copy in the address, ptx_inline_calls.h) are no value sink: the FP64 math
  // library's Payne-Hanek reduction (`__internal_trig_reduction_slowpathd`, a `.func` NVVM never
  // inlines; control_hon19_rope_sincos) keeps the products of a double's mantissa there through
  // instructions outside the model. Entry code and FP32 origins are judged as before.
  bool callee_local = false;
  for (const auto& r : in.addr) callee_local = callee_local || (local && inlined_register(r));
  auto take = [&](const Image& i, bool need_home, int narrow_dest, std::map<int, Sunk>& into,
                  const std::set<int>& answer) {
    for (const auto& pc : i) {
      const Origin& og = origins[pc.origin];
      if (og.fixed) {  // judged by where it is converted back (ptx_fixed_point.h)
        if (!need_home) fixed_stores.push_back({pc.origin, pc.kept(), idx, keys});
        continue;
      }
      if (narrow_dest > 0 && narrow_dest < og.width) continue;  // the problem's own format
      if (callee_local && og.width == 64) continue;
      // A field at the bottom of a float's bits (h28m): judged by where it is read back. Not in
      // a thread's own local memory, which saves no traffic that registers would not: the FP32
      // math library's Payne-Hanek reduction (sinf, cosf, tanf of large arguments) keeps the
      // products of a float's mantissa field in a local array and converts them back.
      if (!need_home && !local && pc.kept())
        field_stores.push_back({pc.origin, pc.kept(), idx, keys});
      if (!need_home && pc.kept()) {
        Sunk one{pc.kept(), pc.kept_modelled(), idx, pc.dropped, pc.flagged ? pc.outside : -1};
        stores[pc.origin].push_back({one, answer, local, keys});
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

}  // namespace bitscan

BitNarrowing scan_bit_narrowing(const std::string& ptx, const FloatParams& given) {
  using namespace bitscan;
  const std::string clean = strip_ptx_comments(ptx);
  FloatParams params = given;  // module variables are bound buffers too (red team 13)
  const std::vector<PtxEntry> entries = entries_with_module_variables(clean, &params);
  Scan sc(params);
  for (const auto& e : entries) {
    sc.s = State{};
    sc.s.mode = Mode::NarrowBf16;  // only the addresses' regions are read, the same in any mode
    sc.float_bits.clear(), sc.img.clear(), sc.consts.clear(), sc.stored_float.clear();
    sc.written_at.clear();
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
    for (const auto& in : code)
      if (in.kind == Kind::Store || in.kind == Kind::Atom) {
        const auto open = in.text.find('['), close = in.text.find(']');
        if (open == std::string::npos || close == std::string::npos) continue;
        std::string at;
        for (char c : in.text.substr(open + 1, close - open - 1))
          if (!std::isspace(static_cast<unsigned char>(c))) at += c;
        sc.written_at.insert(at);
      }
    // Flow-insensitive, to a fixpoint: each register holds every image any of its writes makes.
    // No pass cap (red team 24: an entry that had not settled in 80 passes was judged on
    // nothing); a statement runs again only when a register it reads changed.
    std::vector<std::vector<std::string>> reads(code.size());
    for (std::size_t i = 0; i < code.size(); ++i)
      for (const auto& o : code[i].ops)
        for (auto& r : sc.regs_of(o)) reads[i].push_back(std::move(r));
    settle_in_text_order(reads, [&](std::size_t i) {
      std::vector<std::string> grew;
      for (auto& [d, im] : sc.effect(code[i], index[i]))
        if (unite(sc.img[d], im)) grew.push_back(d);
      return grew;
    });
    for (std::size_t i = 0; i < code.size(); ++i) sc.sinks(code[i], index[i]);
  }
  return verdict(sc);
}

}  // namespace solver::generators
