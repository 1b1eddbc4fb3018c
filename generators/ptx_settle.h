// A flow-insensitive fixpoint over one entry's statements without a pass cap (issue 28, red team
// 24: `redteam24_unsettled_scan_stage` hid a narrowing behind a dead relay of 96 register moves
// written last hop first, which needs one text-order pass a hop; the scans stopped at 80 passes
// and judged the entry on nothing). Shared by the bit scan (ptx_bit_narrowing.cpp) and the
// fixed-point scan's ConvertedBack (ptx_fixed_point.cpp).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace solver::generators {

// Runs `eval(i)` over statements 0..n-1 in text order, pass after pass, until one changes nothing;
// `eval` returns the registers whose value it changed. A statement is run again only once a
// register it reads (`reads[i]`) changed since it last ran, so the answer is the one text-order
// passes to a fixpoint give (an unchanged input unites nothing new) and a chain of k moves costs
// k statement runs, not k passes. Needs `eval` monotone over a finite lattice (it terminates).
// Returns the number of passes (1 where the first pass settled; as the capped loops counted).
int settle_in_text_order(const std::vector<std::vector<std::string>>& reads,
                         const std::function<std::vector<std::string>(std::size_t)>& eval);

}  // namespace solver::generators
