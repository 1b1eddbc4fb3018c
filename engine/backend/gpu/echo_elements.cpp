// The host path's element shares of one lint echo (echo_elements.h).
#include "engine/backend/gpu/echo_elements.h"

#include <limits>

namespace solver::gpu {

std::vector<std::vector<double>> echo_elements(const std::vector<HostDoubles>& reference,
                                               const std::vector<HostDoubles>& echoed,
                                               const std::vector<generators::Tolerance>& tols,
                                               const std::vector<generators::DType>& dtypes,
                                               ClassShares* classes,
                                               const std::vector<std::vector<size_t>>* picks) {
  std::vector<std::vector<double>> elements;
  if (picks) {  // the picked elements alone (a tolerance and a dtype an output, as below)
    std::vector<HostDoubles> base(reference.size()), moved(echoed.size());
    for (size_t k = 0; k < reference.size() && k < echoed.size() && k < picks->size(); ++k)
      for (size_t i : (*picks)[k])
        if (i < reference[k].size() && i < echoed[k].size()) {
          base[k].push_back(reference[k][i]);
          moved[k].push_back(echoed[k][i]);
        }
    elements = element_shares(base, moved, tols, nullptr, &dtypes);
    // An output whose sizes differ between the set and the echo: a single infinity, as
    // element_shares says for the whole output.
    for (size_t k = 0; k < elements.size() && k < reference.size() && k < echoed.size(); ++k)
      if (reference[k].size() != echoed[k].size())
        elements[k] = {std::numeric_limits<double>::infinity()};
  } else if (classes && !classes->block.first.empty()) {
    // The block's elements only (class_blocks.h), each output's slice of both.
    const ClassBlock& b = classes->block;
    elements =
        element_shares(block_slice(reference, b), block_slice(echoed, b), tols, nullptr, &dtypes);
    elements.resize(reference.size());
    classes->misfit.resize(reference.size(), false);
    for (size_t k = 0; k < reference.size(); ++k) {
      if (echoed.size() == reference.size() && echoed[k].size() == reference[k].size()) continue;
      // element_shares' single infinity for the whole output: a one-element output's share
      // (one block holds it); a longer one's light share is infinite (class_light).
      const size_t count = k < b.count.size() ? b.count[k] : 0;
      const bool one = reference[k].size() == 1;
      elements[k] = count == 0 ? std::vector<double>{}
                    : one      ? std::vector<double>{std::numeric_limits<double>::infinity()}
                               : std::vector<double>(count, 0.0);
      if (!one) classes->misfit[k] = true;
    }
  } else {
    return element_shares(reference, echoed, tols, nullptr, &dtypes);
  }
  return elements;
}

}  // namespace solver::gpu
