// Nsight Compute exports in either form `--ncu-csv` takes: a CSV made with `ncu --csv --page raw`
// (profiling/ncu_csv.h reads it), or a binary report (`ncu -o NAME` writes NAME.ncu-rep), which
// only ncu itself can read: it is converted by running `ncu --import FILE --csv --page raw` as a
// child process (no shell, a wall-clock limit: generators/external_process.h) and its output is
// parsed as the CSV it is. Where ncu cannot be found, the error says to install Nsight Compute
// or to export the CSV with that exact command where it is installed (exit 2, nothing written).
//
// Which ncu: $SOLVER_NCU when set (a path to the executable), else `ncu` on $PATH.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profiling/ncu_csv.h"
#include "profiling/ncu_source.h"

namespace solver::engine {

// True for a path ending in ".ncu-rep", or a file whose first bytes hold a NUL (a binary
// report under another name; a CSV never has one).
bool is_ncu_report(const std::string& path);

// {ncu, "--import", report, "--csv", "--page", "raw"}: the export the CSV importer reads.
std::vector<std::string> ncu_import_argv(const std::string& ncu, const std::string& report);

// The ncu to run: `override_path` ($SOLVER_NCU) when not empty (whether or not it exists: the
// run then says why it did not start), else the first executable `ncu` in the ':'-separated
// `path_env`; nullopt when there is none.
std::optional<std::string> find_ncu(std::string_view path_env, std::string_view override_path);

// The message for a report that cannot be read because no ncu was found.
std::string ncu_not_found_message(const std::string& report);

// Runs ncu on `report` and parses what it prints. Throws rules::InputError (exit 2) naming the
// report when ncu is missing, fails, runs past `timeout_ms`, or prints no export.
profiling::NcuExport import_ncu_report(const std::string& report, const std::string& ncu,
                                       int timeout_ms = 300000);

// A CSV export or a report (is_ncu_report), with ncu found by find_ncu from the environment.
profiling::NcuExport load_ncu_export(const std::string& path);

// Source-level counters (issue 31, profiling/ncu_source.h): a CSV of the Source page's CUDA view,
// or a report converted with ncu_source_argv; per-line samples for the verdict's citation.
std::vector<std::string> ncu_source_argv(const std::string& ncu, const std::string& report);
profiling::PcSampling load_ncu_source(const std::string& path);

}  // namespace solver::engine
