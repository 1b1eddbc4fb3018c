// Where generated variants live: a problem folder of their own per track, inside the run
// directory (generated/<track>/<problem>/). It holds a copy of the problem folder's files (so
// a generated source may include what the pool's sources include), every generated source
// under its own file name, and a problem.yaml that is the original one plus one variant entry
// per generated variant. The problem loader reads it as any problem, so a generated variant
// is validated, resolved, compiled and gated exactly as a pool variant; the GPU worker is
// pointed at this folder for it (VariantRef::problem_dir). index.json lists the variants with
// their provenance, so `--resume` and replay rebuild the folder from what is stored, never by
// asking the generator again.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/generator_protocol.h"
#include "generators/problem_spec.h"

namespace solver::generators {

struct GeneratedVariant {
  std::string id;          // "gen_<track>_r<round>_a<attempt>"
  std::string parent;      // the incumbent's variant id
  std::string hypothesis;  // the hypothesis it was asked for
  int round = 0;
  int attempt = 0;            // within the run
  std::string generator;      // the command, as given
  std::string input_digest;   // sha256 of the request document sent
  std::string source_file;    // file name inside the generated folder
  std::string source_sha256;  // of the source text
  GeneratorAnswer answer;
};

nlohmann::json to_json(const GeneratedVariant& g);
GeneratedVariant generated_variant_from_json(const nlohmann::json& j);  // throws json::exception

// The variant id of attempt `attempt` in round `round` of `track`.
std::string generated_variant_id(const std::string& track, int round, int attempt);

// (Re)writes `dir` from `base`'s folder and `variants` (sources, problem.yaml, index.json;
// each file written to a temporary name and renamed), then loads it. Throws InputError with
// the loader's located diagnostics when a variant does not load (the caller drops it and
// writes again without it).
ProblemSpec write_generated_problem(const ProblemSpec& base, const std::string& dir,
                                    const std::vector<GeneratedVariant>& variants);

// The variants listed in dir/index.json (none when it is absent). Throws InputError when the
// index is unreadable or a source's sha256 no longer matches its file.
std::vector<GeneratedVariant> read_generated_index(const std::string& dir);

}  // namespace solver::generators
