#include "generators/ptx_scan.h"

#include <cctype>
#include <string_view>

namespace solver::generators {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// The opcode of one PTX statement: skips blanks, a label ("L1:") and a guard predicate
// ("@p", "@!%p3"), and returns the dotted mnemonic ("wmma.mma.sync.aligned.row...").
std::string_view opcode(std::string_view stmt) {
  auto skip_blanks = [&] {
    while (!stmt.empty() && std::isspace(static_cast<unsigned char>(stmt.front()))) stmt.remove_prefix(1);
  };
  skip_blanks();
  auto word_end = [&] {
    std::size_t i = 0;
    while (i < stmt.size() && !std::isspace(static_cast<unsigned char>(stmt[i])) && stmt[i] != ';') ++i;
    return i;
  };
  std::size_t n = word_end();
  if (n > 0 && stmt[n - 1] == ':') {  // a label
    stmt.remove_prefix(n);
    skip_blanks();
    n = word_end();
  }
  if (!stmt.empty() && stmt.front() == '@') {  // a guard predicate
    stmt.remove_prefix(n);
    skip_blanks();
    n = word_end();
  }
  return stmt.substr(0, n);
}

}  // namespace

TensorOps scan_ptx_tensor_ops(const std::string& ptx) {
  TensorOps ops;
  // Split into statements at ';', braces and line ends (directives such as `.version 9.0`
  // end without ';'; an instruction's opcode always starts its line), dropping // and /* */
  // comments and "..." strings first.
  std::string clean;
  clean.reserve(ptx.size());
  for (std::size_t i = 0; i < ptx.size(); ++i) {
    if (ptx.compare(i, 2, "//") == 0) {
      while (i < ptx.size() && ptx[i] != '\n') ++i;
      clean += '\n';
    } else if (ptx.compare(i, 2, "/*") == 0) {
      auto end = ptx.find("*/", i + 2);
      i = end == std::string::npos ? ptx.size() : end + 1;
      clean += ' ';
    } else if (ptx[i] == '"') {
      auto end = ptx.find('"', i + 1);
      i = end == std::string::npos ? ptx.size() : end;
    } else {
      clean += ptx[i];
    }
  }
  std::string_view rest(clean);
  while (!rest.empty()) {
    auto semi = rest.find_first_of(";{}\n");
    std::string_view stmt = rest.substr(0, semi);
    rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    std::string_view op = opcode(stmt);
    if (starts_with(op, "wgmma.mma_async")) ++ops.wgmma;
    else if (starts_with(op, "tcgen05.mma")) ++ops.tcgen05;
    else if (starts_with(op, "wmma.mma") || starts_with(op, "mma.sync") || starts_with(op, "mma.sp"))
      ++ops.mma;
  }
  return ops;
}

}  // namespace solver::generators
