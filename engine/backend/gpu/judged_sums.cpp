#include "engine/backend/gpu/judged_sums.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "engine/backend/gpu/law_regions.h"

namespace solver::gpu {

namespace {

double from_bits(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

uint64_t bits_of(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

}  // namespace

JudgedSums judged_merge(const JudgedSums& a, const JudgedSums& b) {
  JudgedSums m;
  m.light_bits = std::min(a.light_bits, b.light_bits);
  m.nan = a.nan | b.nan;
  m.most_bits = std::max(a.most_bits, b.most_bits);
  m.told_bits = std::min(a.told_bits, b.told_bits);
  m.untold_bits = std::min(a.untold_bits, b.untold_bits);
  m.told_weak = a.told_weak + b.told_weak;
  m.told_near = a.told_near + b.told_near;
  m.untold_weak = a.untold_weak + b.untold_weak;
  m.untold_near = a.untold_near + b.untold_near;
  m.told_unseen_bits = std::max(a.told_unseen_bits, b.told_unseen_bits);
  m.untold_unseen_bits = std::max(a.untold_unseen_bits, b.untold_unseen_bits);
  return m;
}

double judged_light(const JudgedSums& s) {
  if (s.nan) return std::numeric_limits<double>::quiet_NaN();
  return s.light_bits == ~uint64_t(0) ? 0.0 : from_bits(s.light_bits);
}

double judged_weakest(const JudgedSums& s) {
  if (s.nan) return std::numeric_limits<double>::quiet_NaN();
  // Per kind (h30d: told_* atol_held, untold_* weak at atol 0): a kind whose weak elements are a
  // continuum's low tail (h28t light_tail) is excused; the least and the unseen of the others.
  double least = 0, unseen = 0;
  auto take = [&](uint64_t weak, uint64_t near, uint64_t bits, uint64_t unseen_bits) {
    if (light_tail(weak, near) || bits == ~uint64_t(0)) {
      if (!light_tail(weak, near)) unseen = std::max(unseen, from_bits(unseen_bits));
      return;
    }
    const double b = from_bits(bits);
    least = least == 0 ? b : std::min(least, b);
    unseen = std::max(unseen, from_bits(unseen_bits));
  };
  take(s.told_weak, s.told_near, s.told_bits, s.told_unseen_bits);
  take(s.untold_weak, s.untold_near, s.untold_bits, s.untold_unseen_bits);
  return unseen_mark(least, unseen);
}

std::vector<JudgedSums> host_judged_sums(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& atol_part,
    const std::vector<std::vector<double>>& floor, std::vector<std::vector<double>>* judged_out) {
  const std::vector<std::vector<double>> light = light_shares(by_class);
  const std::vector<std::vector<double>> judged =
      judged_light_shares(by_class, light, atol_part, nullptr, &floor);
  std::vector<JudgedSums> out(light.size());
  for (size_t k = 0; k < light.size(); ++k) {
    JudgedSums& s = out[k];
    const bool parts = k < atol_part.size() && atol_part[k].size() == light[k].size();
    for (size_t i = 0; i < light[k].size(); ++i) {
      const double l = light[k][i];
      if (std::isnan(l)) {
        s.nan = 1;
        continue;
      }
      s.most_bits = std::max(s.most_bits, bits_of(l));
      if (l > 0) s.light_bits = std::min(s.light_bits, bits_of(l));
      const double j = i < judged[k].size() ? judged[k][i] : 0;
      // h30d: the kinds (law_regions.h atol_held) in the told_* (held) and untold_* fields
      const bool held = parts && atol_held(j, atol_part[k][i]);
      uint64_t& least = held ? s.told_bits : s.untold_bits;
      uint64_t& weak = held ? s.told_weak : s.untold_weak;
      uint64_t& unseen = held ? s.told_unseen_bits : s.untold_unseen_bits;
      if (j > 0) least = std::min(least, bits_of(j));
      weak += j < 0 || (j > 0 && j <= 1);  // unseen ((d)) counted as before it
      const bool near = j < 0 || (j > 0 && j <= kNearLight);
      s.told_near += near;  // the output's near count, read by both kinds
      s.untold_near += near;
      if (j < 0) unseen = std::max(unseen, bits_of(-j));  // (d)
    }
  }
  if (judged_out) *judged_out = judged;
  return out;
}

JudgedProbe judged_probe(int64_t n, int classes, bool nan, uint64_t seed) {
  JudgedProbe p;
  p.n = n;
  uint64_t x = seed;
  auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return x >> 11;
  };
  auto unit = [&] { return double(next()) / double(1ULL << 53); };
  const double inf = std::numeric_limits<double>::infinity();
  const size_t R = size_t(classes);
  p.by_class.assign(R * size_t(n), 0.0);
  p.base.resize(size_t(n));
  auto at = [&](size_t r, int64_t i) -> double& { return p.by_class[r * size_t(n) + size_t(i)]; };
  for (int64_t i = 0; i < n; ++i) {
    // The reference: near 0 (atol-held: atol_part ~1) on one element in three, else of order 1
    // (atol_part ~0.9 at atol 1e-3, rtol 1e-4), an infinity and a NaN now and then.
    const uint64_t kind = next() % 12;
    p.base[size_t(i)] = kind < 4                  ? (unit() - 0.5) * 1e-6
                        : kind == 4               ? (unit() - 0.5) * 200
                        : kind == 5 && i % 7 == 0 ? (i % 2 ? inf : std::nan(""))
                                                  : (unit() - 0.5) * 4;
    // The light part's level: under 1 mostly (refusable), above it sometimes (tells the output
    // apart), tiny, or the whole share spread evenly.
    const uint64_t shape = next() % 10;
    const double level = shape < 5 ? unit() : shape < 7 ? 1 + 4 * unit() : unit() * 1e-3;
    const double per = level / std::sqrt(double(R));                 // each light class's share
    const size_t heavy = shape == 9 ? 0 : 1 + next() % (R / 8 + 1);  // dominant classes
    for (size_t r = 0; r < R; ++r) at(r, i) = per * (0.5 + unit());
    for (size_t h = 0; h < heavy; ++h) at(next() % R, i) = per * (1e3 + 1e3 * unit());
    switch (i % 11) {
      case 0:  // the median class does not move: no light part
        for (size_t r = 0; r < R; ++r)
          if (r % 4) at(r, i) = 0;
        break;
      case 1:  // ties: every class the same
        for (size_t r = 0; r < R; ++r) at(r, i) = 0.25;
        break;
      case 2:  // dominant classes of energy just under the light part's: (a) fails
        for (size_t r = 0; r < R; ++r) at(r, i) = per;
        at(0, i) = per * std::sqrt(double(R) - 1) * 0.99;
        break;
      case 3:  // an infinite class (dominant), or every class infinite
        at(next() % R, i) = inf;
        if (i % 3 == 0)
          for (size_t r = 0; r < R; ++r) at(r, i) = inf;
        break;
      default:
        break;
    }
    if (nan && i % 97 == 50) at(R / 3, i) = std::nan("");
  }
  return p;
}

}  // namespace solver::gpu
