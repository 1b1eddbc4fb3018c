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

bool weak(double j) { return j < 0 || (j > 0 && j <= 1); }

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

TailRecurrence tail_recurrence(const std::vector<double>& judged0,
                               const std::vector<double>* parts0,
                               const std::vector<double>& judgedJ) {
  TailRecurrence t;
  const bool kinds = parts0 && parts0->size() == judged0.size();
  const bool same = judgedJ.size() == judged0.size();
  for (size_t i = 0; i < judged0.size(); ++i) {
    if (!weak(judged0[i])) continue;
    const int kind = kinds && atol_held(judged0[i], (*parts0)[i]);
    ++t.weak[kind];
    t.again[kind] += same && weak(judgedJ[i]);
  }
  return t;
}

std::vector<double> second_look_shares(const std::vector<std::vector<double>>& judged0,
                                       const std::vector<std::vector<double>>& parts0,
                                       const std::vector<std::vector<double>>& judgedJ,
                                       const std::vector<std::vector<double>>& partsJ) {
  std::vector<double> out = refusable_shares(judged0, &parts0);
  if (judgedJ.empty()) return out;
  const std::vector<double> onJ = refusable_shares(judgedJ, &partsJ);
  for (size_t k = 0; k < out.size(); ++k) {
    double least = std::isfinite(out[k]) ? out[k] : 0;
    if (k < onJ.size() && std::isfinite(onJ[k])) least = least_above0(least, onJ[k]);
    if (k < judgedJ.size()) {
      const std::vector<double>* parts =
          k < parts0.size() && parts0[k].size() == judged0[k].size() ? &parts0[k] : nullptr;
      const TailRecurrence t = tail_recurrence(judged0[k], parts, judgedJ[k]);
      for (int kind = 0; kind < 2; ++kind) {
        if (!t.recurs(kind)) continue;
        for (size_t i = 0; i < judged0[k].size(); ++i) {
          const double j = judged0[k][i];
          if (j > 0 && j <= 1 && int(parts && atol_held(j, (*parts)[i])) == kind)
            least = least_above0(least, j);
        }
      }
    }
    if (least > 0) out[k] = least;
  }
  return out;
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
