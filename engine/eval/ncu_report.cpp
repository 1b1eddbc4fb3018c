#include "engine/eval/ncu_report.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/external_process.h"
#include "rules/diagnostics.h"
#include "rules/text_file.h"

namespace solver::engine {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kSuffix = ".ncu-rep";

[[noreturn]] void fail(const std::string& report, const std::string& message) {
  throw rules::InputError(rules::Diagnostic{{report, 0, 0}, message});
}

// The first lines of what ncu wrote on stderr (its ==ERROR== lines say why), on one line.
std::string first_lines(const std::string& text, int lines) {
  std::istringstream in(text);
  std::string line, out;
  for (int n = 0; n < lines && std::getline(in, line);) {
    if (line.empty()) continue;
    out += (out.empty() ? "" : " / ") + line;
    ++n;
  }
  return out;
}

std::string export_command(const std::string& report) {
  std::string csv = report;
  if (csv.size() > kSuffix.size() && csv.ends_with(kSuffix))
    csv.resize(csv.size() - kSuffix.size());
  return "ncu --import " + report + " --csv --page raw > " + csv + ".csv";
}

}  // namespace

bool is_ncu_report(const std::string& path) {
  if (path.size() > kSuffix.size() && path.ends_with(kSuffix)) return true;
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  char head[4096];
  in.read(head, sizeof head);
  return std::string_view(head, static_cast<std::size_t>(in.gcount())).find('\0') !=
         std::string_view::npos;
}

std::vector<std::string> ncu_import_argv(const std::string& ncu, const std::string& report) {
  return {ncu, "--import", report, "--csv", "--page", "raw"};
}

std::optional<std::string> find_ncu(std::string_view path_env, std::string_view override_path) {
  if (!override_path.empty()) return std::string(override_path);
  std::size_t start = 0;
  while (start <= path_env.size()) {
    std::size_t end = path_env.find(':', start);
    if (end == std::string_view::npos) end = path_env.size();
    std::string_view dir = path_env.substr(start, end - start);
    if (!dir.empty()) {
      std::string candidate = std::string(dir) + "/ncu";
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
    start = end + 1;
  }
  return std::nullopt;
}

std::string ncu_not_found_message(const std::string& report) {
  return "an Nsight Compute report (.ncu-rep) is read with `ncu --import`, and no `ncu` is on "
         "PATH: install Nsight Compute (it comes with the CUDA toolkit, as <toolkit>/bin/ncu) and "
         "put it on PATH or set SOLVER_NCU=/path/to/ncu, or export the CSV where ncu is installed "
         "and pass that file: " +
         export_command(report);
}

namespace {
// What `argv` (an ncu --import of `report`) prints; fails naming the report and the command.
std::string run_import(const std::string& report, const std::vector<std::string>& argv,
                       int timeout_ms) {
  std::error_code ec;
  if (!fs::is_regular_file(report, ec)) fail(report, "no such Nsight Compute report (not a file)");
  generators::ProcessLimits limits;
  limits.timeout_ms = timeout_ms;
  limits.max_stdout = rules::kMaxInputFileBytes;
  generators::ProcessResult r = generators::run_process(argv, "", limits);
  std::string ran = "`";
  for (const auto& a : argv) ran += (ran.size() > 1 ? " " : "") + a;
  ran += "`";
  if (!r.started) fail(report, ran + " did not start (" + r.start_error + ")");
  if (!r.clean_exit()) {
    std::string why = first_lines(r.err, 3);
    fail(report, ran + " failed: " + r.describe() + (why.empty() ? "" : ": " + why));
  }
  if (r.out.find_first_not_of(" \t\r\n") == std::string::npos)
    fail(report, ran + " printed no export (is it an Nsight Compute report?)" +
                     (r.err.empty() ? std::string() : ": " + first_lines(r.err, 3)));
  return r.out;
}

std::string ncu_or_fail(const std::string& path) {
  const char* path_env = std::getenv("PATH");
  const char* override_env = std::getenv("SOLVER_NCU");
  std::optional<std::string> ncu =
      find_ncu(path_env ? path_env : "", override_env ? override_env : "");
  if (!ncu) fail(path, ncu_not_found_message(path));
  return *ncu;
}
}  // namespace

profiling::NcuExport import_ncu_report(const std::string& report, const std::string& ncu,
                                       int timeout_ms) {
  std::string out = run_import(report, ncu_import_argv(ncu, report), timeout_ms);
  // Diagnostics name the report and the line of ncu's CSV output.
  return profiling::parse_ncu_csv(out, report + " (as ncu --import --csv --page raw prints it)");
}

profiling::NcuExport load_ncu_export(const std::string& path) {
  if (!is_ncu_report(path)) return profiling::load_ncu_csv(path);
  return import_ncu_report(path, ncu_or_fail(path));
}

std::vector<std::string> ncu_source_argv(const std::string& ncu, const std::string& report) {
  return {ncu, "--import", report, "--csv", "--page", "source", "--print-source", "cuda"};
}

profiling::PcSampling load_ncu_source(const std::string& path) {
  if (!is_ncu_report(path)) return profiling::load_ncu_source_csv(path);
  std::string out = run_import(path, ncu_source_argv(ncu_or_fail(path), path), 300000);
  return profiling::parse_ncu_source_csv(
      out, path + " (as ncu --import --csv --page source --print-source cuda prints it)");
}

}  // namespace solver::engine
