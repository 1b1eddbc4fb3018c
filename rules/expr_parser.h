// Recursive-descent parser and static type checker of the expression language. Internal to
// rules/; Expression::parse is the public entry point.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "rules/expr_lexer.h"
#include "rules/expression.h"

namespace solver::rules::expr {

// Builds the tree from `tokens` (ending with End). Resolves names and checks function names
// and arities, reporting every such error; a syntax error is reported and stops the parse
// (what follows it would only produce noise). Returns nullptr on a syntax error; otherwise
// the tree, which may still hold unresolved names (slot -1) if diagnostics were added.
std::unique_ptr<ExprNode> parse_tokens(const std::vector<Token>& tokens,
                                       const SourceLocation& origin, const Resolver& resolve,
                                       Diagnostics& diags);

// Sets ExprNode::type bottom-up and reports every type error. Subtrees holding an error
// already reported (unknown name or function) are skipped, so one mistake is one message.
// Returns the root's type, or nullopt if the tree is not well typed.
std::optional<ValueType> type_check(ExprNode& root, const SourceLocation& origin,
                                    Diagnostics& diags);

const FunctionDef* find_function(std::string_view name);

}  // namespace solver::rules::expr
