// `solver problems new NAME --from FILE.cu [--problems-dir DIR]`: drafts a problem folder from
// a file of hand-written kernels (generators/kernel_scaffold.h) so a user edits instead of
// writing from nothing. The folder is written whole or not at all: into a hidden sibling
// first, renamed into place; an existing folder is never touched.
#include <filesystem>
#include <fstream>
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/run/run_inputs.h"
#include "generators/kernel_scaffold.h"
#include "rules/diagnostics.h"
#include "rules/text_file.h"

namespace solver::cli {

namespace fs = std::filesystem;

int run_problems_new(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("name", po::value<std::string>(), "the new problem's name (its folder)")(
      "from", po::value<std::string>(), "a .cu file of __global__ kernels (host code is dropped)")(
      "problems-dir", po::value<std::string>()->default_value("problems"),
      "folder to create the problem folder in (default: ./problems)");
  po::positional_options_description pos;
  pos.add("name", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "problems new", "NAME --from FILE.cu [--problems-dir DIR]", opts,
                              vm, &pos))
    return *rc;
  if (!vm.count("name") || !vm.count("from")) {
    ctx.err
        << "solver problems new: give NAME and --from FILE.cu (see: solver problems new --help)\n";
    return kExitBadInput;
  }
  const std::string name = vm["name"].as<std::string>();
  const std::string from = vm["from"].as<std::string>();
  engine::check_problem_names({name});
  auto text = rules::try_read_text_file(from);
  if (!text)
    throw rules::InputError(rules::Diagnostic{{from, 0, 0}, "cannot read the kernel file"});
  generators::KernelFileScan scan = generators::scan_kernel_file(*text);
  generators::ScaffoldFiles files =
      generators::scaffold_problem(name, fs::path(from).filename().string(), scan);
  if (files.problem_yaml.empty())
    throw rules::InputError(
        rules::Diagnostic{{from, 0, 0}, files.todos.empty() ? "no kernels" : files.todos.back()});
  fs::path root = vm["problems-dir"].as<std::string>();
  fs::path dir = root / name;
  std::error_code ec;
  if (fs::exists(dir, ec))
    throw rules::InputError(rules::Diagnostic{
        {dir.string(), 0, 0}, "already exists: problems new never overwrites a folder"});
  fs::path tmp = root / ("." + name + ".new");
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec)
    throw rules::InputError(
        rules::Diagnostic{{tmp.string(), 0, 0}, "cannot create: " + ec.message()});
  auto write = [&](const char* file, const std::string& body) {
    std::ofstream out(tmp / file, std::ios::binary);
    out << body;
    if (!out) throw std::runtime_error("cannot write " + (tmp / file).string());
  };
  try {
    write("problem.yaml", files.problem_yaml);
    write("kernels.cu", files.kernels_cu);
    write("reference.cu", files.reference_cu);
    fs::rename(tmp, dir);
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
  ctx.out << "wrote " << dir.string() << "/ (problem.yaml, kernels.cu, reference.cu) from " << from
          << "\n";
  ctx.out << scan.kernels.size() << " kernel(s):";
  for (const auto& k : scan.kernels)
    ctx.out << ' ' << k.name << (k.is_template ? " (template, skipped)" : "");
  ctx.out << "\n";
  if (!scan.dropped.empty()) {
    ctx.out << "dropped host code:";
    for (const auto& d : scan.dropped) ctx.out << "\n  " << d;
    ctx.out << "\n";
  }
  ctx.out << "TODO:\n";
  for (const auto& t : files.todos) ctx.out << "  - " << t << "\n";
  ctx.out << "next: solver problems check " << name << " --problems-dir " << root.string()
          << " --compile-only\n";
  return kExitOk;
}

}  // namespace solver::cli
