#include "engine/backend/gpu/law_regions.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <utility>

#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/parallel_chunks.h"
#include "engine/backend/gpu/sample_lint.h"

namespace solver::gpu {

size_t region_count(RegionFamily family) {
  return family == RegionFamily::Strided ? kStridedRegions : kLawRegions;
}

EchoMap region_echo(const EchoRegion& r) {
  EchoMap m;
  m.family = r.family == RegionFamily::Hashed    ? EchoFamily::Hashed
             : r.family == RegionFamily::Strided ? EchoFamily::Strided
                                                 : EchoFamily::Contiguous;
  m.cls = r.cls, m.key = r.key;  // the judging key, where a second look keys the classes
  return m;
}

size_t region_of(RegionFamily family, size_t pair, size_t pairs) {
  return size_t(echo_class(region_echo(EchoRegion{family, 0}).family, pair, pairs));
}

std::vector<EchoRegion> law_regions(RegionFamily family) {
  std::vector<EchoRegion> out;
  for (size_t c = 0; c < region_count(family); ++c) out.push_back({family, c});
  return out;
}

std::shared_ptr<const HostInput> echo_region(const generators::ResolvedBuffer& b,
                                             const HostInput& in, const EchoRegion& r) {
  auto out = std::make_shared<HostInput>();
  out->size = in.size;
  out->data.reset(new unsigned char[in.size]);
  std::memcpy(out->data.get(), in.data.get(), in.size);
  const size_t size = generators::dtype_size(b.dtype);
  const std::optional<EchoMap> m = kind_echo(b, region_echo(r));  // a csr_rowptr's ends kept
  if (size && m) apply_echo(*m, out->data.get(), in.size / size, size);
  return out;
}

std::vector<std::vector<double>> light_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class) {
  const double inf = std::numeric_limits<double>::infinity();
  if (by_class.empty()) return {};
  const size_t outputs = by_class.front().size();
  std::vector<std::vector<double>> light(outputs);
  for (size_t k = 0; k < outputs; ++k) {
    const size_t n = by_class.front()[k].size();
    bool fits = true;
    for (const auto& c : by_class) fits = fits && c.size() == outputs && c[k].size() == n;
    if (!fits) {
      light[k] = {inf};
      continue;
    }
    light[k].assign(n, 0.0);
    // Element by element, in chunks on every core, each chunk with its own scratch.
    for_each_chunk(int64_t((n + kShareChunk - 1) / kShareChunk), 0, [&](int64_t c) {
      std::vector<double> energy(by_class.size()), sorted(by_class.size());
      const size_t lo = size_t(c) * kShareChunk, hi = std::min(n, lo + kShareChunk);
      for (size_t i = lo; i < hi; ++i) {
        bool nan = false;
        for (size_t r = 0; r < by_class.size(); ++r) {
          const double a = by_class[r][k][i];
          nan = nan || std::isnan(a);
          energy[r] = a * a;
        }
        if (nan) {
          light[k][i] = std::numeric_limits<double>::quiet_NaN();
          continue;
        }
        sorted = energy;
        const size_t mid = (sorted.size() - 1) / 2;  // the (R/2)-th smallest
        std::nth_element(sorted.begin(), sorted.begin() + long(mid), sorted.end());
        const double median = sorted[mid];
        double sum = 0;
        if (median > 0)
          for (double e : energy)
            if (!(e > kDominantEnergy * median)) sum += e;
        light[k][i] = std::sqrt(sum);
      }
    });
  }
  return light;
}

std::vector<std::vector<double>> atol_parts(const std::vector<HostDoubles>& base,
                                            const std::vector<generators::Tolerance>& tols) {
  std::vector<std::vector<double>> out(base.size());
  for (size_t k = 0; k < base.size(); ++k) {
    out[k].assign(base[k].size(), 0.0);
    if (tols.empty()) continue;
    const generators::Tolerance& t = tols[k < tols.size() ? k : 0];
    for (size_t i = 0; i < base[k].size(); ++i) {
      const double allowed = t.atol + t.rtol * std::fabs(base[k][i]);
      // rtol 0: no relative part to be held against, nothing atol-held (red team 28)
      out[k][i] = t.rtol > 0 && allowed > 0 && std::isfinite(allowed) ? t.atol / allowed : 0.0;
    }
  }
  return out;
}

OutputGrain output_grain(generators::DType d) {
  switch (d) {
    case generators::DType::F16:
      return {11, -13};
    case generators::DType::BF16:
      return {8, -125};
    case generators::DType::F32:
      return {24, -125};
    case generators::DType::F64:
      return {53, -1021};
    default:
      return {};  // integers: no grain taken
  }
}

double grain_bound(double light_pairs) {
  return light_pairs > kGrainBound * kGrainBound ? std::sqrt(light_pairs) : kGrainBound;
}

double light_pairs(const std::vector<generators::ResolvedBuffer>& buffers) {
  int64_t most = 0;
  for (const generators::ResolvedBuffer& b : buffers)
    if (sample_echoed(b)) most = std::max(most, b.elements);
  return double(most / 2);
}

std::vector<OutputGrain> output_grains(const std::vector<generators::ResolvedBuffer>& buffers,
                                       const std::vector<size_t>& outputs) {
  const double bound = grain_bound(light_pairs(buffers));
  std::vector<OutputGrain> out;
  for (size_t b : outputs) {
    out.push_back(b < buffers.size() ? output_grain(buffers[b].dtype) : OutputGrain{});
    out.back().bound = bound;
  }
  return out;
}

double grain_floor(double ref, double atol, double rtol, const OutputGrain& grain) {
  const double tol = atol + rtol * std::fabs(ref);
  if (grain.digits <= 0 || !std::isfinite(ref) || !std::isfinite(tol) || !(tol > 0)) return 0.0;
  int e = grain.min_exp;
  if (ref != 0) std::frexp(std::fabs(ref), &e);
  const double half_step = std::ldexp(1.0, std::max(e - 1, grain.min_exp) - grain.digits - 1);
  return half_step / (grain.bound * tol);
}

std::vector<std::vector<double>> grain_floors(const std::vector<HostDoubles>& base,
                                              const std::vector<generators::Tolerance>& tols,
                                              const std::vector<OutputGrain>& grains) {
  std::vector<std::vector<double>> out(base.size());
  for (size_t k = 0; k < base.size(); ++k) {
    out[k].assign(base[k].size(), 0.0);
    if (tols.empty() || grains.empty()) continue;
    const generators::Tolerance& t = tols[k < tols.size() ? k : 0];
    const OutputGrain& g = grains[k < grains.size() ? k : 0];
    for (size_t i = 0; i < base[k].size(); ++i)
      out[k][i] = grain_floor(base[k][i], t.atol, t.rtol, g);
  }
  return out;
}

size_t light_spread(const std::vector<std::vector<std::vector<double>>>& by_class, size_t k,
                    size_t i) {
  std::vector<double> energy(by_class.size());
  for (size_t r = 0; r < by_class.size(); ++r) energy[r] = by_class[r][k][i] * by_class[r][k][i];
  std::vector<double> sorted = energy;
  if (sorted.empty()) return 0;
  const size_t mid = (sorted.size() - 1) / 2;  // light_shares' median
  std::nth_element(sorted.begin(), sorted.begin() + long(mid), sorted.end());
  const double median = sorted[mid];
  size_t spread = 0;
  if (median > 0)
    for (double e : energy) spread += e > 0 && !(e > kDominantEnergy * median);
  return spread;
}

std::vector<std::vector<double>> judged_light_shares(
    const std::vector<std::vector<std::vector<double>>>& by_class,
    const std::vector<std::vector<double>>& light,
    const std::vector<std::vector<double>>& /*atol_part*/, const std::vector<int>* /*told*/,
    const std::vector<std::vector<double>>* floor) {
  std::vector<std::vector<double>> judged(light.size());
  for (size_t k = 0; k < light.size(); ++k) {
    const size_t n = light[k].size();
    judged[k].assign(n, 0.0);
    bool fits = !by_class.empty();
    for (const auto& c : by_class) fits = fits && k < c.size() && c[k].size() == n;
    if (!fits) {  // light_shares' single infinity (or nothing to read): judged as it is
      judged[k] = light[k];
      continue;
    }
    const std::vector<double>* grain =
        floor && k < floor->size() && (*floor)[k].size() == n ? &(*floor)[k] : nullptr;
    for_each_chunk(int64_t((n + kShareChunk - 1) / kShareChunk), 0, [&](int64_t c) {
      const size_t lo = size_t(c) * kShareChunk, hi = std::min(n, lo + kShareChunk);
      for (size_t i = lo; i < hi; ++i) {
        const double l = light[k][i];
        if (std::isnan(l)) {
          judged[k][i] = l;
          continue;
        }
        if (!(l > 0)) continue;
        double total = 0;  // every class's energy: the dominant ones' is total - l^2
        for (const auto& cls : by_class) total += cls[k][i] * cls[k][i];
        if (!(total - l * l >= l * l)) continue;                              // (a)
        if (l <= 1 && light_spread(by_class, k, i) < kLightSpread) continue;  // (c)
        judged[k][i] = l <= 1 && grain && l < (*grain)[i] ? -l : l;           // (d): unseen
      }
    });
  }
  return judged;
}

namespace {
// light_tail's counts over one output's judged shares: weak (in (0, 1]) per kind (atol_held) and
// near (in (0, kNearLight]), added to `c`. An unseen element ((d): -l, l <= 1) counts as weak and
// near, as before (d): (d) never makes light_tail hold where it did not. `atol_part` null: kind 0.
void count_tail(const std::vector<double>& judged, const std::vector<double>* atol_part,
                TailCounts& c) {
  for (size_t i = 0; i < judged.size(); ++i) {
    const double j = judged[i];
    c.weak[atol_part && atol_held(j, (*atol_part)[i])] += j < 0 || (j > 0 && j <= 1);
    c.near += j < 0 || (j > 0 && j <= kNearLight);
  }
}
}  // namespace

std::vector<double> refusable_shares(const std::vector<std::vector<double>>& judged,
                                     const std::vector<std::vector<double>>* atol_part) {
  std::vector<double> out(judged.size(), 0.0);
  for (size_t k = 0; k < judged.size(); ++k) {
    TailCounts c;
    const std::vector<double>* parts =
        atol_part && k < atol_part->size() && (*atol_part)[k].size() == judged[k].size()
            ? &(*atol_part)[k]
            : nullptr;
    count_tail(judged[k], parts, c);
    double least = 0, unseen = 0;  // over the kinds whose tail does not hold
    bool nan = false;
    for (size_t i = 0; i < judged[k].size(); ++i) {
      const double j = judged[k][i];
      if (std::isnan(j)) nan = true;
      if (!(j != 0) || std::isnan(j) || c.holds(parts && atol_held(j, (*parts)[i]))) continue;
      if (j > 0 && (least == 0 || j < least)) least = j;
      if (j < 0) unseen = std::max(unseen, -j);
    }
    out[k] = nan ? std::numeric_limits<double>::quiet_NaN() : unseen_mark(least, unseen);
  }
  return out;
}

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
    out.judged = refusable_shares(judged_light_shares(by_class, light, atol_part, nullptr, &floor),
                                  &atol_part);
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
  return out;
}

bool strided_needed(const std::vector<double>& hashed) {
  for (double l : hashed)
    if (!(l == 0)) return true;
  return false;
}

std::string light_refusal(const std::vector<double>& light, const std::vector<std::string>& outputs,
                          const std::vector<generators::Tolerance>& tols,
                          const std::string& echoed) {
  std::ostringstream s;
  s.precision(2);
  bool any = false;
  for (size_t k = 0; k < light.size(); ++k) {
    if (!(light[k] > 0 && light[k] <= 1)) continue;
    const generators::Tolerance none{};
    const generators::Tolerance& tol = tols.empty() ? none : tols[k < tols.size() ? k : 0];
    const std::string name = k < outputs.size() ? outputs[k] : "the output";
    if (!any)
      s << kSampleLintMarker << " of the light part: ";
    else
      s << ", and ";
    any = true;
    s << name << "'s positions outside its dominant classes (of " << kStridedRegions
      << " strided classes of " << echoed << "'s position pairs, each more than " << kDominantEnergy
      << " x the median class's energy: the heavily weighted positions) move "
      << "it by " << light[k] << " of its tolerance under a 1-in-2 echo of set 0, so no verified "
      << "run can refuse a kernel that reads the heavy positions exactly and half of the others "
      << "(the work) and rescales. The problem's spec must change: tighten rtol and atol to under "
      << light[k] << " times the declared (rtol " << tol.rtol << ", atol " << tol.atol
      << ": e.g. rtol <= " << light[k] * tol.rtol / 2 << ", atol <= " << light[k] * tol.atol / 2
      << ") for " << name << ", or give the light positions a larger share of it";
  }
  return s.str();
}

std::string grain_note(const std::vector<double>& light, const std::vector<std::string>& outputs,
                       const std::vector<generators::DType>& dtypes) {
  std::ostringstream s;
  s.precision(2);
  for (size_t k = 0; k < light.size(); ++k) {
    if (!(light[k] < 0)) continue;
    const std::string name = k < outputs.size() ? outputs[k] : "the output";
    std::string dtype = "its dtype";
    if (!dtypes.empty()) dtype = generators::to_string(dtypes[k < dtypes.size() ? k : 0]);
    for (char& c : dtype) c = char(std::toupper(static_cast<unsigned char>(c)));
    if (dtype.size() > 1 && dtype[0] == 'F') dtype = "FP" + dtype.substr(1);  // f32: FP32
    if (s.tellp() > 0) s << "; ";
    s << "light part below " << dtype << " resolution of " << name
      << ": skipping it changes no stored output (P6k: every element whose light part is within "
         "its tolerance, at most "
      << -light[k] << " of it, moves by under half a step of " << dtype << " at its value, with "
      << "sqrt(its light pairs) x its light share as the bound)";
  }
  return s.str();
}

}  // namespace solver::gpu
