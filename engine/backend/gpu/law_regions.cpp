#include "engine/backend/gpu/law_regions.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

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
  m.cls = r.cls;
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

}  // namespace solver::gpu
