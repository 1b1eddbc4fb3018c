// Table output for humans and the same data as JSON for machines: every command that prints a
// table builds a Table and either prints it or emits it through to_json().
#pragma once
#include <chrono>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/value.h"

namespace solver::cli {

class Table {
 public:
  explicit Table(std::vector<std::string> headers) : headers_(std::move(headers)) {}
  void add_row(std::vector<std::string> cells);  // padded / truncated to the header count
  void print(std::ostream& out) const;           // aligned columns, header underlined
  // --json/--csv/--md (as_json): through print_json; else print.
  void emit(std::ostream& out, bool as_json) const;
  // [{header: cell, ...}, ...]; header names are lower-cased with spaces as underscores.
  nlohmann::json to_json() const;
  std::size_t rows() const { return rows_.size(); }

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

// A signal value as JSON: number, bool, string, or null when missing.
nlohmann::json value_to_json(const rules::Value& v);
// Numbers with few significant digits for tables ("0.5625", "3120", "1.2e+12").
std::string format_number(double v);
std::string join(const std::vector<std::string>& parts, const std::string& sep);
std::string join(const std::vector<std::string_view>& parts, const std::string& sep);
// The one output layer for machine-readable output. Every command with `--json` also takes
// `--csv` and `--md` (parse_options adds them and routes them through the JSON path);
// print_json then writes the current format: JSON with two-space indentation, or the JSON's
// rows (an array of objects, or the first such array inside an object: "problems", "rows",
// "verdicts"...) as CSV (RFC 4180 quoting) or a Markdown table. Nested values are written
// as compact JSON in their cell. run_cli resets the format to JSON for every command.
enum class OutputFormat { Json, Csv, Markdown };
void set_output_format(OutputFormat f);
OutputFormat output_format();
void print_json(std::ostream& out, const nlohmann::json& j);
// The rows print_json writes for CSV and Markdown: a header and one cell list per row.
std::vector<std::vector<std::string>> json_rows(const nlohmann::json& j);

// Why the live backend did not start, when the recording serves instead: nothing for a machine
// that simply has no NVIDIA driver (the backend line already says "no GPU: replaying ..."),
// else one "solver: note:" line (a build without the worker, a driver that refused).
void print_why_not_live(std::ostream& err, const std::string& why_not_live);

// A step's wall time and its largest top-level phases, for a progress line on stderr:
// " 812 ms (passes 420, pc_sampling 210, unprofiled 150)" (nested "a/b" phases left out).
std::string timed_phases(double wall_ms, const std::map<std::string, double>& phases_ms,
                         size_t top = 4);
// Wall time since `start`, in ms.
double ms_since(std::chrono::steady_clock::time_point start);

}  // namespace solver::cli
