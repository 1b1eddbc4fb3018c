// Small helpers every JSON loader of the engine (recordings, ledgers, manifests) shares, so bad
// input is reported the same way everywhere: every problem collected as a located Diagnostic
// ("file:line:col" for syntax errors; "file: at /json/pointer" for bad values), then one
// rules::InputError (the CLI's exit 2).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "rules/diagnostics.h"
#include "rules/json_strict.h"
#include "rules/text_file.h"

namespace solver::engine {

// The one JSON parse (rules/json_strict.h): a key given twice in one object is refused.
using rules::DuplicateKey;
using rules::parse_json_strict;

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
  // An integer in [lo, hi] (range-checked before any conversion).
  std::optional<int64_t> integer(const nlohmann::json& j, const std::string& key, int64_t lo,
                                 int64_t hi, bool required = false,
                                 const std::string& pointer = "");
  std::optional<uint64_t> unsigned_integer(const nlohmann::json& j, const std::string& key,
                                           bool required = false, const std::string& pointer = "");
  // A measured double: null is NaN ("not measured", the writer's non-finite), absent nullopt.
  std::optional<double> measured(const nlohmann::json& j, const std::string& key,
                                 const std::string& pointer = "");
  // Lists and maps of measured doubles (null elements are NaN), of strings, of seeds.
  std::vector<double> measured_list(const nlohmann::json& j, const std::string& key,
                                    const std::string& pointer = "");
  std::map<std::string, double> measured_map(const nlohmann::json& j, const std::string& key,
                                             const std::string& pointer = "");
  std::vector<std::string> strings(const nlohmann::json& j, const std::string& key,
                                   const std::string& pointer = "");
  std::map<std::string, std::string> string_map(const nlohmann::json& j, const std::string& key,
                                                const std::string& pointer = "");
  std::vector<uint64_t> unsigned_list(const nlohmann::json& j, const std::string& key,
                                      const std::string& pointer = "");
  bool empty() const { return diags_.empty(); }
  void throw_if_any(const std::string& what) const { diags_.throw_if_any(what); }

 private:
  std::string where_;
  int line_;
  rules::Diagnostics diags_;
};

// The one whole-file read and the one atomic write (rules/text_file.h), under the names the
// engine uses.
using rules::read_text_file;
using rules::write_file_atomically;

}  // namespace solver::engine
