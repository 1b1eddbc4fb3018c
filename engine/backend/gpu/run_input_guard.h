// P7b (docs/reliability.md): the inputs of every run of a timed sequence, checked by keyed
// device digests outside the timed window. Every run of every runner (warm-ups, the traced run,
// timed runs; not the fresh-set check, which verifies its own set) is bracketed: before it,
// its set's `in` buffers and in-out buffers' set copies (the bytes a run's working copy is
// restored from; issue 28, red team 6) against the digests taken at upload (unless the run before
// it left this very set verified); around its launch, the digests of the inputs as the run got them
// (perturbed, taken before the L2 flush) before and after it. A kernel that writes an input
// (even one the redraw's undo would put back), or writes another set that a later run (of the
// other arm) reads, is refused at the first run that finds it. Only with digests on the device
// (a read-back of every input around every run would cost more than the runs).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/backend/gpu/device_buffers.h"
#include "generators/variant_space.h"

namespace solver::gpu {

class RunInputGuard {
 public:
  // Before a run on `set`: empty when intact (or already verified, or no device digests),
  // else what changed; the change was made while other sets were in use.
  std::string before(const DeviceBuffers& b, const generators::ResolvedVariant& v, int set);
  // The inputs as the run gets them: after its perturbation, before the L2 flush.
  void arm(const DeviceBuffers& b, int set);
  // After the launch, before the perturbation's undo: empty when no `in` buffer changed
  // during the run. The set counts as verified only then.
  std::string after(const DeviceBuffers& b, const generators::ResolvedVariant& v, int set);
  // A run the guard does not bracket (the fresh-set check): its set is not verified.
  void skip() { verified_ = -1, during_.clear(); }

 private:
  int verified_ = -1;
  std::vector<uint64_t> during_;
};

}  // namespace solver::gpu
