// Keys that name a derived input set by what it holds, not by the gate that made it (issue 28's
// cost: the defences' reference runs). The exponent-range sets are set 0 scaled by powers of
// two (input_sets.h, ScalePow2): their bytes depend on set 0's bytes and the plan's powers and
// signs only, never on the gate's seed. Keyed by those, their plan (a scan of set 0's host
// bytes) and their float64 reference are made once per problem and reused by every later gate
// of the worker, where a key by seed made every gate run them again. Every other kind draws
// from its seed and keeps the seed in its key (derived_key): a gate's heavy-tailed, magnitude
// and fresh sets stay its own. Pure host code (tests/engine/set_content_key_test.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// The key of the plan of a derived set of `kind` from `base` (set 0) for a variant of problem
// `problem`: every input buffer's name, dtype, elements, role, distribution and base digest,
// the base set's key, the precision class (an fp16 variant gets no exponent set) and the kind.
// "" where the plan draws from the seed (every kind but ExponentUp and ExponentDown): not
// cacheable.
std::string exponent_plan_key(const std::string& problem, const generators::ResolvedVariant& v,
                              const HostSet& base, SetKind kind);

// The reference-cache key of the derived set `kind` made from `base` by `plan` with draws from
// `seed`: for a plan of seed-free transforms only (ScalePow2), the base set's key and digests,
// the kind and each transform's buffer, power and sign, so equal sets of two gates share one
// key; otherwise derived_key(base.key, kind, seed), as before.
std::string derived_set_key(const HostSet& base, SetKind kind, uint64_t seed,
                            const std::vector<BufferTransform>& plan);

// Whether `plan`'s bytes are independent of its seed (every transform ScalePow2; not empty).
bool seed_free(const std::vector<BufferTransform>& plan);

}  // namespace solver::gpu
