// The parts of the ablation report a GPU performance engineer looks at first, kept apart from
// report_html.cpp's round-by-round charts: the verdict line and the device block at the top,
// and a roofline per problem (achieved FLOP/s against arithmetic intensity, the chip's roofs
// per precision class, the OFF and ON incumbents round by round, the pool's recorded points).
#pragma once
#include <string>
#include <vector>

#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"
#include "engine/report/summary.h"

namespace solver::engine {

// "<p class=verdict>ON ahead on 4, OFF on 1, same on 12 ...</p>" and the device table.
std::string glance_html(const Summary& summary);

// FLOPs and DRAM bytes of one problem's formulas, read back from a recorded incumbent's signals
// (achieved_tflops and achieved_gbps over the time they were derived from); 0 when unknown.
struct ProblemWork {
  double flops = 0, bytes = 0;
  bool known() const { return bytes > 0; }
};
ProblemWork problem_work(const std::vector<const RoundRecord*>& records);

// One problem's roofline as an inline SVG ("" when its work is unknown). `oracle` (may be
// null) gives the roofs (its floor rates) and the pool's recorded points.
std::string roofline_svg(const ProblemSummary& p, const std::vector<const RoundRecord*>& off,
                         const std::vector<const RoundRecord*>& on, const ProblemOracle* pool,
                         const FloorRates* rates);

}  // namespace solver::engine
