// P6h's bar with each element's dominant positions left out, and P6k's light refusal
// (law_regions.h): once per problem and worker, wherever the lint passes, the class echoes of
// set 0.
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

std::vector<double> Worker::law_light_shares(Prepared& p, SetShare& set0, size_t outputs) {
  std::vector<double> judged;
  for (RegionFamily f : {RegionFamily::Contiguous, RegionFamily::Hashed, RegionFamily::Strided}) {
    // On the law every partition may lower set 0's weakest share (P6h). Off it (from the start,
    // or since a partition took it off) the strided classes are still taken for P6k's refusal
    // (red team 26's redteam26_offlaw_heavy_lbeta: the off-law runs do not catch a sampler of a
    // scattered light part), after the hashed ones, which tell whether some element has a light
    // part at all; the contiguous classes only ever serve the bar.
    const bool law = law_checks({set0}, outputs);
    if (f == RegionFamily::Contiguous && !law) continue;
    if (f == RegionFamily::Strided) {
      std::vector<generators::Tolerance> tols;  // element_shares' own (echo_shares)
      for (size_t b : p.buffers->outputs())
        tols.push_back(set_tolerance(p, p.buffers->host_set(0), b));
      if (tols.empty()) tols.push_back(p.resolved.tolerance);
      // On the device (helper h28j): the 256 class echoes' element shares stay where they are
      // computed, in blocks of elements where they do not fit at once (class_blocks.h), and
      // solver_judged256 reads each block's light and judged shares, both values of the
      // output's `told`, from them and set 0's uploaded reference (judged_sums.h): one class
      // echo per class and block, exact, nothing per element read back.
      size_t budget = 0;
      if (class_budget(p, kStridedRegions, budget)) {
        const std::vector<double> light =
            class_light(p, law_regions(RegionFamily::Strided), &tols, &judged);
        if (law) set0.weakest = weakest_with_input(set0.weakest, light);
        break;
      }
      // The host path (no device shares: SOLVER_HOST_SHARES=1, the self-check failed, an
      // order-free output, no room): the strided classes' element shares taken on the host,
      // one class at a time (a ClassShares begun on the host keeps the host path), in one pass
      // where every element's fit kLightBytes, else a counting pass and the elements that may
      // be judged (strided_judgement). The second pass compares the flagged elements alone
      // (`picks`).
      auto host_shares = [&](const EchoRegion& r, const std::vector<std::vector<size_t>>* picks) {
        ClassShares one;
        one.classes = 1;
        one.started = true;  // on the host (echo_shares: a started host ClassShares stays there)
        echo_shares(p, 0, {}, -1, &r, nullptr, &one, picks);
        return one.host.empty() ? std::vector<std::vector<double>>{} : std::move(one.host.back());
      };
      const StridedJudgement s = strided_judgement(
          [&](const EchoRegion& r) { return host_shares(r, nullptr); },
          atol_parts(reference_outputs(p, 0), tols), law, kLightBytes,
          [&](const EchoRegion& r, const std::vector<std::vector<size_t>>& picks) {
            return host_shares(r, &picks);
          },
          grain_floors(reference_outputs(p, 0), tols,
                       output_grains(p.resolved.buffers, p.buffers->outputs())));
      if (law) set0.weakest = weakest_with_input(set0.weakest, s.light);
      judged = s.judged;
      break;
    }
    // Every class's element shares (on the device where it can: device_shares.h), then each
    // element's light part, in blocks of elements where the classes do not fit at once
    // (class_blocks.h); the classes go once read.
    const std::vector<double> light = class_light(p, law_regions(f));
    if (law) set0.weakest = weakest_with_input(set0.weakest, light);
    if (f == RegionFamily::Hashed && !strided_needed(light)) break;  // no light part anywhere
  }
  return judged;
}

}  // namespace solver::gpu
