#include "generators/problem_hash.h"

#include <yaml-cpp/yaml.h>

#include "rules/hash.h"
#include "rules/text_file.h"
#include "rules/yaml_util.h"

namespace solver::generators {
namespace {

// Drops `keys` from a map node, in place.
void drop(YAML::Node map, std::initializer_list<const char*> keys) {
  if (!map.IsMap()) return;
  for (const char* k : keys)
    if (map[k]) map.remove(k);
}

}  // namespace

std::string problem_measurement_hash(const std::string& problem_yaml_path) {
  YAML::Node root;
  try {
    // The checked reader: problem.yaml may be a FIFO or huge until the loader has refused it.
    auto text = rules::try_read_text_file(problem_yaml_path, rules::kMaxYamlBytes);
    if (!text) return "";
    root = YAML::Load(*text);
  } catch (const std::exception&) {
    return "";
  }
  if (!root.IsMap()) return "";
  drop(root, {"description", "seed"});
  if (YAML::Node vs = root["variants"]; vs && vs.IsSequence()) {
    for (YAML::Node v : vs) {
      drop(v, {"description", "parent", "applies"});
      if (YAML::Node knobs = v["knobs"]; knobs && knobs.IsMap())
        for (auto kv : knobs)
          if (kv.second.IsMap()) drop(kv.second, {"applies"});
    }
  }
  YAML::Emitter out;
  out.SetMapFormat(YAML::Flow);
  out.SetSeqFormat(YAML::Flow);
  out << root;
  return rules::sha256_hex(std::string("solver-problem-measurement-v1\n") + out.c_str());
}

}  // namespace solver::generators
