#include "profiling/ncu_source.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <tuple>

#include "profiling/csv_rows.h"
#include "rules/diagnostics.h"
#include "rules/text_file.h"

namespace solver::profiling {
namespace {

std::string trim(std::string t) {
  size_t b = t.find_first_not_of(" \t\r"), e = t.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : t.substr(b, e - b + 1);
}

// A count as ncu prints it: "1,234", "12.0"; nullopt when it is not a number.
std::optional<double> count_of(const std::string& raw) {
  std::string t = trim(raw);
  t.erase(std::remove(t.begin(), t.end(), ','), t.end());
  if (t.empty() || t == "-" || t == "n/a" || t == "N/A") return 0.0;
  double v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size() || v < 0) return std::nullopt;
  return v;
}

struct Header {
  size_t line_col = 0, text_col = 0;
  bool with_sass = false;  // the CUDA view with its SASS (--print-source cuda,sass): per line a
                           // row of the line's totals, then its instructions without a line
  std::optional<size_t> all_col;                       // Warp Stall Sampling (All Samples)
  std::vector<std::pair<size_t, std::string>> stalls;  // column, our reason name
};

bool is_header(const CsvRow& r) {
  bool source = false, number = false;
  for (const CsvCell& c : r) {
    std::string t = trim(c.text);
    source = source || t == "Source";
    number = number || t == "#" || t == "Line" || t == "Line No";
  }
  return source && number;
}

bool is_sass_header(const CsvRow& r) {
  bool source = false, address = false;
  for (const CsvCell& c : r) {
    std::string t = trim(c.text);
    source = source || t == "Source";
    address = address || t == "Address";
  }
  return source && address;
}

}  // namespace

std::string ncu_stall_name(const std::string& label) {
  static const std::map<std::string, std::string> names = {
      {"long_sb", "long_scoreboard"}, {"short_sb", "short_scoreboard"},
      {"lg", "lg_throttle"},          {"mio", "mio_throttle"},
      {"math", "math_pipe_throttle"}, {"tex", "tex_throttle"},
      {"no_inst", "no_instruction"},  {"imc", "imc_miss"},
      {"branch", "branch_resolving"}, {"dispatch", "dispatch_stall"},
      {"sleep", "sleeping"},
  };
  auto it = names.find(label);
  return it == names.end() ? label : it->second;
}

PcSampling parse_ncu_source_csv(const std::string& text, const std::string& file_label) {
  rules::Diagnostics diags;
  std::vector<CsvRow> rows = split_csv_rows(text, file_label, diags);
  PcSampling out;
  std::optional<Header> header;
  std::string file = "source";
  struct Acc {
    std::string text;
    uint64_t samples = 0;
    std::map<std::string, uint64_t> stalls;
  };
  std::map<std::pair<std::string, int>, Acc> by_line;
  auto located = [&](const CsvCell& c) {
    return rules::SourceLocation(file_label, c.line, c.column);
  };
  for (const CsvRow& r : rows) {
    if (r.empty() || (r.size() == 1 && trim(r[0].text).empty())) continue;
    if (is_header(r)) {
      Header h;
      bool have_line = false, have_text = false;
      for (size_t i = 0; i < r.size(); ++i) {
        std::string t = trim(r[i].text);
        if (t == "#" || t == "Line" || t == "Line No") h.line_col = i, have_line = true;
        if (t == "Source" && !have_text) h.text_col = i, have_text = true;  // the first: CUDA
        if (t == "Address") h.with_sass = true;
        if (t == "Warp Stall Sampling (All Samples)") h.all_col = i;
        if (t.rfind("stall_", 0) == 0 && t.find("(Not Issued)") == std::string::npos)
          h.stalls.emplace_back(i, ncu_stall_name(trim(t.substr(6))));
      }
      if (!have_line || !have_text) continue;
      if (!h.all_col && h.stalls.empty())
        diags.error(located(r[0]),
                    "no warp stall sampling column (\"Warp Stall Sampling (All Samples)\" or "
                    "stall_*): the report has no source counters (profile with --section "
                    "SourceCounters, or --set full), or the CUDA view was exported alone, "
                    "which ncu 2025.3 prints without counters: export `--print-source "
                    "cuda,sass`");
      header = h;
      continue;
    }
    if (!header) {
      if (is_sass_header(r))
        diags.error(located(r[0]),
                    "this is the Source page's SASS view (an Address column, no line numbers): "
                    "export the CUDA view with `ncu --import REPORT --csv --page source "
                    "--print-source cuda`");
      // Rows before a table name the file or the kernel.
      if (r.size() >= 2) {
        std::string key = trim(r[0].text), value = trim(r[1].text);
        if (key == "File Path" || key == "File" || key == "File Name") file = value;
        if (key == "Kernel Name" || key == "Function Name") out.kernel = value;
      }
      continue;
    }
    if (r.size() >= 2 && (trim(r[0].text) == "File Path" || trim(r[0].text) == "File" ||
                          trim(r[0].text) == "File Name")) {
      file = trim(r[1].text);  // the next file's table follows with its own header
      header.reset();
      continue;
    }
    const Header& h = *header;
    size_t need = std::max({h.line_col, h.text_col, h.all_col.value_or(0)});
    for (const auto& [col, name] : h.stalls) need = std::max(need, col);
    if (r.size() <= need) {
      diags.error(located(r[0]), "a row of " + std::to_string(r.size()) +
                                     " cells where the header has " + std::to_string(need + 1) +
                                     " or more");
      continue;
    }
    const std::string number = trim(r[h.line_col].text);
    if (h.with_sass && number.empty()) continue;  // an instruction: its line's row has its counts
    int line = 0;
    auto [p, ec] = std::from_chars(number.data(), number.data() + number.size(), line);
    if (ec != std::errc() || p != number.data() + number.size() || line <= 0) {
      diags.error(located(r[h.line_col]),
                  "the line number '" + number + "' is not a positive integer");
      continue;
    }
    Acc& a = by_line[{file, line}];
    a.text = line_text(r[h.text_col].text, 1);
    uint64_t stall_sum = 0;
    bool bad = false;
    for (const auto& [col, name] : h.stalls) {
      auto v = count_of(r[col].text);
      if (!v) {
        diags.error(located(r[col]), "'" + r[col].text + "' is not a sample count");
        bad = true;
        continue;
      }
      if (*v > 0) a.stalls[name] += uint64_t(*v + 0.5), stall_sum += uint64_t(*v + 0.5);
    }
    uint64_t samples = stall_sum;
    if (h.all_col) {
      auto v = count_of(r[*h.all_col].text);
      if (!v) {
        diags.error(located(r[*h.all_col]), "'" + r[*h.all_col].text + "' is not a sample count");
        bad = true;
      } else {
        samples = uint64_t(*v + 0.5);
      }
    }
    if (!bad) a.samples += samples;
  }
  if (!header && diags.empty() && out.lines.empty() && by_line.empty())
    diags.error(rules::SourceLocation(file_label, 1, 1),
                "no source table (a header with \"#\" and \"Source\"): export with `ncu --import "
                "REPORT --csv --page source --print-source cuda`");
  diags.throw_if_any_in_file_order("bad ncu source export " + file_label);

  std::vector<LineSamples> lines;
  for (auto& [key, a] : by_line) {
    if (a.samples == 0) continue;
    LineSamples l;
    l.file = key.first.substr(key.first.find_last_of('/') + 1);
    l.line = key.second;
    l.function = out.kernel;
    l.text = a.text;
    l.samples = a.samples;
    l.stalls = a.stalls;
    out.total_samples += a.samples;
    for (const auto& [reason, n] : a.stalls) out.stall_totals[reason] += n;
    lines.push_back(std::move(l));
  }
  std::stable_sort(lines.begin(), lines.end(), [](const LineSamples& x, const LineSamples& y) {
    return x.samples > y.samples;  // (file, line) order breaks ties
  });
  if (lines.size() > kMaxLines) lines.resize(kMaxLines);
  out.lines = std::move(lines);
  out.ok = out.total_samples > 0;
  out.detail = out.ok ? "from an ncu source export (" + file_label + ")"
                      : "the ncu source export has no samples";
  return out;
}

PcSampling load_ncu_source_csv(const std::string& path) {
  return parse_ncu_source_csv(rules::read_text_file(path, "ncu source export"), path);
}

}  // namespace solver::profiling
