// Located errors. Every loader collects all problems of a file in one pass and then throws
// InputError, which the CLI turns into exit code 2 with one "file:line:col: error: msg" line each.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace solver::rules {

struct SourceLocation {
  // A constructor rather than an aggregate: brace-initialised temporaries of the aggregate in
  // `throw InputError(Diagnostic{{file, 0, 0}, ...})` made GCC 12 report -Wmaybe-uninitialized
  // false positives on the string's destructor at every such throw.
  SourceLocation() = default;
  SourceLocation(std::string f, int l = 0, int c = 0) : file(std::move(f)), line(l), column(c) {}
  std::string file;
  int line = 0;                   // 1-based; 0 = unknown
  int column = 0;                 // 1-based; 0 = unknown
  std::string to_string() const;  // "file:line:col" (omits unknown parts)
};

struct Diagnostic {
  SourceLocation where;
  std::string message;
  std::string to_string() const;  // "file:line:col: error: message"
};

class Diagnostics {
 public:
  void error(SourceLocation where, std::string message);
  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  const std::vector<Diagnostic>& items() const { return items_; }
  // Throws InputError holding every diagnostic if there is any.
  void throw_if_any(const std::string& what) const;
  // The same, in file order (loaders find problems check by check; a reader wants them top to
  // bottom).
  void throw_if_any_in_file_order(const std::string& what) const;

 private:
  std::vector<Diagnostic> items_;
};

// Levenshtein distance, for "did you mean" hints on misspelt names.
std::size_t edit_distance(std::string_view a, std::string_view b);

// Bad input from a user file. The CLI maps it to exit code 2.
class InputError : public std::runtime_error {
 public:
  InputError(std::string what, std::vector<Diagnostic> diagnostics);
  explicit InputError(Diagnostic single);
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  std::string format() const;  // one line per diagnostic

 private:
  std::vector<Diagnostic> diagnostics_;
};

// Throws InputError for one problem at file:line (column unknown): for checks of a whole
// record or header, where a line is all there is to point at.
[[noreturn]] void fail_at(const std::string& file, int line, const std::string& message);

}  // namespace solver::rules
