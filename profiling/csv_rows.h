// CSV rows with the position of every cell (RFC 4180: quoted cells may hold commas, doubled
// quotes and newlines), for the Nsight Compute importers' located errors (ncu_csv.h,
// ncu_source.h).
#pragma once
#include <string>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::profiling {

struct CsvCell {
  std::string text;
  int line = 0, column = 0;  // 1-based, where the cell starts
};
using CsvRow = std::vector<CsvCell>;

// Every row of `s`; an unterminated quote is an error in `diags` at the quote, named `file`.
std::vector<CsvRow> split_csv_rows(const std::string& s, const std::string& file,
                                   rules::Diagnostics& diags);

}  // namespace solver::profiling
