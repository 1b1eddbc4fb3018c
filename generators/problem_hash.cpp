#include "generators/problem_hash.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "generators/kernel_library.h"
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

// A kernel source counts by its file name wherever it lives: `kernels:matmul/naive.cu` (the
// shared library) hashes as `naive.cu` did in the problem folder. Its bytes are keyed per
// variant by the source hash (variant_space.h), so a file moved whole into the library leaves
// both hashes, and the recording that holds its measurements, as they were.
void source_by_name(YAML::Node map) {
  if (!map.IsMap() || !map["source"] || !map["source"].IsScalar()) return;
  const std::string s = map["source"].as<std::string>();
  if (!names_library_file(s)) return;
  map["source"] =
      std::filesystem::path(s.substr(std::string(kLibraryPrefix).size())).filename().string();
}

}  // namespace

std::string problem_measurement_hash(const std::string& problem_yaml_path) {
  return problem_measurement_hash(problem_yaml_path, {});
}

std::string problem_measurement_hash(const std::string& problem_yaml_path,
                                     const std::set<std::string>& without) {
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
  // `kernels:` (library folders on the include path) is where headers are looked up, like -I:
  // the headers' bytes are in each variant's source hash.
  drop(root, {"description", "seed", "kernels"});
  // An output's `blind_to:` changes no measurement and no comparison: it narrows the device
  // tolerance lint's judgement only (input_lint.h), so declaring it keeps a recording's
  // measurements of the problem (tests/corpus/llmc_adamw_small_tensors declares one).
  if (YAML::Node bs = root["buffers"]; bs && bs.IsMap())
    for (auto kv : bs) drop(kv.second, {"blind_to"});
  if (YAML::Node ref = root["reference"]) source_by_name(ref);
  if (YAML::Node vs = root["variants"]; vs && vs.IsSequence())
    for (std::size_t i = vs.size(); i-- > 0;)  // in place: the map keeps its key order
      if (YAML::Node v = vs[i];
          v.IsMap() && v["id"] && v["id"].IsScalar() && without.count(v["id"].as<std::string>()))
        vs.remove(i);
  if (YAML::Node vs = root["variants"]; vs && vs.IsSequence()) {
    for (YAML::Node v : vs) {
      drop(v, {"description", "parent", "applies"});
      source_by_name(v);
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
