#include "generators/ptx_module_binding.h"

#include <string>

#include "generators/ptx_module_memory.h"

namespace solver::generators {

std::vector<PtxEntry> entries_with_module_variables(std::string_view clean, FloatParams* params) {
  std::vector<PtxEntry> entries = ptx_entries(clean);
  const std::vector<std::string> vars = module_variables(std::string(clean));
  if (vars.empty()) return entries;
  for (PtxEntry& e : entries) {
    if (params) {
      auto b = params->buffers.find(e.name);
      if (b != params->buffers.end()) {
        b->second.resize(e.names.size());
        for (std::size_t k = 0; k < vars.size(); ++k) b->second.push_back({-1 - int(k)});
      }
    }
    e.names.insert(e.names.end(), vars.begin(), vars.end());
  }
  return entries;
}

}  // namespace solver::generators
