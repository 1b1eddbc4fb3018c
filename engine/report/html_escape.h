#pragma once
// Escaping of text placed into the report's HTML (element text and attribute values alike).
#include <string>

namespace solver::engine {

// s with <, >, & and " replaced by their character references.
std::string html_escape(const std::string& s);

}  // namespace solver::engine
