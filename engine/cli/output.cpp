#include "engine/cli/output.h"

#include "engine/backend/live_backend.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace solver::cli {

void Table::add_row(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void Table::print(std::ostream& out) const {
  std::vector<std::size_t> width(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) {
    width[c] = headers_[c].size();
    for (const auto& r : rows_) width[c] = std::max(width[c], r[c].size());
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string s;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      s += cells[c];
      // The last column is not padded so lines carry no trailing blanks.
      if (c + 1 < cells.size()) s += std::string(width[c] - cells[c].size() + 2, ' ');
    }
    out << s << '\n';
  };
  line(headers_);
  std::vector<std::string> rule;
  for (auto w : width) rule.emplace_back(w, '-');
  line(rule);
  for (const auto& r : rows_) line(r);
}

namespace {
// nlohmann::json sorts an object's keys: the column order of the last Table turned into JSON,
// so that --csv / --md print a table's columns in its own order.
std::vector<std::string> g_column_order;
}  // namespace

nlohmann::json Table::to_json() const {
  std::vector<std::string> keys;
  for (const auto& h : headers_) {
    std::string k;
    for (char ch : h)
      k += ch == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    keys.push_back(k);
  }
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& r : rows_) {
    nlohmann::json o = nlohmann::json::object();
    for (std::size_t c = 0; c < keys.size(); ++c) o[keys[c]] = r[c];
    arr.push_back(std::move(o));
  }
  g_column_order = keys;
  return arr;
}

nlohmann::json value_to_json(const rules::Value& v) {
  if (const double* d = std::get_if<double>(&v)) return *d;
  if (const bool* b = std::get_if<bool>(&v)) return *b;
  if (const std::string* s = std::get_if<std::string>(&v)) return *s;
  return nullptr;
}

std::string format_number(double v) {
  char buf[32];
  // Counts (bytes, blocks, registers) print exactly; measured ratios to four digits.
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string join(const std::vector<std::string_view>& parts, const std::string& sep) {
  return join(std::vector<std::string>(parts.begin(), parts.end()), sep);
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

namespace {
OutputFormat g_format = OutputFormat::Json;

std::string cell(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump();
}

// The rows of `j`: itself when an array of objects, else its first member that is one, else
// the object's own fields as one row.
const nlohmann::json* row_array(const nlohmann::json& j) {
  auto rows_of = [](const nlohmann::json& a) {
    return a.is_array() && !a.empty() && a.front().is_object();
  };
  if (rows_of(j)) return &j;
  if (j.is_object())
    for (const auto& [k, v] : j.items())
      if (rows_of(v)) return &v;
  return nullptr;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string o = "\"";
  for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
  return o + "\"";
}

std::string md_field(const std::string& s) {
  std::string o;
  for (char c : s)
    o += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
  return o;
}
}  // namespace

void set_output_format(OutputFormat f) {
  g_format = f;
  g_column_order.clear();
}
OutputFormat output_format() { return g_format; }

std::vector<std::vector<std::string>> json_rows(const nlohmann::json& j) {
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> keys;
  auto add_keys = [&](const nlohmann::json& o) {
    for (const auto& [k, v] : o.items())
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  };
  if (const nlohmann::json* rows = row_array(j)) {
    for (const auto& k : g_column_order)
      if (rows->front().contains(k)) keys.push_back(k);
    for (const auto& r : *rows) add_keys(r);
    out.push_back(keys);
    for (const auto& r : *rows) {
      std::vector<std::string> line;
      for (const auto& k : keys) line.push_back(r.contains(k) ? cell(r[k]) : "");
      out.push_back(std::move(line));
    }
  } else if (j.is_object()) {
    add_keys(j);
    out.push_back(keys);
    std::vector<std::string> line;
    for (const auto& k : keys) line.push_back(cell(j[k]));
    out.push_back(std::move(line));
  } else {
    out.push_back({"value"});
    out.push_back({cell(j)});
  }
  return out;
}

void print_json(std::ostream& out, const nlohmann::json& j) {
  if (g_format == OutputFormat::Json) {
    out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    return;
  }
  auto rows = json_rows(j);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string line;
    for (std::size_t c = 0; c < rows[i].size(); ++c) {
      if (g_format == OutputFormat::Csv)
        line += (c ? "," : "") + csv_field(rows[i][c]);
      else
        line += (c ? " | " : "| ") + md_field(rows[i][c]);
    }
    if (g_format == OutputFormat::Markdown) line += " |";
    out << line << '\n';
    if (g_format == OutputFormat::Markdown && i == 0) {
      std::string rule;
      for (std::size_t c = 0; c < rows[i].size(); ++c) rule += "|---";
      out << rule << "|\n";
    }
  }
}

void print_why_not_live(std::ostream& err, const std::string& why_not_live) {
  if (why_not_live.empty() || why_not_live == engine::kNoDriver) return;
  err << "solver: note: no live GPU (" << why_not_live << ")\n";
}

void Table::emit(std::ostream& out, bool as_json) const {
  if (as_json)
    print_json(out, to_json());
  else
    print(out);
}

std::string timed_phases(double wall_ms, const std::map<std::string, double>& phases_ms,
                         size_t top) {
  std::vector<std::pair<double, std::string>> by_time;
  for (const auto& [name, ms] : phases_ms)
    if (name.find('/') == std::string::npos) by_time.emplace_back(ms, name);
  std::sort(by_time.rbegin(), by_time.rend());
  std::string out = " " + std::to_string(std::llround(wall_ms)) + " ms";
  for (size_t i = 0; i < std::min(top, by_time.size()); ++i)
    out += (i == 0 ? " (" : ", ") + by_time[i].second + " " +
           std::to_string(std::llround(by_time[i].first));
  return by_time.empty() || top == 0 ? out : out + ")";
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace solver::cli
