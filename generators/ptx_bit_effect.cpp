// The integer instructions of ptx_bit_narrowing.h's closed list: how each moves a float's bits
// (the rules are the header's). Internal to that scan.
#include <algorithm>
#include <bit>

#include "generators/ptx_bit_image.h"

namespace solver::generators::bits {

namespace {

// xor or sub of `a` and `b`: both operands' bits at their places, less those a value's own
// masked copy takes away. Where `b` holds, at every position it fills, exactly the bit `a` holds
// of the same float there (b is `a & mask`), xor clears those positions (x ^ x = 0) and so does
// the subtraction (no borrow: b's bits are a's); `b - (b & 0xFF)` is `b & ~0xFF`, a narrowing.
// For sub the whole of `b` must be that one copy (another value's bits may borrow).
Image cancel(const Image& a, const Image& b, int w, bool sub) {
  Image res = copy(a, w);
  unite(res, copy(b, w));
  if (sub && b.size() != 1) return res;
  for (const auto& pb : b) {
    const auto pa =
        std::find_if(a.begin(), a.end(), [&](const Piece& q) { return q.origin == pb.origin; });
    if (pa == a.end()) continue;
    Word same = 0;  // positions where both hold the same single bit
    bool all = true;
    for (int p = 0; p < w && p < 64; ++p) {
      if (!pb.at[p]) continue;
      if (pb.at[p] == pa->at[p] && std::has_single_bit(pb.at[p]) && !((pb.flagged >> p) & 1))
        same |= Word(1) << p;
      else
        all = false;
    }
    if (!same || (sub && !all)) continue;
    for (auto& q : res)
      if (q.origin == pb.origin)
        for (int p = 0; p < 64; ++p)
          if ((same >> p) & 1) q.at[p] = 0;
    std::erase_if(res, [](const Piece& q) { return q.kept() == 0; });
  }
  return res;
}

}  // namespace

std::optional<Image> integer_effect(const IntOp& in, const Image& read) {
  const auto& t = in.parts;
  const std::string& head = t[0];
  const int w = in.w;
  const long idx = in.idx;
  const Image &a = in.img[0], &b = in.img[1];
  const bool lop3 = head == "lop3";
  Image res;
  if (lop3) {  // red team 16: a mask written as lop3 (ptx_bit_image.h lop3_bits)
    std::array<std::optional<Word>, 3> c;
    std::array<Image, 3> x;
    for (int k = 0; k < 3; ++k) c[k] = in.val[k], x[k] = in.img[k];
    const auto lut = in.val[3];
    res = lut && in.n_ops == 5 && w == 32 ? lop3_bits(x, c, *lut) : outside_model(read, 32, idx);
  } else if (head == "and" || head == "or" || head == "xor") {
    const auto ca = in.val[0], cb = in.val[1];
    const auto c = cb ? cb : ca;
    const Image& x = cb ? a : b;
    if (c && head == "and")
      res = remap(x, w, [&](int p) { return (*c >> p) & 1 ? p : -1; });
    else if (c && head == "or")
      res = remap(x, w, [&](int p) { return (*c >> p) & 1 ? -1 : p; });
    else if (head != "xor" && (a.empty() || b.empty()))
      res = outside_model(read, w, idx);  // a mask computed at run time may clear any bit
    else if (head == "xor" && !c)
      res = cancel(a, b, w, false);
    else
      res = copy(read, w);
  } else if (head == "sub" && t.size() == 2) {
    res = cancel(a, b, w, true);
  } else if (head == "not" || head == "cnot" || head == "neg" || head == "abs" || head == "add" ||
             head == "sub" || head == "addc" || head == "subc" || head == "min" || head == "max") {
    res = copy(read, w);
  } else if (head == "shl" || head == "shr") {
    const auto k = in.val[1];
    const bool sgn = !t.empty() && t.back().front() == 's';
    if (!k)
      res = outside_model(a, w, idx);  // a run-time amount may drop any bit (red team 16)
    else if (head == "shl")
      res = remap(a, w, [&](int p) { return p - int(*k & 127); });
    else
      res = remap(a, w, [&](int p) {
        const int q = p + int(*k & 127);
        return q < w ? q : sgn ? w - 1 : -1;
      });
  } else if (head == "mul" || head == "mad") {
    const bool wide = std::find(t.begin(), t.end(), "wide") != t.end();
    const bool hi = std::find(t.begin(), t.end(), "hi") != t.end();
    const int rw = wide ? std::min(2 * w, 64) : w;
    const auto ca = in.val[0], cb = in.val[1];
    const auto c = cb ? cb : ca;
    const Image& x = cb ? a : b;
    if (c && *c && std::has_single_bit(*c)) {
      const int k = std::countr_zero(*c);
      res = hi ? remap(x, w, [&](int p) { return p + w - k < w ? p + w - k : -1; })
               : remap(x, rw, [&](int p) { return p - k; });
    } else if (hi) {
      // The high half of a product by another constant (2^24 + 1: a shift right by 8) or by a
      // run-time factor: the low bits may be dropped.
      res = outside_model(read, w, idx);
    } else {
      // The low half: by a constant, bit p holds bits 0..p (a hash by an odd constant keeps
      // them all); by a factor known only at run time, read as the factor 1, the copy a later
      // shift then cuts as it does (a multiply by 1 before a shift right by 8 is that shift).
      res = c ? smear(read, w, true) : copy(read, w);
      // The upper word of a wide product (by 2^24, then the high word: a shift right by 8).
      if (wide)
        unite(res, remap(outside_model(read, rw, idx), rw, [&](int p) { return p >= w ? p : -1; }));
    }
    if (head == "mad") unite(res, copy(in.img[2], rw));
  } else if ((head == "div" || head == "rem") && in.val[1] && !t.empty() &&
             std::has_single_bit(*in.val[1])) {
    res = div_bits(a, read, w, *in.val[1], head == "rem", t.back().front() == 's');
  } else if (head == "selp" || head == "slct") {
    res = copy(read, w);
  } else if (head == "cvt") {
    std::vector<std::string> ty;
    for (const auto& x : t)
      if (int_type(x)) ty.push_back(x);
    if (ty.size() < 2) return std::nullopt;
    const int dw = type_bits(ty[0]), sw = type_bits(ty[1]);
    res = remap(a, dw, [&](int p) { return p < sw ? p : ty[1][0] == 's' ? sw - 1 : -1; });
  } else if (head == "brev") {
    res = remap(a, w, [&](int p) { return w - 1 - p; });
  } else if (head == "bfe") {
    const auto pos = in.val[1], len = in.val[2];
    const bool sgn = t.back().front() == 's';
    if (!pos || !len)
      res = outside_model(a, w, idx);
    else
      res = remap(a, w, [&](int p) {
        const int q = int(*pos & 255) + p, last = int(*pos & 255) + int(*len & 255) - 1;
        return p < int(*len & 255) ? (q < w ? q : -1) : sgn && last < w ? last : -1;
      });
  } else if (head == "bfi") {  // bfi.b32 d, f, b, pos, len: f's low len bits into b at pos
    const auto pos = in.val[2], len = in.val[3];
    if (!pos || !len) {
      res = outside_model(read, w, idx);
    } else {
      const int lo = int(*pos & 255), hi_ = lo + int(*len & 255);
      res = remap(b, w, [&](int p) { return p >= lo && p < hi_ ? -1 : p; });
      unite(res, remap(a, w, [&](int p) { return p >= lo && p < hi_ ? p - lo : -1; }));
    }
  } else if (head == "prmt" && t.size() == 2) {  // prmt.b32 d, a, b, c: the default mode
    const auto sel = in.val[2];
    if (!sel) {
      res = outside_model(read, 32, idx);
    } else {
      for (int src = 0; src < 2; ++src)
        unite(res, remap(src ? b : a, 32, [&](int p) {
                const int nib = int((*sel >> (4 * (p / 8))) & 15), byte = nib & 7;
                if ((byte >= 4) != bool(src)) return -1;
                return 8 * (byte & 3) + ((nib & 8) ? 7 : p % 8);
              }));
    }
  } else if (head == "shf" && t.size() >= 3) {  // shf.{l,r}.{wrap,clamp}.b32 d, a, b, c
    const auto c = in.val[2];
    if (!c) {
      res = outside_model(read, 32, idx);
    } else {
      const int k = t[2] == "wrap" ? int(*c & 31) : int(std::min<Word>(*c, 32));
      auto comb = [&](int p) { return t[1] == "r" ? p + k : p + 32 - k; };
      res = remap(a, 32, [&](int p) { return comb(p) < 32 ? comb(p) : -1; });
      unite(res, remap(b, 32, [&](int p) { return comb(p) >= 32 ? comb(p) - 32 : -1; }));
    }
  } else if (head == "szext" && t.size() >= 3 && in.val[1]) {
    // szext.{clamp,wrap}.{s32,u32} d, a, b: a's low b bits, sign- or zero-extended
    const int n = t[1] == "wrap" ? int(*in.val[1] & 31) : int(std::min<Word>(*in.val[1], 32));
    res = remap(a, 32, [&](int p) { return p < n ? p : t.back()[0] == 's' && n > 0 ? n - 1 : -1; });
  } else if (head == "clz" || head == "popc" || head == "bfind" || head == "fns") {
    return std::nullopt;  // a count or a position (at most 7 bits): no float's value
  } else {
    // Outside the closed list (prmt's other modes, bmsk, mul24, mad24, the video instructions,
    // a division by a run-time or other constant ...): reported where it carries the lowest
    // mantissa bit to a sink (outside_model), never read as keeping it.
    res = outside_model(read, w, idx);
  }
  return res;
}

}  // namespace solver::generators::bits
