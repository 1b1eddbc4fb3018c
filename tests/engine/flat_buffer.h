// A rank-1 buffer for the host tests and simulations of the input sets, perturbations and class
// bounds (issue 33: one definition instead of one a file): `n` elements of `dtype`, drawn from
// `init`, with the bytes and shape the loader would resolve.
#pragma once

#include <cstdint>
#include <string>

#include "generators/variant_space.h"

namespace solver::test {

inline generators::ResolvedBuffer flat_buffer(
    const std::string& name, generators::DType dtype, int64_t n, generators::InitDist init,
    generators::BufferRole role = generators::BufferRole::In) {
  generators::ResolvedBuffer b;
  b.name = name;
  b.dtype = dtype;
  b.role = role;
  b.init = init;
  b.elements = n;
  b.bytes = n * int64_t(generators::dtype_size(dtype));
  b.shape = {n};
  return b;
}

}  // namespace solver::test
