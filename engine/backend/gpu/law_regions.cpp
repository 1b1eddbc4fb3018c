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

void count_tail(const std::vector<double>& judged, const std::vector<double>* atol_part,
                TailCounts& c) {
  for (size_t i = 0; i < judged.size(); ++i) {
    const double j = judged[i];
    c.weak[atol_part && atol_held(j, (*atol_part)[i])] += tail_weak(j);
    c.near += j < 0 || (j > 0 && j <= kNearLight);
  }
}

void add_weak(const std::vector<double>& judged, const std::vector<double>* atol_part,
              uint64_t first, std::vector<WeakElement>& out) {
  for (size_t i = 0; i < judged.size(); ++i)
    if (tail_weak(judged[i]))
      out.push_back({first + i, judged[i], atol_part && atol_held(judged[i], (*atol_part)[i])});
}

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
