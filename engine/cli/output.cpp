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

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

void print_json(std::ostream& out, const nlohmann::json& j) { out << j.dump(2) << '\n'; }

void print_why_not_live(std::ostream& err, const std::string& why_not_live) {
  if (why_not_live.empty() || why_not_live == engine::kNoDriver) return;
  err << "solver: note: no live GPU (" << why_not_live << ")\n";
}

}  // namespace solver::cli
