// `solver eval --suite DIR`: classify every kernel of a labelled suite (tests/labelled/) and
// score the fired rules' bottlenecks against the labels. Three sources of signals:
//   live (default)       each suite problem's seed variant gated and profiled on this GPU
//   --signals-dir D      recorded: D/<problem>.json, one signal file per suite kernel
//   --ncu-csv F          recorded: an Nsight Compute export; rows map to suite kernels by name
// It prints per-class results, overall accuracy and the confusions (label -> got, the fired
// rule and the signal values that decided it). Low accuracy is a result, not an error: exit 0;
// bad input (suite, labels, rules, signal files) exits 2.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "engine/backend/open_backend.h"
#include "engine/backend/pc_sampling_json.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/eval/eval_score.h"
#include "engine/eval/eval_suite.h"
#include "engine/eval/ncu_problem.h"
#include "engine/eval/ncu_report.h"
#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "profiling/signal_file.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

namespace solver::cli {
namespace {

namespace fs = std::filesystem;
using engine::EvalCase;
using engine::EvalReport;
using engine::LabelledKernel;

struct EvalOptions {
  std::string suite, backend, signals_dir, ncu_csv, chip, rules_path, save_signals, confirm_dir,
      confirm_csv, split = "all";
  bool json = false;
};

std::string value_text(const rules::Value& v) {
  return std::holds_alternative<double>(v) ? format_number(std::get<double>(v))
                                           : rules::format_value(v);
}

// The suite with only the part `split` names (all, dev: not held out, heldout). A suite without
// heldout.txt has no parts: asking for one is bad input.
engine::LabelledSuite load_split(const EvalOptions& o) {
  engine::LabelledSuite suite = engine::load_labelled_suite(o.suite);
  if (o.split == "all") return suite;
  if (!suite.has_split)
    throw rules::InputError(rules::Diagnostic{
        {o.suite, 0, 0},
        "--split " + o.split + ": this suite has no heldout.txt, so no held-out part"});
  const bool want_held = o.split == "heldout";
  std::erase_if(suite.kernels,
                [&](const engine::LabelledKernel& k) { return k.held_out != want_held; });
  return suite;
}

double row_time(const profiling::NcuKernel& k) {
  auto it = k.raw.find(std::string(profiling::metric::kTime));
  return it == k.raw.end() ? -1 : it->second;
}

// A code fact a signal file recorded before the scan existed (`load_chain` and the access
// strides, issue 29) is computed as the live profile and the ncu path compute it: an NVRTC
// compile of the suite problem's variant for the chip and the same PTX scan of its launched
// entries (no GPU). A fact the file holds is kept; one no compile gives stays missing, with
// the compile's note (a kernel with no global access has no stride shares).
void add_code_facts(const LabelledKernel& k, const rules::ChipProfile& chip,
                    profiling::SignalFile& f, generators::CompileCache& cache) {
  auto missing = [&](const char* s) { return rules::is_missing(f.signals.get(s)); };
  auto set = [&](const char* s, const auto& v) {
    if (missing(s) && v) f.signals.set(s, double(*v));
  };
  auto set_all = [&](const auto& from) {  // a SignalFile or an NcuProblemFacts: the same names
    set("load_chain", from.code_load_chain);
    set("code_contiguous_access_frac", from.code_contiguous_access_frac);
    set("code_strided_access_frac", from.code_strided_access_frac);
    set("code_store_fill_frac", from.code_store_fill_frac);
    set("code_index_load_frac", from.code_index_load_frac);
    set("code_guard_lanes", from.code_guard_lanes);
  };
  set_all(f);
  if (!missing("code_guard_lanes")) return;  // else unscanned, or no guard: scan (disk-cached)
  engine::NcuProblemResult facts =
      engine::ncu_problem_facts(k.dir, k.variant, k.knobs, chip, &cache);
  set_all(facts.facts);
  if (missing("load_chain"))  // a file that held its facts needs no note of a failed compile
    f.notes.insert(f.notes.end(), facts.notes.begin(), facts.notes.end());
}

void from_signals_dir(const EvalOptions& o, const engine::LabelledSuite& suite,
                      const rules::ChipTable& chips, rules::Matcher& matcher, EvalReport& report) {
  generators::CompileCache cache(generators::default_cache_dir());
  if (!fs::is_directory(o.signals_dir))
    throw rules::InputError(
        rules::Diagnostic{{o.signals_dir, 0, 0}, "--signals-dir: not a folder"});
  std::vector<std::string> chips_seen;
  for (const auto& k : suite.kernels) {
    fs::path file = fs::path(o.signals_dir) / (k.name + ".json");
    if (!fs::exists(file)) {
      report.cases.push_back(engine::unmeasured_case(k, "no signal file " + file.string()));
      continue;
    }
    profiling::SignalFile f = profiling::load_signal_file(file.string());  // bad file: exit 2
    std::string chip_name = !o.chip.empty() ? o.chip : f.chip.value_or("");
    if (chip_name.empty())
      throw rules::InputError(rules::Diagnostic{
          {file.string(), 0, 0}, "names no chip: pass --chip NAME (see: solver chips)"});
    const rules::ChipProfile& chip = resolve_chip(chips, chip_name);
    if (std::find(chips_seen.begin(), chips_seen.end(), chip.id) == chips_seen.end())
      chips_seen.push_back(chip.id);
    add_code_facts(k, chip, f, cache);
    if (!o.save_signals.empty()) engine::save_signal_file(o.save_signals, k.name, f);
    rules::MatchResult m = matcher.match(rules::SignalVector(f.signals), chip);
    EvalCase c = engine::score_case(k, m, file.string(), &f.signals);
    for (const auto& n : f.notes) c.detail += (c.detail.empty() ? "" : "; ") + n;
    report.cases.push_back(std::move(c));
  }
  report.chip = join(chips_seen, ",");
}

void from_ncu_csv(const EvalOptions& o, const engine::LabelledSuite& suite,
                  const rules::ChipTable& chips, rules::Matcher& matcher, EvalReport& report,
                  std::vector<std::string>& unmatched) {
  profiling::NcuExport ex = engine::load_ncu_export(o.ncu_csv);
  // Each export row belongs to the suite kernel whose launches name it; a name two suite
  // kernels share cannot be told apart, so that is bad input.
  std::map<std::string, const LabelledKernel*> owner;
  std::vector<rules::Diagnostic> errors;
  for (const auto& k : suite.kernels)
    for (const auto& e : k.entries) {
      auto [it, fresh] = owner.emplace(e, &k);
      if (!fresh)
        errors.push_back({{k.dir + "/problem.yaml", 0, 0},
                          "kernel '" + e + "' is launched by both " + it->second->name + " and " +
                              k.name + ": an ncu export cannot tell their rows apart"});
    }
  if (!errors.empty()) throw rules::InputError("eval --ncu-csv", errors);
  std::map<const LabelledKernel*, std::vector<std::size_t>> rows;
  for (std::size_t i = 0; i < ex.kernels.size(); ++i) {
    auto it = owner.find(profiling::kernel_base_name(ex.kernels[i].name));
    if (it == owner.end())
      unmatched.push_back(ex.kernels[i].name + " (line " + std::to_string(ex.kernels[i].line) +
                          ")");
    else
      rows[it->second].push_back(i);
  }
  std::vector<std::string> chips_seen;
  generators::CompileCache cache(generators::default_cache_dir());
  for (const auto& k : suite.kernels) {
    auto it = rows.find(&k);
    if (it == rows.end()) {
      report.cases.push_back(
          engine::unmeasured_case(k, "no row of " + o.ncu_csv + " names " + join(k.entries, ", ")));
      continue;
    }
    // Every exported launch of the problem's kernels merged, as the live profile sums one run
    // of all its launches; the problem is the whole subject, so its weight is 1 (a kernel of
    // the suite is not a part of some larger program). The longest launch names the device.
    std::size_t longest = it->second.front();
    for (std::size_t i : it->second)
      if (row_time(ex.kernels[i]) > row_time(ex.kernels[longest])) longest = i;
    const profiling::NcuKernel& row = ex.kernels[longest];
    const rules::ChipProfile* chip =
        !o.chip.empty() ? &resolve_chip(chips, o.chip) : chips.find(row.device);
    if (!chip)
      throw rules::InputError(
          rules::Diagnostic{{o.ncu_csv, row.line, 1},
                            "device '" + row.device +
                                "' is not in chips.yaml: pass --chip NAME (see: solver chips)"});
    if (std::find(chips_seen.begin(), chips_seen.end(), chip->id) == chips_seen.end())
      chips_seen.push_back(chip->id);
    std::vector<profiling::NcuKernelGroup> groups{
        profiling::merge_ncu_rows(ex, it->second, k.name)};
    // What the export cannot hold (formulas, launches, precision, the code's facts) from the
    // problem folder: the same inputs the live profile derives from.
    engine::NcuProblemResult facts =
        engine::ncu_problem_facts(k.dir, k.variant, k.knobs, *chip, &cache);
    profiling::Derivation d =
        profiling::derive_ncu_kernel(ex, groups, 0, chip, std::nullopt, &facts.facts);
    d.notes.insert(d.notes.end(), facts.notes.begin(), facts.notes.end());
    if (!o.save_signals.empty())
      engine::save_signal_file(o.save_signals, k.name,
                               engine::derived_signal_file(k, d, chip->id, o.ncu_csv));
    rules::MatchResult m = matcher.match(rules::SignalVector(d.signals), *chip);
    EvalCase c = engine::score_case(k, m,
                                    o.ncu_csv + ":" + std::to_string(row.line) + " (" +
                                        std::to_string(it->second.size()) + " rows)",
                                    &d.signals);
    for (const auto& n : d.notes) c.detail += (c.detail.empty() ? "" : "; ") + n;
    report.cases.push_back(std::move(c));
  }
  report.chip = join(chips_seen, ",");
}

int from_live(Context& ctx, const EvalOptions& o, const engine::LabelledSuite& suite,
              const rules::ChipTable& chips, rules::Matcher& matcher, EvalReport& report) {
  engine::BackendSpec backend_spec;
  backend_spec.kind = "live";
  backend_spec.live.problems_root = suite.root;
  backend_spec.live.chips_file = chips_file(ctx.data_dir);
  auto [backend, why] = engine::open_backend(backend_spec);
  if (!backend) {
    ctx.err << "solver eval: no live GPU: " << why
            << "\nScore recorded signals instead: solver eval --suite DIR --signals-dir D (or "
               "--ncu-csv F); the labelled suite's H200 signals are bundled:\n  solver eval "
               "--suite tests/labelled --signals-dir "
            << fixture_file(ctx.data_dir, "labelled_h200") << "\n";
    return kExitFailure;
  }
  const rules::ChipProfile& chip =
      resolve_chip(chips, o.chip.empty() ? backend->info().chip_id : o.chip);
  report.chip = chip.id;
  for (const auto& k : suite.kernels) {
    engine::VariantRef ref{k.name, k.variant, k.knobs};
    const std::string at = "eval: " + k.name + "/" + ref.key();
    ctx.err << at << ": gate\n";
    auto t0 = std::chrono::steady_clock::now();  // each step's wall time and phases, on stderr
    engine::GateResult g = backend->gate(ref);
    // As `solver classify`: a refused answer, speed or tolerance is still diagnosed, the gate's
    // outcome beside the verdict; a kernel that did not run is not measured.
    const std::string gate_said = std::string(engine::to_string(g.status)) + ": " + g.detail;
    if (!g.passed() && !engine::gate_failure_diagnosable(g)) {
      report.cases.push_back(engine::unmeasured_case(k, "gate " + gate_said));
      continue;
    }
    ctx.err << at << ": profile (gate" << timed_phases(ms_since(t0), g.phases_ms) << ")\n";
    t0 = std::chrono::steady_clock::now();
    engine::ProfileResult p = backend->profile(ref);
    ctx.err << at << ": profiled in" << timed_phases(ms_since(t0), p.phases_ms) << "\n";
    if (!p.ok) {
      report.cases.push_back(engine::unmeasured_case(k, "profile: " + p.detail));
      continue;
    }
    rules::MatchResult m = matcher.match(rules::SignalVector(p.signals), chip);
    EvalCase c = engine::score_case(k, m, "live: " + backend->info().note, &p.signals);
    if (!p.detail.empty()) c.detail += (c.detail.empty() ? "" : "; ") + p.detail;
    if (!g.passed()) c.detail = "diagnosed, gate " + gate_said.substr(0, 180) + "; " + c.detail;
    report.cases.push_back(std::move(c));
    if (!o.save_signals.empty()) {  // re-scored offline with --signals-dir
      profiling::SignalFile f =
          engine::live_signal_file(k, ref.key(), p, chip.id, backend->info().device_name);
      engine::save_signal_file(o.save_signals, k.name, f);
      if (p.pc_sampling)  // its per-line samples, beside ncu's source view (pcsample_vs_ncu.sh)
        std::ofstream(fs::path(o.save_signals) / (k.name + ".pc.json"))
            << engine::to_json(*p.pc_sampling).dump(1) << "\n";
    }
  }
  return kExitOk;
}

// The labels' own evidence: each kernel's confirm: metrics read from DIR/<problem>.csv (an ncu
// raw export of that kernel, any metric columns) and compared with the label's ranges. The
// longest launch of the kernel speaks for it, as in eval.
int check_confirm(Context& ctx, const EvalOptions& o, const engine::LabelledSuite& suite) {
  // One export of every kernel (--confirm-csv) or one per kernel (--confirm-dir D/<problem>.csv).
  std::optional<profiling::NcuExport> shared;
  if (!o.confirm_csv.empty())
    shared = engine::load_ncu_export(o.confirm_csv);  // bad file: exit 2
  else if (!fs::is_directory(o.confirm_dir))
    throw rules::InputError(
        rules::Diagnostic{{o.confirm_dir, 0, 0}, "--confirm-dir: not a folder"});
  Table t({"kernel", "label", "metric", "expected", "measured", "ok"});
  nlohmann::json rows = nlohmann::json::array();
  int labels_ok = 0, labels_checked = 0, in_range = 0, metrics = 0;
  for (const auto& k : suite.kernels) {
    fs::path file = shared ? fs::path(o.confirm_csv) : fs::path(o.confirm_dir) / (k.name + ".csv");
    const profiling::NcuKernel* row = nullptr;
    profiling::NcuExport ex;
    std::string why;
    if (!shared && !fs::exists(file)) {
      why = "no capture " + file.string();
    } else {
      try {
        ex = shared ? *shared : profiling::load_ncu_csv(file.string());
      } catch (const rules::InputError& e) {
        why = e.diagnostics().empty() ? "unreadable" : e.diagnostics().front().to_string();
      }
      for (const auto& r : ex.kernels)
        if (std::find(k.entries.begin(), k.entries.end(), profiling::kernel_base_name(r.name)) !=
                k.entries.end() &&
            (!row || row_time(r) > row_time(*row)))
          row = &r;
      if (!row && why.empty()) why = "no row names " + join(k.entries, ", ");
    }
    bool all = row != nullptr;
    for (const auto& c : k.label.confirm) {
      std::optional<double> v;
      if (row) {
        if (auto it = row->raw.find(c.metric); it != row->raw.end())
          v = it->second;
        else if (auto jt = row->text.find(c.metric); jt != row->text.end()) {
          // A unit the importer does not scale: the number as ncu printed it (--print-units base).
          std::string digits;
          for (char ch : jt->second)
            if (ch != ',') digits += ch;
          try {
            v = std::stod(digits);
          } catch (const std::exception&) {}
        }
      }
      bool ok = v && *v >= c.low && *v <= c.high;
      all = all && ok;
      ++metrics;
      in_range += ok ? 1 : 0;
      std::string expected = "[" + format_number(c.low) + ", " + format_number(c.high) + "]";
      t.add_row({k.name, k.label.bottleneck, c.metric, expected, v ? format_number(*v) : "missing",
                 ok ? "yes" : "NO"});
      rows.push_back({{"kernel", k.name},
                      {"label", k.label.bottleneck},
                      {"metric", c.metric},
                      {"low", c.low},
                      {"high", c.high},
                      {"value", v ? nlohmann::json(*v) : nlohmann::json(nullptr)},
                      {"ok", ok},
                      {"detail", why}});
    }
    ++labels_checked;
    labels_ok += all ? 1 : 0;
  }
  if (o.json) {
    print_json(ctx.out, nlohmann::json{{"suite", o.suite},
                                       {"confirm_dir", o.confirm_dir},
                                       {"confirm_csv", o.confirm_csv},
                                       {"labels", labels_checked},
                                       {"labels_confirmed", labels_ok},
                                       {"metrics", metrics},
                                       {"metrics_in_range", in_range},
                                       {"rows", rows}});
  } else {
    t.print(ctx.out);
    ctx.out << "\nlabels confirmed (every confirm: metric in range): " << labels_ok << "/"
            << labels_checked << "; metrics in range: " << in_range << "/" << metrics << '\n';
  }
  return kExitOk;
}

void print_report(std::ostream& out, const EvalReport& r,
                  const std::vector<std::string>& unmatched) {
  out << "eval " << r.suite << ": " << r.total() << " kernels, " << r.backend << " on " << r.chip
      << ", rules " << r.rules_file << "\n\n";
  Table cases({"kernel", "label", "got", "fired rule", "ok"});
  for (const auto& c : r.cases)
    cases.add_row({c.kernel + (c.held_out ? " [held out]" : ""),
                   c.label + (c.pending ? " (pending class)" : ""),
                   c.got + (c.tie.empty() ? "" : " (tie: " + c.tie + ")"),
                   c.fired.empty() ? "-" : c.fired,
                   c.correct ? (c.accepted_alternative ? "yes (accepted)" : "yes") : "no"});
  cases.print(out);
  out << '\n';
  Table classes({"class", "n", "correct", "called"});
  for (const auto& s : r.classes())
    classes.add_row(
        {s.bottleneck, std::to_string(s.n), std::to_string(s.correct), std::to_string(s.called)});
  classes.print(out);
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * r.accuracy());
  out << "\noverall" << (r.split == "all" ? "" : " (" + r.split + " part)") << ": " << r.correct()
      << "/" << r.total() << " correct (" << pct << "), " << r.measured() << " measured\n";
  const auto ties = std::count_if(r.cases.begin(), r.cases.end(),
                                  [](const engine::EvalCase& c) { return !c.tie.empty(); });
  if (ties > 0)
    out << ties << " verdicts are ties (the class in parentheses is as likely on the next "
        << "measurement; scored by the first)\n";
  if (r.has_split)
    for (bool held : {false, true}) {
      auto [correct, total] = r.split_score(held);
      if (total == 0) continue;
      std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * correct / total);
      out << (held ? "held out (no threshold tuned on these): " : "dev: ") << correct << "/"
          << total << " correct (" << pct << ")\n";
    }
  auto conf = r.confusions();
  if (!conf.empty()) out << "\nconfusions (label -> got):\n";
  for (const EvalCase* c : conf) {
    out << "  " << c->kernel << ": " << c->label << " -> " << c->got;
    if (!c->fired.empty()) {
      std::vector<std::string> ev;
      for (const auto& [name, value] : c->evidence) ev.push_back(name + "=" + value_text(value));
      out << "  [" << c->fired << ": " << (ev.empty() ? "no signal read" : join(ev, ", ")) << "]";
    }
    out << '\n';
    if (c->got == engine::kNotMeasured || (c->got == "unexplained" && !c->detail.empty()))
      out << "      " << c->detail << '\n';
    else if (!c->missing_signals.empty())
      out << "      not measured: " << join(c->missing_signals, ", ") << '\n';
  }
  if (!unmatched.empty())
    out << "\n"
        << unmatched.size() << " export rows name no suite kernel (ignored), e.g. "
        << unmatched.front() << '\n';
}

}  // namespace

int run_eval(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("suite", po::value<std::string>(),
                     "labelled suite: a folder of problem folders with label.yaml")(
      "backend", po::value<std::string>(),
      "live (default without --signals-dir/--ncu-csv) or recorded")(
      "signals-dir", po::value<std::string>(), "recorded: folder of <problem>.json signal files")(
      "ncu-csv", po::value<std::string>(),
      "recorded: Nsight Compute export (ncu --csv --page raw ...) or .ncu-rep report")(
      "chip", po::value<std::string>(),
      "chips.yaml id or alias to classify as (default: the device / the file's chip)")(
      "rules", po::value<std::string>(), "rule table (default: rules/rules.yaml in the data dir)")(
      "save-signals", po::value<std::string>(),
      "also write the signals each kernel was classified from to DIR/<problem>.json")(
      "confirm-dir", po::value<std::string>(),
      "check each label's confirm: ranges against DIR/<problem>.csv (ncu raw exports)")(
      "confirm-csv", po::value<std::string>(),
      "as --confirm-dir, from one ncu raw export of every suite kernel")(
      "split", po::value<std::string>(),
      "all (default), dev or heldout: the part of the suite to score (its heldout.txt)")(
      "json", "print the results as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "eval",
          "--suite DIR [--backend live|recorded] [--signals-dir D | --ncu-csv F] [--chip C] "
          "[--rules F] [--save-signals D] [--split all|dev|heldout] [--json]\n       solver eval "
          "--suite DIR (--confirm-dir D | --confirm-csv F) [--split all|dev|heldout] [--json]",
          opts, vm))
    return *rc;
  EvalOptions o;
  auto get = [&](const char* k) { return vm.count(k) ? vm[k].as<std::string>() : std::string(); };
  o.suite = get("suite");
  o.signals_dir = get("signals-dir");
  o.ncu_csv = get("ncu-csv");
  o.chip = get("chip");
  o.save_signals = get("save-signals");
  o.confirm_dir = get("confirm-dir");
  o.confirm_csv = get("confirm-csv");
  o.rules_path = vm.count("rules") ? get("rules") : rules_file(ctx.data_dir);
  o.json = vm.count("json") > 0;
  if (vm.count("split")) o.split = get("split");
  bool recorded_source = !o.signals_dir.empty() || !o.ncu_csv.empty();
  o.backend = vm.count("backend") ? get("backend") : (recorded_source ? "recorded" : "live");
  auto usage_error = [&](const std::string& msg) {
    ctx.err << "solver eval: " << msg << " (see: solver eval --help)\n";
    return kExitBadInput;
  };
  if (o.suite.empty()) return usage_error("--suite DIR is required");
  if (o.split != "all" && o.split != "dev" && o.split != "heldout")
    return usage_error("--split must be all, dev or heldout, got '" + o.split + "'");
  if (!o.confirm_dir.empty() && !o.confirm_csv.empty())
    return usage_error("give one of --confirm-dir, --confirm-csv");
  if (!o.confirm_dir.empty() || !o.confirm_csv.empty()) {
    if (recorded_source || vm.count("backend") || !o.save_signals.empty())
      return usage_error("--confirm-dir checks the labels' evidence; it takes no signal source");
    return check_confirm(ctx, o, load_split(o));
  }
  if (o.backend != "live" && o.backend != "recorded")
    return usage_error("--backend must be live or recorded, got '" + o.backend + "'");
  if (o.backend == "live" && recorded_source)
    return usage_error("--signals-dir and --ncu-csv are recorded sources: use --backend recorded");
  if (o.backend == "recorded" && (o.signals_dir.empty() == o.ncu_csv.empty()))
    return usage_error("--backend recorded needs exactly one of --signals-dir, --ncu-csv");

  // Everything that can be bad input is loaded before any GPU work.
  engine::LabelledSuite suite = load_split(o);
  rules::ChipTable chips = load_chips(ctx);
  rules::RuleTable table = rules::load_rule_table(o.rules_path);
  if (!o.chip.empty()) resolve_chip(chips, o.chip);
  rules::Matcher matcher(table);
  EvalReport report;
  report.suite = o.suite;
  report.has_split = suite.has_split;
  report.split = o.split;
  report.rules_file = o.rules_path;
  std::vector<std::string> unmatched;
  if (!o.save_signals.empty()) fs::create_directories(o.save_signals);
  if (!o.signals_dir.empty()) {
    report.backend = "signals-dir";
    from_signals_dir(o, suite, chips, matcher, report);
  } else if (!o.ncu_csv.empty()) {
    report.backend = "ncu-csv";
    from_ncu_csv(o, suite, chips, matcher, report, unmatched);
  } else {
    report.backend = "live";
    if (int rc = from_live(ctx, o, suite, chips, matcher, report); rc != kExitOk) return rc;
  }
  if (o.json) {
    nlohmann::json j = engine::eval_json(report);
    j["unmatched_rows"] = unmatched;
    print_json(ctx.out, j);
  } else {
    print_report(ctx.out, report, unmatched);
  }
  return kExitOk;
}

}  // namespace solver::cli
