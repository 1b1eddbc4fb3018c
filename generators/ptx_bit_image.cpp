#include "generators/ptx_bit_image.h"

#include <algorithm>
#include <bit>
#include <cctype>

namespace solver::generators::bits {

Image remap(const Image& in, int w, const std::function<int(int)>& src) {
  Image out;
  for (const auto& pc : in) {
    Piece q;
    q.origin = pc.origin, q.dropped = pc.dropped, q.outside = pc.outside;
    bool any = false;
    for (int p = 0; p < w && p < 64; ++p)
      if (const int s = src(p); s >= 0 && s < 64 && pc.at[s]) {
        q.at[p] = pc.at[s], any = true;
        q.flagged |= ((pc.flagged >> s) & 1) << p;
      }
    if (any) out.push_back(q);
  }
  return out;
}
Image copy(const Image& in, int w) {
  return remap(in, w, [](int p) { return p; });
}

bool unite(Image& a, const Image& b) {
  bool changed = false;
  for (const auto& pb : b) {
    auto it = a.begin();
    while (it != a.end() && it->origin < pb.origin) ++it;
    if (it == a.end() || it->origin != pb.origin) {
      if (a.size() >= kMaxPieces) continue;  // the bound on work; see the header
      a.insert(it, pb);
      changed = true;
      continue;
    }
    for (int p = 0; p < 64; ++p) {
      changed = changed || (pb.at[p] & ~it->at[p]);
      it->at[p] |= pb.at[p];
    }
    changed = changed || (pb.flagged & ~it->flagged) || pb.outside > it->outside;
    it->flagged |= pb.flagged;
    it->dropped = std::max(it->dropped, pb.dropped);
    it->outside = std::max(it->outside, pb.outside);
  }
  return changed;
}

Image smear(const Image& in, int w, bool upward) {
  Image out = in;
  for (auto& pc : out) {
    Word below = 0, all = pc.kept(), flagged_below = 0;
    const Word any_flag = pc.flagged ? ~Word(0) : 0, in_flags = pc.flagged;
    pc.flagged = 0;
    for (int p = 0; p < 64; ++p) {
      below |= pc.at[p];
      flagged_below |= (in_flags >> p) & 1;
      pc.at[p] = p < w ? (upward ? below : all) : 0;
      if (p < w && pc.at[p] && (upward ? flagged_below : any_flag & 1)) pc.flagged |= Word(1) << p;
    }
  }
  return out;
}

Image outside_model(const Image& in, int w, long idx) {
  Image out = smear(in, w, false);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (in[i].kept() & 1) {
      out[i].outside = std::max(out[i].outside, idx);
      for (int p = 0; p < w && p < 64; ++p)
        if (out[i].at[p]) out[i].flagged |= Word(1) << p;
    }
  return out;
}

Image lop3_bits(const std::array<Image, 3>& x, const std::array<std::optional<Word>, 3>& c,
                Word lut) {
  Image res;
  for (int k = 0; k < 3; ++k)
    unite(res, remap(x[k], 32, [&](int p) {
            // Every assignment of the other variable operands' bits: does flipping k's change
            // the answer?
            for (int other = 0; other < 8; ++other) {
              int lo = 0, hi = 0;
              for (int j = 0; j < 3; ++j) {
                const int bit = j == k ? 0 : c[j] ? int((*c[j] >> p) & 1) : (other >> j) & 1;
                lo |= bit << (2 - j);
                hi |= (j == k ? 1 : bit) << (2 - j);
              }
              if (((lut >> lo) & 1) != ((lut >> hi) & 1)) return p;
            }
            return -1;
          }));
  return res;
}

Image div_bits(const Image& a, const Image& read, int w, Word d, bool rem, bool sgn) {
  if (!d || !std::has_single_bit(d)) return smear(read, w, false);
  const int k = std::countr_zero(d);
  if (rem) return remap(a, w, [&](int p) { return p < k ? p : sgn ? w - 1 : -1; });
  return remap(a, w, [&](int p) { return p + k < w ? p + k : sgn ? w - 1 : -1; });
}

std::optional<Word> immediate(std::string_view o) {
  while (!o.empty() && std::isspace(static_cast<unsigned char>(o.front()))) o.remove_prefix(1);
  while (!o.empty() && std::isspace(static_cast<unsigned char>(o.back()))) o.remove_suffix(1);
  const bool neg = !o.empty() && o.front() == '-';
  if (neg) o.remove_prefix(1);
  if (o.empty() || !std::isdigit(static_cast<unsigned char>(o.front()))) return std::nullopt;
  int base = 10;
  std::size_t i = 0;
  const char x = o.size() > 1 ? char(std::tolower(static_cast<unsigned char>(o[1]))) : 0;
  if (o[0] == '0' && (x == 'x' || x == 'f' || x == 'd'))  // hex, and float bits (0f..., 0d...)
    base = 16, i = 2;
  else if (o[0] == '0' && x == 'b')
    base = 2, i = 2;
  else if (o[0] == '0' && o.size() > 1)
    base = 8, i = 1;
  Word v = 0;
  for (; i < o.size(); ++i) {
    const char c = char(std::tolower(static_cast<unsigned char>(o[i])));
    if (c == 'u' && i + 1 == o.size()) break;
    const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                  : c >= 'a' && c <= 'f'                      ? c - 'a' + 10
                                                              : 99;
    if (d >= base) return std::nullopt;
    v = v * Word(base) + Word(d);
  }
  return neg ? Word(0) - v : v;
}

bool int_type(std::string_view t) {
  return t.size() >= 2 && (t[0] == 'b' || t[0] == 'u' || t[0] == 's') &&
         std::isdigit(static_cast<unsigned char>(t[1]));
}
int type_bits(std::string_view t) {
  int n = 0;
  for (char c : t.substr(1))
    if (std::isdigit(static_cast<unsigned char>(c)) && n <= 64) n = n * 10 + (c - '0');
  return std::min(n, 64);
}
int op_width(const std::vector<std::string>& parts) {
  for (auto it = parts.rbegin(); it != parts.rend(); ++it)
    if (int_type(*it) || *it == "f32" || *it == "f64") return type_bits(*it);
  return 32;
}

}  // namespace solver::generators::bits
