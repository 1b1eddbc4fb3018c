// Whether a kernel's parameters take what the problem passes: each scalar is passed as its
// dtype (an f32 scalar as 4 bytes), each buffer as a pointer. A reference drafted with `double`
// for a `float` scalar reads every later argument from the wrong bytes, and fails the gate on
// a GPU however right its body is; this finds it from the source text, without a GPU. The
// reference's outputs are also checked: it writes them in float64 (`double*`; a 64-bit integer
// `out` in its own type), so one declared `float*` writes garbage the gate compares against.
#pragma once
#include <string>
#include <vector>

#include "generators/variant_space.h"

namespace solver::generators {

// One line per mismatch ("reference: parameter 2 'double alpha' takes scalar alpha, an f32
// passed as 4 bytes: declare it float"); empty when every launch's parameters fit, or when an
// entry cannot be read from the source (the compile reports that).
std::vector<std::string> param_type_mismatches(const ResolvedVariant& rv);

}  // namespace solver::generators
