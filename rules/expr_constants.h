// Constant parts of an expression that never have a value. The expression language answers
// "missing" for a division by zero, log2 of a number <= 0 or an overflow, which is right for
// signals that may be absent; a part that uses no name at all (`when: 1/0 > 0`,
// `bytes: log2(0)`) is then always missing, a mistake of the author rather than data. The
// YAML loaders refuse it at check time, located (issue 27 item 8).
#pragma once
#include "rules/diagnostics.h"
#include "rules/expression.h"

namespace solver::rules {

// Records a located error for every innermost part of `e` that uses no name and evaluates to
// missing. `origin` is where the expression text starts (as given to Expression::parse).
// Returns the number of errors recorded.
std::size_t check_constant_parts(const Expression& e, const SourceLocation& origin,
                                 Diagnostics& diags);

}  // namespace solver::rules
