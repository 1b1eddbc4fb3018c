// P6h's bar with each element's dominant positions left out, and P6k's light refusal
// (law_regions.h): once per problem and worker, wherever the lint passes, the class echoes of
// set 0, then P6k's second look (second_look.h) on a judging set drawn from the worker's key.
#include <cstdlib>
#include <optional>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/law_checks.h"
#include "engine/backend/gpu/law_regions.h"
#include "engine/backend/gpu/phase_log.h"
#include "engine/backend/gpu/second_look.h"
#include "engine/backend/gpu/worker.h"

namespace solver::gpu {

namespace {

// `regions` with the judging key `key` (0: set 0's public classes).
std::vector<EchoRegion> keyed(std::vector<EchoRegion> regions, uint64_t key) {
  for (EchoRegion& r : regions) r.key = key;
  return regions;
}

}  // namespace

std::vector<double> Worker::strided_light(Prepared& p, int set, uint64_t key, bool law,
                                          std::vector<double>& judged, WeakElements* weak) {
  std::vector<generators::Tolerance> tols;  // element_shares' own (echo_shares)
  for (size_t b : p.buffers->outputs())
    tols.push_back(set_tolerance(p, p.buffers->host_set(set), b));
  if (tols.empty()) tols.push_back(p.resolved.tolerance);
  // On the device (helper h28j): the 256 class echoes' element shares stay where they are
  // computed, in blocks of elements where they do not fit at once (class_blocks.h), and
  // solver_judged256 reads each block's light and judged shares, both values of the output's
  // `told`, from them and the set's uploaded reference (judged_sums.h): one class echo per class
  // and block, exact, nothing per element read back but, where `weak` is asked for and a block
  // has a weak element, its elements' judged shares (helper h32tail: the tail recurrence).
  size_t budget = 0;
  if (class_budget(p, kStridedRegions, budget))
    return class_light(p, keyed(law_regions(RegionFamily::Strided), key), &tols, &judged, set,
                       weak);
  // The host path (no device shares: SOLVER_HOST_SHARES=1, the self-check failed, an
  // order-free output, no room): the strided classes' element shares taken on the host, one
  // class at a time (a ClassShares begun on the host keeps the host path), in one pass where
  // every element's fit kLightBytes, else a counting pass and the elements that may be judged
  // (strided_judgement). The second pass compares the flagged elements alone (`picks`).
  auto host_shares = [&](const EchoRegion& r, const std::vector<std::vector<size_t>>* picks) {
    ClassShares one;
    one.classes = 1;
    one.started = true;  // on the host (echo_shares: a started host ClassShares stays there)
    EchoRegion k = r;
    k.key = key;
    echo_shares(p, set, {}, -1, &k, nullptr, &one, picks);
    return one.host.empty() ? std::vector<std::vector<double>>{} : std::move(one.host.back());
  };
  StridedJudgement s =
      strided_judgement([&](const EchoRegion& r) { return host_shares(r, nullptr); },
                        atol_parts(reference_outputs(p, set), tols), law, kLightBytes,
                        [&](const EchoRegion& r, const std::vector<std::vector<size_t>>& picks) {
                          return host_shares(r, &picks);
                        },
                        grain_floors(reference_outputs(p, set), tols,
                                     output_grains(p.resolved.buffers, p.buffers->outputs())));
  judged = std::move(s.judged);
  if (weak) *weak = std::move(s.weak);
  return s.light;
}

std::vector<double> Worker::law_light_shares(Prepared& p, SetShare& set0, size_t outputs) {
  std::vector<double> judged;
  WeakElements weak0;    // set 0's weak elements by index (the tail recurrence's)
  bool strided = false;  // whether set 0 took its strided classes
  for (RegionFamily f : {RegionFamily::Contiguous, RegionFamily::Hashed, RegionFamily::Strided}) {
    // On the law every partition may lower set 0's weakest share (P6h). Off it (from the start,
    // or since a partition took it off) the strided classes are still taken for P6k's refusal
    // (red team 26's redteam26_offlaw_heavy_lbeta: the off-law runs do not catch a sampler of a
    // scattered light part), after the hashed ones, which tell whether some element has a light
    // part at all; the contiguous classes only ever serve the bar.
    const bool law = law_checks({set0}, outputs);
    if (f == RegionFamily::Contiguous && !law) continue;
    if (f == RegionFamily::Strided) {
      const std::vector<double> light = strided_light(p, 0, 0, law, judged, &weak0);
      if (law) set0.weakest = weakest_with_input(set0.weakest, light);
      strided = true;
      break;
    }
    // Every class's element shares (on the device where it can: device_shares.h), then each
    // element's light part, in blocks of elements where the classes do not fit at once
    // (class_blocks.h); the classes go once read.
    const std::vector<double> light = class_light(p, law_regions(f));
    if (law) set0.weakest = weakest_with_input(set0.weakest, light);
    if (f == RegionFamily::Hashed && !strided_needed(light)) break;  // no light part anywhere
  }
  if (std::getenv("SOLVER_NO_SECOND_LOOK")) return judged;  // set 0's alone (a probe's baseline)
  // The second look (issue 28, red team 32, second_look.h): every gate that exempted on set 0
  // is decided again on a judging set the author cannot know, a regular draw of the declared
  // law from the worker's key with the hashed and strided classes keyed by it: its reference
  // run, its 32 keyed hashed class echoes, then its 256 keyed strided ones where those find a
  // light part or set 0 took its strided classes (only there could set 0 have exempted
  // something). The bar (set 0's weakest) is set 0's alone; the refusal reads the least above 0
  // of the two judgements (second_look_merge), lowered by each kind whose tail recurs: set 0's
  // weak elements of that kind weak again, by index, on the judging set (second_look_tail,
  // helper h32tail; both strided passes carry their weak elements out, host or device). The
  // judging set is drawn on the host and uploaded once; its keyed class echoes are derived on the
  // device from that upload as set 0's are from its pristine copy (echo_shares, helper h32fast;
  // on the host where the device derive is not there).
  PhaseScope look("second_look");
  if (judging_key_ == 0) judging_key_ = judging_key();
  std::optional<PhaseScope> drawing(std::in_place, "judging_draw");  // its host generation
  HostSet draw = regular_set(p.resolved, judging_key_, nullptr);
  drawing.reset();
  draw.key = "judging";  // never the input cache's (buffer, seed) entry, nor a seed's set name
  draw.kind = SetKind::Fresh;  // its bytes are its own (as an echo set's)
  const int set = add_checked_set(p, std::move(draw));
  struct Release {  // read once, never run on (as an echo set), however the look ends
    Prepared& p;
    int set;
    ~Release() {
      p.buffers->release_set(set);
      if (size_t(set) < p.refs.size()) p.refs[size_t(set)].reset();
    }
  } release{p, set};
  const std::vector<double> hashed =
      class_light(p, keyed(law_regions(RegionFamily::Hashed), judging_key_), nullptr, nullptr, set);
  std::vector<double> again;
  WeakElements weakJ;
  if (strided || strided_needed(hashed)) strided_light(p, set, judging_key_, false, again, &weakJ);
  return second_look_tail(second_look_merge(judged, again), weak0, weakJ);
}

}  // namespace solver::gpu
