// `solver problems check [P...]`: every variant of every problem at every knob point its
// constraints allow, through static validation, NVRTC compile (cached) and, with a GPU, the
// correctness gate. Exit 0 all passed, 1 any point failed, 2 a spec is bad.
#include <filesystem>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "engine/backend/open_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/run/run_inputs.h"
#include "generators/compile_ahead.h"
#include "generators/measured_class_check.h"
#include "generators/nvrtc_compiler.h"
#include "generators/param_types.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_facts_store.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/validate.h"
#include "generators/variant_space.h"

namespace solver::cli {

namespace {

namespace fs = std::filesystem;
namespace gen = solver::generators;

struct CheckOptions {
  std::string root;
  std::vector<std::string> names;
  std::string chip;
  std::string cache_dir;
  bool compile_only = false;
  bool json = false;
  bool no_cache = false;
  int jobs = 1;  // compile threads (--jobs): >1 compiles every point ahead into the cache
  bool count_only = false;
  // --seed-only: the reference and the seed variant at its starting point (each knob's
  // default), the points a problem-level check (the gate's tolerance lint) needs.
  bool seed_only = false;
};

struct Row {
  Row(std::string p, std::string k) : problem(std::move(p)), key(std::move(k)) {}
  std::string problem, key;
  std::string static_result = "ok";
  std::string compile = "-";
  double compile_s = 0;
  std::string gate = "-";
  std::string regs, smem, spills;  // from ptxas, per launch ("32/40" for two launches)
  std::string detail;
  std::string log;  // compiler log of a failed compile, printed after the table
  bool failed = false;
  // The gate's wall time per phase (GateResult::phases_ms, nested "phase/scope" keys), in the
  // JSON only: where a large problem's gate spends its time (scripts/gpu/probe_gate_cost.sh).
  std::map<std::string, double> gate_phases_ms;
};

std::string first_line(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  return line.size() > 100 ? line.substr(0, 97) + "..." : line;
}

// First error line of an NVRTC log (the log starts with the file name and line of the error).
std::string log_headline(const std::string& log) {
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find("error") != std::string::npos) return first_line(line);
  return first_line(log);
}

std::vector<gen::ProblemSpec> load(const CheckOptions& o) {
  if (o.names.empty()) return gen::load_problems(o.root);
  engine::check_problem_names(o.names);  // names inside --problems-dir, never paths
  std::vector<gen::ProblemSpec> out;
  std::vector<rules::Diagnostic> errors;
  for (const auto& n : o.names) {
    fs::path dir = fs::path(o.root) / n;
    if (!fs::exists(dir / "problem.yaml")) {
      errors.push_back({{dir.string(), 0, 0}, unknown_problem_message(n, o.root)});
      continue;
    }
    try {
      out.push_back(gen::load_problem(dir.string()));
    } catch (const rules::InputError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
  }
  if (!errors.empty()) throw rules::InputError("problems check: bad problem specs", errors);
  return out;
}

// Registers, shared memory (static from ptxas + the launch's dynamic) and spill bytes of each
// launch's kernel; a launch whose total shared memory exceeds the chip's limit fails here,
// before any GPU sees it.
void usage_columns(const gen::ResolvedVariant& rv, const gen::CompileResult& c,
                   const rules::ChipProfile& chip, Row& row) {
  auto add = [](std::string& col, const std::string& v) { col += (col.empty() ? "" : "/") + v; };
  for (const auto& l : rv.launches) {
    const gen::KernelUsage* k = nullptr;
    for (const auto& u : c.kernels)
      if (u.entry == l.entry) k = &u;
    if (!k) continue;
    add(row.regs, std::to_string(k->registers));
    add(row.smem, std::to_string(k->static_smem_bytes + l.smem_bytes));
    add(row.spills, std::to_string(k->spill_store_bytes + k->spill_load_bytes));
    std::string over = gen::check_total_smem(k->static_smem_bytes, l.smem_bytes, chip);
    if (!over.empty()) {
      row.failed = true;
      row.detail = l.entry + ": " + over;
    }
  }
}

void compile_row(const gen::ResolvedVariant& rv, gen::CompileCache* cache,
                 const rules::ChipProfile& chip, Row& row) {
  // Parameter types against what the problem passes: from the source, before any compile.
  if (auto bad = gen::param_type_mismatches(rv); !bad.empty()) {
    row.static_result = "param types";
    row.failed = true;
    row.detail =
        bad.front() + (bad.size() > 1 ? " (+" + std::to_string(bad.size() - 1) + " more)" : "");
    for (const auto& b : bad) row.log += b + "\n";
    return;
  }
  if (!gen::nvrtc_available()) {
    row.compile = "no NVRTC";
    row.detail = gen::nvrtc_unavailable_reason();
    return;
  }
  gen::CompileResult c = gen::compile_variant(rv, cache);
  row.compile_s = c.seconds;
  if (c.ok) {
    row.compile = c.cache_hit ? "cached" : "ok";
    usage_columns(rv, c, chip, row);
    if (!c.scan_note.empty())  // a code fact left absent, and why
      row.detail = (row.detail.empty() ? "" : row.detail + "; ") + c.scan_note;
    // The precision the PTX computes in must be the one the variant declares (the gate's
    // precision_mismatch, found here without a GPU). The reference is trusted.
    if (rv.variant != "__reference__" && !c.ptx.empty()) {
      std::set<gen::DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      std::string why =
          gen::precision_mismatch(gen::scan_ptx_precision(c.ptx, gen::float_params(rv)),
                                  rv.precision, dtypes, gen::fp64_outputs_measured(rv));
      if (!why.empty()) {
        row.compile = "precision";
        row.failed = true;
        row.detail = "precision_mismatch: " + why;
      }
      // Device heap use: the gate's invalid_spec (red team 8, ptx_module_memory.h).
      if (std::string heap = gen::heap_refusal(gen::scan_ptx_module_memory(c.ptx)); !heap.empty()) {
        row.compile = "invalid";
        row.failed = true;
        row.detail = (row.detail.empty() ? "" : row.detail + "; ") + "invalid_spec: " + heap;
      }
      // Work that follows the clock: the gate's invalid_spec (red team 36, ptx_clock_work.h).
      if (std::string why = gen::clock_work_refusal(gen::scan_ptx_clock_work(c.ptx));
          !why.empty()) {
        row.compile = "invalid";
        row.failed = true;
        row.detail = (row.detail.empty() ? "" : row.detail + "; ") + "invalid_spec: " + why;
      }
    }
    return;
  }
  row.compile = "error";
  row.failed = true;
  // A missing entry is found after a successful compile: its reason is the error itself.
  bool compiler_said = c.error.rfind("compile error", 0) == 0;
  row.detail = c.log.empty() || !compiler_said ? first_line(c.error) : log_headline(c.log);
  row.log = c.log;
}

void gate_row(engine::Backend* backend, const gen::ProblemSpec& p, const gen::KnobValues& knobs,
              const std::string& variant, Row& row) {
  if (!backend || row.failed) return;
  engine::GateResult g = backend->gate(engine::VariantRef{p.name, variant, knobs});
  row.gate = engine::to_string(g.status);
  row.gate_phases_ms = g.phases_ms;
  // The gate's tolerance lint (engine/backend/gpu/sample_lint.h): its refusal (the problem's
  // spec, invalid_spec) is said whole, with its shares and what to tighten.
  const char* kLint = "tolerance admits a 1-in-2 sample";
  if (!g.passed()) {
    row.failed = true;
    if (row.detail.empty())
      row.detail = g.detail.rfind(kLint, 0) == 0 ? g.detail : first_line(g.detail);
  } else if (row.detail.empty()) {
    std::ostringstream s;
    s << "max rel err " << format_number(g.max_rel_err) << " over " << g.input_sets
      << " input sets";
    // The lint's note on a passed gate: which set told the 1-in-2 echo apart.
    const auto lint = g.detail.find("1-in-2 echo");
    if (lint != std::string::npos)
      s << "; " << g.detail.substr(lint, g.detail.find("; ", lint) - lint);
    // P4m (gpu/scratch_resolution.h): the scratch's measured resolution, or why not judged.
    const auto res = g.detail.find("scratch resolution: ");
    if (res != std::string::npos) s << "; " << g.detail.substr(res, g.detail.find("; ", res) - res);
    row.detail = s.str();
  }
}

// One line per checked point on stderr as it finishes, so a long pool shows where it is.
void progress_line(std::ostream& err, std::size_t n, std::size_t total, const Row& r) {
  err << "  [" << n << "/" << total << "] " << r.problem << ' ' << r.key << ": "
      << (r.static_result != "ok" ? r.static_result : "compile " + r.compile)
      << (r.gate != "-" ? ", gate " + r.gate : "") << '\n';
  err.flush();
}

// The rows check_problem makes: the reference, one per knob point, one per variant off chip.
std::size_t count_points(const gen::ProblemSpec& p, const rules::ChipProfile& chip) {
  std::size_t n = 1;
  for (const auto& v : p.variants)
    n += gen::missing_capabilities(v, chip).empty() ? gen::enumerate_knobs(p, v).size() : 1;
  return n;
}

// The seed's starting point (each knob's default, else its first value), where the problem's
// constraints admit it; else the seed's first admitted point.
std::vector<gen::KnobValues> seed_points(const gen::ProblemSpec& p, const gen::VariantSpec& v) {
  std::vector<gen::KnobValues> all = gen::enumerate_knobs(p, v);
  gen::KnobValues start;
  for (const auto& k : v.knobs) start[k.name] = k.default_value.value_or(k.values.front());
  for (const auto& k : all)
    if (k == start) return {k};
  if (all.empty()) return {};
  return {all.front()};
}

std::vector<Row> check_problem(const gen::ProblemSpec& p, const rules::ChipProfile& chip,
                               gen::CompileCache* cache, engine::Backend* backend,
                               std::ostream& err, bool seed_only) {
  std::vector<Row> rows;
  const std::string seed =
      p.seed_variant.empty() && !p.variants.empty() ? p.variants.front().id : p.seed_variant;
  const std::size_t total = seed_only ? 2 : count_points(p, chip);
  auto done = [&](Row row) {
    progress_line(err, rows.size() + 1, total, row);
    rows.push_back(std::move(row));
  };
  Row ref(p.name, "(reference)");
  gen::ResolvedVariant rref = gen::resolve_reference(p, chip);
  if (!rref.ok()) {
    ref.static_result = "invalid";
    ref.failed = true;
    ref.detail = first_line(rref.issues.front().to_string());
  } else {
    compile_row(rref, cache, chip, ref);
  }
  done(ref);
  for (const auto& v : p.variants) {
    if (seed_only && v.id != seed) continue;
    // Outside this chip's pool (its `chip:` guard): one row that says why, not a failure.
    if (auto missing = gen::missing_capabilities(v, chip); !missing.empty()) {
      Row row(p.name, v.id);
      row.static_result = "not on chip";
      std::string caps;
      for (const auto& c : missing) caps += (caps.empty() ? "" : ", ") + c;
      row.detail =
          "needs " + caps + ", which " + chip.id + " lacks: never compiled or proposed here";
      done(std::move(row));
      continue;
    }
    for (const auto& knobs : seed_only ? seed_points(p, v) : gen::enumerate_knobs(p, v)) {
      Row row(p.name, gen::variant_key(v.id, knobs));
      auto issues = gen::validate(p, v, knobs, chip);
      if (!issues.empty()) {
        row.static_result = "invalid";
        row.failed = true;
        row.detail = issues.front().to_string();
        if (issues.size() > 1) row.detail += " (+" + std::to_string(issues.size() - 1) + " more)";
      } else {
        compile_row(gen::resolve(p, v, knobs, chip), cache, chip, row);
        gate_row(backend, p, knobs, v.id, row);
      }
      done(std::move(row));
    }
  }
  return rows;
}

}  // namespace

int run_problems_check(Context& ctx) {
  po::options_description opts("options");
  CheckOptions o;
  opts.add_options()("problem", po::value<std::vector<std::string>>(),
                     "problem names (default: all)")(
      "problems-dir", po::value<std::string>(),
      "folder of problem folders (default: problems/ in the data dir)")(
      "chip", po::value<std::string>(),
      "check for this chips.yaml profile (default: the live device, else h200)")(
      "compile-only", "validate and compile only; no correctness gate")(
      "cache-dir", po::value<std::string>(), "NVRTC cache folder (default: ~/.cache/solver/nvrtc)")(
      "no-cache",
      "compile everything afresh; the gate runs the tolerance lint afresh (no cached verdict)")(
      "json", "print the results as JSON")("jobs", po::value<int>(),
                                           "compile on N threads (0: all hardware threads)")(
      "count", "print each variant's number of knob points and the pool's; nothing compiled")(
      "seed-only", "the reference and the seed at its starting point only (a problem's checks)");
  po::positional_options_description pos;
  pos.add("problem", -1);
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "problems check",
          "[P...] [--problems-dir DIR] [--chip NAME] [--compile-only] [--seed-only] [--json]", opts,
          vm, &pos))
    return *rc;
  o.root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  if (vm.count("problem")) o.names = vm["problem"].as<std::vector<std::string>>();
  o.chip = vm.count("chip") ? vm["chip"].as<std::string>() : "";
  o.cache_dir =
      vm.count("cache-dir") ? vm["cache-dir"].as<std::string>() : gen::default_cache_dir();
  o.compile_only = vm.count("compile-only") > 0;
  o.no_cache = vm.count("no-cache") > 0;
  o.json = vm.count("json") > 0;
  o.count_only = vm.count("count") > 0;
  o.seed_only = vm.count("seed-only") > 0;
  if (vm.count("jobs")) {
    o.jobs = vm["jobs"].as<int>();
    if (o.jobs < 0)
      throw rules::InputError(rules::Diagnostic{{"--jobs", 0, 0}, "--jobs must be >= 0"});
    if (o.jobs == 0) o.jobs = gen::default_compile_jobs();
  }

  std::vector<gen::ProblemSpec> problems = load(o);  // bad specs: InputError -> exit 2
  rules::ChipTable chips = load_chips(ctx);
  if (o.count_only) {
    // The pool sizes by the solver's own enumeration (issue 30's large pools are counted so).
    const rules::ChipProfile& chip = resolve_chip(chips, o.chip.empty() ? "h200" : o.chip);
    nlohmann::json j = nlohmann::json::object();
    for (const auto& p : problems) {
      std::size_t total = 0;
      for (const auto& v : p.variants) {
        std::size_t n =
            gen::missing_capabilities(v, chip).empty() ? gen::enumerate_knobs(p, v).size() : 0;
        total += n;
        j[p.name]["variants"][v.id] = n;
        if (!o.json) ctx.out << p.name << ' ' << v.id << ' ' << n << '\n';
      }
      j[p.name]["points"] = total;
      if (!o.json) ctx.out << p.name << " (pool) " << total << '\n';
    }
    if (o.json) print_json(ctx.out, j);
    return kExitOk;
  }

  std::unique_ptr<engine::Backend> backend;
  std::string gate_note = "skipped (--compile-only)";
  if (!o.compile_only) {
    engine::BackendSpec spec;
    spec.kind = "live";
    spec.live.problems_root = o.root;
    spec.live.chips_file = chips_file(ctx.data_dir);
    spec.live.cache_dir = o.cache_dir;
    spec.live.lint_cache = !o.no_cache;  // the lint's verdict cache too (gpu/lint_cache.h)
    auto opened = engine::open_backend(spec);
    backend = std::move(opened.backend);
    const std::string& why = opened.why_not_live;
    gate_note = backend ? "live on " + backend->info().device_name : "no GPU: " + why;
    if (!backend) ctx.err << "solver problems check: no correctness gate: " << why << '\n';
  }
  std::string chip_name = o.chip;
  if (chip_name.empty()) chip_name = backend ? backend->info().chip_id : "h200";
  const rules::ChipProfile& chip = resolve_chip(chips, chip_name);
  if (backend && !o.chip.empty() && o.chip != backend->info().chip_id)
    ctx.err << "solver problems check: note: checking for --chip " << o.chip
            << " but gating on the live " << backend->info().chip_id << '\n';

  std::unique_ptr<gen::CompileCache> cache;
  if (!o.no_cache) cache = std::make_unique<gen::CompileCache>(o.cache_dir);
  // The PTX scans' facts beside the compiles (generators/ptx_facts_store.h), as the worker keeps
  // them.
  if (!o.no_cache) gen::set_ptx_facts_dir(o.cache_dir);
  std::string compiler =
      gen::nvrtc_available() ? "NVRTC " + gen::nvrtc_version() : gen::nvrtc_unavailable_reason();

  if (o.jobs > 1 && cache && gen::nvrtc_available() && !o.seed_only) {
    // Every valid point compiled on o.jobs threads into the cache first; the rows below then
    // read their compile (log, registers, precision) from it.
    std::vector<gen::ResolvedVariant> items;
    for (const auto& p : problems) {
      items.push_back(gen::resolve_reference(p, chip));
      for (const auto& v : p.variants)
        if (gen::missing_capabilities(v, chip).empty())
          for (const auto& knobs : gen::enumerate_knobs(p, v))
            if (gen::validate(p, v, knobs, chip).empty())
              items.push_back(gen::resolve(p, v, knobs, chip));
    }
    ctx.err << "compiling " << items.size() << " points on " << o.jobs << " threads\n";
    gen::CompileAhead ahead(std::move(items), cache.get(), o.jobs);
    for (std::size_t i = 0; i < ahead.size(); ++i) ahead.wait(i);
  }
  std::vector<Row> rows;
  std::vector<std::string> warnings;  // lint: valid specs a kernel could exploit
  for (const auto& p : problems) {
    ctx.err << "checking " << p.name << " (" << p.variants.size() << " variants, "
            << count_points(p, chip) << " points with the reference)\n";
    auto r = check_problem(p, chip, cache.get(), backend.get(), ctx.err, o.seed_only);
    rows.insert(rows.end(), r.begin(), r.end());
    for (const auto& d : gen::lint_problem(p))
      warnings.push_back(d.where.to_string() + ": warning: " + d.message);
  }
  int failures = 0;
  // Without a GPU the gate column says so on every row rather than looking like a pass.
  const std::string no_gate = o.compile_only ? "-" : "no GPU";
  Table table({"problem", "variant", "static", "compile", "compile s", "regs", "smem B", "spill B",
               "gate", "detail"});
  nlohmann::json jrows = nlohmann::json::array();
  for (const auto& r : rows) {
    failures += r.failed ? 1 : 0;
    std::string gate = backend ? r.gate : no_gate;
    table.add_row({r.problem, r.key, r.static_result, r.compile,
                   r.compile == "ok" ? format_number(r.compile_s) : "", r.regs, r.smem, r.spills,
                   gate, r.detail});
    jrows.push_back({{"problem", r.problem},
                     {"variant", r.key},
                     {"static", r.static_result},
                     {"compile", r.compile},
                     {"compile_s", r.compile_s},
                     {"registers", r.regs},
                     {"smem_bytes", r.smem},
                     {"spill_bytes", r.spills},
                     {"gate", gate},
                     {"detail", r.detail},
                     {"log", r.log},
                     {"failed", r.failed}});
    if (!r.gate_phases_ms.empty()) jrows.back()["gate_phases_ms"] = r.gate_phases_ms;
  }
  if (o.json) {
    nlohmann::json j;
    j["chip"] = chip.id;
    j["arch"] = gen::chip_arch(chip);
    j["compiler"] = compiler;
    j["gate"] = gate_note;
    j["points"] = rows.size();
    j["failures"] = failures;
    j["rows"] = jrows;
    j["warnings"] = warnings;
    print_json(ctx.out, j);
  } else {
    ctx.out << "chip " << chip.id << " (" << gen::chip_arch(chip) << "), compiler: " << compiler
            << ", gate: " << gate_note << "\n\n";
    table.print(ctx.out);
    for (const auto& r : rows)
      if (!r.log.empty())
        ctx.out << "\n--- " << r.problem << ' ' << r.key << " compile log:\n" << r.log;
    if (!warnings.empty()) ctx.out << '\n';
    for (const auto& w : warnings) ctx.out << w << '\n';
    ctx.out << '\n' << rows.size() << " points checked, " << failures << " failed";
    if (!warnings.empty()) ctx.out << ", " << warnings.size() << " warning(s)";
    ctx.out << '\n';
  }
  return failures ? kExitFailure : kExitOk;
}

}  // namespace solver::cli
