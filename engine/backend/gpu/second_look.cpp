// P6k's second look (second_look.h).
#include "engine/backend/gpu/second_look.h"

#include <cmath>
#include <limits>
#include <random>

#include "engine/backend/gpu/law_regions.h"

namespace solver::gpu {

uint64_t judging_key() {
  std::random_device rd;
  uint64_t k = 0;
  while (k == 0) k = (uint64_t(rd()) << 32) ^ uint64_t(rd());
  return k;
}

uint64_t keyed_class(EchoFamily family, uint64_t pair, uint64_t pairs, uint64_t key) {
  return echo_keyed_class(family, pair, pairs, key);  // the one definition (echo_map.h)
}

namespace {

// The least above 0 of `a` and `b` (0: none).
double least_above0(double a, double b) {
  if (!(a > 0)) return b > 0 ? b : 0;
  if (!(b > 0)) return a;
  return std::min(a, b);
}

}  // namespace

bool TailRecurrence::recurs(int kind) const {
  return again[kind] >= kTailMin && double(again[kind]) * kTailRatio >= double(weak[kind]);
}

namespace {

// The weak elements of output k of `judged` (kinds from `parts[k]` where it is as long).
std::vector<WeakElement> weak_of(const std::vector<std::vector<double>>& judged,
                                 const std::vector<std::vector<double>>& parts, size_t k) {
  std::vector<WeakElement> w;
  if (k >= judged.size()) return w;
  add_weak(judged[k], k < parts.size() && parts[k].size() == judged[k].size() ? &parts[k] : nullptr,
           0, w);
  return w;
}

}  // namespace

TailRecurrence tail_recurrence(const std::vector<WeakElement>& weak0,
                               const std::vector<WeakElement>& weakJ) {
  TailRecurrence t;
  size_t j = 0;  // both in index order: one merge walk
  for (const WeakElement& e : weak0) {
    ++t.weak[e.held];
    while (j < weakJ.size() && weakJ[j].index < e.index) ++j;
    t.again[e.held] += j < weakJ.size() && weakJ[j].index == e.index;
  }
  return t;
}

TailRecurrence tail_recurrence(const std::vector<double>& judged0,
                               const std::vector<double>* parts0,
                               const std::vector<double>& judgedJ) {
  std::vector<WeakElement> w0, wJ;
  add_weak(judged0, parts0 && parts0->size() == judged0.size() ? parts0 : nullptr, 0, w0);
  if (judgedJ.size() == judged0.size()) add_weak(judgedJ, nullptr, 0, wJ);
  return tail_recurrence(w0, wJ);
}

std::vector<double> second_look_tail(std::vector<double> merged, const WeakElements& weak0,
                                     const WeakElements& weakJ) {
  for (size_t k = 0; k < merged.size() && k < weak0.size() && k < weakJ.size(); ++k) {
    const TailRecurrence t = tail_recurrence(weak0[k], weakJ[k]);
    double least = std::isfinite(merged[k]) ? merged[k] : 0;
    for (const WeakElement& e : weak0[k])  // a recurring kind's tail excuses nothing
      if (t.recurs(e.held) && e.judged > 0 && e.judged <= 1) least = least_above0(least, e.judged);
    if (least > 0) merged[k] = least;
  }
  return merged;
}

std::vector<double> second_look_shares(const std::vector<std::vector<double>>& judged0,
                                       const std::vector<std::vector<double>>& parts0,
                                       const std::vector<std::vector<double>>& judgedJ,
                                       const std::vector<std::vector<double>>& partsJ) {
  const std::vector<double> set0 = refusable_shares(judged0, &parts0);
  if (judgedJ.empty()) return set0;
  WeakElements w0(judged0.size()), wJ(judged0.size());
  for (size_t k = 0; k < judged0.size(); ++k) {
    w0[k] = weak_of(judged0, parts0, k);
    if (k < judgedJ.size() && judgedJ[k].size() == judged0[k].size())
      wJ[k] = weak_of(judgedJ, partsJ, k);
  }
  return second_look_tail(second_look_merge(set0, refusable_shares(judgedJ, &partsJ)), w0, wJ);
}

std::vector<double> second_look_merge(const std::vector<double>& set0,
                                      const std::vector<double>& judging) {
  std::vector<double> out = set0;
  if (out.empty()) out.assign(judging.size(), 0.0);  // set 0 took no strided classes: none judged
  for (size_t k = 0; k < out.size() && k < judging.size(); ++k) {
    const double least = least_above0(std::isfinite(out[k]) ? out[k] : 0,
                                      std::isfinite(judging[k]) ? judging[k] : 0);
    if (least > 0) out[k] = least;
  }
  return out;
}

bool exempted(const std::vector<std::vector<double>>& light0,
              const std::vector<std::vector<double>>& judged0,
              const std::vector<std::vector<double>>& parts0) {
  for (size_t k = 0; k < judged0.size(); ++k) {
    if (k < light0.size() && light0[k].size() == judged0[k].size())
      for (size_t i = 0; i < judged0[k].size(); ++i)
        if (judged0[k][i] == 0 && light0[k][i] > 0 && light0[k][i] <= 1) return true;
    const std::vector<double>* parts =
        k < parts0.size() && parts0[k].size() == judged0[k].size() ? &parts0[k] : nullptr;
    const TailRecurrence t = tail_recurrence(judged0[k], parts, {});
    uint64_t near = 0;
    for (double j : judged0[k]) near += j < 0 || (j > 0 && j <= kNearLight);
    for (int kind = 0; kind < 2; ++kind)
      if (light_tail(t.weak[kind], near)) return true;
  }
  return false;
}

}  // namespace solver::gpu
