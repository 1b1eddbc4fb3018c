// P6h's bar with each element's dominant positions left out (law_regions.h): once per problem
// and worker, where set 0 would put the problem on the law, the class echoes of set 0.
#include <random>
#include <string>
#include <vector>

#include "engine/backend/gpu/echo_map.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// One partition's class shares are held at once (a median per element over its classes): 32 or
// 256 x every output element, in doubles. Past this many bytes each output is judged on a keyed
// random sample of its elements, the same in every class (a large sum-like output: a 4096^2 GEMM's
// strided family would hold 34 GB). The key is drawn per worker, so which elements are judged is
// unknown to anyone writing a problem or a kernel.
constexpr size_t kLightBytes = size_t(2) << 30;

}  // namespace

std::vector<double> Worker::law_light_shares(Prepared& p, SetShare& set0, size_t outputs,
                                             std::string* sampled) {
  std::vector<double> strided;
  static const uint64_t key = [] {
    std::random_device entropy;
    return (uint64_t(entropy()) << 32) ^ uint64_t(entropy());
  }();
  for (RegionFamily f : {RegionFamily::Contiguous, RegionFamily::Hashed, RegionFamily::Strided}) {
    if (!law_checks({set0}, outputs)) break;
    std::vector<std::vector<std::vector<double>>> by_class;
    std::vector<std::vector<size_t>> keep;  // by output: the sampled elements (empty: all)
    for (const EchoRegion& r : law_regions(f)) {
      std::vector<std::vector<double>> shares = echo_shares(p, 0, {}, -1, &r);
      if (by_class.empty()) {  // the first class tells the outputs' sizes
        size_t elements = 0;
        for (const auto& o : shares) elements += o.size();
        const double bytes = double(elements) * double(region_count(f)) * sizeof(double);
        const double rate = bytes > double(kLightBytes) ? double(kLightBytes) / bytes : 1.0;
        for (const auto& o : shares) keep.push_back(light_sample(o.size(), rate, key));
        if (rate < 1 && sampled) {
          size_t kept = 0;
          for (const auto& k : keep) kept += k.size();
          *sampled = "light part judged on a keyed sample of " + std::to_string(kept) + " of " +
                     std::to_string(elements) + " output elements (" +
                     std::to_string(region_count(f)) + " classes x every element over " +
                     std::to_string(kLightBytes >> 30) + " GiB)";
        }
      }
      for (size_t k = 0; k < shares.size() && k < keep.size(); ++k) {
        if (keep[k].empty()) continue;
        std::vector<double> mine;
        mine.reserve(keep[k].size());
        for (size_t i : keep[k])
          if (i < shares[k].size()) mine.push_back(shares[k][i]);
        shares[k] = std::move(mine);
      }
      by_class.push_back(std::move(shares));
    }
    const std::vector<double> light = weakest_shares(light_shares(by_class));
    set0.weakest = weakest_with_input(set0.weakest, light);
    if (f == RegionFamily::Strided) strided = light;
    if (f == RegionFamily::Hashed && !strided_needed(light)) break;  // no light part anywhere
  }
  return strided;
}

}  // namespace solver::gpu
