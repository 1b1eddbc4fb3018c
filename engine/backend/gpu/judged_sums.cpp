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
  const bool told = from_bits(s.most_bits) > 1;
  const uint64_t b = told ? s.told_bits : s.untold_bits;
  if (told ? light_tail(s.told_weak, s.told_near) : light_tail(s.untold_weak, s.untold_near))
    return 0.0;  // the output's weak elements are a continuum's low tail (h28t)
  return unseen_mark(b == ~uint64_t(0) ? 0.0 : from_bits(b),
                     from_bits(told ? s.told_unseen_bits : s.untold_unseen_bits));
}

std::vector<JudgedSums> host_judged_sums(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& atol_part,
    const std::vector<std::vector<double>>& floor) {
  const std::vector<std::vector<double>> light = light_shares(by_class);
  const std::vector<int> told(light.size(), 1), untold(light.size(), 0);
  const std::vector<std::vector<double>> jt =
      judged_light_shares(by_class, light, atol_part, &told, &floor);
  const std::vector<std::vector<double>> ju =
      judged_light_shares(by_class, light, atol_part, &untold, &floor);
  std::vector<JudgedSums> out(light.size());
  for (size_t k = 0; k < light.size(); ++k) {
    JudgedSums& s = out[k];
    for (size_t i = 0; i < light[k].size(); ++i) {
      const double l = light[k][i];
      if (std::isnan(l)) {
        s.nan = 1;
        continue;
      }
      s.most_bits = std::max(s.most_bits, bits_of(l));
      if (l > 0) s.light_bits = std::min(s.light_bits, bits_of(l));
      if (i < jt[k].size() && jt[k][i] > 0) s.told_bits = std::min(s.told_bits, bits_of(jt[k][i]));
      if (i < ju[k].size() && ju[k][i] > 0)
        s.untold_bits = std::min(s.untold_bits, bits_of(ju[k][i]));
      const double t = i < jt[k].size() ? jt[k][i] : 0, u = i < ju[k].size() ? ju[k][i] : 0;
      s.told_weak += t < 0 || (t > 0 && t <= 1);  // unseen ((d)) counted as before it
      s.told_near += t < 0 || (t > 0 && t <= kNearLight);
      s.untold_weak += u < 0 || (u > 0 && u <= 1);
      s.untold_near += u < 0 || (u > 0 && u <= kNearLight);
      if (t < 0) s.told_unseen_bits = std::max(s.told_unseen_bits, bits_of(-t));  // (d)
      if (u < 0) s.untold_unseen_bits = std::max(s.untold_unseen_bits, bits_of(-u));
    }
  }
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
