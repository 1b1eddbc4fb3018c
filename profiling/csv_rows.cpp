#include "profiling/csv_rows.h"

namespace solver::profiling {

std::vector<CsvRow> split_csv_rows(const std::string& s, const std::string& file,
                                   rules::Diagnostics& diags) {
  std::vector<CsvRow> rows;
  CsvRow row;
  CsvCell cell;
  int line = 1, col = 1;
  bool in_quotes = false, cell_started = false;
  int quote_line = 0, quote_col = 0;
  auto end_cell = [&] {
    row.push_back(std::move(cell));
    cell = CsvCell{};
    cell_started = false;
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!cell_started) {
      cell.line = line, cell.column = col;
      cell_started = true;
    }
    if (in_quotes) {
      if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
        cell.text += '"';
        ++i, col += 2;
        continue;
      }
      if (c == '"')
        in_quotes = false;
      else
        cell.text += c;
    } else if (c == '"') {
      in_quotes = true;
      quote_line = line, quote_col = col;
    } else if (c == ',') {
      end_cell();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
      end_cell();
      rows.push_back(std::move(row));
      row.clear();
      ++line, col = 1;
      continue;
    } else {
      cell.text += c;
    }
    if (c == '\n')
      ++line, col = 1;
    else
      ++col;
  }
  if (in_quotes) diags.error({file, quote_line, quote_col}, "unterminated quoted field");
  if (cell_started || !row.empty()) {
    end_cell();
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace solver::profiling
