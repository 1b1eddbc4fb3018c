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
  return b == ~uint64_t(0) ? 0.0 : from_bits(b);
}

std::vector<JudgedSums> host_judged_sums(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& atol_part) {
  const std::vector<std::vector<double>> light = light_shares(by_class);
  const std::vector<int> told(light.size(), 1), untold(light.size(), 0);
  const std::vector<std::vector<double>> jt =
      judged_light_shares(by_class, light, atol_part, &told);
  const std::vector<std::vector<double>> ju =
      judged_light_shares(by_class, light, atol_part, &untold);
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
      s.told_weak += t > 0 && t <= 1;
      s.told_near += t > 0 && t <= kNearLight;
      s.untold_weak += u > 0 && u <= 1;
      s.untold_near += u > 0 && u <= kNearLight;
    }
  }
  return out;
}

}  // namespace solver::gpu
