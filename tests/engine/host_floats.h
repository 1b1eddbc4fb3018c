// Host inputs of FP32 values for the sample-lint tests (issue 33: one definition instead of one a
// file): a gpu::HostInput holding `v`'s bytes, and the floats a HostInput holds.
#pragma once

#include <cstring>
#include <vector>

#include "engine/backend/gpu/host_data.h"

namespace solver::test {

inline gpu::HostInput floats(const std::vector<float>& v) {
  gpu::HostInput in;
  in.size = v.size() * 4;
  in.data.reset(new unsigned char[in.size]);
  std::memcpy(in.data.get(), v.data(), in.size);
  return in;
}

inline std::vector<float> as_floats(const gpu::HostInput& in) {
  std::vector<float> v(in.size / 4);
  std::memcpy(v.data(), in.data.get(), in.size);
  return v;
}

}  // namespace solver::test
