#include "engine/backend/gpu/law_checks.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/backend/gpu/parallel_chunks.h"

namespace solver::gpu {

namespace {

double share_of(const SetShare& s, size_t k) {
  if (!s.weakest.empty()) return k < s.weakest.size() ? s.weakest[k] : 0.0;
  return k < s.outputs.size() ? s.outputs[k] : s.share;
}

}  // namespace

const std::vector<EchoPattern>& law_echo_patterns() {
  static const std::vector<EchoPattern> patterns = [] {
    std::vector<EchoPattern> p = echo_patterns();
    for (size_t block = 2; block <= 128; block *= 2) p.push_back({block, 0});
    return p;
  }();
  return patterns;
}

void fold_element_shares(std::vector<std::vector<double>>& largest,
                         const std::vector<std::vector<double>>& got) {
  if (largest.size() != got.size()) {
    largest = got;
    return;
  }
  for (size_t k = 0; k < got.size(); ++k) {
    if (largest[k].size() != got[k].size()) {
      largest[k] = got[k];
      continue;
    }
    const size_t n = got[k].size();
    for_each_chunk(int64_t((n + kShareChunk - 1) / kShareChunk), 0, [&](int64_t c) {
      const size_t lo = size_t(c) * kShareChunk, hi = std::min(n, lo + kShareChunk);
      for (size_t i = lo; i < hi; ++i)
        if (!std::isnan(largest[k][i]) && !(largest[k][i] >= got[k][i]))
          largest[k][i] = got[k][i];  // a NaN sticks
    });
  }
}

std::vector<double> weakest_shares(const std::vector<std::vector<double>>& largest) {
  std::vector<double> weakest(largest.size(), 0.0);
  for (size_t k = 0; k < largest.size(); ++k) {
    // Per chunk (on every core): the least positive share, whether one moved, whether a NaN is
    // there; a NaN anywhere is the answer, as the first one met was in one pass.
    const size_t n = largest[k].size();
    const int64_t chunks = int64_t((n + kShareChunk - 1) / kShareChunk);
    struct Part {
      double least = std::numeric_limits<double>::infinity();
      bool moved = false, nan = false;
    };
    std::vector<Part> parts(size_t(std::max<int64_t>(chunks, 1)));
    for_each_chunk(chunks, 0, [&](int64_t c) {
      Part& part = parts[size_t(c)];
      const size_t lo = size_t(c) * kShareChunk, hi = std::min(n, lo + kShareChunk);
      for (size_t i = lo; i < hi && !part.nan; ++i) {
        const double s = largest[k][i];
        if (std::isnan(s)) part.nan = true;
        else if (s > 0) part.least = std::min(part.least, s), part.moved = true;
      }
    });
    double least = std::numeric_limits<double>::infinity();
    bool moved = false, nan = false;
    for (const Part& part : parts) {
      nan = nan || part.nan;
      moved = moved || part.moved;
      least = std::min(least, part.least);
    }
    weakest[k] = nan ? std::numeric_limits<double>::quiet_NaN() : moved ? least : 0.0;
  }
  return weakest;
}

std::vector<double> weakest_with_input(const std::vector<double>& weakest,
                                       const std::vector<double>& alone) {
  std::vector<double> out = weakest;
  for (size_t k = 0; k < out.size() && k < alone.size(); ++k) {
    if (alone[k] == 0) continue;  // the output does not depend on this input's echoed positions
    if (std::isnan(alone[k]) || std::isnan(out[k]))
      out[k] = std::numeric_limits<double>::quiet_NaN();
    else
      out[k] = std::min(out[k], alone[k]);
  }
  return out;
}

bool law_check_pending(const SetShare& set0, size_t k) {
  // NaN (a reference that is not finite) never clears the bar.
  return !(share_of(set0, k) >= kLawCheckShare);
}

std::string law_remedy(const std::vector<SetShare>& shares, const std::vector<std::string>& outputs,
                       const std::vector<generators::Tolerance>& tols) {
  if (shares.empty() || shares.front().set != "set 0" || tols.empty()) return "";
  const size_t n = std::max<size_t>(outputs.size(), 1);
  if (law_checks(shares, n)) return "";
  std::ostringstream said;
  said.precision(3);
  for (size_t k = 0; k < n; ++k) {
    const double s = share_of(shares.front(), k);
    if (!(s < kLawCheckShare)) continue;
    if (!(s > 0)) return "";  // not moved, or NaN: no tolerance puts the problem on the law
    const generators::Tolerance& t = tols[std::min(k, tols.size() - 1)];
    const double f = s / kLawCheckShare;
    said << (said.tellp() > 0 ? "; " : "") << "output "
         << (outputs.empty() ? std::string("the output") : "`" + outputs[k] + "`") << " " << s
         << " x (rtol <= " << t.rtol * f << ", atol <= " << t.atol * f << " would clear it)";
  }
  if (said.tellp() == 0) return "";
  return "these inputs were off the declared law (P6c's shrink, P13's cells), as every verified "
         "run is where set 0's 1-in-2 echo moves some output's least told element (or its light "
         "part, its dominant positions left out: law_regions.h) by less than " +
         std::to_string(int(kLawCheckShare)) + " x its tolerance: " + said.str() +
         "; an honest kernel within its tolerance only on the declared law (an FP32 sum into few "
         "accumulators) fails here: under the tighter tolerance every verified run is drawn from "
         "the declared law (P6h, docs/reliability.md), if the kernels meet it there";
}

std::string law_exit(const std::vector<SetShare>& shares, const std::vector<std::string>& outputs,
                     const std::vector<generators::Tolerance>& tols) {
  const size_t n = std::max<size_t>(outputs.size(), 1);
  if (tols.empty() || !law_checks(shares, n)) return "";
  size_t least = 0;
  for (size_t k = 1; k < n; ++k)
    if (share_of(shares.front(), k) < share_of(shares.front(), least)) least = k;
  const double s = share_of(shares.front(), least), f = s / kLawCheckShare;
  const generators::Tolerance& t = tols[std::min(least, tols.size() - 1)];
  std::ostringstream said;
  said.precision(3);
  said << "the tolerance is held on the law's data, not on every input of its support: a "
          "per-element model of the function whose error cancels under the law is kept "
          "(docs/reliability.md P6h), and output "
       << (outputs.empty() ? std::string("the output") : "`" + outputs[least] + "`")
       << " stays on the law up to rtol " << t.rtol * f << ", atol " << t.atol * f << " (its share "
       << s
       << " x on set 0): a looser tolerance may put the verified runs off the law, where such a "
          "model is tried";
  return said.str();
}

bool law_checks(const std::vector<SetShare>& shares, size_t outputs) {
  if (shares.empty() || shares.front().set != "set 0") return false;
  for (size_t k = 0; k < std::max<size_t>(outputs, 1); ++k)
    if (law_check_pending(shares.front(), k)) return false;
  return true;
}

}  // namespace solver::gpu
