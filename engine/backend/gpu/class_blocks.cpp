#include "engine/backend/gpu/class_blocks.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace solver::gpu {

size_t ClassBlock::elements() const {
  size_t n = 0;
  for (size_t c : count) n += c;
  return n;
}

ClassBlock whole_block(const std::vector<size_t>& elements) {
  return ClassBlock{std::vector<size_t>(elements.size(), 0), elements};
}

std::vector<ClassBlock> class_blocks(const std::vector<size_t>& elements, size_t classes,
                                     size_t budget) {
  size_t total = 0;
  for (size_t n : elements) total += n;
  const size_t per_element = std::max<size_t>(classes, 1) * sizeof(double);
  const size_t most = std::max<size_t>(budget / per_element, 1);  // elements a block may hold
  if (total <= most) return {whole_block(elements)};
  const size_t blocks = (total + most - 1) / most;
  const size_t size = (total + blocks - 1) / blocks;  // equal blocks, the last one shorter
  std::vector<ClassBlock> out;
  for (size_t lo = 0; lo < total; lo += size) {
    const size_t hi = std::min(total, lo + size);
    ClassBlock b;
    size_t start = 0;  // output k's first element in the sequence
    for (size_t n : elements) {
      const size_t a = std::clamp(lo, start, start + n), z = std::clamp(hi, start, start + n);
      b.first.push_back(a - start);
      b.count.push_back(z - a);
      start += n;
    }
    out.push_back(std::move(b));
  }
  return out;
}

size_t forced_class_budget() {
  const char* v = std::getenv("SOLVER_LINT_BLOCK_BYTES");
  if (!v || !*v) return 0;
  char* end = nullptr;
  const unsigned long long b = std::strtoull(v, &end, 10);
  return end && *end == '\0' ? size_t(b) : 0;
}

size_t host_class_budget() {
  if (const size_t forced = forced_class_budget()) return forced;
  size_t budget = size_t(8) << 30;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) budget = std::min(budget, size_t(pages) * size_t(page) / 4);
  return budget;
}

double union_weakest(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
  if (a == 0) return b;
  if (b == 0) return a;
  return std::min(a, b);
}

}  // namespace solver::gpu
