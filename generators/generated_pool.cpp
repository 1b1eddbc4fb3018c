#include "generators/generated_pool.h"

#include <filesystem>

#include <yaml-cpp/yaml.h>

#include "rules/hash.h"
#include "rules/json_strict.h"
#include "rules/text_file.h"
#include "rules/yaml_util.h"

namespace solver::generators {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json launch_json(const GeneratedLaunch& l) {
  return json{
      {"entry", l.entry}, {"args", l.args}, {"grid", l.grid}, {"block", l.block}, {"smem", l.smem}};
}

GeneratedLaunch launch_from_json(const json& j) {
  GeneratedLaunch l;
  l.entry = j.at("entry").get<std::string>();
  l.args = j.at("args").get<std::vector<std::string>>();
  l.grid = j.at("grid").get<std::vector<std::string>>();
  l.block = j.at("block").get<std::vector<std::string>>();
  l.smem = j.value("smem", "");
  return l;
}

YAML::Node variant_node(const GeneratedVariant& g) {
  YAML::Node v(YAML::NodeType::Map);
  v["id"] = g.id;
  v["parent"] = g.parent;
  YAML::Node applies(YAML::NodeType::Sequence);
  applies.push_back(g.hypothesis);
  v["applies"] = applies;
  v["source"] = g.source_file;
  std::string what = g.answer.description.empty() ? g.answer.reason : g.answer.description;
  v["description"] = "generated (round " + std::to_string(g.round) + ", attempt " +
                     std::to_string(g.attempt) + "): " + what;
  if (!g.answer.precision.empty()) v["precision"] = g.answer.precision;
  if (!g.answer.compile_options.empty()) {
    YAML::Node opts(YAML::NodeType::Sequence);
    for (const auto& o : g.answer.compile_options) opts.push_back(o);
    v["compile_options"] = opts;
  }
  YAML::Node launches(YAML::NodeType::Sequence);
  for (const auto& l : g.answer.launches) {
    YAML::Node n(YAML::NodeType::Map);
    n["entry"] = l.entry;
    YAML::Node args(YAML::NodeType::Sequence), grid(YAML::NodeType::Sequence),
        block(YAML::NodeType::Sequence);
    for (const auto& a : l.args) args.push_back(a);
    for (const auto& d : l.grid) grid.push_back(d);
    for (const auto& d : l.block) block.push_back(d);
    n["args"] = args;
    n["grid"] = grid;
    n["block"] = block;
    if (!l.smem.empty()) n["smem"] = l.smem;
    launches.push_back(n);
  }
  v["launches"] = launches;
  return v;
}

}  // namespace

json to_json(const GeneratedVariant& g) {
  json launches = json::array();
  for (const auto& l : g.answer.launches) launches.push_back(launch_json(l));
  return json{{"id", g.id},
              {"parent", g.parent},
              {"hypothesis", g.hypothesis},
              {"round", g.round},
              {"attempt", g.attempt},
              {"generator", g.generator},
              {"input_digest", g.input_digest},
              {"source_file", g.source_file},
              {"source_sha256", g.source_sha256},
              {"reason", g.answer.reason},
              {"description", g.answer.description},
              {"precision", g.answer.precision},
              {"compile_options", g.answer.compile_options},
              {"launches", launches}};
}

GeneratedVariant generated_variant_from_json(const json& j) {
  GeneratedVariant g;
  g.id = j.at("id").get<std::string>();
  g.parent = j.at("parent").get<std::string>();
  g.hypothesis = j.at("hypothesis").get<std::string>();
  g.round = j.at("round").get<int>();
  g.attempt = j.at("attempt").get<int>();
  g.generator = j.value("generator", "");
  g.input_digest = j.value("input_digest", "");
  g.source_file = j.at("source_file").get<std::string>();
  g.source_sha256 = j.at("source_sha256").get<std::string>();
  g.answer.reason = j.value("reason", "");
  g.answer.description = j.value("description", "");
  g.answer.precision = j.value("precision", "");
  g.answer.compile_options = j.value("compile_options", std::vector<std::string>{});
  for (const auto& l : j.at("launches")) g.answer.launches.push_back(launch_from_json(l));
  return g;
}

std::string generated_variant_id(const std::string& track, int round, int attempt) {
  return "gen_" + track + "_r" + std::to_string(round) + "_a" + std::to_string(attempt);
}

ProblemSpec write_generated_problem(const ProblemSpec& base, const std::string& dir,
                                    const std::vector<GeneratedVariant>& variants) {
  fs::create_directories(dir);
  // The pool's files, so includes resolve as they do for the pool's own sources.
  const fs::path from(base.dir);
  for (const auto& e : fs::recursive_directory_iterator(from)) {
    if (!e.is_regular_file() || e.is_symlink()) continue;
    fs::path rel = fs::relative(e.path(), from);
    if (rel == "problem.yaml") continue;
    fs::path to = fs::path(dir) / rel;
    fs::create_directories(to.parent_path());
    auto text = rules::try_read_text_file(e.path().string());
    if (text) rules::write_file_atomically(to.string(), *text);
  }
  YAML::Node root = rules::load_yaml_file(base.file);
  json index = json::array();
  for (const auto& g : variants) {
    root["variants"].push_back(variant_node(g));
    index.push_back(to_json(g));
    if (!g.answer.source.empty())
      rules::write_file_atomically((fs::path(dir) / g.source_file).string(), g.answer.source);
  }
  YAML::Emitter out;
  out << root;
  rules::write_file_atomically((fs::path(dir) / "problem.yaml").string(),
                               "# Written by solver: " + base.file +
                                   " plus the generated variants (index.json)\n" +
                                   std::string(out.c_str()) + "\n");
  rules::write_file_atomically((fs::path(dir) / "index.json").string(),
                               json{{"format", "solver-generated"},
                                    {"version", 1},
                                    {"problem", base.name},
                                    {"variants", index}}
                                       .dump(2, ' ', false, json::error_handler_t::replace) +
                                   "\n");
  return load_problem(dir);
}

std::vector<GeneratedVariant> read_generated_index(const std::string& dir) {
  fs::path index = fs::path(dir) / "index.json";
  std::vector<GeneratedVariant> out;
  if (!fs::exists(index)) return out;
  std::string text = rules::read_text_file(index.string(), "generated variant index");
  try {
    json j = rules::parse_json_strict(text);
    for (const auto& v : j.at("variants")) {
      GeneratedVariant g = generated_variant_from_json(v);
      std::string src =
          rules::read_text_file((fs::path(dir) / g.source_file).string(), "generated source");
      if (rules::sha256_hex(src) != g.source_sha256)
        throw rules::InputError(rules::Diagnostic{
            {(fs::path(dir) / g.source_file).string(), 0, 0},
            "generated source changed since it was stored (sha256 differs from index.json)"});
      g.answer.source = std::move(src);
      out.push_back(std::move(g));
    }
  } catch (const nlohmann::json::exception& e) {
    throw rules::InputError(
        rules::Diagnostic{{index.string(), 0, 0}, std::string("unreadable: ") + e.what()});
  } catch (const rules::DuplicateKey& e) {
    throw rules::InputError(
        rules::Diagnostic{{index.string(), 0, 0}, std::string("unreadable: ") + e.what()});
  }
  return out;
}

}  // namespace solver::generators
