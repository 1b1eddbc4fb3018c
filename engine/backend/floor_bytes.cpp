#include "engine/backend/floor_bytes.h"

#include <algorithm>

namespace solver::engine {

double floor_dram_bytes(double declared_bytes,
                        const std::vector<generators::ResolvedBuffer>& buffers, double l2_bytes) {
  if (!(declared_bytes > 0)) return 0;
  if (!(l2_bytes > 0)) return declared_bytes;
  double written = 0;
  for (const auto& b : buffers)
    if (b.role == generators::BufferRole::Out || b.role == generators::BufferRole::InOut)
      written += static_cast<double>(b.bytes);
  return std::max(0.0, declared_bytes - std::min(written, l2_bytes));
}

}  // namespace solver::engine
