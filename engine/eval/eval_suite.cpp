#include "engine/eval/eval_suite.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/bottlenecks.h"
#include "rules/hash.h"
#include "rules/text_file.h"
#include "rules/value.h"
#include "rules/yaml_util.h"

namespace solver::engine {
namespace {

namespace fs = std::filesystem;

// "unknown bottleneck 'x' (did you mean 'y'?); known: a, b, ..."
std::string unknown_bottleneck(const std::string& id) {
  std::string best;
  std::size_t best_d = id.size() / 3 + 1;
  for (const auto& b : rules::bottleneck_table()) {
    std::size_t d = rules::edit_distance(id, b.id);
    if (d <= best_d) best_d = d, best = std::string(b.id);
  }
  return "unknown bottleneck '" + id + "'" +
         (best.empty() ? "" : " (did you mean '" + best + "'?)") +
         "; known: " + rules::known_bottlenecks_list();
}

void parse_confirm(const YAML::Node& node, const std::string& file, rules::Diagnostics& diags,
                   Label& label) {
  if (!rules::expect_map(node, "confirm", file, diags)) return;
  if (node.size() == 0) {
    diags.error(rules::location_of(node, file),
                "confirm: give at least one metric and its expected range");
    return;
  }
  for (const auto& kv : node) {
    const std::string metric = kv.first.Scalar();
    const YAML::Node& range = kv.second;
    auto at = rules::location_of(range, file);
    // An ncu metric name: letters, digits, '_' and '.', starting with a letter.
    bool name_ok = !metric.empty() && std::isalpha(static_cast<unsigned char>(metric[0]));
    for (char c : metric)
      name_ok = name_ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.');
    if (!name_ok) {
      diags.error(rules::location_of(kv.first, file),
                  "confirm: '" + metric + "' is not an ncu metric name");
      continue;
    }
    if (!range.IsSequence() || range.size() != 2) {
      diags.error(at, "confirm." + metric + ": expected [low, high]");
      continue;
    }
    double bounds[2];
    bool good = true;
    for (int i = 0; i < 2; ++i) {
      try {
        bounds[i] = range[i].as<double>();
        if (!std::isfinite(bounds[i])) throw YAML::Exception(YAML::Mark(), "");
      } catch (const YAML::Exception&) {
        diags.error(rules::location_of(range[i], file),
                    "confirm." + metric + ": '" + range[i].Scalar() + "' is not a finite number");
        good = false;
      }
    }
    if (!good) continue;
    if (bounds[0] > bounds[1]) {
      diags.error(at, "confirm." + metric + ": low " + rules::format_value(bounds[0]) +
                          " is above high " + rules::format_value(bounds[1]));
      continue;
    }
    label.confirm.push_back({metric, bounds[0], bounds[1], at});
  }
}

bool is_pending_bottleneck(const std::string& id) {
  if (rules::is_known_bottleneck(id)) return false;
  for (const char* p : kPendingBottlenecks)
    if (id == p) return true;
  return false;
}

std::string read_text(const fs::path& p) {
  return rules::read_text_file(p.string(), "label file", rules::kMaxYamlBytes);
}

// `root`/heldout.txt: one suite problem a line, '#' comments; a name that is not a suite problem
// or is listed twice is an error at its line.
void read_held_out(const std::string& root, LabelledSuite& suite,
                   std::vector<rules::Diagnostic>& errors) {
  fs::path file = fs::path(root) / "heldout.txt";
  if (!fs::exists(file)) return;
  suite.has_split = true;
  std::istringstream in(read_text(file));
  std::string line;
  std::vector<std::string> seen;
  for (int n = 1; std::getline(in, line); ++n) {
    line = line.substr(0, line.find('#'));
    auto b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    if (b == std::string::npos) continue;
    std::string name = line.substr(b, e - b + 1);
    rules::SourceLocation at{file.string(), n, int(b) + 1};
    auto it = std::find_if(suite.kernels.begin(), suite.kernels.end(),
                           [&](const LabelledKernel& k) { return k.name == name; });
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      errors.push_back({at, "'" + name + "' is listed twice"});
    else if (it == suite.kernels.end())
      errors.push_back({at, "'" + name + "' is not a problem of this suite"});
    else
      it->held_out = true;
    seen.push_back(name);
  }
}

}  // namespace

bool held_out_by_name(const std::string& name) {
  return std::stoi(rules::sha256_hex(name).substr(0, 2), nullptr, 16) % 3 == 0;
}

Label parse_label(const std::string& yaml_text, const std::string& file_label) {
  YAML::Node root = rules::load_yaml_string(yaml_text, file_label);
  rules::Diagnostics diags;
  Label label;
  label.file = file_label;
  if (!rules::expect_map(root, "label file", file_label, diags)) diags.throw_if_any(file_label);
  rules::check_keys(root, {"bottleneck", "accept", "why", "confirm"}, file_label, diags);
  if (auto b = rules::get_string(root, "bottleneck", file_label, diags, true)) {
    if (rules::is_known_bottleneck(*b) || is_pending_bottleneck(*b)) {
      label.bottleneck = *b;
      label.pending = is_pending_bottleneck(*b);
    } else
      diags.error(rules::location_of(root["bottleneck"], file_label), unknown_bottleneck(*b));
  }
  if (auto list = rules::get_string_list(root, "accept", file_label, diags)) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string& a = (*list)[i];
      auto at = rules::location_of(root["accept"][i], file_label);
      if (!rules::is_known_bottleneck(a) && !is_pending_bottleneck(a))
        diags.error(at, "accept: " + unknown_bottleneck(a));
      else if (a == label.bottleneck)
        diags.error(at, "accept: '" + a + "' is the label itself");
      else if (std::find(label.accept.begin(), label.accept.end(), a) != label.accept.end())
        diags.error(at, "accept: '" + a + "' listed twice");
      else
        label.accept.push_back(a);
    }
  }
  if (auto w = rules::get_string(root, "why", file_label, diags, true)) {
    label.why = *w;
    if (label.why.find_first_not_of(" \t\n") == std::string::npos)
      diags.error(rules::location_of(root["why"], file_label),
                  "why: must say what makes this the bottleneck");
  }
  YAML::Node confirm = root["confirm"];
  if (!confirm.IsDefined() || confirm.IsNull())
    diags.error(
        confirm.IsDefined() ? rules::location_of(confirm, file_label)
                            : rules::location_of(root, file_label),
        "missing required key 'confirm' (the ncu metrics and ranges that confirm the label)");
  else
    parse_confirm(confirm, file_label, diags, label);
  diags.throw_if_any_in_file_order(file_label);
  return label;
}

LabelledSuite load_labelled_suite(const std::string& root) {
  LabelledSuite suite;
  suite.root = root;
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    throw rules::InputError(rules::Diagnostic{
        {root, 0, 0}, "not a folder (a labelled suite is a folder of problem folders)"});
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(root))
    if (e.is_directory() && fs::exists(e.path() / "problem.yaml")) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  std::vector<rules::Diagnostic> errors;
  for (const auto& dir : dirs) {
    LabelledKernel k;
    k.name = dir.filename().string();
    k.dir = dir.string();
    try {
      generators::ProblemSpec spec = generators::load_problem(dir.string());
      const generators::VariantSpec* v =
          spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                    : spec.find_variant(spec.seed_variant);
      if (!v)
        throw rules::InputError(rules::Diagnostic{{spec.file, 0, 0}, "no variant to classify"});
      k.variant = v->id;
      if (!v->knobs.empty()) {
        // Where the loop starts the seed: its knobs' defaults, else their first values.
        auto point = generators::default_knob_point(spec, *v, {});
        if (!point)
          throw rules::InputError(
              rules::Diagnostic{v->where, "variant '" + v->id + "' has no allowed knob point"});
        k.knobs = *point;
      }
      k.launches = int(v->launches.size());
      for (const auto& l : v->launches)
        if (std::find(k.entries.begin(), k.entries.end(), l.entry) == k.entries.end())
          k.entries.push_back(l.entry);
    } catch (const rules::InputError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
    fs::path label_path = dir / "label.yaml";
    if (!fs::exists(label_path)) {
      errors.push_back(
          {{label_path.string(), 0, 0},
           "missing: every suite problem needs a label.yaml (bottleneck, why, confirm)"});
      continue;
    }
    try {
      k.label = parse_label(read_text(label_path), label_path.string());
    } catch (const rules::InputError& e) {
      errors.insert(errors.end(), e.diagnostics().begin(), e.diagnostics().end());
    }
    suite.kernels.push_back(std::move(k));
  }
  if (dirs.empty())
    errors.push_back({{root, 0, 0}, "no problem folders (folders holding problem.yaml)"});
  read_held_out(root, suite, errors);
  if (!errors.empty()) throw rules::InputError("labelled suite " + root, errors);
  return suite;
}

bool label_matches(const Label& label, const std::string& got) {
  if (got.empty()) return false;
  return got == label.bottleneck ||
         std::find(label.accept.begin(), label.accept.end(), got) != label.accept.end();
}

}  // namespace solver::engine
