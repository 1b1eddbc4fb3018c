// `solver problems export P --variant KEY --out DIR [--chip C]`: one variant at one knob point,
// compiled by NVRTC exactly as the GPU worker compiles it (the same resolve, options and
// cache), written as DIR/<P>.cubin and a JSON of everything a launcher outside solver needs to
// run it on the buffers of its choice: the entries in order, grid, block, dynamic shared
// memory, each argument (buffer, scalar with its dtype and value, tensor map with its box and
// swizzle), the buffers' dtypes, shapes, roles and initial distributions, the precision class
// and the source hash. bench/parity.py loads it through the CUDA driver API next to PyTorch
// (docs/results.md, "One run, both sides"). NVRTC needs no GPU: this runs anywhere.
#include <filesystem>
#include <ostream>

#include <nlohmann/json.hpp>

#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/cli/paths.h"
#include "engine/run/run_inputs.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/diagnostics.h"
#include "rules/text_file.h"

namespace solver::cli {

namespace {

namespace fs = std::filesystem;
namespace gen = solver::generators;
using json = nlohmann::json;

json launch_json(const gen::ResolvedVariant& rv, const gen::ResolvedLaunch& l) {
  json args = json::array();
  for (const auto& a : l.args) {
    json j{{"name", a.name}};
    switch (a.kind) {
      case gen::ResolvedArg::Kind::Buffer:
        j["kind"] = "buffer";
        break;
      case gen::ResolvedArg::Kind::Scalar: {
        const auto& s = rv.scalars.at(static_cast<std::size_t>(a.index));
        j["kind"] = "scalar";
        j["dtype"] = gen::to_string(s.dtype);
        j["value"] = s.value;
        break;
      }
      case gen::ResolvedArg::Kind::TensorMap:
        j["kind"] = "tensor_map";
        break;
    }
    args.push_back(std::move(j));
  }
  return {{"entry", l.entry},
          {"grid", l.grid},
          {"block", l.block},
          {"smem", l.smem_bytes},
          {"args", std::move(args)}};
}

json export_json(const gen::ProblemSpec& spec, const gen::ResolvedVariant& rv,
                 const rules::ChipProfile& chip, const std::string& cubin_file) {
  json buffers = json::array();
  for (std::size_t i = 0; i < rv.buffers.size(); ++i) {
    const auto& b = rv.buffers[i];
    buffers.push_back({{"name", b.name},
                       {"dtype", gen::to_string(b.dtype)},
                       {"shape", b.shape},
                       {"elements", b.elements},
                       {"bytes", b.bytes},
                       {"role", gen::to_string(b.role)},
                       {"init", {{"dist", b.init.kind}, {"a", b.init.a}, {"b", b.init.b}}},
                       {"zero_before_run", b.zero_before_run}});
    // The tolerance this output is checked at, where it has its own (else the variant's).
    if (b.tolerance) {
      const gen::Tolerance t = gen::output_tolerance(rv, i);
      buffers.back()["tolerance"] = {{"rtol", t.rtol}, {"atol", t.atol}};
    }
  }
  json maps = json::array();
  for (const auto& m : rv.tensor_maps)
    maps.push_back({{"name", m.name},
                    {"buffer", rv.buffers.at(static_cast<std::size_t>(m.buffer)).name},
                    {"dtype", gen::to_string(m.dtype)},
                    {"dims", m.dims},
                    {"strides", m.strides},
                    {"box", m.box},
                    {"swizzle", m.swizzle_bytes}});
  json launches = json::array();
  for (const auto& l : rv.launches) launches.push_back(launch_json(rv, l));
  return {{"format", "solver-kernel-export"},
          {"version", 1},
          {"problem", spec.name},
          {"variant", rv.key},
          {"precision", rv.precision},
          {"tolerance", {{"rtol", rv.tolerance.rtol}, {"atol", rv.tolerance.atol}}},
          {"chip", chip.id},
          {"arch", rv.arch},
          {"source_hash", rv.source_hash},
          {"source", rv.source_path},
          {"cubin", cubin_file},
          {"flops", rv.flops},
          {"bytes", rv.bytes},
          {"buffers", std::move(buffers)},
          {"tensor_maps", std::move(maps)},
          {"launches", std::move(launches)}};
}

}  // namespace

int run_problems_export(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problem", po::value<std::string>(), "the problem (a folder name)")(
      "variant", po::value<std::string>(), "the variant at a knob point, e.g. 'tiled[TILE=32]'")(
      "out", po::value<std::string>(), "folder to write <problem>.cubin and <problem>.json in")(
      "problems-dir", po::value<std::string>(),
      "folder of problem folders (default: problems/ in the data dir)")(
      "chip", po::value<std::string>()->default_value("h200"),
      "compile for this chips.yaml profile")("cache-dir", po::value<std::string>(),
                                             "NVRTC cache folder (default: ~/.cache/solver/nvrtc)");
  po::positional_options_description pos;
  pos.add("problem", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "problems export", "P --variant KEY --out DIR [--chip C]", opts,
                              vm, &pos))
    return *rc;
  if (!vm.count("problem") || !vm.count("variant") || !vm.count("out")) {
    ctx.err << "solver problems export: give P, --variant KEY and --out DIR (see: solver problems "
               "export --help)\n";
    return kExitBadInput;
  }
  const std::string name = vm["problem"].as<std::string>();
  const std::string root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  engine::check_problem_names({name});
  const fs::path dir = fs::path(root) / name;
  if (!fs::exists(dir / "problem.yaml"))
    throw rules::InputError(
        rules::Diagnostic{{dir.string(), 0, 0}, unknown_problem_message(name, root)});
  gen::ProblemSpec spec = gen::load_problem(dir.string());
  auto [id, knobs] = gen::parse_variant_key(vm["variant"].as<std::string>());
  const gen::VariantSpec* variant = spec.find_variant(id);
  if (!variant)
    throw rules::InputError(
        rules::Diagnostic{{spec.file, 0, 0}, "problem " + name + " has no variant '" + id + "'"});
  if (auto ok = gen::knob_point_allowed(spec, *variant, knobs); !ok)
    throw rules::InputError(rules::Diagnostic{
        {spec.file, 0, 0}, vm["variant"].as<std::string>() + ": " + ok.error().why});
  rules::ChipTable chips = load_chips(ctx);
  const rules::ChipProfile& chip = resolve_chip(chips, vm["chip"].as<std::string>());
  // The output folder is an input: one that cannot be made (a file in its place, a missing
  // mount) is refused before the compile, exit 2, not after it as a failure of the work.
  const fs::path out = vm["out"].as<std::string>();
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!fs::is_directory(out, ec))
    throw rules::InputError(
        rules::Diagnostic{{out.string(), 0, 0},
                          "--out: cannot make this folder (a file in its place, or a parent "
                          "that is not a writable folder)"});
  gen::ResolvedVariant rv = gen::resolve(spec, *variant, knobs, chip);
  if (!rv.issues.empty())
    throw rules::InputError("problems export: the variant does not resolve", rv.issues);
  const std::string cache_dir =
      vm.count("cache-dir") ? vm["cache-dir"].as<std::string>() : gen::default_cache_dir();
  gen::CompileCache cache(cache_dir);
  gen::CompileResult c = gen::compile_variant(rv, &cache);
  if (!c.ok) {
    ctx.err << "solver problems export: " << rv.key << ": " << c.error << "\n" << c.log << "\n";
    return kExitFailure;
  }
  const fs::path cubin = out / (name + ".cubin");
  const fs::path meta = out / (name + ".json");
  // Whole or not at all: written to a temporary name and renamed (a failed write throws, naming
  // the file). Plain streams left a half-written cubin, and an old file or a folder of that
  // name passed the existence check, so a failed export said "wrote".
  rules::write_file_atomically(cubin.string(), c.cubin);
  rules::write_file_atomically(
      meta.string(), export_json(spec, rv, chip, cubin.filename().string())
                             .dump(1, ' ', false, nlohmann::json::error_handler_t::replace) +
                         "\n");
  ctx.out << "wrote " << meta.string() << " and " << cubin.string() << " (" << rv.key << ", "
          << rv.precision << ", " << c.cubin.size() << " bytes of " << rv.arch << " cubin)\n";
  return kExitOk;
}

}  // namespace solver::cli
