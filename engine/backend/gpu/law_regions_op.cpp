// P6h's bar with each element's dominant positions left out (law_regions.h): once per problem
// and worker, where set 0 would put the problem on the law, the class echoes of set 0.
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

std::vector<double> Worker::law_light_shares(Prepared& p, SetShare& set0, size_t outputs) {
  std::vector<double> strided;
  for (RegionFamily f : {RegionFamily::Contiguous, RegionFamily::Hashed, RegionFamily::Strided}) {
    if (!law_checks({set0}, outputs)) break;
    // Every class's element shares (on the device where it can: device_shares.h), then each
    // element's light part, in blocks of elements where the classes do not fit at once
    // (class_blocks.h); the classes go once read.
    const std::vector<double> light = class_light(p, law_regions(f));
    set0.weakest = weakest_with_input(set0.weakest, light);
    if (f == RegionFamily::Strided) strided = light;
    if (f == RegionFamily::Hashed && !strided_needed(light)) break;  // no light part anywhere
  }
  return strided;
}

}  // namespace solver::gpu
