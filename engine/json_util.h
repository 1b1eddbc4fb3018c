// Small helpers every JSON loader of the engine (recordings, ledgers, manifests) shares, so bad
// input is reported the same way everywhere: every problem collected as a located Diagnostic
// ("file:line:col" for syntax errors; "file: at /json/pointer" for bad values), then one
// rules::InputError (the CLI's exit 2).
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rules/diagnostics.h"

namespace solver::engine {

// Parses `text`; a syntax error becomes an InputError located at file:line:column.
// `line_offset` is added to the reported line (for one line of a JSONL file).
nlohmann::json parse_json_text(const std::string& text, const std::string& file,
                               int line_offset = 0);

class JsonChecker {
 public:
  explicit JsonChecker(std::string where, int line = 0) : where_(std::move(where)), line_(line) {}
  void error(const std::string& pointer, const std::string& message);
  void add(rules::Diagnostic d) { diags_.error(d.where, d.message); }
  bool object(const nlohmann::json& j, const std::string& pointer);
  // Members of object `j` (at `pointer`); a wrong type is an error, an absent key is one only
  // when `required`.
  std::optional<std::string> string(const nlohmann::json& j, const std::string& key,
                                    bool required = false, const std::string& pointer = "");
  std::optional<double> number(const nlohmann::json& j, const std::string& key,
                               bool required = false, const std::string& pointer = "");
  std::optional<bool> boolean(const nlohmann::json& j, const std::string& key,
                              bool required = false, const std::string& pointer = "");
  bool empty() const { return diags_.empty(); }
  void throw_if_any(const std::string& what) const { diags_.throw_if_any(what); }

 private:
  std::string where_;
  int line_;
  rules::Diagnostics diags_;
};

// Writes `content` to `path` through a temporary file in the same folder, fsync'd and renamed,
// so a reader never sees half a file.
void write_file_atomically(const std::string& path, const std::string& content);
// The largest JSON input (ledger, manifest, recording) read.
inline constexpr std::size_t kMaxJsonBytes = std::size_t{512} << 20;
// A regular file of at most kMaxJsonBytes; throws InputError if unreadable, not a regular
// file (no FIFO hang, no /dev/zero) or larger.
std::string read_file(const std::string& path);

}  // namespace solver::engine
