// The ablation report: one self-contained HTML file (inline CSS and SVG, no script, no external
// asset), viewable offline: per problem the best-so-far time per round for both tracks, the
// rule confidences over the ON track's rounds, the evolution events, and every round's
// decision.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/ledger.h"
#include "engine/summary.h"

namespace solver::engine {

std::string render_report_html(const Summary& summary, const std::vector<RoundRecord>& records,
                               const nlohmann::json& manifest);

}  // namespace solver::engine
