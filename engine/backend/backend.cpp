#include "engine/backend/backend.h"

#include "engine/backend/worker_protocol.h"

namespace solver::engine {

// Out of line: Ceilings is complete only here.
std::optional<Ceilings> Backend::ceilings() { return std::nullopt; }

}  // namespace solver::engine
