#include "engine/report/line_diff.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace solver::engine {

namespace {

using Lines = std::vector<std::string_view>;

Lines split_lines(const std::string& s) {
  Lines v;
  std::size_t at = 0;
  while (at < s.size()) {
    std::size_t nl = s.find('\n', at);
    if (nl == std::string::npos) nl = s.size();
    v.emplace_back(s.data() + at, nl - at);
    at = nl + 1;
  }
  return v;
}

struct Differ {
  const Lines& x;
  const Lines& y;
  std::vector<std::string>& out;

  void same(std::size_t i) { out.push_back("  " + std::string(x[i])); }
  void del(std::size_t i) { out.push_back("- " + std::string(x[i])); }
  void add(std::size_t j) { out.push_back("+ " + std::string(y[j])); }

  // Exact LCS over x[i0, i1) and y[j0, j1) (deletions before additions where they tie).
  void exact(std::size_t i0, std::size_t i1, std::size_t j0, std::size_t j1) {
    const std::size_t n = i1 - i0, m = j1 - j0;
    std::vector<int> lcs((n + 1) * (m + 1), 0);
    auto at = [&](std::size_t i, std::size_t j) -> int& { return lcs[i * (m + 1) + j]; };
    for (std::size_t i = n; i-- > 0;)
      for (std::size_t j = m; j-- > 0;)
        at(i, j) =
            x[i0 + i] == y[j0 + j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x[i0 + i] == y[j0 + j])
        same(i0 + i++), ++j;
      else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1)))
        del(i0 + i++);
      else
        add(j0 + j++);
    }
  }

  // A gap between anchors: exact when small, else every old line out and every new line in.
  void gap(std::size_t i0, std::size_t i1, std::size_t j0, std::size_t j1) {
    while (i0 < i1 && j0 < j1 && x[i0] == y[j0]) same(i0++), ++j0;
    std::size_t tail = 0;
    while (i1 - tail > i0 && j1 - tail > j0 && x[i1 - tail - 1] == y[j1 - tail - 1]) ++tail;
    if (std::size_t(i1 - tail - i0) * std::size_t(j1 - tail - j0) <= kExactDiffCells / 64) {
      exact(i0, i1 - tail, j0, j1 - tail);
    } else {
      for (std::size_t i = i0; i < i1 - tail; ++i) del(i);
      for (std::size_t j = j0; j < j1 - tail; ++j) add(j);
    }
    for (std::size_t k = tail; k > 0; --k) same(i1 - k);
  }

  // Patience: lines that occur exactly once in each text, matched in increasing order on both
  // sides (a longest increasing subsequence, O(k log k)), are the fixed points.
  void anchored() {
    struct Count {
      std::size_t in_x = 0, in_y = 0, at_x = 0, at_y = 0;
    };
    std::unordered_map<std::string_view, Count> count;
    count.reserve(x.size() + y.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      Count& c = count[x[i]];
      ++c.in_x, c.at_x = i;
    }
    for (std::size_t j = 0; j < y.size(); ++j) {
      Count& c = count[y[j]];
      ++c.in_y, c.at_y = j;
    }
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (i, j), ascending in i
    for (std::size_t i = 0; i < x.size(); ++i) {
      const Count& c = count[x[i]];
      if (c.in_x == 1 && c.in_y == 1) pairs.emplace_back(i, c.at_y);
    }
    // Longest increasing subsequence of the j's.
    std::vector<std::size_t> tails, prev(pairs.size(), SIZE_MAX), tail_at;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      auto pos = std::lower_bound(tails.begin(), tails.end(), pairs[k].second) - tails.begin();
      if (std::size_t(pos) == tails.size()) {
        tails.push_back(pairs[k].second);
        tail_at.push_back(k);
      } else {
        tails[pos] = pairs[k].second;
        tail_at[pos] = k;
      }
      if (pos > 0) prev[k] = tail_at[pos - 1];
    }
    std::vector<std::pair<std::size_t, std::size_t>> anchors;
    for (std::size_t k = tail_at.empty() ? SIZE_MAX : tail_at.back(); k != SIZE_MAX; k = prev[k])
      anchors.push_back(pairs[k]);
    std::reverse(anchors.begin(), anchors.end());
    std::size_t i = 0, j = 0;
    for (auto [ai, aj] : anchors) {
      gap(i, ai, j, aj);
      same(ai);
      i = ai + 1, j = aj + 1;
    }
    gap(i, x.size(), j, y.size());
  }
};

}  // namespace

std::vector<std::string> line_diff(const std::string& a, const std::string& b) {
  const Lines x = split_lines(a), y = split_lines(b);
  std::vector<std::string> out;
  out.reserve(x.size() + y.size());
  Differ d{x, y, out};
  if (x.size() * y.size() <= kExactDiffCells)
    d.exact(0, x.size(), 0, y.size());
  else
    d.anchored();
  return out;
}

}  // namespace solver::engine
