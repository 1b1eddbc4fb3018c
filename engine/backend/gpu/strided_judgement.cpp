// P6k's judgement of the strided partition on the host (law_regions.h strided_judgement): the
// fallback where the device path (Worker::class_light with judged_sums) is not taken, in one pass
// where every element's class shares fit, else a counting pass and the elements that may be
// judged. Split from law_regions.cpp (the 500-line limit) by helper h32tail, which also carries
// the weak elements by index out of it (StridedJudgement::weak: the second look's tail
// recurrence, second_look.h).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"

namespace solver::gpu {
namespace {

// The least above 0 of `a` and `b` (0: none), NaN where either is.
double least_moved(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
  if (!(a > 0)) return b;
  if (!(b > 0)) return a;
  return std::min(a, b);
}

}  // namespace

StridedJudgement strided_judgement(const StridedShares& echo,
                                   const std::vector<std::vector<double>>& atol_part, bool law,
                                   size_t budget, const StridedPicked& echo_at,
                                   const std::vector<std::vector<double>>& floor) {
  const std::vector<EchoRegion> classes = law_regions(RegionFamily::Strided);
  const size_t outputs = atol_part.size(), R = classes.size();
  size_t elements = 0;
  for (const auto& a : atol_part) elements += a.size();
  StridedJudgement out;
  if (elements * R * sizeof(double) <= budget) {  // one pass, every element exact (h28w)
    std::vector<std::vector<std::vector<double>>> by_class;
    for (const EchoRegion& r : classes) by_class.push_back(echo(r));
    const std::vector<std::vector<double>> light = light_shares(by_class);
    out.light = weakest_shares(light);
    const std::vector<std::vector<double>> judged =
        judged_light_shares(by_class, light, atol_part, nullptr, &floor);
    out.judged = refusable_shares(judged, &atol_part);
    out.weak.resize(judged.size());
    for (size_t k = 0; k < judged.size(); ++k)
      add_weak(judged[k],
               k < outputs && atol_part[k].size() == judged[k].size() ? &atol_part[k] : nullptr, 0,
               out.weak[k]);
    out.passes = 1;
    out.exact = elements;
    return out;
  }
  // First pass: per element, how many classes are at most 1 (declared tolerance, atol 0), at
  // most the bar's square, and 0 (half or more: the median class does not move, light share 0); an
  // output whose element counts differ from set 0's, or a NaN share, decides that output as the one
  // pass would (infinity; NaN).
  const double bar2 = kLawCheckShare * kLawCheckShare;
  const double near2 = kNearLight * kNearLight;
  std::vector<std::vector<uint16_t>> le1(outputs), le_bar(outputs), zero(outputs), le_near(outputs);
  std::vector<double> blocked(outputs, 0.0);
  for (size_t k = 0; k < outputs; ++k) {
    le1[k].assign(atol_part[k].size(), 0);
    zero[k].assign(atol_part[k].size(), 0);
    le_near[k].assign(atol_part[k].size(), 0);
    if (law) le_bar[k].assign(atol_part[k].size(), 0);
  }
  for (const EchoRegion& r : classes) {
    const std::vector<std::vector<double>> shares = echo(r);
    for (size_t k = 0; k < outputs; ++k) {
      if (blocked[k] != 0) continue;
      const size_t n = atol_part[k].size();
      if (k >= shares.size() || shares[k].size() != n) {
        blocked[k] = std::numeric_limits<double>::infinity();
        continue;
      }
      bool nan = false;
      for (size_t i = 0; i < n; ++i) {
        const double e = shares[k][i] * shares[k][i];
        if (std::isnan(e)) nan = true;
        le1[k][i] += e <= 1;
        zero[k][i] += e == 0;
        le_near[k][i] += e <= near2;
        if (law) le_bar[k][i] += e <= bar2;
      }
      if (nan) blocked[k] = std::numeric_limits<double>::quiet_NaN();
    }
  }
  out.passes = 1;
  const size_t half = (R + 1) / 2;  // the classes up to the median (the 128th smallest)
  // flagged: the elements that may be weak or under the bar; near_only: those that may only be
  // near (more than half their classes above 1: the median too, so a light share above 1, never
  // weak), which light_tail's near count wants only where kTailMin elements are weak and the tail
  // does not hold yet (helper h30t: without (b) an output's elements may all be near, a softmax's
  // 32.8M; they are judged in chunks only until the tail holds).
  std::vector<std::vector<size_t>> flagged(outputs), near_only(outputs);
  for (size_t k = 0; k < outputs; ++k) {
    // light_tail's near count is wanted only where kTailMin elements may be weak.
    size_t may_be_weak = 0;
    for (size_t i = 0; i < le1[k].size(); ++i)
      may_be_weak += zero[k][i] < half && le1[k][i] >= half;
    const bool count_near = may_be_weak >= kTailMin;
    for (size_t i = 0; i < le1[k].size(); ++i) {
      if (zero[k][i] >= half) continue;  // its median class does not move: no light part
      const bool refusable = le1[k][i] >= half;
      // judged at most kNearLight (light_tail's count): half its classes at most kNearLight^2
      const bool near = count_near && le_near[k][i] >= half;
      if (refusable || (law && le_bar[k][i] >= half))
        flagged[k].push_back(i);
      else if (near)
        near_only[k].push_back(i);
    }
  }
  out.light.assign(outputs, 0.0);
  out.judged.assign(outputs, 0.0);
  out.weak.assign(outputs, {});
  std::vector<TailCounts> tail(outputs);  // light_tail's counts
  // per kind (atol_held): the least judged share above 0 and (d)'s largest unseen
  std::vector<std::array<double, 2>> least(outputs, {0.0, 0.0}), unseen(outputs, {0.0, 0.0});
  for (size_t k = 0; k < outputs; ++k)
    if (blocked[k] != 0) out.light[k] = out.judged[k] = blocked[k];
  // Second pass, in chunks of what `budget` holds: the flagged elements' class shares, exact,
  // every output's at once.
  std::vector<std::pair<size_t, size_t>> all;  // (output, element)
  for (size_t k = 0; k < outputs; ++k)
    if (blocked[k] == 0)
      for (size_t i : flagged[k]) all.push_back({k, i});
  const size_t chunk = std::max<size_t>(1, budget / (R * sizeof(double)));
  auto judge_chunk = [&](const std::vector<std::pair<size_t, size_t>>& list, size_t lo, size_t hi) {
    std::vector<std::vector<size_t>> picks(outputs);
    for (size_t j = lo; j < hi; ++j) picks[list[j].first].push_back(list[j].second);
    std::vector<std::vector<double>> floor_sub(outputs), atol_sub(outputs);
    for (size_t k = 0; k < outputs; ++k)
      for (size_t i : picks[k]) {
        if (k < floor.size() && floor[k].size() == atol_part[k].size())
          floor_sub[k].push_back(floor[k][i]);
        atol_sub[k].push_back(atol_part[k][i]);
      }
    std::vector<std::vector<std::vector<double>>> sub(R);
    for (size_t r = 0; r < R; ++r) {
      std::vector<std::vector<double>> shares;
      if (echo_at) {
        shares = echo_at(classes[r], picks);
      } else {
        const std::vector<std::vector<double>> every = echo(classes[r]);
        shares.resize(outputs);
        for (size_t k = 0; k < outputs; ++k) {
          if (picks[k].empty()) continue;
          if (k >= every.size() || every[k].size() != atol_part[k].size()) {
            shares[k] = {std::numeric_limits<double>::infinity()};  // as element_shares
            continue;
          }
          for (size_t i : picks[k]) shares[k].push_back(every[k][i]);
        }
      }
      shares.resize(outputs);
      sub[r] = std::move(shares);
    }
    ++out.passes;
    out.exact += hi - lo;
    const std::vector<std::vector<double>> light = light_shares(sub);
    const std::vector<std::vector<double>> judged =
        judged_light_shares(sub, light, {}, nullptr, &floor_sub);
    const std::vector<double> least_light = weakest_shares(light);
    for (size_t k = 0; k < outputs; ++k) {
      if (picks[k].empty()) continue;
      out.light[k] = least_moved(out.light[k], least_light[k]);
      count_tail(judged[k], &atol_sub[k], tail[k]);
      for (size_t j = 0; j < judged[k].size(); ++j) {
        const double v = judged[k][j];
        if (std::isnan(v)) out.judged[k] = v;
        const bool held = atol_held(v, atol_sub[k][j]);
        if (tail_weak(v)) out.weak[k].push_back({picks[k][j], v, held});
        if (v > 0) least[k][held] = least_moved(least[k][held], v);
        if (v < 0) unseen[k][held] = std::max(unseen[k][held], -v);
      }
    }
  };
  for (size_t lo = 0; lo < all.size(); lo += chunk)
    judge_chunk(all, lo, std::min(all.size(), lo + chunk));
  // Then the near-only elements of the outputs whose tail may still hold, until it does.
  std::vector<std::pair<size_t, size_t>> rest;
  for (size_t k = 0; k < outputs; ++k)
    if (blocked[k] == 0 && !std::isnan(out.judged[k]) && tail[k].wants_near())
      for (size_t i : near_only[k]) rest.push_back({k, i});
  for (size_t lo = 0; lo < rest.size();) {
    std::vector<std::pair<size_t, size_t>> now;
    for (; lo < rest.size() && now.size() < chunk; ++lo)
      if (tail[rest[lo].first].wants_near()) now.push_back(rest[lo]);
    if (!now.empty()) judge_chunk(now, 0, now.size());
  }
  for (size_t k = 0; k < outputs; ++k) {
    if (blocked[k] != 0 || std::isnan(out.judged[k])) continue;
    double l = 0, u = 0;  // over the kinds whose tail does not hold
    for (int held : {0, 1})
      if (!tail[k].holds(held))
        l = least_moved(l, least[k][held]), u = std::max(u, unseen[k][held]);
    out.judged[k] = unseen_mark(l, u);
  }
  // Every weak element was judged (flagged: half its classes at most 1), in index order.
  for (std::vector<WeakElement>& w : out.weak)
    std::sort(w.begin(), w.end(),
              [](const WeakElement& a, const WeakElement& b) { return a.index < b.index; });
  return out;
}

}  // namespace solver::gpu
