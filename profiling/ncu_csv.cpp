#include "profiling/ncu_csv.h"
#include "rules/text_file.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "profiling/csv_rows.h"
#include "profiling/metric_set.h"
#include "rules/diagnostics.h"
#include "rules/names.h"

namespace solver::profiling {
namespace {

using rules::Diagnostics;

using Cell = CsvCell;
using Row = CsvRow;

std::vector<Row> split_rows(const std::string& s, const std::string& file, Diagnostics& diags) {
  return split_csv_rows(s, file, diags);
}

bool blank(const Row& r) { return r.size() == 1 && r[0].text.empty(); }

// ncu prints numbers with thousands separators ("1,234,567.5"); "n/a" and "" mean no value.
std::optional<double> parse_number(std::string t, bool& is_number) {
  t.erase(std::remove(t.begin(), t.end(), ','), t.end());
  while (!t.empty() && t.back() == ' ') t.pop_back();
  while (!t.empty() && t.front() == ' ') t.erase(t.begin());
  is_number = false;
  if (t.empty() || t == "n/a" || t == "N/A") return std::nullopt;
  double v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
  is_number = true;
  return v;
}

// "(256, 1, 1)" -> 256.
std::optional<double> dim_product(const std::string& t) {
  double prod = 1;
  int count = 0;
  std::string num;
  for (char c : t + ",") {
    if (std::isdigit(static_cast<unsigned char>(c)))
      num += c;
    else if (c == ',' || c == ')') {
      if (!num.empty()) prod *= std::stod(num), ++count;
      num.clear();
    }
  }
  return count > 0 ? std::optional<double>(prod) : std::nullopt;
}

std::optional<double> prefixed(const std::string& unit, const std::string& base) {
  if (unit == base) return 1.0;
  if (unit.size() != base.size() + 1 || unit.compare(1, std::string::npos, base) != 0) {
    if (unit.size() == base.size() + 2 && unit[1] == 'i' &&
        unit.compare(2, std::string::npos, base) == 0) {
      switch (unit[0]) {  // binary prefixes (Kibyte ...)
        case 'K':
          return 1024.0;
        case 'M':
          return 1024.0 * 1024;
        case 'G':
          return 1024.0 * 1024 * 1024;
      }
    }
    return std::nullopt;
  }
  switch (unit[0]) {
    case 'n':
      return 1e-9;
    case 'u':
      return 1e-6;
    case 'm':
      return 1e-3;
    case 'K':
      return 1e3;
    case 'M':
      return 1e6;
    case 'G':
      return 1e9;
    case 'T':
      return 1e12;
  }
  return std::nullopt;
}

// Scale of one unit word relative to its base (seconds for time).
std::optional<double> word_scale(const std::string& w) {
  // ncu 2025.3 on the H200 writes time as "ns" and frequencies as "hz"; older versions
  // "nsecond", "usecond" ... (tests/data/ncu/h200_probe_raw.csv is a real export).
  if (w == "ns") return 1e-9;
  if (w == "us") return 1e-6;
  if (w == "ms") return 1e-3;
  if (w == "s") return 1.0;
  static const char* kCounts[] = {
      "byte",     "cycle",     "inst", "sector", "request",     "warp", "thread",  "block",
      "register", "wavefront", "hz",   "flop",   "instruction", "SM",   "cluster", "pass"};
  for (const char* base : kCounts)
    if (auto s = prefixed(w, base)) return s;
  if (auto s = prefixed(w, "second")) return s;
  return std::nullopt;
}

std::string short_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// A count for a note: whole and exact where it can be (a launch count of 1e300 from a hostile
// file is text, never an integer cast).
std::string count_text(double v) {
  if (!(std::fabs(v) < 1e15)) return short_text(v);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

bool is_time(const std::string& w) {
  return w == "ns" || w == "us" || w == "ms" || w == "s" ||
         (w.size() >= 6 && w.compare(w.size() - 6, 6, "second") == 0);
}

// The share of `of`'s profiled time in the profiled time of all of `all` (anything with a
// `raw` metric map): the weight signal. Missing when any of them has no time, never a guess.
template <class Items, class Item>
std::optional<double> time_share(const Items& all, const Item& of) {
  const std::string t(metric::kTime);
  double total = 0;
  for (const auto& other : all) {
    auto it = other.raw.find(t);
    if (it == other.raw.end()) return std::nullopt;
    total += it->second;
  }
  if (!(total > 0)) return std::nullopt;
  return of.raw.at(t) / total;
}

}  // namespace

std::string kernel_base_name(std::string name) {
  name = name.substr(0, name.find('('));
  name = name.substr(0, name.find('<'));
  while (!name.empty() && name.back() == ' ') name.pop_back();
  if (auto sp = name.rfind(' '); sp != std::string::npos) name = name.substr(sp + 1);
  return name;
}

std::optional<double> ncu_unit_scale(const std::string& unit) {
  if (unit.empty() || unit == "%") return 1.0;
  auto slash = unit.find('/');
  std::string num = unit.substr(0, slash);
  auto n = word_scale(num);
  if (!n) return std::nullopt;
  if (slash == std::string::npos) return is_time(num) ? *n * 1e9 : *n;  // time -> nanoseconds
  std::string den = unit.substr(slash + 1);
  auto d = word_scale(den);
  if (!d) return std::nullopt;
  return *n / *d;  // rates -> per second (or per cycle, per request ...)
}

NcuExport parse_ncu_csv(const std::string& text, const std::string& file) {
  Diagnostics diags;
  std::vector<Row> rows = split_rows(text, file, diags);
  diags.throw_if_any(file);
  NcuExport ex;
  ex.file = file;
  // ncu and the profiled program may print lines before the header (==PROF== ...).
  std::size_t h = 0;
  while (h < rows.size() && !(rows[h].size() > 1 && rows[h][0].text == "ID")) ++h;
  if (h == rows.size()) {
    diags.error(
        {file, 1, 1},
        "no ncu header row (expected \"ID\",\"Process ID\",... from `ncu --csv --page raw`)");
    diags.throw_if_any(file);
  }
  const Row& header = rows[h];
  std::map<std::string, std::size_t> col;
  for (std::size_t c = 0; c < header.size(); ++c) col[header[c].text] = c;
  for (const char* need : {"Kernel Name"}) {
    if (!col.count(need))
      diags.error({file, header[0].line, header[0].column},
                  std::string("header has no \"") + need + "\" column");
  }
  // Metric columns: everything after "CC" (ncu's last launch-description column).
  std::size_t first_metric =
      col.count("CC") ? col["CC"] + 1
                      : (col.count("Kernel Name") ? col["Kernel Name"] + 1 : header.size());
  diags.throw_if_any(file);

  std::vector<std::string> units(header.size());
  std::size_t r = h + 1;
  const Row* units_row = nullptr;
  if (r < rows.size() && !rows[r].empty() && rows[r][0].text.empty() &&
      rows[r].size() == header.size()) {
    units_row = &rows[r];
    for (std::size_t c = 0; c < header.size(); ++c) units[c] = rows[r][c].text;
    ++r;
  }
  std::vector<std::optional<double>> scale(header.size(), 1.0);
  for (std::size_t c = first_metric; c < header.size(); ++c) {
    scale[c] = ncu_unit_scale(units[c]);
    if (!scale[c] && find_metric(header[c].text))
      diags.error(
          {file, units_row ? (*units_row)[c].line : 0, units_row ? (*units_row)[c].column : 0},
          "unknown unit '" + units[c] + "' for metric " + header[c].text);
  }
  auto get = [&](const Row& row, const char* name) -> std::string {
    auto it = col.find(name);
    return it != col.end() && it->second < row.size() ? row[it->second].text : std::string();
  };
  for (; r < rows.size(); ++r) {
    const Row& row = rows[r];
    if (blank(row) || row[0].text.rfind("==", 0) == 0) continue;
    if (row.size() != header.size()) {
      diags.error({file, row[0].line, row[0].column}, "expected " + std::to_string(header.size()) +
                                                          " fields (as in the header), found " +
                                                          std::to_string(row.size()));
      continue;
    }
    // The fields are text for the terminal and the JSON writers: a kernel name holding ESC
    // sequences went to the terminal raw. (Lines before the header are the program's own
    // output and are not read.)
    for (const auto& field : row)
      if (auto why = rules::text_problem(field.text))
        diags.error({file, field.line, field.column}, "a field " + *why);
    NcuKernel k;
    k.line = row[0].line;
    k.id = row[0].text;
    k.name = get(row, "Kernel Name");
    k.device = get(row, "Device");
    k.cc = get(row, "CC");
    k.block_size = get(row, "Block Size");
    k.grid_size = get(row, "Grid Size");
    if (k.name.empty())
      diags.error({file, row[0].line, row[0].column}, "row has an empty \"Kernel Name\"");
    for (std::size_t c = first_metric; c < header.size(); ++c) {
      const std::string& metric = header[c].text;
      bool is_number = false;
      auto v = parse_number(row[c].text, is_number);
      if (is_number && scale[c] && *v < 0 && find_metric(metric)) {
        // Every metric the tool reads is a count, a sum, a rate or a percentage.
        diags.error({file, row[c].line, row[c].column},
                    "metric " + metric + ": '" + row[c].text + "' is negative");
      } else if (is_number && scale[c]) {
        k.raw[metric] = *v * *scale[c];
      } else if (!row[c].text.empty() && row[c].text != "n/a" && row[c].text != "N/A") {
        if (find_metric(metric))
          diags.error({file, row[c].line, row[c].column},
                      "metric " + metric + ": '" + row[c].text + "' is not a number");
        else
          k.text[metric] = row[c].text;
      }
    }
    LaunchAttributes& l = k.launch;
    l.block_threads = dim_product(k.block_size);
    l.grid_blocks = dim_product(k.grid_size);
    auto raw = [&](const char* m) -> std::optional<double> {
      auto it = k.raw.find(m);
      return it == k.raw.end() ? std::nullopt : std::optional<double>(it->second);
    };
    if (auto v = raw("launch__block_size")) l.block_threads = v;
    if (auto v = raw("launch__grid_size")) l.grid_blocks = v;
    l.regs_per_thread = raw("launch__registers_per_thread");
    l.static_smem_bytes = raw("launch__shared_mem_per_block_static");
    l.dynamic_smem_bytes = raw("launch__shared_mem_per_block_dynamic");
    // Blocks per SM is the tightest of ncu's occupancy limits; the limiter is the one that binds.
    // The SM's own caps (blocks, warps) come first, so a resource whose limit only ties with
    // them is not named: ncu reports a kernel with no shared memory as limited to the block cap
    // by shared memory too (32 and 32 for one-warp blocks on sm_90; helper c37), and fewer
    // bytes or registers would not raise a cap the SM sets.
    static const std::pair<const char*, const char*> kLimits[] = {
        {"launch__occupancy_limit_blocks", "blocks"},
        {"launch__occupancy_limit_warps", "warps"},
        {"launch__occupancy_limit_registers", "registers"},
        {"launch__occupancy_limit_shared_mem", "smem"}};
    for (const auto& [m, label] : kLimits) {
      if (auto v = raw(m); v && (!l.max_active_blocks_per_sm || *v < *l.max_active_blocks_per_sm)) {
        l.max_active_blocks_per_sm = v;
        l.occupancy_limiter = label;
      }
    }
    // "Device" is ncu's device index; the name is in device__attribute_display_name.
    if (auto it = k.text.find("device__attribute_display_name"); it != k.text.end())
      k.device = it->second;
    ex.kernels.push_back(std::move(k));
  }
  if (ex.kernels.empty() && diags.empty())
    diags.error({file, header[0].line, header[0].column}, "no kernel rows after the header");
  diags.throw_if_any(file);
  return ex;
}

NcuExport load_ncu_csv(const std::string& path) {
  return parse_ncu_csv(rules::read_text_file(path, "ncu CSV export"), path);
}

Derivation derive_ncu_signals(const NcuExport& ex, std::size_t index,
                              const rules::ChipProfile* chip) {
  const NcuKernel& k = ex.kernels.at(index);
  DerivationInput in;
  in.raw = k.raw;
  in.chip = chip;
  in.launch = k.launch;
  in.allow_profiled_fallback = true;
  // Weight: this launch's share of the profiled time of every launch in the export.
  if (auto w = time_share(ex.kernels, k)) in.weight = *w;
  Derivation d = derive_signals(in);
  if (in.weight) d.origin["weight"] = Origin::ProfiledRun;
  return d;
}

namespace {

enum class Merge { Sum, Max, Min, Mean };

// How a metric's launches combine: by its rollup, the way the range profiler combines kernels.
Merge merge_of(const std::string& metric) {
  auto dot = metric.find('.');
  if (dot == std::string::npos) return Merge::Mean;
  std::string rollup = metric.substr(dot + 1);
  if (rollup == "sum" || rollup == "avg") return Merge::Sum;
  if (rollup == "max") return Merge::Max;
  if (rollup == "min") return Merge::Min;
  return Merge::Mean;  // .pct, .ratio, .per_second, pct_of_peak_*
}

}  // namespace

NcuKernelGroup merge_ncu_rows(const NcuExport& ex, const std::vector<std::size_t>& rows,
                              const std::string& name) {
  const std::string t(metric::kTime);
  NcuKernelGroup g;
  g.name = name;
  g.rows = rows;
  if (!rows.empty()) {
    g.device = ex.kernels.at(rows.front()).device;
    g.line = ex.kernels.at(rows.front()).line;
    g.launch = ex.kernels.at(rows.front()).launch;
  }
  std::map<std::string, double> weight_seen;
  double longest = -1;
  for (std::size_t row : rows) {
    const NcuKernel& k = ex.kernels.at(row);
    auto ti = k.raw.find(t);
    double w = ti == k.raw.end() ? 0 : ti->second;
    if (w > longest) {
      longest = w;
      g.launch = k.launch;
    }
    for (const auto& [metric_name, v] : k.raw) {
      auto [slot, fresh] = g.raw.emplace(metric_name, 0.0);
      switch (merge_of(metric_name)) {
        case Merge::Sum:
          slot->second += v;
          break;
        case Merge::Max:
          slot->second = fresh ? v : std::max(slot->second, v);
          break;
        case Merge::Min:
          slot->second = fresh ? v : std::min(slot->second, v);
          break;
        case Merge::Mean: {
          // Launches without a time count once each (plain mean over them).
          double wt = w > 0 ? w : 1.0;
          slot->second += v * wt;
          weight_seen[metric_name] += wt;
          break;
        }
      }
    }
  }
  for (const auto& [metric_name, w] : weight_seen)
    g.raw[metric_name] = w > 0 ? g.raw[metric_name] / w : 0.0;
  return g;
}

std::vector<NcuKernelGroup> group_ncu_kernels(const NcuExport& ex) {
  std::vector<std::pair<std::string, std::string>> keys;  // (name, device), first-seen order
  std::vector<std::vector<std::size_t>> rows;
  for (std::size_t i = 0; i < ex.kernels.size(); ++i) {
    std::pair<std::string, std::string> key{ex.kernels[i].name, ex.kernels[i].device};
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(key);
      rows.emplace_back();
      it = keys.end() - 1;
    }
    rows[std::size_t(it - keys.begin())].push_back(i);
  }
  std::vector<NcuKernelGroup> groups;
  for (std::size_t i = 0; i < keys.size(); ++i)
    groups.push_back(merge_ncu_rows(ex, rows[i], keys[i].first));
  return groups;
}

Derivation derive_ncu_kernel(const NcuExport& ex, const std::vector<NcuKernelGroup>& groups,
                             std::size_t group, const rules::ChipProfile* chip,
                             std::optional<double> time_us, const NcuProblemFacts* facts) {
  (void)ex;
  const NcuKernelGroup& g = groups.at(group);
  DerivationInput in;
  in.raw = g.raw;
  in.chip = chip;
  in.launch = g.launch;
  in.allow_profiled_fallback = true;
  in.time_us = time_us;
  in.kernel_count = 1;
  const double rows = double(g.rows.size());
  double launches = rows;
  std::vector<std::string> notes;
  if (facts) {
    if (facts->launch_count && *facts->launch_count > 0) launches = *facts->launch_count;
    if (facts->kernel_count) in.kernel_count = facts->kernel_count;
    // The formulas count one run (all its launches); without an unprofiled time of that run
    // the rates are over the exported rows, so the formulas are scaled to them (launches of
    // one kernel in one run do the same work: the suite's and pools' multi-launch variants).
    const double share = time_us || rows <= 0 ? 1.0 : rows / launches;
    if (facts->flops) in.flops = *facts->flops * share;
    if (facts->bytes) in.bytes = *facts->bytes * share;
    if (share != 1.0 && (facts->flops || facts->bytes))
      notes.push_back("the export holds " + std::to_string(g.rows.size()) + " of the run's " +
                      count_text(launches) + " launches: FLOP/byte formulas scaled to them");
    in.dtype = facts->dtype;
    in.code_tensor_ops = facts->code_tensor_ops;
    in.code_wgmma_ops = facts->code_wgmma_ops;
    in.code_gemm_loop = facts->code_gemm_loop;
    in.code_load_chain = facts->code_load_chain;
    in.code_contiguous_access_frac = facts->code_contiguous_access_frac;
    in.code_strided_access_frac = facts->code_strided_access_frac;
    in.code_store_fill_frac = facts->code_store_fill_frac;
    in.code_index_load_frac = facts->code_index_load_frac;
    in.code_guard_lanes = facts->code_guard_lanes;
    if (facts->local_bytes_per_thread)
      in.launch.local_bytes_per_thread = facts->local_bytes_per_thread;
  }
  in.launch_count = launches;
  // ncu serialises launches, so the GPU's idle time between them is not in any export. With
  // one launch there is no gap; with more, the chip's measured idle time per dependent launch
  // against the run's kernel time gives an estimate (origin "estimate").
  bool gap_estimated = false;
  auto profiled_ns = g.raw.find(std::string(metric::kTime));
  if (launches <= 1) {
    in.launch_gap_frac = 0.0;
    gap_estimated = true;
  } else if (double gap_us = chip ? chip->number("launch_gap_us") : 0.0;
             gap_us > 0 && (time_us || (profiled_ns != g.raw.end() && rows > 0))) {
    double busy_us = time_us ? *time_us : profiled_ns->second / 1000.0 * launches / rows;
    double idle_us = (launches - 1) * gap_us;
    if (busy_us > 0) {
      in.launch_gap_frac = idle_us / (idle_us + busy_us);
      gap_estimated = true;
      notes.push_back("launch_gap_frac estimated: " + count_text(launches) +
                      " launches x chips.yaml launch_gap_us " + short_text(gap_us) +
                      " us of idle GPU each (ncu serialises launches and cannot measure it)");
    }
  }
  // Weight: this kernel's share of the profiled time of every kernel in the export. Replay
  // slows memory-bound kernels more than compute-bound ones, so it is approximate: the note
  // says so, and a missing time anywhere leaves it missing (never a guess that fires the gate).
  if (auto w = time_share(groups, g)) in.weight = *w;
  Derivation d = derive_signals(in);
  if (in.weight) {
    d.origin["weight"] = Origin::ProfiledRun;
    if (groups.size() > 1)
      d.notes.push_back("weight is this kernel's share of the export's profiled time (" +
                        std::to_string(g.rows.size()) + " launch(es) of " +
                        std::to_string(groups.size()) + " kernels)");
  }
  if (gap_estimated && d.origin.count("launch_gap_frac"))
    d.origin["launch_gap_frac"] = Origin::Estimate;
  if (in.time_us) d.origin["time_us"] = Origin::Given;
  d.notes.insert(d.notes.end(), notes.begin(), notes.end());
  return d;
}

namespace {

// The FP32 and FP64 instruction counters FLOPs are counted from (read by several rows below).
#define kFlopCounters                                    \
  "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum " \
  "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum " \
  "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum " \
  "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum " \
  "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum " \
  "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum"

// Signals the live path takes from the unprofiled run, the problem, the driver or the code,
// and how an export gives them instead. Together with the metric table's `feeds` this is what
// `signals ncu-metrics` prints, so an export made with that list can decide every rule.
constexpr ExportSource kExportSources[] = {
    {"time_us", "counters", "gpu__time_duration.sum",
     "ncu's kernel duration, unless --time-us gives the unprofiled one"},
    {"dram_frac", "counters", "gpu__time_duration.sum dram__bytes_read.sum dram__bytes_write.sum",
     "the problem's bytes (else the DRAM bytes counted) over the duration, against chips.yaml's "
     "measured copy rate"},
    {"achieved_gbps", "counters",
     "gpu__time_duration.sum dram__bytes_read.sum dram__bytes_write.sum", "as dram_frac"},
    {"flop_frac", "counters", "gpu__time_duration.sum " kFlopCounters,
     "the problem's FLOPs (else the FP32/FP64 instructions counted; tensor work needs the problem) "
     "over the duration"},
    {"achieved_tflops", "counters", "gpu__time_duration.sum " kFlopCounters, "as flop_frac"},
    {"arith_intensity", "counters", "dram__bytes_read.sum dram__bytes_write.sum " kFlopCounters,
     "the problem's formulas, else counted FLOPs over counted DRAM bytes"},
    {"dtype", "counters", kFlopCounters,
     "the variant's precision, else fp64 or fp32 by which instructions dominate"},
    {"weight", "counters", "gpu__time_duration.sum",
     "the kernel's share of the export's profiled time"},
    {"launch_gap_frac", "counters", "gpu__time_duration.sum",
     "estimated from chips.yaml launch_gap_us per launch after the first (ncu serialises "
     "launches)"},
    {"kernel_count", "rows", "", "1 per kernel of the export (the problem's entries in eval)"},
    {"launch_count", "rows", "", "the kernel's rows (the problem's launches in eval)"},
    {"regs_per_thread", "launch", "launch__registers_per_thread", ""},
    {"smem_per_block", "launch",
     "launch__shared_mem_per_block_static launch__shared_mem_per_block_dynamic", ""},
    {"block_threads", "launch", "launch__block_size", ""},
    {"grid_blocks", "launch", "launch__grid_size", ""},
    {"blocks_per_sm", "launch",
     "launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks "
     "launch__occupancy_limit_warps",
     "the tightest occupancy limit"},
    {"occupancy_limiter", "launch",
     "launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks "
     "launch__occupancy_limit_warps",
     "the limit that binds"},
    {"theoretical_occupancy", "launch",
     "launch__block_size launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks launch__occupancy_limit_warps",
     ""},
    {"waves", "launch",
     "launch__grid_size launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks launch__occupancy_limit_warps",
     ""},
    {"tail_idle_frac", "launch",
     "launch__grid_size launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks launch__occupancy_limit_warps",
     "from waves"},
    {"last_wave_fill", "launch",
     "launch__grid_size launch__occupancy_limit_registers launch__occupancy_limit_shared_mem "
     "launch__occupancy_limit_blocks launch__occupancy_limit_warps",
     "from waves"},
    {"gemm_loop", "problem", "", "a static scan of the launched entry's PTX: needs the problem"},
    {"load_chain", "problem", "", "a static scan of the launched entry's PTX: needs the problem"},
    {"code_contiguous_access_frac", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"code_strided_access_frac", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"code_store_fill_frac", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"code_index_load_frac", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"code_guard_lanes", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"mma_in_code", "problem", "", "a static scan of the launched entry's PTX: needs the problem"},
    {"mbarrier_pipeline", "problem", "",
     "a static scan of the launched entry's PTX: needs the problem"},
    {"tma_copies", "problem", "", "a static scan of the launched entry's PTX: needs the problem"},
    {"local_bytes", "problem", "",
     "ptxas's stack frame per thread: needs the problem (local_traffic_bytes is counted)"},
    {"problem_bytes", "problem", "",
     "the problem's byte formula: needs the problem (dram_bytes is counted)"},
    {"problem_flops", "problem", "",
     "the problem's FLOP formula: needs the problem (the FP instructions are counted)"},
};

void add_words(std::vector<std::string>& out, std::string_view words) {
  while (!words.empty()) {
    auto sp = words.find(' ');
    std::string w(words.substr(0, sp));
    if (!w.empty() && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    if (sp == std::string_view::npos) break;
    words.remove_prefix(sp + 1);
  }
}

}  // namespace

std::span<const ExportSource> export_sources() { return kExportSources; }

bool ncu_needs_problem(std::string_view signal) {
  for (const auto& s : kExportSources)
    if (s.signal == signal) return s.kind == "problem";
  return false;
}

std::vector<std::string> ncu_metrics_needed(std::string_view signal) {
  std::vector<std::string> out;
  for (const auto& m : metrics_for_signals({std::string(signal)})) add_words(out, m);
  for (const auto& s : kExportSources)
    if (s.signal == signal) add_words(out, s.metrics);
  if (ncu_needs_problem(signal)) out.clear();
  return out;
}

std::vector<std::string> ncu_metrics_for(const std::vector<std::string>& signals) {
  std::vector<std::string> out = metrics_for_signals(signals);
  for (const auto& s : signals)
    add_words(out, [&] {
      for (const auto& src : kExportSources)
        if (src.signal == s) return src.metrics;
      return std::string_view();
    }());
  // The driver signals come from ncu's launch statistics and occupancy sections; the device's
  // name picks the chip.
  static const char* kLaunch[] = {"launch__block_size",
                                  "launch__grid_size",
                                  "launch__registers_per_thread",
                                  "launch__shared_mem_per_block_static",
                                  "launch__shared_mem_per_block_dynamic",
                                  "launch__occupancy_limit_registers",
                                  "launch__occupancy_limit_shared_mem",
                                  "launch__occupancy_limit_blocks",
                                  "launch__occupancy_limit_warps",
                                  "device__attribute_display_name"};
  for (const char* m : kLaunch) add_words(out, m);
  return out;
}

}  // namespace solver::profiling
