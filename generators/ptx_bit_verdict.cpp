// The verdict of the bit scan (ptx_bit_narrowing.h) over what a module's sinks and stores
// received: float values narrowed (their lowest mantissa bit lost), fixed-point round trips by a
// cvt (red team 17) or by a field at a float's bottom (h28m), each excused only by stores that
// run with it (h28o, ptx_run_together.h).
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "generators/ptx_bit_scan.h"

namespace solver::generators::bitscan {

BitNarrowing verdict(Scan& sc) {
  BitNarrowing out;
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
  // the lowest mantissa bit that may not run (a branch no thread takes) excuses nothing. Where a
  // launch reads the store's memory back as a float, with the stores beside it only (the memory
  // read back must hold the whole float, as for a field below: a whole word every thread stores
  // to one spare address is no excuse); elsewhere with any that run together, for a radix sort's
  // digit (a float value's top bits) is stored apart from its whole key (ptx_bit_narrowing_test).
  const RunTogether& rt = sc.together;
  auto counts = [&](const StoreRec& r) { return r.answer.empty() || sc.reads.may_read(r.answer); };
  std::map<std::set<std::string>, bool> read_as_float;
  for (const auto& [id, recs] : sc.stores) {
    std::map<std::string, Sunk> run;  // per run_key: the stores filed there, united
    for (const auto& r : recs)
      if (counts(r)) {
        run[rt.run_key(r.s.sink, true, false)].add(r.s);
        run[rt.run_key(r.s.sink, true, true)].add(r.s);
      }
    for (const auto& a : recs) {
      if (judged.count(id) || !counts(a)) continue;
      auto [rf, fresh] = read_as_float.try_emplace(a.keys, false);
      if (fresh) rf->second = !a.local && sc.back.meets(a.keys) >= 0;
      Sunk u = run[rt.run_key(a.s.sink, true, rf->second)];
      u.add(run[rt.run_key(a.s.sink, false, rf->second)]);
      u.sink = a.s.sink;
      value(id, u);
    }
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
  std::map<std::pair<int, std::string>, Word> beside;  // per origin and run_key: bits stored
  for (const auto& f : sc.fixed_stores)
    beside[{f.origin, rt.run_key(f.sink, true, true)}] |= f.kept;
  std::map<int, FixedStore> all_trips;
  for (const auto& f : sc.fixed_stores)
    if (const long at = sc.back.meets(f.keys); at >= 0) {
      auto [whole, first] = all_trips.try_emplace(f.origin, f);
      whole->second.kept |= f.kept;
      back_at.try_emplace(f.origin, at);
      FixedStore u = f;
      u.kept |= beside[{f.origin, rt.run_key(f.sink, true, true)}] |
                beside[{f.origin, rt.run_key(f.sink, false, true)}];
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
  std::map<std::set<std::string>, long> read_back;    // meets() per set of memory names
  std::map<std::pair<int, std::string>, Word> whole;  // per origin and run_key: bits stored
  for (const auto& [id, recs] : sc.stores)
    for (const auto& b : recs)
      if (!b.local) whole[{id, rt.run_key(b.s.sink, true, true)}] |= b.s.kept;
  for (const auto& f : sc.field_stores) {
    const Origin& og = sc.origins[f.origin];
    // h28o: excused only by the whole float (its top mantissa bit and every exponent bit: a
    // field keeping 4 of the pinned exponent's bits is still a field) stored by stores that run
    // with this one, beside it (ptx_run_together.h: the memory the read-back may load).
    const Word all = f.kept | whole[{f.origin, rt.run_key(f.sink, true, true)}] |
                     whole[{f.origin, rt.run_key(f.sink, false, true)}];
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

}  // namespace solver::generators::bitscan
