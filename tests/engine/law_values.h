// The host view of a run's data for the red team 18 and 19 law tests (issue 33: one definition
// instead of one a file): buffer 0 of `v` drawn from the standing seed `set_seed`, as the regular
// set (kind 0), perturbed as a timed run (1) or as a law pair's run (2), as doubles.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/variant_space.h"

namespace solver::test {

enum class RunData { Regular = 0, Timed = 1, Law = 2 };

inline std::vector<double> run_data(const generators::ResolvedVariant& v, uint64_t set_seed,
                                    uint64_t run_seed, RunData kind) {
  const auto& b = v.buffers[0];
  auto in = gpu::generate_input(b, set_seed);
  std::vector<unsigned char> bytes(in->data.get(), in->data.get() + in->size);
  if (kind != RunData::Regular)
    for (const auto& p : gpu::timed_perturbations(v, run_seed, false, kind == RunData::Law))
      if (p.buffer == 0) gpu::apply_perturbation(b, bytes.data(), p);
  std::vector<double> out(size_t(b.elements));
  gpu::to_doubles(bytes.data(), b.elements, b.dtype, out.data());
  return out;
}

}  // namespace solver::test
